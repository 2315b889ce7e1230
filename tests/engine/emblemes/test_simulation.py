"""Random legal Emblèmes games: three rounds, every effect fired, invariants under other assumptions.

The checked playouts at every player count are registry-driven (``tests/engine/test_simulation.py``)."""

from __future__ import annotations

from engine.core.simulate import play_random_game, simulate
from engine.emblemes import GAME


def test_thousands_of_games_end_after_three_rounds():
    summary = simulate(lambda: GAME(4), games=2000, seed=10_000, check=False)
    assert summary.games == 2000
    assert summary.event_kinds["game_over"] == 2000
    assert summary.event_kinds["round_scoring"] == 6000
    assert summary.event_kinds["token_passed"] == 2000 * 9
    assert sum(summary.winner_seat_counts.values()) == 2000


def test_every_effect_fires_in_random_play():
    summary = simulate(lambda: GAME(5, {"location_set": "C"}), games=300, seed=3, check=False)
    for kind in ("roi_flees", "princesse_gift", "sorciere_cancel", "garde_move", "voleuse_steal", "alchimiste_copy",
                 "courtisane_swap", "stratege_impose", "traitre_reverse", "marchand_income", "guerriere_discard",
                 "barde_move", "espionne_income", "matelot_double", "chasseur_discard"):
        assert summary.event_kinds[kind] > 0, kind


def test_optional_effects_and_other_assumptions_keep_invariants():
    game = GAME(4, assumption_overrides={
        "emblemes.optional_effects": "optional", "emblemes.coins_below_zero": "allow_negative",
        "emblemes.rewarded_cards": "nonzero_rewards", "emblemes.traitre_rewarded_cards": "original_places",
        "emblemes.moved_card_equal_values": "right", "emblemes.alchimiste_both_neighbours": "left",
        "emblemes.voleuse_short_of_coins": "cannot_be_targeted", "emblemes.chasseur_discards_itself": "no",
    })
    for seed in range(150):
        record = play_random_game(game, seed, check=True)
        assert not record.violations, record.violations[:3]
