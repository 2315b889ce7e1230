"""A glossary name of several words typed with one slip is still that name."""

import pytest


@pytest.mark.parametrize(("said", "game", "term"), [
    ("Mon coupe-jarett révélé", "oriflamme", "coupe_jarret"),  # a slip in the second word
    ("mon guet-appens face cachée", "oriflamme", "guet_apens"),
    ("my Plague-bearrers", "emprise", "pestiferes"),
])
def test_one_slip_in_a_name_of_several_words(grounder, said, game, term):
    assert [e.value for e in grounder.entities(said, game) if e.kind == "card"] == [term]


@pytest.mark.parametrize(("said", "game"), [
    ("coupe de cheveux", "oriflamme"),  # the first word alone is no slip of the name
    ("le guet du soir", "oriflamme"),  # "du" is no slip of "apens"
])
def test_no_name_from_a_shared_first_word(grounder, said, game):
    assert [e for e in grounder.entities(said, game) if e.kind == "card"] == []
