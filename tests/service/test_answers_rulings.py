"""Ruling extractors: numbers bound to the asked noun, the polarity of a yes/no rule, the wording."""

from __future__ import annotations

import pytest

from service.answers.answer_types import Expectation, expected_answers
from service.answers.candidates import Candidate
from service.answers.linear import LinearModel
from service.answers.polarity import PolarityPolicy
from service.answers.rulings import (POLARITY_FEATURES, Ruling, first_alternative_asks_yes_no, number_ruling,
                                     person_ruling, polarity_features, yes_no_ruling)
from service.answers.wording import abstention_text, answer_text


def _count(question: str) -> Expectation:
    return next(e for e in expected_answers(question) if e.kind == "number")


def test_the_number_bound_to_the_asked_noun_leads_not_another_number() -> None:
    question = "Combien de points pour la Reine ?"
    quote = "Au tour 2, volez 3 pièces ; la Reine rapporte 2 points de prestige."
    assert number_ruling(_count(question), quote, question, lambda s: (), "").value == "2 points de prestige"


def test_a_number_phrase_stops_at_the_next_clause() -> None:
    question = "Chaque joueur joue avec combien de cartes ?"
    quote = "Chaque camp a huit cartes et les pose une à une."
    assert number_ruling(_count(question), quote, question, lambda s: (), "").value == "8 (huit cartes)"


def test_no_number_bound_to_the_noun_means_no_ruling() -> None:
    question = "Combien de manches dans une partie ?"
    quote = "On passe au décompte pour chacun des trois lieux."
    assert number_ruling(_count(question), quote, question, lambda s: (), "Fin de la manche").kind == "rule"


def test_a_faq_answer_without_the_noun_binds_through_its_heading_when_it_has_one_number() -> None:
    question = "Combien de jetons peut-on garder ?"
    assert number_ruling(_count(question), "Dix au plus.", question, lambda s: (), "Combien de jetons ?").value == "10 (Dix au plus)"


@pytest.mark.parametrize(("english", "phrase"), [
    ("Each side has eight cards and places them one by one.", "8 (eight cards)"),
    ("Steal 8 gold coins from a player.", "8 gold coins"),
    ("You may hold 8, no more.", "8"),
    ("Each side has seven cards.", ""),
])
def test_an_english_answer_states_the_number_in_the_translations_words(english: str, phrase: str) -> None:
    question = "Chaque joueur joue avec combien de cartes ?"
    ruling = number_ruling(_count(question), "Chaque camp a huit cartes et les pose une à une.", question,
                           lambda s: (), "", english)
    assert ruling.value == "8 (huit cartes)" and ruling.english == phrase


_BOX = "Un jeu pour 3 à 5 joueurs, à partir de 10 ans, qui se joue en environ 20 minutes."
_BOX_EN = "A game for 3 to 5 players, ages 10 and up, that plays in about 20 minutes."


@pytest.mark.parametrize(("question", "value", "in_english"), [
    ("Combien de temps dure une partie ?", "20 minutes", "20 minutes"),
    ("How long does a game last?", "20 minutes", "20 minutes"),
    ("À partir de quel âge peut-on jouer ?", "10 ans", "10"),
    ("How old do kids need to be?", "10 ans", "10"),
])
def test_a_measure_s_number_is_the_one_bound_to_its_unit(question: str, value: str, in_english: str) -> None:
    ruling = number_ruling(_count(question), _BOX, question, lambda stem_: (), "", _BOX_EN)
    assert (ruling.kind, ruling.value, ruling.english) == ("number", value, in_english)


@pytest.mark.parametrize("question", ["Combien de temps dure une partie ?", "How long does a game take?"])
def test_a_number_of_another_unit_does_not_answer_a_measure(question: str) -> None:
    assert number_ruling(_count(question), "La partie se joue en 3 manches.", question, lambda stem_: (), "",
                         "The game is played over 3 rounds.").kind == "rule"


def test_a_unit_binds_only_the_number_right_before_it_and_the_phrase_ends_with_its_line() -> None:
    question = "Combien de temps dure une partie ?"
    assert number_ruling(_count(question), "EMPRISE se joue à deux, en quelques minutes.", question,
                         lambda stem_: (), "").kind == "rule", "« deux » counts players, not minutes"
    listed = number_ruling(_count(question), "- Joueurs\n- 2 à 4\n- Durée\n- 30 min\n- Âge\n- 10 ans et +", question,
                           lambda stem_: (), "")
    assert (listed.kind, listed.value) == ("number", "30 min")


