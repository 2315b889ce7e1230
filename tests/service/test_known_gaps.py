"""The catalogue of known gaps: every gap cites the rulebook verbatim, speaks both languages, and matches phrases."""

from pathlib import Path

import pytest

from engine.core.registry import available_games
from service.answers.corpus import Rulebook
from service.answers.gaps import GAPS_FILE, KnownGap, gap_catalogue, load_gaps, match

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
CATALOGUE = gap_catalogue(CORPUS)


@pytest.mark.parametrize("game", sorted(CATALOGUE))
def test_every_gap_quotes_its_rulebook_verbatim(game):
    text = (CORPUS / game / "rules.md").read_text(encoding="utf-8")
    assert CATALOGUE[game], f"{game}: no known gap"
    for gap in CATALOGUE[game]:
        assert text[gap.start:gap.end] == gap.quote, gap.id


@pytest.mark.parametrize("game", sorted(p.parent.name for p in CORPUS.glob(f"*/{GAPS_FILE}")))
def test_every_written_gap_says_what_is_lacking_and_how_players_ask_in_both_languages(game):
    written = [gap for gap in CATALOGUE[game] if gap.ask.get("fr")]
    assert written
    for gap in written:
        assert gap.lacks["fr"] and gap.lacks["en"], gap.id
        assert gap.ask["fr"] and gap.ask["en"], gap.id


@pytest.mark.parametrize("game", sorted(available_games()))
def test_every_engine_assumption_is_a_known_gap(game):
    ids = {gap.assumption for gap in CATALOGUE.get(game, ())}
    assert {a.id for a in available_games()[game].assumptions if a.citation.quote} <= ids


def _tiny_corpus(tmp_path: Path, gaps_yaml: str) -> Path:
    game = tmp_path / "corpus" / "jeu"
    game.mkdir(parents=True)
    (game / "rules.md").write_text("---\nid: jeu\ntitle: Jeu\nlanguage: fr\nplayers: null\n---\n\n# Jeu\n\n"
                                   "## Tour\n\nOn joue chacun son tour. La partie dure trois tours.\n", encoding="utf-8")
    (game / GAPS_FILE).write_text(gaps_yaml, encoding="utf-8")
    return tmp_path / "corpus"


GOOD = """gaps:
  - id: first_player
    section: Jeu › Tour
    quote: On joue chacun son tour.
    lacks: {fr: qui commence, en: who starts}
    ask: {fr: [qui commence], en: [who starts]}
"""


def test_a_gap_locates_its_quote_in_its_section(tmp_path):
    corpus = _tiny_corpus(tmp_path, GOOD)
    (gap,) = load_gaps(corpus, "jeu")
    assert (gap.id, gap.section, gap.quote) == ("jeu.first_player", "Jeu › Tour", "On joue chacun son tour.")
    assert (corpus / "jeu" / "rules.md").read_text(encoding="utf-8")[gap.start:gap.end] == gap.quote


@pytest.mark.parametrize("broken, named", [
    (GOOD.replace("On joue chacun son tour.", "On joue à tour de rôle."), "quote"),
    (GOOD.replace("section: Jeu › Tour", "section: Jeu › Fin"), "section"),
    (GOOD.replace("en: [who starts]", "de: [wer beginnt]"), "'ask'"),
    (GOOD.replace("    section: Jeu › Tour\n", "    assumption: jeu.nothing\n"), "assumption"),
])
def test_a_malformed_gap_names_the_entry_and_the_field(tmp_path, broken, named):
    with pytest.raises(ValueError, match=r"gaps\[0\]") as error:
        load_gaps(_tiny_corpus(tmp_path, broken), "jeu")
    assert named in str(error.value)


def _rulebook() -> Rulebook:
    return Rulebook("jeu", "", {"commenc": 3.0, "premier": 2.0, "joueur": 1.0}, {})


def _gap(*phrasings: str) -> KnownGap:
    return KnownGap("jeu.first_player", "Jeu › Tour", "q", 0, 1, {"fr": "", "en": ""}, {"fr": phrasings, "en": ()})


def test_a_question_using_a_gap_phrasing_matches_it():
    found = match("Qui commence la partie ?", [_gap("qui commence")], _rulebook())
    assert found is not None and found.phrasing == "qui commence" and found.score > 0


def test_a_phrasing_spread_over_a_few_words_still_matches():
    assert match("Et qui est-ce qui commence ?", [_gap("qui commence")], _rulebook()) is not None


