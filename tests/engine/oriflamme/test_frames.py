"""Oriflamme questions compiled by engine/oriflamme/frames.py into positions and checked by the engine.

The questions (``frame_questions.yaml``) are paraphrases written from the rulebook
and the train questions' mechanics; ``covered`` ones must get the rules' verdict
from a frame, ``uncovered`` ones no frame check at all.
"""

from pathlib import Path

import pytest
import yaml

from engine.oriflamme import frames
from engine.oriflamme.reading import read_table

QUESTIONS = yaml.safe_load((Path(__file__).parent / "frame_questions.yaml").read_text(encoding="utf-8"))
PROBE = yaml.safe_load((Path(__file__).parent / "frame_probe.yaml").read_text(encoding="utf-8"))
PROBE_2 = yaml.safe_load((Path(__file__).parent / "frame_probe2.yaml").read_text(encoding="utf-8"))
PROBE_3 = yaml.safe_load((Path(__file__).parent / "frame_probe3.yaml").read_text(encoding="utf-8"))
PROBE_4 = yaml.safe_load((Path(__file__).parent / "frame_probe4.yaml").read_text(encoding="utf-8"))
PROBE_5 = yaml.safe_load((Path(__file__).parent / "frame_probe5.yaml").read_text(encoding="utf-8"))
_YES_NO = {"oui": True, "yes": True, "non": False, "no": False}


@pytest.fixture(scope="module")
def grounder():
    from service.core.config import PROJECT_ROOT
    from service.grounding import Grounder

    grounder = Grounder(PROJECT_ROOT / "corpus")
    grounder.warm_up()
    return grounder


@pytest.mark.parametrize("case", QUESTIONS["covered"], ids=lambda case: case["q"][:50])
def test_covered_question_gets_the_rules_verdict_from_a_frame(grounder, case):
    grounded = grounder.check(case["q"], "oriflamme")
    assert grounded is not None and grounded.check.method == "frame", case["q"]
    expected = case["verdict"]
    if expected == "open":
        assert grounded.check.open and len(grounded.check.readings) >= 2
        return
    assert not grounded.check.open
    verdict = _YES_NO.get(grounded.verdict, grounded.verdict) if isinstance(expected, bool) else grounded.verdict
    assert verdict == expected
    assert "player 0" not in grounded.text.lower() and "joueur 1" not in grounded.text


@pytest.mark.parametrize("case", QUESTIONS["uncovered"], ids=lambda case: case["q"][:50])
def test_question_without_a_described_position_gets_no_frame_check(grounder, case):
    grounded = grounder.check(case["q"], "oriflamme")
    assert grounded is None or grounded.check.method != "frame"


@pytest.mark.parametrize("case", PROBE + PROBE_2 + PROBE_3 + PROBE_4 + PROBE_5, ids=lambda case: case["q"][:50])
def test_probe_checks_are_never_wrong(grounder, case):
    """A miss is allowed on the probe; an engine check with the wrong verdict, or one on a question without a
    position, is not."""
    grounded = grounder.check(case["q"], "oriflamme")
    if case.get("none"):
        assert grounded is None
        return
    if grounded is None:
        return
    expected = case["verdict"]
    if expected == "open" or grounded.check.open:
        assert grounded.check.open, "a plain verdict where the answer hangs on something unsaid"
        return  # "it depends" on a question with one answer is a miss, not a wrong verdict
    said = str(grounded.verdict).lower()
    verdict = _YES_NO.get(said.split(",")[0].split(" ")[0], said) if isinstance(expected, bool) else grounded.verdict
    assert verdict == expected


def test_face_down_card_is_not_named_in_the_account(grounder):
    """The engine needs a name for a card the question does not name; the answer never tells it, and what that card
    is, when it moves the verdict (a Queen gives her extra point), is a reading, not a default."""
    grounded = grounder.check("Léa's revealed Cutthroat is right next to Hugo's face-down card with 2 influence on it; "
                              "Léa eliminates it. How many influence points does Léa gain?", "oriflamme", "en")
    assert grounded.check.open
    assert ("Hugo's face-down card", "a Queen", 1) in {(r.about, r.option, r.verdict) for r in grounded.check.readings}
    assert "face-down card of Hugo" in grounded.check.outcome
    assert not any(name in grounded.check.outcome for name in ("Félon", "Apothicaire", "Intrigante"))


