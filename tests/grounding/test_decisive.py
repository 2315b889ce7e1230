"""The because-clause of an engine answer: the rule retrieval ranks first for the question leads, then the
engine's own rules; a lead that answers the other way is never quoted."""

from service.answers import Answer, Citation, Evidence
from service.grounding.decisive import (DecisiveRules, by_retrieval_rank, cited_order, decisive_rules,
                                        once_per_passage)
from service.grounding.results import EngineCheck, Explanation, GroundedAnswer
from service.referee import _checked

BOOKKEEPING = Citation("Jeu › Éliminer", "La carte éliminée sort de la file.", "La carte éliminée sort de la file.",
                       1.0, "jeu.md", 10, 44)
APPLIED = Citation("Jeu › Résolution", "Une carte révélée applique sa capacité.",
                   "Une carte révélée applique sa capacité.", 1.0, "jeu.md", 50, 89, english="A revealed card applies.")
TRAP = Citation("Jeu › Piège", "Si le piège est éliminé par une carte adverse, volez 3 points.",
                "Si le piège est éliminé par une carte adverse, volez 3 points.", 0.9, "jeu.md", 100, 160,
                english="If the trap is eliminated by an opposing card, steal 3 points.")
FAQ_YES = Citation("Jeu › FAQ", "Oui, le piège se déclenche toujours.", "Oui, le piège se déclenche toujours.",
                   0.9, "jeu.md", 200, 236)
THIRD = Citation("Jeu › Fin", "La manche se termine.", "La manche se termine.", 1.0, "jeu.md", 300, 321)
ACCOUNT = "Le moteur de règles a joué la position décrite."


def _grounded(citations, language="fr", raw=False, deciding=0) -> GroundedAnswer:
    check = EngineCheck(scenario={}, outcome=ACCOUNT, verdict="non", trace=[], assumptions=[], agrees_with_text=None)
    return GroundedAnswer("Non.", ACCOUNT, language, check, tuple(citations), Explanation(None, [], {}, None, [], []),
                          1.0, raw, "yes_no", deciding)


def test_the_rule_retrieval_ranks_first_leads_then_the_engine_s_rules():
    rules = decisive_rules([BOOKKEEPING, APPLIED], [TRAP, APPLIED], False)
    assert rules == DecisiveRules(TRAP, (APPLIED, BOOKKEEPING), (APPLIED, BOOKKEEPING))
    assert rules.quoted == (TRAP, APPLIED, BOOKKEEPING)


def test_a_lead_the_engine_already_cites_is_not_quoted_twice():
    assert decisive_rules([BOOKKEEPING, APPLIED], [APPLIED, TRAP], False).quoted == (APPLIED, BOOKKEEPING)


def test_a_lead_that_answers_against_the_verdict_is_not_quoted():
    assert decisive_rules([BOOKKEEPING], [FAQ_YES], False).quoted == (BOOKKEEPING,)
    assert decisive_rules([BOOKKEEPING], [FAQ_YES], True).quoted == (FAQ_YES, BOOKKEEPING), "it agrees with a yes"
    assert decisive_rules([BOOKKEEPING], [FAQ_YES], 3).quoted == (FAQ_YES, BOOKKEEPING), "a number has no polarity"


def test_the_engine_s_rules_keep_their_order_when_retrieval_found_none_of_them():
    assert by_retrieval_rank([BOOKKEEPING, APPLIED], [TRAP]) == [BOOKKEEPING, APPLIED]
    assert decisive_rules([BOOKKEEPING, APPLIED], [], False) == DecisiveRules(None, (BOOKKEEPING, APPLIED),
                                                                              (BOOKKEEPING, APPLIED))


def test_an_engine_that_cites_no_rule_gets_no_lead():
    assert decisive_rules([], [TRAP], False) == DecisiveRules(None, (), ())


def test_the_lead_comes_before_the_engine_s_first_two_rules_and_every_citation_stays():
    rules = decisive_rules([BOOKKEEPING, APPLIED, THIRD], [TRAP], False)
    assert rules.quoted == (TRAP, BOOKKEEPING, APPLIED)
    assert rules.engine == (BOOKKEEPING, APPLIED, THIRD)


def test_the_answer_is_worded_from_its_parts():
    grounded = _grounded([BOOKKEEPING, APPLIED, THIRD])
    assert grounded.text == (f"Non. Règles appliquées : « {BOOKKEEPING.quote} » « {APPLIED.quote} » {ACCOUNT}")
    assert grounded.worded([TRAP]) == f"Non. Règles appliquées : « {TRAP.quote} » {ACCOUNT}"
    assert grounded.worded([]) == f"Non. {ACCOUNT}"


