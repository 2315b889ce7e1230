"""Forms of one word (language.lemmas): regular inflection by Snowball stem, irregular by simplemma's lemma."""

import pytest

from language.lemmas import lemma_keys, same_word


@pytest.mark.parametrize(("word", "other"), [
    ("remportera", "remporte"), ("gagnerait", "gagne"), ("posera", "poser"), ("toucherai", "touche"),
    ("pris", "prendre"), ("perdra", "perds"), ("wins", "win"), ("gets", "get"), ("got", "get"), ("rolled", "roll"),
])
def test_forms_of_one_word_are_the_same_word(word, other):
    assert same_word(word, other)


@pytest.mark.parametrize(("word", "other"), [("rendre", "prendre"), ("est", "et"), ("tour", "toute"), ("voler", "valoir")])
def test_different_words_stay_different(word, other):
    assert not same_word(word, other)


def test_short_stems_say_nothing_but_the_word_itself():
    assert not any(key.startswith("fr:") for key in lemma_keys("a"))
    assert same_word("a", "a")


def test_request_threads_stemming_at_once_get_the_words_they_asked_for():
    """The server stems on several threads at once; a stemmer shared between them corrupted words mid-stem
    (HTTP 500s on a fresh server's first concurrent questions)."""
    import itertools
    import string
    from concurrent.futures import ThreadPoolExecutor

    words = ["".join(letters) + "ement" for letters in itertools.product(string.ascii_lowercase[:12], repeat=3)]
    lemma_keys.cache_clear()
    with ThreadPoolExecutor(8) as pool:
        concurrent = list(pool.map(lemma_keys, words))
    lemma_keys.cache_clear()
    assert concurrent == [lemma_keys(word) for word in words]
