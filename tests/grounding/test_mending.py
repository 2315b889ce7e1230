"""The grounder reads a question with its lower-case names capitalised and its slips mended (grounding/mending.py)."""

from __future__ import annotations

import pytest

from service.grounding.mending import QuestionMender
from tests.grounding.conftest import CORPUS

# Each pair: a question as written with care, and the same typed fast; the engine's verdict must not change.
SAME_QUESTION = [
    ("for-a-crown",
     "Galerie, de droite à gauche : Anna, Ben, Chloé, Dan. Un Coup de pouce magique est révélé. Qui lance le dé ?",
     "galerie, de droite à gauche : anna, ben, chloé, dan. un coup de pouce magique est révélé. qui lance le dé ?"),
    ("for-a-crown",
     "C'est Ben qui retourne les cartes. Il retourne un Mercenaire Rubis glissé dans un protège-carte au blason "
     "de Chloé. Qui gagne le Rubis ?",
     "C'est Ben qui retourne les cartes. Il retourne un Mercneaire Rubis glissé dans un protège-carte au blason "
     "de Chloé. Qui gagne le Rubis ?"),
    ("emblemes",
     "Ma propre Voleuse est déjà au Château. Je révèle mon Roi et je le pose au Château : il est défaussé alors "
     "que la Voleuse est à moi ?",
     "Ma propre Voleuse est déjà au Château. Je révèle mon Roi et je le pose au Château : il est défuassé alors "
     "que la Voleuse est à moi ?"),
    ("splendor",
     "We play with two players, it is the first turn and nobody took rubies yet. I can take 2 rubies?",
     "We play with two plyaers, it is the first turn and nobody took rubies yet. I can take 2 rubies?"),
]


@pytest.mark.parametrize(("game", "careful", "fast"), SAME_QUESTION)
def test_a_question_typed_fast_gets_the_same_verdict(grounder, game: str, careful: str, fast: str) -> None:
    clean = grounder.check(careful, game)
    assert clean is not None
    typed = grounder.check(fast, game)
    assert typed is not None, f"not reached: {fast}"
    assert (typed.raw, typed.verdict) == (clean.raw, clean.verdict)


def test_the_frame_reads_the_mended_question(grounder) -> None:
    frame = grounder.frame("un cambriolage : ben a 3 ratons voleurs, anna 3 aussi. qui perd ?", "for-a-crown")
    assert frame.text.startswith("un cambriolage : Ben a 3")
    assert {"Anna", "Ben"} <= set(frame.players)


def test_an_unknown_game_is_left_as_typed() -> None:
    mender = QuestionMender.from_corpus(CORPUS)
    assert mender.mend("anna a disacrded", "no-such-game") == "anna a disacrded"
    assert mender.mend("Which card gets disacrded?", "emblemes") == "Which card gets discarded?"