def test_the_same_words_far_apart_do_not_match():
    question = "Qui a le droit de poser sa carte quand il reste deux joueurs et que Léa commence ?"
    assert match(question, [_gap("qui commence")], _rulebook()) is None


def test_function_words_do_not_push_a_phrasings_words_apart():
    rulebook = Rulebook("jeu", "", {"ecart": 3.0, "droit": 2.0, "regard": 2.0}, {})
    question = "Mes 3 cartes écartées au début de la partie, j'ai le droit de les regarder en cours de partie ?"
    assert match(question, [_gap("écartées droit de regarder")], rulebook) is not None
    assert match(question, [_gap("écartées droit de regarder")], rulebook, skip_function_words=False) is None


def test_a_phrasings_function_words_must_stand_inside_the_stretch():
    question = "Qui pose sa carte quand il reste deux joueurs en jeu, et Léa commence ?"
    assert match(question, [_gap("qui commence")], _rulebook()) is None


def test_the_most_specific_phrasing_wins():
    found = match("Le premier joueur commence ?", [_gap("premier joueur", "premier joueur commence")], _rulebook())
    assert found.phrasing == "premier joueur commence"


def test_a_known_gap_abstains_before_the_other_content_gates_and_names_the_gap():
    from service.answers.abstention import decide
    from service.answers.evidence import Evidence
    from service.answers.gaps import GapMatch

    strong = Evidence(coverage=0.9, unknown=0.0, relevance=0.8, strength=0.95)
    landed = GapMatch(_gap("qui commence"), 4.0, "qui commence")
    decision = decide(strong, ["name"], False, 0.9, 0.5, landed, gap_threshold=3.0)
    assert (decision.abstain, decision.reason, decision.lacking, decision.gap) == (True, "known_gap", "jeu.first_player",
                                                                                   landed)
    assert decide(strong, [], True, 0.9, 0.5, landed, gap_threshold=5.0).abstain is False, "below the fit threshold"
    assert decide(Evidence(0.9, 0.0, 0.8, 0.95, unstated_field="players"), [], True, 0.9, 0.5, landed, 3.0).reason == \
        "unstated_field"


@pytest.mark.parametrize("question, opening, engine_note", [
    ("Qui commence la partie ?", "Les règles ne le précisent pas : qui commence la partie. Ce que dit la règle",
     "hypothèse nommée (splendor.first_player"),
    ("Who goes first?", "The rules do not say: who starts the game. What the rule says: “",
     "named assumption (splendor.first_player"),
    ("Où vont les jetons dépensés pour acheter une carte ?", "Les règles ne le précisent pas : où vont les jetons dépensés.",
     None),
])
def test_a_question_on_a_known_gap_says_the_rules_do_not_say_and_quotes_what_they_do_say(client, question, opening,
                                                                                          engine_note):
    body = client.post("/v1/ask", json={"game": "splendor", "question": question}).json()
    assert body["abstained"] is True
    assert body["answer"].startswith(opening)
    cited = body["citations"][0]
    rules = (CORPUS / "splendor" / "rules.md").read_text(encoding="utf-8")
    assert rules[cited["source"]["start"]:cited["source"]["end"]] == cited["quote"]
    assert cited["quote"] in body["answer"] and cited["role"] == "closest"
    if engine_note:
        assert engine_note in body["answer"] and ("pas par une règle" in body["answer"] or "not by a rule" in body["answer"])
    else:
        assert "moteur" not in body["answer"]


def test_one_typo_in_a_long_word_still_matches():
    assert match("Qui commance la partie ?", [_gap("qui commence")], _rulebook()) is not None
    assert match("Qui cmomence la partie ?", [_gap("qui commence")], _rulebook()) is not None, "two letters swapped"


def test_a_dropped_letter_or_a_short_word_is_not_taken_for_a_typo():
    assert match("Is there a time per move?", [_gap("timer")], _rulebook()) is None
    assert match("Qui commande la partie ?", [_gap("qui commence", "qua commence")], _rulebook()) is None, \
        "one typo per phrasing at most, and only in a word of seven letters or more"


def test_a_phrasing_word_inflected_otherwise_in_the_question_still_matches():
    # The shared stemmer cuts « compte » to « compt » and « comptent » to « compte »: one word, two stems.
    found = match("Est-ce que la carte recouverte compte pour départager ?", [_gap("recouvertes comptent départager")],
                  _rulebook())
    assert found is not None and found.phrasing == "recouvertes comptent départager"


