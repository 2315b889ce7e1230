"""Named assumptions of the Emblèmes engine: the rulebook's gaps, settled explicitly.

Each has an id ``emblemes.<topic>``, the question, the options the engine
implements, the default and the corpus sentence that leaves it open. Scenarios
(``assumptions:``) and ``Game(assumption_overrides=...)`` choose other options.

Reward tables (``emblemes.reward_tables``) are data, not a choice among
options: the rulebook announces "un tableau récapitulatif" and then gives no
table. The format, per location set and face::

    {"A": {"3-4": {"Château": [5, 3, 1], "Village": [...], "Port": [...]},
           "5":   {...}},
     "B": {...}, "C": {...}}

Each list gives the reward of the 1st, 2nd, ... place; cards beyond the list get
nothing. An entry is an int (coins, negative for a loss) or one of the special
rewards of the rulebook: ``"per_card"`` (1 coin per card in the location),
``"steal"`` (1 coin from each other player), ``"half_value"`` (half the card's
value, rounded up). An override may give only some sets or faces; the rest keep
the placeholder. The shipped table is a PLACEHOLDER invented to exercise every
kind of reward; it is not the printed Lieu cards.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.assumptions import Assumption
from engine.emblemes import rules
from engine.emblemes.cards import LOCATIONS

SPECIAL_REWARDS = ("per_card", "steal", "half_value")
LOCATION_SETS = ("A", "B", "C")
FACES = ("3-4", "5")

PLACEHOLDER_REWARD_TABLES: dict[str, dict[str, dict[str, list]]] = {
    "A": {
        "3-4": {"Château": [5, 3, 1], "Village": [3, "per_card", 1], "Port": ["half_value", 2, "steal", -1]},
        "5": {"Château": [6, 4, 2, 1], "Village": [4, "per_card", 2, 1], "Port": ["half_value", 3, "steal", 1, -1]},
    },
    "B": {
        "3-4": {"Château": [6, 2, -1], "Village": ["per_card", 2, 1], "Port": [3, "half_value", -2]},
        "5": {"Château": [7, 3, 1, -1], "Village": ["per_card", 3, 2, 1], "Port": [4, "half_value", 1, -2]},
    },
    "C": {
        "3-4": {"Château": ["steal", 4, 2], "Village": [4, 2, "half_value"], "Port": [2, "per_card", 1, -1]},
        "5": {"Château": ["steal", 5, 3, 1], "Village": [5, 3, "half_value", 1], "Port": [3, "per_card", 2, 1, -1]},
    },
}
"""PLACEHOLDER values, clearly not the printed cards; supply real ones via ``emblemes.reward_tables``."""

REWARD_TABLES = "emblemes.reward_tables"
MOVED_EQUAL = "emblemes.moved_card_equal_values"
SEVERAL_EQUAL = "emblemes.several_equal_values"
CHASSEUR_SELF = "emblemes.chasseur_discards_itself"
VOLEUSE_SHORT = "emblemes.voleuse_short_of_coins"
VOLEUSE_OWN = "emblemes.voleuse_own_adjacent_card"
ALCHIMISTE_BOTH = "emblemes.alchimiste_both_neighbours"
ALCHIMISTE_ROI = "emblemes.alchimiste_copies_roi"
COINS_FLOOR = "emblemes.coins_below_zero"
REWARDED_CARDS = "emblemes.rewarded_cards"
TRAITRE_DISCARD = "emblemes.traitre_rewarded_cards"
MATELOT_SPECIAL = "emblemes.matelot_special_rewards"
OPTIONAL_EFFECTS = "emblemes.optional_effects"
NO_RETRIGGER = "emblemes.moved_card_effects"
COURTISANE_SWAP = "emblemes.courtisane_replaced_card"
STRATEGE_STACK = "emblemes.stratege_several"
FIRST_PLAYER = "emblemes.first_player"
SEAT_ORDER = "emblemes.seat_order"
LAST_ROUND_CLEANUP = "emblemes.last_round_cleanup"

ASSUMPTIONS: tuple[Assumption, ...] = (
    Assumption(
        REWARD_TABLES,
        "How many coins does each place of each location card give (sets A, B, C, faces 3-4 and 5)?",
        (),
        PLACEHOLDER_REWARD_TABLES,
        rules.REWARD_TABLE,
        "The rulebook announces the table and does not contain it; the default is a labelled PLACEHOLDER.",
    ),
    Assumption(
        MOVED_EQUAL,
        "Where does a card moved by the Garde or the Barde go among cards of equal value?",
        ("mover_chooses", "left", "right"),
        "mover_chooses",
        rules.EQUAL_VALUE_SIDE,
        "The placement rule lets the player who places a card choose; the mover places it.",
    ),
    Assumption(
        SEVERAL_EQUAL,
        "With several cards of the same value in a location, where may 'left' and 'right' of them be?",
        ("outside_the_group",),
        "outside_the_group",
        rules.EQUAL_VALUE_FAQ,
        "'Left' goes before all cards of that value, 'right' after all of them.",
    ),
    Assumption(
        CHASSEUR_SELF,
        "Can the Chasseur discard itself when it is the highest card of its location?",
        ("yes", "no"),
        "yes",
        rules.CHASSEUR,
        "The text says 'la carte ayant la plus haute valeur de ce lieu', with no exception.",
    ),
    Assumption(
        VOLEUSE_SHORT,
        "What does the Voleuse take from a player who has fewer than 2 coins?",
        ("all_they_have", "cannot_be_targeted"),
        "all_they_have",
        rules.VOLEUSE,
        "A theft takes what is there.",
    ),
    Assumption(
        VOLEUSE_OWN,
        "Does the Voleuse's owner count as 'un joueur qui possède une carte adjacente' (stealing from oneself)?",
        ("other_players_only", "include_owner"),
        "other_players_only",
        rules.VOLEUSE,
        "Stealing from oneself changes nothing; only other players are targets.",
    ),
    Assumption(
        ALCHIMISTE_BOTH,
        "What does the Alchimiste copy when both neighbours have an immediate effect?",
        ("owner_chooses", "left", "right"),
        "owner_chooses",
        rules.ALCHIMISTE,
        "'une carte adjacente' leaves the choice to the card's owner.",
    ),
    Assumption(
        ALCHIMISTE_ROI,
        "An Alchimiste copying the Roi beside a Voleuse: which card is discarded?",
        ("the_alchimiste", "nothing"),
        "the_alchimiste",
        rules.ROI,
        "The copied effect applies to the copying card, as every other copied effect does.",
    ),
    Assumption(
        COINS_FLOOR,
        "Can a player's coins go below zero (losses, doubled losses, thefts)?",
        ("floor_at_zero", "allow_negative"),
        "floor_at_zero",
        rules.MATELOT_LOSS,
        "Coins are physical tokens; a player cannot pay what he does not have.",
    ),
    Assumption(
        REWARDED_CARDS,
        "Which cards 'ont reçu une récompense' and are discarded at the end of a round?",
        ("ranked_places", "nonzero_rewards"),
        "ranked_places",
        rules.DISCARD_REWARDED,
        "Every card in a place the Lieu card lists, whatever the amount; Princesse, Marchand and Espionne coins are effects, not rewards.",
    ),
    Assumption(
        TRAITRE_DISCARD,
        "When a Traître reverses a location, which cards count as rewarded (and leave)?",
        ("reversed_places", "original_places"),
        "reversed_places",
        rules.TRAITRE,
        "The cards that actually took the paid places in the reversed order received the rewards.",
    ),
    Assumption(
        MATELOT_SPECIAL,
        "How does the Matelot double a special reward (per card, theft, half value)?",
        ("double_the_amount",),
        "double_the_amount",
        rules.MATELOT,
        "Coins per card and half value are doubled; a theft takes 2 coins from each other player.",
    ),
    Assumption(
        OPTIONAL_EFFECTS,
        "May a player decline an immediate effect that has a legal target?",
        ("mandatory", "optional"),
        "mandatory",
        rules.IMMEDIATE_EFFECTS,
        "'appliquez-le tout de suite' reads as an obligation.",
    ),
    Assumption(
        NO_RETRIGGER,
        "Does a card moved by the Garde or the Barde apply its immediate effect again?",
        ("no",),
        "no",
        rules.IMMEDIATE_SYMBOL,
        "♦ effects apply 'quand tu poses la carte'; a moved card is not posed by its owner.",
    ),
    Assumption(
        COURTISANE_SWAP,
        "What happens to the card the Courtisane replaces, and can the random card be that same card?",
        ("returns_to_hand_random_from_rest",),
        "returns_to_hand_random_from_rest",
        rules.COURTISANE,
        "The replaced card goes back to the hand; the new one is drawn at random from the cards that were in the hand.",
    ),
    Assumption(
        STRATEGE_STACK,
        "Two Stratèges impose different locations on the same player: which holds?",
        ("last_imposed",),
        "last_imposed",
        rules.STRATEGE,
        "The later effect is applied after the earlier one and replaces it.",
    ),
    Assumption(
        FIRST_PLAYER,
        "Who is 'le joueur le plus fourbe de la table' in a simulation?",
        ("random_seat",),
        "random_seat",
        rules.FIRST_PLAYER,
        "The criterion is subjective; the setup RNG draws the seat (a position may set it).",
    ),
    Assumption(
        SEAT_ORDER,
        "Which way is 'le joueur à gauche' and 'le sens des aiguilles d’une montre' in seat numbers?",
        ("increasing_seats",),
        "increasing_seats",
        rules.TOKEN_PASSES,
        "Seats are numbered clockwise, so the player on the left is the next seat.",
    ),
    Assumption(
        LAST_ROUND_CLEANUP,
        "After the third round, are rewarded cards still discarded (nobody redraws)?",
        ("discard_no_redraw",),
        "discard_no_redraw",
        rules.DISCARD_REWARDED,
        "The round ends as every round does; drawing is pointless once the game is over.",
    ),
)


def merged_reward_tables(override: Any) -> dict[str, dict[str, dict[str, list]]]:
    """The placeholder tables with the sets/faces given in ``override`` replaced.

    Raises:
        ValueError: naming the path of a malformed entry.
    """
    if not isinstance(override, Mapping):
        raise ValueError(f"{REWARD_TABLES}: expected a mapping of sets {list(LOCATION_SETS)}, got {override!r}")
    merged = {s: dict(faces) for s, faces in PLACEHOLDER_REWARD_TABLES.items()}
    for set_name, faces in override.items():
        path = f"{REWARD_TABLES}.{set_name}"
        if set_name not in LOCATION_SETS:
            raise ValueError(f"{path}: expected a set among {list(LOCATION_SETS)}, got {set_name!r}")
        if not isinstance(faces, Mapping):
            raise ValueError(f"{path}: expected a mapping of faces {list(FACES)}, got {faces!r}")
        for face, table in faces.items():
            merged[set_name][str(face)] = validate_table(table, f"{path}.{face}", face)
    return merged


def validate_table(table: Any, path: str, face: Any = "3-4") -> dict[str, list]:
    """Check one face: every location present, each entry an int or a special reward."""
    if str(face) not in FACES:
        raise ValueError(f"{path}: expected a face among {list(FACES)}, got {face!r}")
    if not isinstance(table, Mapping) or set(table) != set(LOCATIONS):
        got = sorted(table) if isinstance(table, Mapping) else table
        raise ValueError(f"{path}: expected a mapping with exactly {list(LOCATIONS)}, got {got!r}")
    for location, places in table.items():
        if not isinstance(places, list):
            raise ValueError(f"{path}.{location}: expected a list of rewards, got {places!r}")
        for rank, entry in enumerate(places):
            if isinstance(entry, bool) or not (isinstance(entry, int) or entry in SPECIAL_REWARDS):
                raise ValueError(
                    f"{path}.{location}[{rank}]: expected an int or one of {list(SPECIAL_REWARDS)}, got {entry!r}"
                )
    return {location: list(table[location]) for location in LOCATIONS}
