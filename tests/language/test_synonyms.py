"""Synonyms of an act of play: read up to inflection, in their own language, a phrase's words a few words apart."""

from language.lemmas import is_dictionary_form
from language.synonyms import said_synonyms, synonym_groups


def _said(sentence: str, at: int) -> set[tuple[str, ...]]:
    return {other.words for _, others in said_synonyms(sentence.split(), at) for other in others}


def test_an_inflected_word_says_its_group():
    assert ("gain",) in _said("how much does it pocket", 4)
    assert ("recevoir",) in _said("combien mon marchand encaisse t il", 3)


def test_a_phrase_is_said_with_a_pronoun_or_a_count_inside_it():
    assert ("reserver",) in _said("je peux en mettre une de cote", 3)
    assert ("reserve",) in _said("can i put them aside", 2)


def test_only_the_longest_member_said_counts():
    """« mettre de côté » is reserving, not the placing « mettre » alone says."""
    said = _said("je peux mettre une de cote", 2)
    assert ("reserver",) in said and ("poser",) not in said


def test_a_phrase_too_far_apart_is_not_said():
    assert ("reserve",) not in _said("can i put the card on the table aside", 2)


def test_a_word_of_no_group_says_nothing():
    assert said_synonyms("qui gagne".split(), 1) == []  # « gagner » says winning and earning: in no group


def test_no_word_belongs_to_two_groups_of_a_language():
    seen: dict[tuple[str, tuple[str, ...]], int] = {}
    for number, group in enumerate(synonym_groups()):
        for member in group:
            key = (member.language, member.words)
            assert seen.setdefault(key, number) == number, f"{member} is in two groups: it would join two acts"


def test_dictionary_forms():
    assert is_dictionary_form("take", "en") and is_dictionary_form("payer", "fr")
    assert not is_dictionary_form("took", "en")
