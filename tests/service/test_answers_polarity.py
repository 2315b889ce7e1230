"""The reading of a rule for a yes/no question: each cue, in French and in English, and when it may decide."""

from __future__ import annotations

import json

import pytest

from service.answers.polarity import (CUES, DECIDING_CUES, POLICY_FILE, Faq, PolarityPolicy, PolarityReading,
                                      faq_opening, load_policy, read_polarity)


@pytest.mark.parametrize(("question", "language", "sentence", "english", "cue", "verdict"), [
    # A negation in the rule answers no; a question asking the other way turns it around.
    ("Un duel peut-il finir sur un match nul ?", "fr", "Un duel ne s'achève jamais sur un nul.", "", "negation", False),
    ("Can a duel end in a draw?", "en", "Un duel ne s'achève jamais sur un nul.", "A duel never ends in a draw.",
     "negation", False),
    # An antonym: the question says one side, the rule the other.
    ("Le jeu est payant ?", "fr", "Le jeu se joue gratuitement.", "", "contrast", False),
    ("Do I have to show the card to the others?", "en", "La carte reste cachée.", "The card stays hidden.",
     "contrast", False),
    # Escaping an obligation: "can I refuse?" to a rule that obliges.
    ("Can I refuse the visit of the noble?", "en", "La visite du noble est obligatoire.",
     "The noble's visit is mandatory.", "obligation", False),
    # A grant, even when it holds a negation word.
    ("Je peux empiler autant de cartes que je veux ?", "fr",
     "Il n'y a pas de limite au nombre de cartes empilées.", "", "grant", True),
    ("Can I give back the tokens I just took?", "en", "Tu rends les jetons de ton choix, y compris ceux pris.",
     "You give back the tokens of your choice, including the ones you just took.", "grant", True),
    # A restriction the question does not share.
    ("Je peux prendre deux jetons or ?", "fr", "Vous prenez un seul jeton or.", "", "restriction", False),
    ("Je peux prendre deux jetons or ?", "fr", "Vous ne prenez qu'un jeton or.", "", "restriction", False),
    # The rule states the asked fact plainly: yes.
    ("Les cartes restent dans la file ?", "fr", "Les cartes restent dans la file.", "", "statement", True),
    # A plain statement of some of the question's words: read, but not a cue that decides.
    ("Les cartes restent dans la file d'influence au tour suivant ?", "fr", "Les cartes forment la file.", "",
     "affirmative", True),
])
def test_each_cue_reads_the_rule(question, language, sentence, english, cue, verdict) -> None:
    reading = read_polarity(question, language, sentence, english)
    assert (reading.cue, reading.verdict) == (cue, verdict)
    assert 0.0 < reading.alignment <= 1.0


def test_only_asking_to_escape_the_rule_turns_the_verdict_around() -> None:
    sentence = "Tu rends les jetons de ton choix, y compris ceux que tu viens de prendre."
    story = "Je rends 3 anciens jetons, pas ceux que je viens de prendre. C'est permis ?"
    assert read_polarity(story, "fr", sentence).verdict is True
    assert read_polarity("Je ne peux pas rendre les jetons que je viens de prendre ?", "fr", sentence).verdict is True, \
        "Oui/Non say whether the fact holds, whatever the asking's own negation"
    mandatory = "La visite du noble est obligatoire."
    assert read_polarity("Je peux refuser la visite du noble ?", "fr", mandatory).verdict is False
    assert read_polarity("Le noble vient-il ou pas ?", "fr", "Le noble ne vient pas.").verdict is False


def test_nothing_shared_with_the_question_is_no_reading() -> None:
    assert read_polarity("Le Roi peut-il voler ?", "fr", "Mélangez les cartes Lieu.") == PolarityReading(None, "none")


class _Rulebook:
    def __init__(self, text: str, english: dict[str, str]) -> None:
        self.text, self._english = text, english

    def english_of(self, start: int, end: int) -> str:
        return self._english.get(self.text[start:end], "")


_FAQ = "## Questions fréquentes\n\n### Le jeu est-il gratuit ?\n\nOui. Le jeu se joue gratuitement, sans publicité.\n"


def test_a_faq_answer_opening_with_oui_is_found_for_its_sentences() -> None:
    rulebook = _Rulebook(_FAQ, {"Le jeu est-il gratuit ?": "Is the game free?"})
    faq = faq_opening(rulebook, _FAQ.index("Le jeu se joue"))
    assert faq == Faq("Le jeu est-il gratuit ?", "Is the game free?", True)
    assert faq_opening(rulebook, _FAQ.index("Questions")) is None, "a heading that asks nothing"