def test_polarity_features_read_negation_restriction_and_the_asking() -> None:
    values = dict(zip(POLARITY_FEATURES, polarity_features(
        "Je peux prendre deux jetons ?", "Vous ne prenez que 3 jetons au maximum.")))
    assert values["question_negated"] == 0.0 and values["evidence_negated"] == 1.0
    assert values["negation_agrees"] == 0.0
    assert values["evidence_restricts"] == 1.0 and values["asks_permission"] == 1.0
    english = dict(zip(POLARITY_FEATURES, polarity_features("Can't I trade gems?", "You can take any gems.")))
    assert english["question_negated"] == 1.0 and english["evidence_grants"] == 1.0


def _model(weight_on_negation: float) -> LinearModel:
    weights = tuple(weight_on_negation if name == "evidence_negated" else 0.0 for name in POLARITY_FEATURES)
    n = len(POLARITY_FEATURES)
    return LinearModel("polarity", POLARITY_FEATURES, weights, (0.0,) * n, (1.0,) * n, 0.0, {})


def _best(text: str, english: str = "") -> Candidate:
    return Candidate(0, 0, 0, len(text), text, "Règles", english, False, ())


def test_yes_no_ruling_leads_with_a_deciding_reading_at_the_policy_s_probability() -> None:
    negative = _best("Vous ne pouvez jamais échanger de jetons.", "You can never trade tokens.")
    policy = PolarityPolicy(min_alignment=0.2, p_right=0.8)
    assert yes_no_ruling("Je peux échanger des jetons ?", "fr", [negative], [None], policy, _model(3.0)) == \
        (Ruling("no", probability=0.8), 0), "the reading decides before the model"
    assert yes_no_ruling("Can I trade tokens?", "en", [negative], [None], policy, None)[0].kind == "no"


def test_a_later_quote_that_decides_rules_and_is_the_one_the_ruling_rests_on() -> None:
    best = _best("Dès qu'un joueur a 15 points de prestige, on termine le tour de table.",
                 "As soon as a player has 15 prestige points, the round is played to its end.")
    inclusion = _best("Le plus haut total, nobles compris, l'emporte.", "The highest total, nobles included, wins.")
    policy = PolarityPolicy(min_alignment=0.1, p_right=0.8)
    ruling, index = yes_no_ruling("Do nobles' points count toward the final score?", "en", [best, inclusion],
                                  [None, None], policy, None)
    assert (ruling.kind, index) == ("yes", 1), "the grant is the second sentence quoted"
    refuse = _best("La visite est obligatoire et ne te coûte pas d'action.", "The visit is mandatory and costs you no action.")
    assert yes_no_ruling("Can I refuse the noble's visit?", "en", [best, refuse], [None, None], policy, None) == \
        (Ruling("no", probability=0.8), 1)


@pytest.mark.parametrize(("question", "language", "opening"), [
    ("Le jeu est payant ?", "fr", "Non : gratuitement. « Le jeu se joue gratuitement. »"),
    ("Is it a paid game?", "en", "No: free. “The game is free to play.”"),
])
def test_a_yes_no_resting_on_an_antonym_says_the_rule_s_word_after_it(question: str, language: str,
                                                                      opening: str) -> None:
    free = _best("Le jeu se joue gratuitement.", "The game is free to play.")
    ruling, _ = yes_no_ruling(question, language, [free], [None], PolarityPolicy(min_alignment=0.1, p_right=0.8), None)
    assert answer_text(language, ruling, [free]).startswith(opening)


def test_yes_no_ruling_without_a_deciding_reading_follows_the_model_and_abstains_from_a_coin_toss() -> None:
    plain = _best("Vous échangez des jetons avec la banque.")
    negative = _best("Vous ne pouvez pas échanger de jetons.")
    policy = PolarityPolicy(min_alignment=0.2, p_right=0.8)
    assert yes_no_ruling("Je peux échanger des jetons ?", "fr", [plain], [None], policy, None)[0].kind == "rule", \
        "a plain statement of the asked words is no reading: the base rate read backwards"
    weak = PolarityPolicy(min_alignment=0.9, p_right=0.8)
    question = "Je peux échanger des jetons avec Léa pendant le tour de Marc au Port ?"
    assert yes_no_ruling(question, "fr", [negative], [None], weak, None)[0].kind == "rule"
    assert yes_no_ruling(question, "fr", [negative], [None], weak, _model(-3.0))[0].kind == "no"
    assert yes_no_ruling(question, "fr", [negative], [None], weak, _model(3.0))[0].kind == "yes"
    assert yes_no_ruling(question, "fr", [negative], [None], weak, _model(0.0))[0].kind == "rule"


