"""The ask read from the asking clause however it is said (session 8): a who-phrase is the plain "qui"/"who", a verb
in another tense or person is the lexicon's verb, and an entry said exactly still wins over an inflected one."""

import pytest

from language import question_form

_SPLENDOR_TIE_FR = "Fin de partie : Tom et Sara ont tous les deux 16 points. Tom a acheté 10 cartes, Sara en a acheté 12. "
_SPLENDOR_TIE_EN = "Game over: Tom and Sara both have 16 points. Tom bought 10 cards and Sara bought 12. "


@pytest.mark.parametrize("asking", [
    "Qui gagne ?", "Lequel d'entre nous gagne ?", "C'est qui qui gagne ?", "Qui remportera la partie ?",
    "Lequel des deux l'emporte ?",
])
def test_who_wins_said_otherwise_in_french_gets_the_same_verdict(grounder, asking):
    grounded = grounder.check(_SPLENDOR_TIE_FR + asking, "splendor", "fr")
    assert grounded is not None and grounded.check.verdict == "Tom"


@pytest.mark.parametrize("asking", ["Who wins?", "Which of us wins?", "Which player wins?", "Who will win?",
                                    "Which one of us won?"])
def test_who_wins_said_otherwise_in_english_gets_the_same_verdict(grounder, asking):
    grounded = grounder.check(_SPLENDOR_TIE_EN + asking, "splendor", "en")
    assert grounded is not None and grounded.check.verdict == "Tom"


@pytest.mark.parametrize(("question", "form"), [
    ("Lequel d'entre nous gagne ?", "who"), ("C'est qui qui lance le dé ?", "who"), ("Which of us wins?", "who"),
    ("Qui est-ce qui gagne ?", "who"), ("Mon Roi, qui est au Château, est défaussé ?", "polar"),
])
def test_a_phrase_that_asks_for_a_person_is_a_who_question(question, form):
    assert question_form(question) == form


@pytest.mark.parametrize(("question", "asked"), [
    ("Je pose mon Marchand au Port. Je toucherai combien ?", "earn"),
    ("Je pose mon Marchand au Port. Il me rapportera combien ?", "earn"),
])
def test_a_verb_in_another_tense_is_the_lexicon_verb(grounder, question, asked):
    assert grounder.frame(question, "emblemes", "fr").asked.what == asked


def test_an_entry_said_exactly_wins_over_an_earlier_inflected_one(grounder):
    frame = grounder.frame("J'ai pris 3 jetons au tour d'avant. Je peux acheter la carte ?", "splendor", "fr")
    assert frame.asked.what == "buy"  # "pris" is a form of "prendre" (take), but "acheter" is said as listed


@pytest.mark.parametrize(("question", "form"), [
    ("Dans ce cas, qui lance le dé ?", "who"), ("Quand la reine se résout, qui prend les deux points ?", "who"),
    ("la capacité de cette cendre se déclenche pour qui", "who"),
    ("Mon Roi, qui est au Château, est défaussé ?", "polar"),
])
def test_qui_opening_the_last_clause_or_ending_the_question_asks_who(question, form):
    assert question_form(question) == form


def test_a_slipped_asking_word_is_written_as_the_lexicon_writes_it_for_the_game_module(grounder):
    question = "Galerie, de droite à gauche : Anna, Ben, Chloé, Dan. Un Coup de pouce magique est révélé. Qui lacne le dé ?"
    frame = grounder.frame(question, "for-a-crown", "fr")
    assert frame.asked.what == "roll"
    assert frame.text == question.replace("lacne", "lance")  # same length: every offset still points at the question


def test_a_word_said_right_is_never_rewritten(grounder):
    question = "Je pose mon Marchand au Port. Je toucherai combien ?"
    assert grounder.frame(question, "emblemes", "fr").text == question


@pytest.mark.parametrize("question", [
    "Je révèle mon Coupe-jarret et j'élimine la Reine révélée d'Hugo juste à côté. Qui touche des points d'influence ?",
    "I reveal my Cutthroat and eliminate Hugo's revealed Queen right next to it. Who gains influence?",
])
def test_who_gains_is_the_one_player_who_gains(grounder, question):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is not None and grounded.check.verdict in ("toi", "you")


@pytest.mark.parametrize(("question", "asked"), [
    ("Marco's Thief lands right next to my King in the Castle. Does my King have to go?", "discard"),
    ("Je pose mon Barde au Port. Je peux ramener le Roi d'Alice qui est au Château ?", "move"),
])
def test_everyday_words_of_an_ask(grounder, question, asked):
    assert grounder.frame(question, "emblemes").asked.what == asked


def test_an_english_question_ending_on_its_preposition_asks_the_same(grounder):
    question = "Jade captures one of Tom's Ashes cards by Resonance. Who does that Ashes card's ability trigger for?"
    grounded = grounder.check(question, "emprise")
    assert grounder.frame(question, "emprise").asked.what == "serves"
    assert grounded is not None and grounded.check.verdict == "Jade"


@pytest.mark.parametrize(("question", "game", "asked"), [
    ("La carte coûte 7 vert. J'ai 7 bonus verts. Je peux la prendre sans dépenser un seul jeton ?", "splendor", "buy"),
    ("Hugo dit que le pouvoir est optionnel et qu'il ne l'applique pas cette manche. Il a le droit ?", "oriflamme", "skip"),
])
def test_a_card_taken_is_bought_and_a_power_not_applied_is_skipped(grounder, question, game, asked):
    assert grounder.frame(question, game).asked.what == asked