def test_a_faq_answer_decides_when_the_question_asks_the_heading_s_question() -> None:
    faq = Faq("Le jeu est-il gratuit ?", "Is the game free?", True)
    sentence = "Le jeu se joue gratuitement, sans publicité."
    assert read_polarity("Le jeu est gratuit ?", "fr", sentence, "", faq).verdict is True
    assert read_polarity("Le jeu est-il payant ?", "fr", sentence, "", faq).verdict is False, "an antonym of the heading"
    assert read_polarity("Is the game free?", "en", sentence, "The game is free to play.", faq).cue == "faq"
    other = read_polarity("Y a-t-il de la publicité dans les parties classées du jeu ?", "fr", sentence, "", faq)
    assert other.cue != "faq", "another question about the same entry is not the heading's question"


def test_a_faq_heading_s_asking_words_are_not_its_topic() -> None:
    # "Puis-je" says how the heading asks: a question on the same payment, asked another way, gets its Oui.
    faq = Faq("Puis-je payer un recrutement avec un mix de Pièces et de Rubis ?",
              "Can I pay for a recruitment with a mix of Coins and Rubies?", True)
    sentence = "Oui, vous pouvez payer le coût de recrutement d’un Mercenaire avec un mélange de Pièces et de Rubis."
    story = "J'ai 3 Pièces et 8 Rubis. Je peux le recruter en payant 3 Pièces et 2 Rubis ?"
    assert (read_polarity(story, "fr", sentence, "", faq).cue, read_polarity(story, "fr", sentence, "", faq).verdict) \
        == ("faq", True)
    english = read_polarity("I have 3 Coins and 8 Rubies. May I recruit it with Rubies too, as a mix?", "en", sentence,
                            "Yes, you can pay a Mercenary's recruitment cost with a mix of Coins and Rubies.", faq)
    assert (english.cue, english.verdict) == ("faq", True)
    assert read_polarity("Je peux payer avec des Pièces ?", "fr", sentence, "", faq).cue != "faq", \
        "one topic word of four is another question"


@pytest.mark.parametrize(("question", "language", "verdict"), [
    ("Y a-t-il une limite au nombre de cartes empilées ?", "fr", False),
    ("Is there a limit to how many cards can be stacked?", "en", False),
    # Asking for what the grant allows is yes; an either-or asks its first alternative.
    ("Je peux empiler autant de cartes que je veux ?", "fr", True),
    ("Je peux empiler autant de cartes que je veux, ou il y a une limite ?", "fr", True),
    ("Can I stack as many cards as I want, or is there a limit?", "en", True),
])
def test_a_grant_that_denies_a_limit_answers_no_to_whether_the_limit_exists(question, language, verdict) -> None:
    reading = read_polarity(question, language, "Il n’y a pas de limite concernant le nombre de cartes empilées.",
                            "There is no limit on the number of cards that can be stacked.")
    assert (reading.cue, reading.verdict) == ("grant", verdict)


def test_the_policy_decides_only_its_cues_above_its_alignment() -> None:
    policy = PolarityPolicy(min_alignment=0.3, p_right=0.8)
    assert policy.decides(PolarityReading(False, "negation", "", 0.5))
    assert not policy.decides(PolarityReading(False, "negation", "", 0.2))
    assert not policy.decides(PolarityReading(True, "affirmative", "", 1.0))
    assert not policy.decides(PolarityReading(None, "none"))
    assert "affirmative" not in DECIDING_CUES and set(DECIDING_CUES) < set(CUES)


def test_the_policy_rules_on_the_first_quote_whose_reading_decides() -> None:
    policy = PolarityPolicy(min_alignment=0.3, p_right=0.8)
    plain, negative = PolarityReading(True, "affirmative", "", 0.9), PolarityReading(False, "negation", "", 0.5)
    assert policy.deciding([plain, negative, PolarityReading(True, "grant", "", 0.5)]) == 1
    assert policy.deciding([plain, PolarityReading(False, "negation", "", 0.1)]) is None


def test_a_question_saying_one_side_of_an_antonym_pair_is_answered_no_by_a_rule_saying_the_other() -> None:
    rule = "Si votre rang est strictement supérieur au rang d'en face, la carte ennemie passe dans votre camp."
    assert read_polarity("si mon chiffre est égal à celui d'en face, je prends la carte ?", "fr", rule).cue == "contrast"
    shuffled = "On mélange la pile commune, puis on les retourne une par une."
    reading = read_polarity("On retourne les cartes de la pile dans l'ordre où elles ont été posées ?", "fr", shuffled)
    assert (reading.verdict, reading.cue) == (False, "contrast")
    english = read_polarity("Do we reveal the cards in order?", "en", "", "The common pile is shuffled, then revealed.")
    assert (english.verdict, english.cue) == (False, "contrast")