class _Quote:
    def __init__(self, text: str, english: str = "") -> None:
        self.text, self.english = text, english


@pytest.mark.parametrize(("language", "ruling", "opening"), [
    ("fr", Ruling("no", probability=0.7), "Non."),
    ("en", Ruling("yes", probability=0.7), "Yes."),
    ("fr", Ruling("rule"), "La règle qui s’applique :"),
    ("en", Ruling("number", value="3"), "3."),
    ("fr", Ruling("number", value="8 (huit cartes)"), "8 (huit cartes)."),
    ("en", Ruling("number", value="8 (huit cartes)"), "8. “You cannot.”"),
    ("en", Ruling("number", value="8 (huit cartes)", english="8 (eight cards)"), "8 (eight cards). “You cannot.”"),
])
def test_the_ruling_comes_first_then_the_quote(language: str, ruling: Ruling, opening: str) -> None:
    text = answer_text(language, ruling, [_Quote("Vous ne pouvez pas.", "You cannot.")])
    assert text.startswith(opening)
    if language == "en":
        assert "“You cannot.” (unofficial translation; French original: « Vous ne pouvez pas. »)" in text
    else:
        assert "« Vous ne pouvez pas. »" in text


def test_an_english_answer_without_a_translation_says_it_quotes_french() -> None:
    assert "quoted in French" in answer_text("en", Ruling("rule"), [_Quote("Vous ne pouvez pas.")])


def test_an_abstention_names_what_the_rulebook_lacks() -> None:
    assert abstention_text("fr", (), "players") == (
        "Les règles ne le précisent pas : le texte ne donne pas le nombre de joueurs.")
    assert abstention_text("en", (), None) == "The rules do not say."


def test_a_ruling_kind_is_checked() -> None:
    with pytest.raises(ValueError, match="kind: expected one of"):
        Ruling("maybe")


class _Ranked:
    def __init__(self, text: str) -> None:
        self.text = text


def test_an_answer_quotes_the_sentences_close_to_the_best_and_no_more_than_three() -> None:
    from service.answers.compose import MAX_QUOTES, answer_quotes

    ranked = [(_Ranked(t), p) for t, p in [("A.", 0.8), ("A.", 0.7), ("B.", 0.6), ("C.", 0.5), ("D.", 0.45)]]
    assert [q.text for q in answer_quotes(ranked, 0.3)] == ["A.", "B.", "C."][:MAX_QUOTES]
    assert [q.text for q in answer_quotes(ranked, 0.7)] == ["A.", "B."]
    assert [q.text for q in answer_quotes(ranked, 0.9)] == ["A."]


@pytest.mark.parametrize(("french", "english", "role_fr", "role_en"), [
    ("Le joueur le plus âgé commence la partie.", "The oldest player starts the game.",
     "Le joueur le plus âgé", "The oldest player"),
    ("Le joueur qui possède le plus de pièces d’or gagne la partie.", "The player who has the most gold coins wins.",
     "Le joueur qui possède le plus de pièces d’or", "The player who has the most gold coins"),
    ("Coup de pouce magique : La famille la moins influente lance le dé.", "Magic boost: The least influential family rolls.",
     "La famille la moins influente", "The least influential family"),
])
def test_a_who_ruling_is_the_player_or_family_the_rule_designates(french: str, english: str, role_fr: str,
                                                                 role_en: str) -> None:
    ruling = person_ruling(french, english, "fr")
    assert (ruling.kind, ruling.value, ruling.english) == ("person", role_fr, role_en)
    assert answer_text("en", person_ruling(french, english, "en"), []).startswith(role_en + ".")


def test_no_who_ruling_without_a_designated_role_or_its_translation() -> None:
    assert person_ruling("Le premier joueur est tiré au sort.", "The first player is drawn at random.", "fr").kind == "rule"
    assert person_ruling("Il reçoit le pion Premier joueur.", "They receive the First player token.", "en").kind == "rule"
    assert person_ruling("Le joueur le plus âgé commence la partie.", "", "en").kind == "rule"
    assert person_ruling("Le joueur le plus âgé commence la partie.", "", "fr").value == "Le joueur le plus âgé"


