"""An asking clause that only asks "is it allowed?" asks about the sentence before it."""

import pytest


@pytest.mark.parametrize("game, question, what", [
    ("oriflamme", "Hugo dit que le pouvoir de son coupe-jarret est optionnel et qu'il ne l'applique pas. Il a le droit ?", "skip"),
    ("splendor", "Je prends 2 rubis alors qu'il n'en reste que 3. C'est permis ?", "take"),
    ("splendor", "I take 2 rubies although only 3 are left. Is that allowed?", "take"),
])
def test_an_elliptic_asking_clause_reads_the_ask_of_the_sentence_before(grounder, game, question, what):
    asked = grounder.frame(question, game).asked
    assert asked is not None and asked.what == what and asked.modal


@pytest.mark.parametrize("game, question", [
    ("splendor", "Je prends 2 rubis. Il reste combien de saphirs ?"),  # the asking clause has its own words
    ("splendor", "J'ai 3 rubis. C'est beaucoup ?"),  # "beaucoup" is no asking word: not an ellipsis of the fact
])
def test_an_asking_clause_with_its_own_words_is_not_an_ellipsis(grounder, game, question):
    asked = grounder.frame(question, game).asked
    assert asked is None or asked.at > question.index(".")
