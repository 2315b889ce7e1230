"""A reading that hangs on a rulebook gap is worded as the gap (its open question), never as an engine id."""

from __future__ import annotations

import pytest

from service.grounding.frame_answer import _gap_reading


def test_a_named_assumption_reads_as_its_open_question():
    what, option = _gap_reading("oriflamme.queen_bonus_single_cutthroat", "not_gained", "en")
    assert "oriflamme." not in what and "Coupe-jarret" in what and option == "read “not gained”"
    what, option = _gap_reading("oriflamme.queen_bonus_single_cutthroat", "not_gained", "fr")
    assert what.startswith("la règle ne tranche pas") and option == "lu « not gained »"


@pytest.mark.parametrize("what", ["the Galerie order", "l'ordre de la Galerie"])
def test_a_reading_of_the_question_s_facts_is_left_as_worded(what):
    assert _gap_reading(what, "reversed", "en") == (what, "reversed")
