"""The situation-kind probe (``probe_situations.yaml``): positions the rules create, told as players tell them.

Written from the rulebook before the frames that read them: another player's
move, what happens to each card, a card placed turned, an Order reaching from
a non-adjacent square, moves over several turns, and questions missing a fact.
No question may get a wrong engine verdict; a question marked ``known_miss`` is
a gap still open (it may get no check, never a wrong one); every other question
gets exactly its verdict, or no check where ``expect`` is ``none``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from language import fold
from service.core.config import get_settings
from service.grounding.grounder import Grounder

PROBE = yaml.safe_load((Path(__file__).parent / "probe_situations.yaml").read_text(encoding="utf-8"))["questions"]


@pytest.fixture(scope="module")
def grounder() -> Grounder:
    loaded = Grounder(get_settings().corpus_dir)
    loaded.warm_up()
    return loaded


def _verdict(answer):
    if answer is None:
        return None
    return "open" if answer.check.open else answer.verdict


@pytest.mark.parametrize("item", PROBE, ids=[f"{q['kind']}-{i}" for i, q in enumerate(PROBE)])
def test_a_probe_question_gets_its_verdict_or_no_check(grounder, item):
    verdict = _verdict(grounder.check(item["question"], "emprise", item["lang"]))
    if item["expect"] == "none" or (item.get("known_miss") and verdict is None):
        assert verdict is None if item["expect"] == "none" else True
        return
    assert verdict is not None, "no engine check"
    assert fold(str(verdict)) == fold(str(item["expect"]))


def test_the_probe_covers_every_situation_kind():
    assert {q["kind"] for q in PROBE} >= {"opponent", "each", "orientation", "distance", "sequence", "missing"}
    assert {q["lang"] for q in PROBE} == {"fr", "en"}


@pytest.mark.parametrize("question,language,verdict", [
    # another player's placement, what happens to each of my cards: the taker is named
    ("Eva pose une carte : son 5 contre mon 5 et son 8 contre mon 2. Que deviennent mes cartes ?", "fr",
     "prise par Eva : votre carte (8 contre 2) ; ne bouge pas : votre carte (5 contre 5)"),
    ("Tom places a card: his 6 against my 6, and his 3 against my 3. What happens to my cards?", "en",
     "captured by Tom (Resonance): your card (6 against 6), your card (3 against 3)"),
])
def test_what_happens_to_each_card_of_another_players_move(grounder, question, language, verdict):
    answer = grounder.check(question, "emprise", language)
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict and answer.text.startswith(verdict[:1].upper() + verdict[1:])


def test_a_text_verdict_answers_only_what_happens_questions(grounder):
    # the same placement asked as yes/no gets yes/no, never the outcome text
    answer = grounder.check("Eva pose une carte : son 8 contre mon 2. Elle prend ma carte ?", "emprise", "fr")
    assert answer is not None and answer.verdict == "oui"


@pytest.mark.parametrize("question,verdict", [
    # a card beside the faced one: its Order acts from a third square (or does nothing there)
    ("Le Gardien d'Eva est juste au-dessus d'une carte d'Eva dont le rang de droite vaut 5. Je pose une carte à droite "
     "de la carte d'Eva, avec un 6 sur mon rang de gauche. Je la prends ?", "oui"),
    # Eva's own Pestiféré poisons her card only if a Pestiféré poisons its own side: an assumption, so it depends
    ("Le Pestiféré d'Eva est juste au-dessus d'une carte d'Eva dont le rang de droite vaut 5. Je pose une carte à "
     "droite de la carte d'Eva, avec un 5 sur mon rang de gauche. Je la prends ?", "open"),
    # the Pestiféré said on the side where the card goes: no position
    ("Mon Pestiféré est juste à droite d'une carte d'Eva dont le rang de droite vaut 5. Je pose une carte à droite de "
     "la carte d'Eva, avec un 5 sur mon rang de gauche. Je la prends ?", None),
    # whose Pestiféré it is, unsaid: no position
    ("Un Pestiféré est juste à gauche d'une carte d'Eva dont le rang de droite vaut 5. Je pose une carte à droite de "
     "la carte d'Eva, avec un 5 sur mon rang de gauche. Je la prends ?", None),
])
def test_an_order_beside_the_faced_card(grounder, question, verdict):
    assert _verdict(grounder.check(question, "emprise", "fr")) == verdict