def test_an_english_answer_quotes_the_decisive_rule_in_translation():
    text = _grounded([APPLIED], "en").worded(decisive_rules([APPLIED], [TRAP], False).quoted)
    assert text.index(TRAP.english) < text.index(APPLIED.english)


def test_the_referee_s_engine_answer_leads_with_the_decisive_rule():
    grounded = _grounded([BOOKKEEPING])
    composed = Answer("composed", False, 0.3, "fr", (TRAP,), Evidence(0.8, 0.0, 0.6, 0.9), answerable=0.6)
    checked = _checked(composed, grounded)
    assert checked.text == f"Non. Règles appliquées : « {TRAP.quote} » « {BOOKKEEPING.quote} » {ACCOUNT}"
    assert [c.quote for c in checked.citations] == [BOOKKEEPING.quote, TRAP.quote], "engine's citations first"


def test_the_rule_the_verdict_is_read_from_is_cited_before_the_rules_applied_on_the_way():
    """Retrieval finds the bookkeeping rule first; the engine's verdict reads the event that cites APPLIED."""
    assert cited_order([APPLIED, BOOKKEEPING, THIRD], 1, [BOOKKEEPING, THIRD]) == [APPLIED, BOOKKEEPING, THIRD]
    assert cited_order([APPLIED, BOOKKEEPING, THIRD], 0, [BOOKKEEPING, THIRD]) == [BOOKKEEPING, THIRD, APPLIED]
    assert cited_order([BOOKKEEPING, APPLIED, THIRD], 2, [APPLIED]) == [APPLIED, BOOKKEEPING, THIRD], \
        "retrieval orders the deciding rules among themselves"


def test_each_passage_is_cited_once_at_its_first_citation():
    second_sentence = Citation(APPLIED.section, "capacité", APPLIED.passage, 1.0, APPLIED.path, 79, 88)
    assert once_per_passage([APPLIED, BOOKKEEPING, second_sentence]) == (APPLIED, BOOKKEEPING)
    elsewhere = Citation(APPLIED.section, APPLIED.quote, APPLIED.passage, 1.0, "autre.md", 50, 89)
    assert once_per_passage([APPLIED, elsewhere]) == (APPLIED, elsewhere), "the same words in another file"


def test_the_referee_cites_the_deciding_rule_first_and_quotes_as_before():
    grounded = _grounded([APPLIED, BOOKKEEPING], deciding=1)
    retrieved_bookkeeping = Citation(BOOKKEEPING.section, BOOKKEEPING.quote, BOOKKEEPING.passage, 0.8,
                                     BOOKKEEPING.path, 10, 44)
    composed = Answer("composed", False, 0.3, "fr", (retrieved_bookkeeping, TRAP), Evidence(0.8, 0.0, 0.6, 0.9),
                      answerable=0.6)
    checked = _checked(composed, grounded)
    assert [c.quote for c in checked.citations] == [APPLIED.quote, BOOKKEEPING.quote, TRAP.quote]
    assert checked.text == _checked(composed, _grounded([APPLIED, BOOKKEEPING])).text, "the quotes do not move"


def test_a_frame_answer_counts_the_rules_its_verdict_is_read_from(grounder):
    """Returning tokens over ten is read from the return; the one-action rule was applied on the way."""
    question = "J'ai 9 jetons dont un or. Je prends 3 gemmes de couleurs différentes. Combien de jetons je dois rendre ?"
    grounded = grounder.attempt(question, "splendor", "fr")
    assert isinstance(grounded, GroundedAnswer) and grounded.check.method == "frame"
    deciding = [c.quote for c in grounded.citations[:grounded.deciding]]
    rest = [c.quote for c in grounded.citations[grounded.deciding:]]
    assert any("Dix au plus" in quote for quote in deciding)
    assert any("une seule action" in quote for quote in rest)


def test_a_phrasing_left_out_matches_nothing_and_comes_back_after(grounder):
    """The engine-confidence fit replays a template answer without the phrasing it matched (in-sample on train)."""
    question = "On est en manche 3 : est-ce que je peux recruter deux Mercenaires comme à la première manche ?"
    before = grounder.rank(question, "for-a-crown")[0]
    with grounder.leaving_out_phrasing("for-a-crown", before.phrasing):
        during = grounder.rank(question, "for-a-crown")
        assert all(match.phrasing != before.phrasing for match in during)
        assert not during or during[0].score < before.score
    assert grounder.rank(question, "for-a-crown")[0] == before
