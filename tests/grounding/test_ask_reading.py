"""An asking word no lexicon of the game lists: read as another game's word for the same ask, or as a synonym of
one ask's words; never when it could be two asks, and the position still compiles from the question's facts."""

from language import question_form
from service.grounding.frame import _synonym_ask, parse_frame
from service.grounding.lexicons import GameLexicon, with_borrowed_asks


def _asked(grounder, question: str, game: str):
    frame = parse_frame(question, game, "fr" if " je " in f" {question.lower()} " else "en", question_form(question),
                        grounder.entities(question, game), grounder._lexicons[game])
    return frame.asked.what if frame.asked else None


def test_a_synonym_of_an_ask_word_is_that_ask(grounder):
    assert _asked(grounder, "Il reste 2 jetons émeraude dans la pile. Je peux m'en servir deux ?", "splendor") == "take"
    assert _asked(grounder, "J'ai déjà 3 cartes réservées. Je peux en mettre une autre de côté ?", "splendor") == "reserve"
    assert _asked(grounder, "I already hold 3 reserved cards. Can I set another one aside?", "splendor") == "reserve"


def test_a_listed_word_wins_over_a_synonym(grounder):
    assert _asked(grounder, "J'ai 3 cartes réservées. Je peux en réserver une autre ?", "splendor") == "reserve"


def test_the_ask_read_by_a_synonym_still_answers_from_the_engine(grounder):
    grounded = grounder.check("J'ai déjà 3 cartes réservées. Je peux en mettre une autre de côté ?", "splendor", "fr")
    assert grounded.check.method == "frame" and grounded.verdict == "non"


def test_a_synonym_of_an_asking_word_is_read_by_the_game(grounder):
    """« coûte » is For a Crown's paying: the Scandale's loss, not the Rubis left."""
    question = "Scandale : ma famille est la moins influente, tout à gauche de la Galerie. Combien ça me coûte en Rubis ?"
    grounded = grounder.check(question, "for-a-crown", "fr")
    assert grounded.check.method == "frame" and grounded.verdict == 2


def test_a_synonym_naming_two_asks_reads_nothing():
    asks = {"earn": frozenset({"rapporte*"}), "move": frozenset({"ramener"})}
    languages = {"rapporte*": frozenset({"fr"}), "ramener": frozenset({"fr"})}
    assert _synonym_ask("Il encaisse combien ?", (0, 21), asks, languages) is not None
    both = {"earn": frozenset({"rapporte*"}), "take": frozenset({"recevoir"})}
    both_languages = {"rapporte*": frozenset({"fr"}), "recevoir": frozenset({"fr"})}
    assert _synonym_ask("Il encaisse combien ?", (0, 21), both, both_languages) is None


def test_a_synonym_matches_entries_of_its_own_language_only():
    """French « ranger » stems like English "range": an English entry is no French synonym's."""
    asks = {"reach": frozenset({"range"})}
    assert _synonym_ask("je le place où ?", (0, 16), asks, {"range": frozenset({"en"})}) is None


def test_borrowed_words_are_another_games_for_the_same_ask_only():
    lexicons = {
        "a": GameLexicon("a", {}, {"left": frozenset({"il reste"}), "stay": frozenset({"reste"})}, {}),
        "b": GameLexicon("b", {}, {"left": frozenset({"end up with", "reste"}), "win": frozenset({"gagne"})}, {}),
    }
    borrowed = with_borrowed_asks(lexicons)
    assert borrowed["a"].borrowed_asks == {"left": frozenset({"end up with"})}  # « reste » is a's own (stay)
    assert borrowed["b"].borrowed_asks == {"left": frozenset({"il reste"})}  # b has no "stay": nothing to borrow


def test_a_borrowed_word_is_read_only_where_the_games_own_are_not(grounder):
    lexicon_ = grounder._lexicons["for-a-crown"]
    own = frozenset().union(*lexicon_.asks.values())
    assert all(not (words & own) for words in lexicon_.borrowed_asks.values())


def test_a_listed_word_before_the_colon_wins_over_a_synonym_after_it(grounder):
    assert _asked(grounder, "Fin de partie, qui gagne : celui qui encaisse le plus de pièces ?", "emblemes") == "win"


def test_a_synonym_after_the_colon_is_the_ask(grounder):
    question = "Ma Voleuse est au Port à côté du Roi de Léa : je peux lui chiper combien ?"
    assert _asked(grounder, question, "emblemes") == "steal"