def test_a_longer_word_that_only_begins_like_a_phrasing_word_is_another_word():
    assert match("Do the nobles' points count toward the score?", [_gap("counterclockwise")], _rulebook()) is None
    assert match("Qui a la partie ?", [_gap("qui part")], _rulebook()) is None, "stems shorter than five letters"


def test_a_one_word_phrasing_matches_its_word_or_a_typo_never_a_longer_word_it_begins():
    # One word abstains alone: « appli » (an app) is not « s'applique » (an effect applies).
    assert match("Le Stratège est la dernière carte : son effet s'applique quand même ?", [_gap("appli")],
                 _rulebook()) is None
    assert match("Il existe une appli pour compter les points ?", [_gap("appli")], _rulebook()) is not None
    assert match("Is there an expansoin?", [_gap("expansion")], _rulebook()) is not None, "one typo forgiven"


# --- withheld data: what an engine assumption says the text names and does not give ---

from service.answers.candidates import FEATURES  # noqa: E402
from service.answers.withheld import (WITHHELD_DEPTH, Span, announcement_covers_more, passage_spans,  # noqa: E402
                                      withheld)


class _Sentence:
    def __init__(self, start: int, end: int, text: str = "", met: bool = False, coverage: float = 0.0) -> None:
        self.start, self.end, self.text, self.met = start, end, text, met
        self.features = tuple(coverage if name == "coverage" else 0.0 for name in FEATURES)


@pytest.mark.parametrize("game", sorted(CATALOGUE))
def test_only_an_engine_assumption_withholds_data(game):
    for gap in CATALOGUE[game]:
        assert not gap.withholds or gap.assumption, gap.id


def test_the_reward_table_the_text_announces_withholds_a_number():
    (table,) = [gap for gap in CATALOGUE["emblemes"] if gap.assumption == "emblemes.reward_tables"]
    assert table.withholds == {"number"}
    other = _Sentence(0, 1)
    announcing = _Sentence(table.start, table.end)
    assert withheld(["number"], [other, announcing], CATALOGUE["emblemes"]) is table
    assert withheld(["place"], [other, announcing], CATALOGUE["emblemes"]) is None, "not the kind it withholds"
    assert withheld([], [announcing], CATALOGUE["emblemes"]) is None, "a yes/no question asks no data"
    deep = [other] * WITHHELD_DEPTH + [announcing]
    assert withheld(["number"], deep, CATALOGUE["emblemes"]) is None, "not among the best-ranked sentences"


def test_the_passage_the_best_sentences_come_from_withholds_the_data_of_a_noun_it_names():
    (coins,) = [gap for gap in CATALOGUE["for-a-crown"] if gap.assumption == "for-a-crown.starting_coins"]
    assert coins.withholds == {"number"}
    tip = _Sentence(coins.end + 10, coins.end + 60)  # a sentence beside the announcing one, ranked first
    passage = Span(coins.start - 5, coins.end + 80)
    pieces = frozenset({"piec"})
    gaps = CATALOGUE["for-a-crown"]
    assert withheld(["number"], [tip], gaps, passages=[passage], nouns=pieces) is coins
    assert withheld(["number"], [tip], gaps, passages=[passage]) is None, "a question naming no noun says too little"
    assert withheld(["number"], [tip], gaps, passages=[passage], nouns=frozenset({"rubi"})) is None, \
        "the announcing sentence names another noun"
    assert withheld(["number"], [tip], gaps, passages=[Span(0, 1)], nouns=pieces) is None, "another passage"


def test_passage_spans_are_those_of_the_best_sentences_passages_once_each():
    class Ranked(_Sentence):
        def __init__(self, hit_rank: int) -> None:
            super().__init__(0, 1)
            self.hit_rank = hit_rank

    sources = [("rules.md", 0, 10), ("rules.md", 20, 30), ("rules.md", 40, 50)]
    ranked = [Ranked(1), Ranked(1), Ranked(0), Ranked(2)]
    assert passage_spans(ranked, sources) == [Span(20, 30), Span(0, 10)]
    assert passage_spans(ranked, sources, depth=4) == [Span(20, 30), Span(0, 10), Span(40, 50)]


def test_an_edge_case_assumption_withholds_nothing():
    (thief,) = [gap for gap in CATALOGUE["emblemes"] if gap.assumption == "emblemes.voleuse_short_of_coins"]
    assert thief.withholds == frozenset()


