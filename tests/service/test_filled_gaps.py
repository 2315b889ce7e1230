"""A known gap the engine filled with its named assumption: the verdict stays first, the answer says it is assumed."""

from pathlib import Path

from service.answers import Answer, Evidence
from service.answers.corpus import CorpusTexts
from service.answers.filled_gaps import ASSUMED_CONFIDENCE, FilledGap, filled_gap
from service.answers.gaps import KnownGap, gap_catalogue
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer, Reading
from service.referee import _checked

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
ASSUMPTION = "jeu.coins_below_zero"
GAP = KnownGap("jeu.coins_below_zero", "Jeu › Tour", "On joue chacun son tour.", 0, 10,
               {"fr": "si un total peut passer sous zéro", "en": "whether a total can go below zero"},
               {"fr": ("sous zéro",), "en": ("below zero",)}, assumption=ASSUMPTION, default="floor_at_zero")


def _answer(language: str) -> Answer:
    return Answer("composed", True, 0.3, language, (), Evidence(0.8, 0.0, 0.6, 0.9), answerable=0.6)


def _grounded(readings=()) -> GroundedAnswer:
    check = EngineCheck(scenario={}, outcome="Le moteur de règles a joué la position.", verdict="non", trace=[],
                        assumptions=[ASSUMPTION], agrees_with_text=None, readings=tuple(readings), open=False,
                        method="frame")
    return GroundedAnswer("Non.", "Le moteur de règles a joué la position.", "fr", check, (),
                          Explanation(None, [], {}, None, [], []), 1.0, False, "")


def test_a_verdict_resting_on_the_gap_s_assumption_keeps_its_ruling_first_and_names_the_assumption():
    checked = _checked(_answer("fr"), _grounded(), FilledGap(GAP))
    assert checked.text.startswith("Non.") and not checked.abstained
    assert "les règles ne précisent pas si un total peut passer sous zéro" in checked.text
    assert f"({ASSUMPTION} : floor_at_zero), pas par une règle" in checked.text
    assert checked.confidence <= ASSUMED_CONFIDENCE


def test_the_english_note_says_the_same():
    note = FilledGap(GAP).note("en")
    assert note == ("Assumption: the rules do not say whether a total can go below zero; the rules engine settled it "
                    f"by a named assumption ({ASSUMPTION}: floor_at_zero), not by a rule.")


def test_no_filled_gap_leaves_the_engine_answer_as_it_was():
    assert _checked(_answer("fr"), _grounded()).text == _checked(_answer("fr"), _grounded(), None).text
    assert "Hypothèse" not in _checked(_answer("fr"), _grounded()).text


def _rulebook_and_gaps(game: str):
    corpus = CorpusTexts(CORPUS)
    corpus.load()
    return corpus.rulebook(game), gap_catalogue(CORPUS)[game]


def test_a_question_on_a_gap_whose_assumption_the_run_relied_on_untried_is_filled():
    rulebook, gaps = _rulebook_and_gaps("oriflamme")
    question = "J'ai 0 point d'influence et un félon me fait perdre un point : je passe sous zéro ?"
    found = filled_gap(question, gaps, rulebook, ["oriflamme.influence_below_zero"], [], 0.0)
    assert found is not None and found.gap.assumption == "oriflamme.influence_below_zero"


def test_a_run_that_tried_the_assumption_or_did_not_rely_on_it_fills_nothing():
    rulebook, gaps = _rulebook_and_gaps("oriflamme")
    question = "J'ai 0 point d'influence et un félon me fait perdre un point : je passe sous zéro ?"
    tried = [Reading("oriflamme.influence_below_zero", "floor", "non").about]
    assert filled_gap(question, gaps, rulebook, ["oriflamme.influence_below_zero"], tried, 0.0) is None
    assert filled_gap(question, gaps, rulebook, ["oriflamme.first_player"], [], 0.0) is None


def test_a_match_below_the_known_gap_threshold_fills_nothing():
    rulebook, gaps = _rulebook_and_gaps("oriflamme")
    question = "J'ai 0 point d'influence et un félon me fait perdre un point : je passe sous zéro ?"
    assert filled_gap(question, gaps, rulebook, ["oriflamme.influence_below_zero"], [], float("inf")) is None
