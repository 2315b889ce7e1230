"""Where the Splendor corpus is silent, the engine says how it settles the question.

Each :class:`Assumption` cites the sentence that leaves the gap open; events that
rely on one list its id, and scenarios may override the value.
"""

from __future__ import annotations

from engine.core.assumptions import Assumption
from engine.splendor import rules

FOUR_PLAYER_SETUP = Assumption(
    id="splendor.four_player_setup",
    question="How many gems per colour and how many nobles at 4 players?",
    options=("7_gems_5_nobles",),
    default="7_gems_5_nobles",
    citation=rules.SETUP_GOLD_AND_REST,
    rationale=(
        "The corpus gives the 2- and 3-player setups as changes from a full setup it never states; the "
        "published 4-player setup is 7 gems of each colour and 5 nobles (players + 1, as at 2 and 3)."
    ),
)
TAKE_DIFFERENT_FEWER_COLORS = Assumption(
    id="splendor.take_different_fewer_colors",
    question="May a player take gems of different colours when fewer than 3 colours are left in the bank?",
    options=("take_all_available", "forbidden"),
    default="take_all_available",
    citation=rules.ONE_ACTION,
    rationale=(
        "The text only speaks of 3 different colours. By default the player takes one gem of each colour "
        "left (one or two), as the publisher's FAQ allows; with 'forbidden' that action disappears."
    ),
)
TIE_AFTER_FEWEST_CARDS = Assumption(
    id="splendor.tie_after_fewest_cards",
    question="Who wins when tied players also bought the same number of development cards?",
    options=("shared_victory",),
    default="shared_victory",
    citation=rules.TIE_BREAK,
    rationale="The corpus has no further tie-break, so the tied players share the victory.",
)
NO_LEGAL_ACTION = Assumption(
    id="splendor.no_legal_action",
    question="What does a player do who can neither take gems, nor reserve, nor buy?",
    options=("pass",),
    default="pass",
    citation=rules.ONE_ACTION,
    rationale=(
        "The text requires one action but lists none for this case. The player passes; when every player "
        "passes in a row nothing can change any more, so the game ends and is scored as it stands."
    ),
)
FIRST_PLAYER = Assumption(
    id="splendor.first_player",
    question="Who plays first?",
    options=("random", "seat_0"),
    default="random",
    citation=rules.GAME_END,
    rationale=(
        "The corpus never says who starts, only that the game ends once everyone has played as often. "
        "By default the first seat is drawn from the setup randomness."
    ),
)

ASSUMPTIONS = (FOUR_PLAYER_SETUP, TAKE_DIFFERENT_FEWER_COLORS, TIE_AFTER_FEWEST_CARDS, NO_LEGAL_ACTION, FIRST_PLAYER)

__all__ = [
    "ASSUMPTIONS",
    "FIRST_PLAYER",
    "FOUR_PLAYER_SETUP",
    "NO_LEGAL_ACTION",
    "TAKE_DIFFERENT_FEWER_COLORS",
    "TIE_AFTER_FEWEST_CARDS",
]
