"""Named assumptions: what the EMPRISE rulebook leaves open, and how the engine settles it.

The Orders are described in one line each, and the page prints no card ranks.
Every reading the engine has to choose is an :class:`Assumption` citing the
sentence that leaves it open; scenarios override them (``assumptions:``).
"""

from __future__ import annotations

from engine.core.assumptions import Assumption
from engine.core.citations import Citation
from engine.emprise import rules as R
from engine.emprise.orders import PLACEHOLDER_DECKS

RANK_DECKS = "emprise.rank_decks"
ABILITY_TIMING = "emprise.ability_timing"
ARCHERS_RANGE = "emprise.archers_range"
ARCHERS_BLOCKING = "emprise.archers_blocking"
RANGED_TIES = "emprise.ranged_ties"
PIQUES_PIERCE = "emprise.piques_pierce"
CENDRES_PULL = "emprise.cendres_pull"
PESTIFERES_STACK = "emprise.pestiferes_stack"
PESTIFERES_OWN = "emprise.pestiferes_own_cards"
ABYSSES_SCOPE = "emprise.abysses_scope"
CHIMERES_FLIP = "emprise.chimeres_flip"
SCRIBES_REVEAL = "emprise.scribes_reveal"
ONDE_ORDER = "emprise.onde_order"
ONDE_REACH = "emprise.onde_reach"
SUDDEN_DEATH_FIRST = "emprise.sudden_death_first"
SUDDEN_DEATH_ROUNDS = "emprise.sudden_death_rounds"

_FOUR_RANKS = Citation(R.RANKS, "Chaque carte porte quatre rangs, un par côté\u00a0: en haut, en bas, à gauche, à droite.")

ASSUMPTIONS: tuple[Assumption, ...] = (
    Assumption(
        RANK_DECKS,
        "Which ranks do the cards of each Order carry?",
        (),
        PLACEHOLDER_DECKS,
        _FOUR_RANKS,
        "The page prints no rank for any Order. The default is a PLACEHOLDER deck made up for the engine "
        "to run (corpus/emprise/ranks.yaml, marked placeholder: true); supply the real one as "
        "{Order: [top, right, bottom, left]}. Answers never state the placeholder values as facts.",
    ),
    Assumption(
        ABILITY_TIMING,
        "Do the Dorés' swap and the Chimères' flip happen before the placed card's comparisons, or after?",
        ("before_combat", "after_combat"),
        "before_combat",
        R.DORES,
        "The Onde orders them ('Chacune déclenche sa capacité pour vous, puis attaque ses voisines'); "
        "a placed card is read the same way: ability first, then the comparisons.",
    ),
    Assumption(
        ARCHERS_RANGE,
        "How far do the Archers shoot, and with which ranks?",
        ("whole_line", "two_squares"),
        "whole_line",
        R.ARCHERS,
        "'Même à distance' sets no limit: the whole row or column. At range the Archer's rank on that "
        "side is compared with the target's rank facing it, as for adjacent cards.",
    ),
    Assumption(
        ARCHERS_BLOCKING,
        "Does a card between an Archer and its target stop the shot?",
        ("first_card_blocks", "shoots_over_own_cards"),
        "first_card_blocks",
        R.ARCHERS,
        "'En ligne droite': the shot meets the first card in the line, whoever owns it.",
    ),
    Assumption(
        RANGED_TIES,
        "Does a tie at range (an Archer's shot) count as one of the two ties of a Résonance?",
        ("counts", "adjacent_only"),
        "counts",
        R.TWO_TIES,
        "The Résonance counts the ties 'au même coup' without a word on distance.",
    ),
    Assumption(
        PIQUES_PIERCE,
        "What do the Piques pierce?",
        ("next_while_captured", "through_own_cards"),
        "next_while_captured",
        R.PIQUES,
        "After a Pique takes a card, the same rank attacks the next card of that line, and so on while it "
        "captures; an empty square, an own card or a card it does not beat stops it. The other reading "
        "passes through own cards.",
    ),
    Assumption(
        CENDRES_PULL,
        "Can the cards the Cendres pull be captured by the Cendres on that placement?",
        ("pull_then_attack", "pull_after_combat"),
        "pull_then_attack",
        R.CENDRES,
        "The pull is the card's ability, and an ability comes before the attack (as in the Onde): the "
        "pulled cards are its neighbours when it attacks. Pulled cards do not attack themselves.",
    ),
    Assumption(
        PESTIFERES_STACK,
        "Does a square next to two Pestiférés lose 1 or 2 on every rank?",
        ("stacks", "once"),
        "stacks",
        R.PESTIFERES,
        "Each Pestiféré poisons its four squares; nothing says two poisons merge.",
    ),
    Assumption(
        PESTIFERES_OWN,
        "Do Pestiférés poison their own side's cards too?",
        ("all_cards", "enemy_cards_only"),
        "all_cards",
        R.PESTIFERES,
        "The ability names squares ('les 4 cases voisines'), not enemies.",
    ),
    Assumption(
        ABYSSES_SCOPE,
        "Which Abysses does an Abysse strengthen: every other one on the board, or only its own side's?",
        ("all_abysses", "same_side"),
        "all_abysses",
        R.ABYSSES,
        "'Chaque Abysse en jeu renforce les autres': the other Abysses in play, whoever owns them; "
        "+1 on all four ranks per other Abysse.",
    ),
    Assumption(
        CHIMERES_FLIP,
        "How does a Chimère 'retourne' an adjacent enemy's rank on its axis?",
        ("swap_on_axis", "mirror_value"),
        "swap_on_axis",
        R.CHIMERES,
        "Turning the card over on the axis joining the two cards swaps its facing rank and the rank "
        "opposite it; mirror_value turns the facing rank r into 10 - r.",
    ),
    Assumption(
        SCRIBES_REVEAL,
        "When do a placed Scribe's ranks become visible to the opponent?",
        ("after_opponent_turn", "after_own_next_turn"),
        "after_opponent_turn",
        R.SCRIBES,
        "'1 tour après la pose': hidden during the opponent's next turn, visible after it. "
        "Hidden ranks still count in every comparison; only what the opponent sees changes.",
    ),
    Assumption(
        ONDE_ORDER,
        "In which order do the cards of an Onde act?",
        ("breadth_first", "depth_first"),
        "breadth_first",
        R.ONDE_CHAIN,
        "Cards act in the order they fell (top, right, bottom, left around each attacker); "
        "depth_first lets each fallen card finish its own chain first.",
    ),
    Assumption(
        ONDE_REACH,
        "In an Onde, do Archers shoot at range and Piques pierce, or does every card attack only its neighbours?",
        ("with_abilities", "neighbours_only"),
        "with_abilities",
        R.ONDE_ATTACK,
        "Each card 'déclenche sa capacité pour vous': an Archer's or a Pique's ability is how it attacks.",
    ),
    Assumption(
        SUDDEN_DEATH_FIRST,
        "Who places first in each round of the Mort Subite?",
        ("opener", "non_opener"),
        "opener",
        R.SUDDEN_DEATH,
        "The turns keep alternating: the other side placed the 16th card, so the opener goes next.",
    ),
    Assumption(
        SUDDEN_DEATH_ROUNDS,
        "Does the Mort Subite stop after a round that breaks the tie, or are both rounds always played?",
        ("stop_when_untied", "always_two_rounds"),
        "stop_when_untied",
        R.LAST_WORD,
        "'Si l'égalité tient encore après les deux rondes': a second round is needed only while the tie holds.",
    ),
)
