"""Players' names typed in lower case get their capital back (language.names)."""

from __future__ import annotations

from language.names import capitalise_names, first_names, is_plain_word


def test_names_typed_in_lower_case_are_capitalised_in_place() -> None:
    typed = "c'est ben qui retourne. anna a 3 ratons, chloé aucun ?"
    named = capitalise_names(typed)
    assert named == "c'est Ben qui retourne. Anna a 3 ratons, Chloé aucun ?"
    assert len(named) == len(typed)  # offsets into the question do not move


def test_a_question_typed_with_capitals_is_left_as_it_is() -> None:
    typed = "Castle: Alice's King, then bob's King. Who loses?"
    assert capitalise_names(typed) == typed  # "Alice" capitalised mid-sentence: the asker capitalises names


def test_a_game_word_capitalised_does_not_show_the_asker_capitalises_names() -> None:
    typed = "can i put my token on lea's card? it's the one next to my Felon"
    assert capitalise_names(typed, known=frozenset({"felon"})) == "can i put my token on Lea's card? it's the one next to my Felon"
    assert capitalise_names(typed) == typed  # "Felon" no game word here: the asker capitalises


def test_common_words_and_known_words_are_no_names() -> None:
    assert capitalise_names("le mien, c'est will qui le dit") == "le mien, c'est will qui le dit"
    assert capitalise_names("my ruby and tom's ruby", known=frozenset({"ruby"})) == "my ruby and Tom's ruby"


def test_the_list_holds_french_and_english_names() -> None:
    assert {"lea", "zoe", "chloe", "hugo", "ben", "tom", "alice", "paul"} <= first_names()  # folded


def test_very_common_words_capitalised_are_no_names_but_names_that_are_words_stay() -> None:
    assert is_plain_word("Sure") and is_plain_word("Premier") and is_plain_word("Okay")
    assert not any(is_plain_word(name) for name in ("Pierre", "Grace", "Mark", "Léa", "Sam", "Azur"))