@pytest.mark.parametrize(("question", "language", "sentence", "english", "because"), [
    # The rule's own word for its side of the pair, as the rule writes it (not the lexicon's stem).
    ("Le jeu est payant ?", "fr", "Le jeu se joue gratuitement.", "", "gratuitement"),
    ("On pose les cartes face visible ?", "fr", "Chacun pose sa carte face cachée.", "", "face cachée"),
    ("Do we place our cards face up?", "en", "Chacun pose sa carte face cachée.", "Each player places their card face down.",
     "face down"),
    ("On retourne les cartes dans l'ordre où elles ont été posées ?", "fr", "On mélange la pile commune.", "", "mélange"),
    # A word that opens the rule's sentence is said mid-sentence.
    ("Does the bonus stay after the fight?", "en", "Avant chaque duel, on choisit.", "Before each duel, you choose.",
     "before"),
])
def test_a_contrast_says_the_rule_s_own_word_it_rests_on(question, language, sentence, english, because) -> None:
    reading = read_polarity(question, language, sentence, english)
    assert (reading.cue, reading.verdict, reading.because) == ("contrast", False, because)


def test_a_faq_answer_turned_around_by_an_antonym_says_the_heading_s_word() -> None:
    faq = Faq("Le jeu est-il gratuit ?", "Is the game free?", True)
    sentence = "Le jeu se joue gratuitement, sans publicité."
    assert read_polarity("Le jeu est-il payant ?", "fr", sentence, "", faq).because == "gratuit"
    assert read_polarity("Is it a paid game?", "en", sentence, "The game is free to play.", faq).because == "free"
    assert read_polarity("Le jeu est gratuit ?", "fr", sentence, "", faq).because == "", "no antonym: Oui alone"
    assert read_polarity("Les cartes restent dans la file ?", "fr", "Les cartes ne restent pas.").because == ""


@pytest.mark.parametrize(("question", "language", "sentence", "english"), [
    ("Je peux poser ma carte sur une de mes cartes révélées ?", "fr",
     "Un joueur peut placer une carte sur une autre de ses propres cartes déjà en jeu, révélée ou non.", ""),
    ("Can I place my card on one of my revealed cards?", "en",
     "Un joueur peut placer une carte sur une autre de ses propres cartes déjà en jeu, révélée ou non.",
     "A player may place a card on another of their own cards already in play, revealed or not."),
])
def test_either_way_is_no_negation(question: str, language: str, sentence: str, english: str) -> None:
    assert read_polarity(question, language, sentence, english).cue != "negation"
    negative = sentence.replace("peut", "ne peut pas"), english.replace("may", "may not")
    assert read_polarity(question, language, *negative).cue == "negation", "a negation beside it still negates"


def test_an_exception_the_story_meets_turns_the_rule_s_main_clause_around() -> None:
    rule = "Il doit toujours y avoir 4 cartes visibles par niveau, sauf si la pioche de ce niveau est épuisée."
    met = read_polarity("Quand une pioche est épuisée, il faut quand même garder 4 cartes visibles dans ce niveau ?",
                        "fr", rule)
    assert (met.verdict, met.cue) == (False, "exception")
    assert read_polarity("Il faut garder 4 cartes visibles dans chaque niveau ?", "fr", rule).cue != "exception", \
        "a story that does not meet the exception leaves the main clause"
    forbidden = read_polarity("The deck is empty: can I reserve?", "en", "", "You cannot reserve, unless the deck is empty.")
    assert (forbidden.verdict, forbidden.cue) == (True, "exception"), "a negative main clause lifted: yes"


def test_an_unknown_cue_is_refused() -> None:
    with pytest.raises(ValueError, match="cue: expected one of"):
        PolarityReading(True, "hunch")


def test_the_shipped_policy_was_chosen_out_of_fold_and_beats_the_base_rate_there() -> None:
    policy = load_policy()
    assert policy is not None and set(policy.cues) <= set(DECIDING_CUES)
    report = json.loads(POLICY_FILE.read_text(encoding="utf-8"))["report"]
    assert report["fit_on"].startswith("train_questions.jsonl") and report["folds"] == "one per game"
    assert report["cv_right"] / report["cv_decided"] > max(report["share_no"], 1 - report["share_no"])
    assert policy.p_right == pytest.approx((report["cv_right"] + 1) / (report["cv_decided"] + 2), abs=1e-4)


def test_without_a_fitted_policy_there_is_none(tmp_path) -> None:
    assert load_policy(tmp_path / "missing.json") is None


