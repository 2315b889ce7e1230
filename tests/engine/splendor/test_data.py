"""The card and noble tables, and the checks that guard the JSON files."""

import json

import pytest

from engine.splendor.data import CARDS, CORPUS_DIR, NOBLES, load_cards, load_nobles


def test_tables_match_the_base_game():
    assert [len(CARDS.ids_by_level[level]) for level in (1, 2, 3)] == [40, 30, 20]
    assert sum(CARDS.points[1:]) == 0 * 35 + 15 + 2 * 15 + 3 * 10 + 4 * 10 + 5 * 5
    assert CARDS.cost[90] == (0, 0, 7, 3, 0) and CARDS.cost_items[90] == ((2, 7), (3, 3))
    assert CARDS.total_cost[90] == 10
    assert NOBLES.requirement[6] == (0, 0, 0, 4, 4) and set(NOBLES.points[1:]) == {3}


@pytest.mark.parametrize("mutate, message", [
    (lambda cards: cards.pop(), "expected a list of 90 cards"),
    (lambda cards: cards[0].update(color="gold"), r"cards\[1\]\.color"),
    (lambda cards: cards[0]["cost"].update(gold=1), r"cards\[1\]\.cost"),
    (lambda cards: cards[0].update(level=2), "cards per level"),
])
def test_a_corrupted_card_file_is_refused(tmp_path, mutate, message):
    cards = json.loads(json.dumps(_raw("cards.json")))
    mutate(cards)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    with pytest.raises(ValueError, match=message):
        load_cards(path)


def test_a_noble_with_other_points_is_refused(tmp_path):
    nobles = _raw("nobles.json")
    nobles[0]["points"] = 4
    path = tmp_path / "nobles.json"
    path.write_text(json.dumps(nobles))
    with pytest.raises(ValueError, match=r"nobles\[1\]\.points"):
        load_nobles(path)


def _raw(name):
    return json.loads((CORPUS_DIR / name).read_text(encoding="utf-8"))