@pytest.mark.parametrize(("question", "quote", "english", "value", "in_english"), [
    ("Combien d'actions je fais par tour ?", "Fais une seule action : prendre 3 jetons de couleurs différentes.",
     "Take a single action: take 3 tokens of different colours.", "1 (une seule action)", "1 (a single action)"),
    ("How many actions do I take on my turn?", "Fais une seule action : prendre 3 jetons de couleurs différentes.",
     "Take a single action: take 3 tokens of different colours.", "1 (une seule action)", "1 (a single action)"),
    ("Combien de cartes je peux réserver ?", "Tu ne peux réserver qu'une seule carte par tour.",
     "You can reserve only one card per turn.", "1 (une seule carte par tour)", "1 (one card)"),
])
def test_a_word_that_counts_one_is_the_number_one(question: str, quote: str, english: str, value: str,
                                                  in_english: str) -> None:
    bridges = {"action": ("action",), "card": ("cart",)}
    ruling = number_ruling(_count(question), quote, question, lambda s: bridges.get(s, ()), "", english)
    assert (ruling.kind, ruling.value, ruling.english) == ("number", value, in_english)


def test_none_said_in_a_condition_is_not_the_rule_s_count() -> None:
    question = "Combien de cartes je pose par tour ?"
    condition = "S'il n'y a aucune carte dans la file, le joueur pose simplement sa carte au centre de la table."
    assert number_ruling(_count(question), condition, question, lambda s: (), "").kind == "rule"
    stated = "Aucune carte n'est défaussée."
    assert number_ruling(_count("Combien de cartes sont défaussées ?"), stated, "Combien de cartes sont défaussées ?",
                         lambda s: (), "").value.startswith("0 (Aucune carte")
    english = "How many cards do I draw?"
    assert number_ruling(_count(english), "If you have zero cards in hand, you draw 2 cards.", english,
                         lambda s: (), "").value == "2 cards", "the count is the number outside the condition"


def test_a_number_phrase_stops_at_a_copula() -> None:
    question = "Combien de cartes dans une main ?"
    quote = "Vos huit cartes sont les quatre cartes de chacun de vos deux Ordres."
    assert number_ruling(_count(question), quote, question, lambda s: (), "").value == "8 (huit cartes)"


@pytest.mark.parametrize(("french", "english", "role_fr", "role_en"), [
    ("En cas d’égalité, le joueur ayant le plus de cartes de sa famille dans la file gagne.",
     "In case of a tie, the player with the most cards of their family in the Queue wins.",
     "le joueur ayant le plus de cartes de sa famille", "the player with the most cards of their family"),
    ("Au final, le joueur ayant le plus de cartes de la file gagne.", "In the end, the player with the most cards of the Queue wins.",
     "le joueur ayant le plus de cartes de la file", "the player with the most cards of the Queue"),
])
def test_a_role_keeps_its_whole_noun_group(french: str, english: str, role_fr: str, role_en: str) -> None:
    ruling = person_ruling(french, english, "en")
    assert (ruling.value, ruling.english) == (role_fr, role_en)


@pytest.mark.parametrize(("quote", "english", "value", "in_english"), [
    ("Trois au maximum en main.", "", "3 (Trois au maximum)", ""),
    ("Gardez 4 cartes visibles par niveau.", "Keep 4 face-up cards per level.", "4 cartes visibles", "4 face-up cards"),
    ("Chaque joueur prend les 11 cartes de sa famille.", "Each player takes the 11 cards of their family.",
     "11 cartes", "11 cards"),
])
def test_a_number_phrase_never_ends_on_a_function_word(quote: str, english: str, value: str, in_english: str) -> None:
    question = "Combien de cartes ?"
    ruling = number_ruling(_count(question), quote, question, lambda s: (), "Combien de cartes ?", english)
    assert (ruling.value, ruling.english) == (value, in_english)


@pytest.mark.parametrize("question, yes_no", [
    ("Je peux empiler autant de cartes que je veux sur une même pile, ou il y a une hauteur maximale ?", True),
    ("Les points d'influence, il faut les cacher ou tout le monde peut les voir ?", True),
    ("Story first. Can I reserve a card or is the gold pile needed?", True),
    ("Ouvrir le duel, c'est plutôt un avantage ou un désavantage ?", False),
    ("Quelle carte je peux prendre, la Reine ou le Roi ?", False),
    ("Quel effet je peux copier ?", False),
])
def test_an_either_or_question_whose_first_alternative_asks_yes_no_is_answered_oui_non(question: str,
                                                                                        yes_no: bool) -> None:
    assert first_alternative_asks_yes_no(question) is yes_no