@pytest.mark.parametrize(("question", "sentence", "cue", "verdict"), [
    # A negation about another act, in another clause, does not turn the clause the question asks about.
    ("Une de mes cartes peut-elle compter pour déclencher la Résonance ?",
     "Une de vos cartes peut fournir une égalité : elle ne change pas de camp, mais elle compte pour déclencher la "
     "Résonance.", "affirmative", True),
    ("Il existe une variante où on cache ses pièces d'or ?",
     "Cacher ses pièces d'or ajoute du chaos, car les autres joueurs ne connaissent pas votre richesse.",
     "affirmative", True),
    # A negation in a clause that holds the question's words still answers no.
    ("Je peux mettre deux cartes du même Ordre dans ma Réserve ?",
     "Vous mettez deux cartes de côté, une par Ordre, jamais deux fois le même.", "negation", False),
])
def test_a_negation_counts_in_the_clauses_about_the_question(question, sentence, cue, verdict) -> None:
    reading = read_polarity(question, "fr", sentence)
    assert (reading.cue, reading.verdict) == (cue, verdict)


@pytest.mark.parametrize(("question", "language", "sentence", "english", "verdict"), [
    # A modal that permits the asked act, the act named after it.
    ("Can everyone look at the cards I discarded?", "en", "Tous les joueurs peuvent les consulter.",
     "All players may look at them.", True),
    ("Les joueurs peuvent consulter mes cartes défaussées ?", "fr", "Tous les joueurs peuvent les consulter.", "", True),
    # A participle that permits the act named before it, over a copula.
    ("S'il n'y a plus d'or, je peux réserver ?", "fr", "La réservation reste permise.", "", True),
])
def test_a_permission_of_the_asked_act_grants(question, language, sentence, english, verdict) -> None:
    reading = read_polarity(question, language, sentence, english)
    assert (reading.cue, reading.verdict) == ("grant", verdict)


def test_a_permission_of_another_act_says_nothing_of_the_asked_one() -> None:
    reading = read_polarity("Les Cendres attirent que les cartes ennemies ?", "fr",
                            "Une carte posée peut retourner les cartes ennemies qui la touchent.")
    assert reading.cue != "grant"
    negated = read_polarity("On peut cibler une carte recouverte ?", "fr",
                            "Une carte recouverte ne peut pas être prise pour cible.")
    assert (negated.cue, negated.verdict) == ("negation", False)


@pytest.mark.parametrize(("question", "language", "sentence", "english"), [
    ("Is the first player chosen at random?", "en", "Le premier joueur est tiré au sort.",
     "The first player is drawn at random."),
    ("Première partie : est-ce qu'éliminer une carte rapporte des points ?", "fr",
     "A chaque fois qu'un joueur élimine une carte, il gagne un point d'influence.", ""),
])
def test_a_rule_that_states_the_asked_fact_plainly_says_yes(question, language, sentence, english) -> None:
    reading = read_polarity(question, language, sentence, english)
    assert (reading.cue, reading.verdict) == ("statement", True)


@pytest.mark.parametrize(("question", "language", "sentence", "english"), [
    # Another number than the rule's.
    ("Can I move Ben's Portrait two spaces to the left with it?", "en",
     "Influence : Déplacez n'importe quel Portrait d'une case vers la gauche.",
     "Influence: Move any Portrait one space to the left."),
    # The question restricts (colloquial "que" without "ne"): a statement does not say "nothing else".
    ("Les Cendres elles attirent que les cartes ennemies ?", "fr", "Les Cendres attirent les cartes ennemies.", ""),
    # The rule holds a condition: what it says depends on more than the asked words.
    ("Do I gain 2 Influence points with my Schemer?", "en",
     "Si cette carte est adjacente à une pile, défaussez-la, sinon gagnez 2 points d'influence.",
     "If this card is adjacent to a stack, discard it; otherwise gain 2 Influence points."),
    # The act the question asks permission for is not the rule's.
    ("On peut défausser une carte réservée pour en réserver une autre ?", "fr",
     "Une carte réservée reste cachée aux autres joueurs.", ""),
    # A story around the asking sentence is weighed elsewhere.
    ("Au Château il y a une Sorcière de Lucas et mon Espionne est ma seule carte là-bas. Est-ce que je gagne les 2 "
     "pièces ?", "fr", "Gagnez 2 pièces d'or si l'Espionne est votre seule carte dans ce lieu.", ""),
])
def test_a_statement_that_does_not_settle_the_asked_fact_does_not_decide(question, language, sentence, english) -> None:
    assert read_polarity(question, language, sentence, english).cue != "statement"