def test_named_face_down_card_gets_one_verdict(grounder):
    grounded = grounder.check("Léa's revealed Cutthroat is right next to Hugo's face-down card with 2 influence on it; "
                              "Léa eliminates it and it turns out to be his Felon. How many influence points does Léa gain?",
                              "oriflamme", "en")
    assert not grounded.check.open and grounded.verdict == 0


def test_stated_influence_below_three_leaves_the_loss_open(grounder):
    """With 0 influence, whether a Félon's loss goes below zero is a named assumption: the answer says it depends."""
    grounded = grounder.check("J'ai 0 point d'influence et mon félon est entre ma reine et la carte cachée de Hugo. "
                              "Je perds un point ?", "oriflamme", "fr")
    assert grounded.check.open
    assert {r.about for r in grounded.check.readings} >= {"oriflamme.influence_below_zero"}


def test_reading_places_cards_between_and_beside():
    grounder_frame = _Frame("Mon félon est entre ma reine et une carte face cachée de Hugo.", ("Hugo",))
    table = read_table(grounder_frame)
    kinds = [(c.kind, c.owner, c.revealed) for c in table.cards]
    assert kinds == [("Félon", "self", None), ("Reine", "self", None), (None, "Hugo", False)]
    assert table.between == [(0, 1, 2)] or table.between == [(1, 0, 2)]
    assert set(table.adjacent) == {(0, 1), (0, 2)}


def test_claimed_identity_names_no_card():
    frame = _Frame("Zoé a une carte face cachée dont elle jure que c'est sa reine.", ("Zoé",))
    table = read_table(frame)
    assert [(c.kind, c.owner) for c in table.cards] == [(None, "Zoé")]


class _Frame:
    """The attributes of a frame that the reading module uses, without the service's parser."""

    def __init__(self, text: str, players: tuple[str, ...]):
        from service.grounding.entities import Recogniser, load_glossary
        from service.core.config import PROJECT_ROOT

        self.text = text
        self.players = players
        self.entities = Recogniser(load_glossary(PROJECT_ROOT / "corpus" / "oriflamme" / "glossary.yaml")).recognise(text)
        self.cards = ()
        self.action = None


def test_trace_lists_fact_words_outside_what_was_read():
    from engine.oriflamme.frame_trace import decisive, ignored

    text = "mon felon revele est a 3 cartes de la reine de hugo, pas recouverte. combien je perds ?"
    items = ignored(text, used=[(4, 16)], cards=[(39, 44, "reine")])
    said = [(item.kind, item.said) for item in items]
    assert ("number", "3") in said and ("card", "reine") in said and ("negation", "pas") in said
    assert ("state", "revele") not in said  # inside a span the reader used
    question = text.index("combien")
    assert decisive(items, question) == [item for item in items if item.start < question]


def test_a_stated_fact_the_reader_drops_stops_the_frame(grounder):
    """'Léa's Queen is under her Apothecary' is read (the Félon's neighbour is the Apothecary, of Léa's family: 1);
    a fact the reader cannot place ("posée deux tours plus tôt à gauche") stops the frame."""
    covered = grounder.check("My revealed Felon sits next to Léa's Queen. Léa's Queen is under her Apothecary. "
                             "How many influence points does Léa lose?", "oriflamme", "en")
    assert covered.check.method == "frame" and not covered.check.open and covered.verdict == 1
    grounded = grounder.check("Mon félon révélé est entre ma reine et la carte face cachée de Hugo, posée deux tours "
                              "plus tôt à gauche de la file. Je perds un point ?", "oriflamme", "fr")
    assert grounded is None or grounded.check.method != "frame"


def test_state_words_belong_to_their_own_card():
    """"la reine révélée de Léa et le félon face caché de Hugo": the Félon is face down, not revealed."""
    frame = _Frame("Mon intrigante révélée est entre la reine révélée de Léa et le félon face caché de Hugo.", ("Léa", "Hugo"))
    table = read_table(frame)
    assert [(c.kind, c.revealed) for c in table.cards] == [("Intrigante", True), ("Reine", True), ("Félon", False)]