def test_withheld_data_abstains_unless_the_best_sentence_gives_the_asked_kind():
    from service.answers.abstention import decide
    from service.answers.evidence import Evidence

    strong = Evidence(coverage=0.9, unknown=0.0, relevance=0.8, strength=0.95)
    (table,) = [gap for gap in CATALOGUE["emblemes"] if gap.assumption == "emblemes.reward_tables"]
    decision = decide(strong, ["number"], False, 0.9, 0.5, withheld=table)
    assert (decision.reason, decision.lacking, decision.gap.gap) == ("withheld_data", table.id, table)
    assert not decide(strong, ["number"], True, 0.9, 0.5, withheld=table).abstain


def test_a_number_the_best_sentence_binds_belongs_to_another_rule_when_the_announcing_sentence_holds_more():
    (table,) = [gap for gap in CATALOGUE["emblemes"] if gap.assumption == "emblemes.reward_tables"]
    per_card = _Sentence(0, 1, "Gagnez 1 pièce d’or par carte présente dans ce lieu.", met=True, coverage=0.2)
    announcing = _Sentence(table.start, table.end, table.quote, coverage=0.5)
    pieces = frozenset({"piec"})
    assert announcement_covers_more(table, per_card, [per_card, announcing], pieces)
    assert not announcement_covers_more(table, per_card, [per_card, _Sentence(table.start, table.end, table.quote,
                                                                                coverage=0.1)], pieces), \
        "the best sentence holds more of the question"
    assert not announcement_covers_more(table, per_card, [per_card, announcing], frozenset({"cart"})), \
        "the announcing sentence does not name the asked noun"
    assert not announcement_covers_more(table, per_card, [per_card, announcing], frozenset()), "no asked noun"
    giving = _Sentence(table.start, table.end, table.quote, met=True, coverage=0.5)
    assert not announcement_covers_more(table, per_card, [per_card, giving], pieces), \
        "a sentence that gives the noun's number for other cases may hold the answer"
    assert not announcement_covers_more(table, announcing, [announcing], pieces), "the best is the announcing one"


def test_withheld_data_abstains_when_the_best_sentences_number_belongs_to_another_rule():
    from service.answers.abstention import decide
    from service.answers.evidence import Evidence

    strong = Evidence(coverage=0.9, unknown=0.0, relevance=0.8, strength=0.95)
    (table,) = [gap for gap in CATALOGUE["emblemes"] if gap.assumption == "emblemes.reward_tables"]
    decision = decide(strong, ["number"], True, 0.9, 0.5, withheld=table, best_gives_withheld=False)
    assert decision.reason == "withheld_data"


def test_a_question_on_withheld_data_says_what_the_rulebook_lacks_and_quotes_the_announcing_sentence():
    from service.answers.compose import compose_answer
    from service.answers.corpus import CorpusTexts
    from tests.service.retriever_double import WordOverlapRetriever

    corpus = CorpusTexts(CORPUS)
    corpus.load()
    retriever = WordOverlapRetriever(CORPUS)
    retriever.warm_up()
    (table,) = [gap for gap in CATALOGUE["emblemes"] if gap.assumption == "emblemes.reward_tables"]
    hits = retriever.run(table.quote, game="emblemes", k=5)  # retrieval that found the announcing passage
    answer = compose_answer("Set C, face 5 joueurs : combien de pièces d’or pour la première place au Port ?",
                            "emblemes", hits, corpus)
    assert answer.abstained is True
    assert answer.text.startswith("Les règles ne le précisent pas : le tableau des récompenses")
    assert answer.citations[0].quote == table.quote


def test_an_assumption_without_french_wording_is_named_by_its_own_question():
    from service.answers.wording import known_gap_text

    class _Said:
        section, quote, english = "Jeu › Tour", "On joue chacun son tour.", ""

    gap = KnownGap("jeu.first_player", "Jeu › Tour", "q", 0, 1, {"en": "Who plays first?"}, {"en": ("who starts",)},
                   assumption="jeu.first_player", default="random")
    text = known_gap_text("fr", gap, _Said())
    assert text.startswith("Les règles ne le précisent pas : le texte laisse ouverte la question « Who plays first? ».")


def test_a_number_written_in_digits_or_in_words_is_one_number():
    rulebook = Rulebook("jeu", "", {"couleur": 3.0}, {})
    gap = _gap("plus que deux couleurs")
    assert match("Il reste plus que 2 couleurs de jetons, je prends quoi ?", [gap], rulebook) is not None
    assert match("Only two colours left, what can I take?", [_gap("2 colours left")], rulebook) is not None
    assert match("Il reste plus que 3 couleurs de jetons, je prends quoi ?", [gap], rulebook) is None
