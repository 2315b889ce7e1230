"""Where the Oriflamme corpus is silent or ambiguous, the engine says how it settles the question.

Each :class:`Assumption` cites the sentence that leaves the gap open; events
that rely on one list its id, and scenarios may override the value.
"""

from __future__ import annotations

from engine.core.assumptions import Assumption
from engine.oriflamme import rules

PLAYER_COUNT = Assumption(
    id="oriflamme.player_count",
    question="How many players can play?",
    options=("2_to_5",),
    default="2_to_5",
    citation=rules.FAMILY_CARDS,
    rationale=(
        "The text never gives a player count (the front matter says players: null). Nothing in its rules "
        "depends on the count, so the engine accepts 2 to 5 families; the box's own count is not in the corpus."
    ),
)
FIRST_PLAYER = Assumption(
    id="oriflamme.first_player",
    question="Which seat is the oldest player, who starts?",
    options=("random", "seat_0"),
    default="random",
    citation=rules.OLDEST_STARTS,
    rationale="The engine knows no ages: the first seat is drawn from the setup randomness (or seat 0 is the oldest).",
)
FACE_DOWN_SECOND_OPTION = Assumption(
    id="oriflamme.face_down_second_option",
    question="The text announces two options for a face-down card and describes one: what is the second?",
    options=("reveal_and_apply", "reveal_only"),
    default="reveal_and_apply",
    citation=rules.FACE_DOWN_OPTIONS,
    rationale=(
        "The other sentences speak of cards 'révélée lors d’un tour précédent' and of what happens 'lorsque vous "
        "révélez le prince': the second option is revealing the card. By default its ability applies at once "
        "(as a card revealed earlier does); 'reveal_only' waits for the next resolution."
    ),
)
POINTS_ON_REVEAL = Assumption(
    id="oriflamme.points_on_reveal",
    question="What happens to the influence points on a face-down card its owner reveals?",
    options=("gained", "discarded"),
    default="gained",
    citation=rules.POINTS_ACCUMULATE,
    rationale=(
        "Not stated. The Machination ('chaque point ... peut être soit gagné, soit défaussé') and the Guet-apens "
        "('défaussez les points') are written as exceptions to a rule where the owner gains them; those two "
        "cards keep their own text under both options."
    ),
)
TWIN_POSITION = Assumption(
    id="oriflamme.twin_position",
    question="Where in the line does the Jumeau enter when the Prince is revealed?",
    options=("after_prince", "before_prince", "end_of_line"),
    default="after_prince",
    citation=rules.PRINCE_REVEAL,
    rationale=(
        "'Placez le jumeau ... dans la file' gives no place. By default it goes right after the Prince in the "
        "resolution direction (so it resolves in the same phase); 'before_prince' makes it wait a turn."
    ),
)
PRINCE_LATER_TURNS = Assumption(
    id="oriflamme.prince_later_turns",
    question="What does a Prince revealed in an earlier turn (or activated by a Machination) do?",
    options=("gain_one", "nothing"),
    default="gain_one",
    citation=rules.PRINCE_GAIN,
    rationale=(
        "The Jumeau is placed only 'lorsque vous révélez le prince'; 'Gagnez un point d’influence' is a sentence of "
        "its own, like the Jumeau's whole ability, so by default it applies at every resolution."
    ),
)
LINE_ENDS = Assumption(
    id="oriflamme.line_ends_adjacent",
    question="Are the first and the last card of the line adjacent?",
    options=("not_adjacent", "adjacent"),
    default="not_adjacent",
    citation=rules.COUPE_JARRET_ABILITY,
    rationale="'Adjacente' is not defined; the line has a start and an end ('au début ... à la fin de la file'), so its ends have one neighbour each.",
)
CORRUPTED_FAMILY = Assumption(
    id="oriflamme.corrupted_card_family",
    question="For the tie-break and the Félon's count, whose family is a corrupted card?",
    options=("corrupter", "printed_owner"),
    default="corrupter",
    citation=rules.CORRUPTION_FAMILY,
    rationale=(
        "'Ce personnage est dorénavant de votre famille': by default it counts for the corrupter everywhere "
        "(ties, Félon, 'adverse', stacking, Machination); 'printed_owner' keeps the printed family for the tie-break and the Félon."
    ),
)
CORRUPTED_LEAVES_TO = Assumption(
    id="oriflamme.corrupted_card_leaves_to",
    question="In front of whom does a corrupted card go when it is eliminated or discarded, and where does the token go?",
    options=("printed_owner", "corrupter"),
    default="printed_owner",
    citation=rules.IN_FRONT_OF_OWNER,
    rationale="'Devant leur propriétaire' does not say whether corruption changes the owner; the card is printed for its family, the token goes back to the corrupter.",
)
CUTTHROAT_COVERED = Assumption(
    id="oriflamme.cutthroat_same_name_covered",
    question="Do 'toutes les cartes adverses révélées du même nom' include revealed cards that are covered?",
    options=("excluded", "included"),
    default="excluded",
    citation=rules.COUPE_JARRET_ABILITY,
    rationale="A covered card cannot 'être prise pour cible' (PILE DE CARTES), so by default covered cards are spared.",
)
QUEEN_BONUS_SINGLE = Assumption(
    id="oriflamme.queen_bonus_single_cutthroat",
    question="When a Coupe-jarret eliminates only an opponent's Reine (no elimination point), is the Reine's extra point still gained?",
    options=("still_gained", "not_gained"),
    default="still_gained",
    citation=rules.REINE_BONUS,
    rationale="The Reine grants her point whenever an opponent eliminates her; the Coupe-jarret only withholds 'le point d’influence de l’élimination'.",
)
INTRIGANTE_DISCARD = Assumption(
    id="oriflamme.intrigante_discard",
    question="'Défaussez-là': is the Intrigante discarded, or the adjacent pile?",
    options=("the_intrigante", "the_adjacent_pile"),
    default="the_intrigante",
    citation=rules.INTRIGANTE_ABILITY,
    rationale="'-là' (for 'la') most simply refers to 'cette carte'; with 'the_adjacent_pile' every card of that pile is discarded (the owner picks one of two piles).",
)
INFLUENCE_BELOW_ZERO = Assumption(
    id="oriflamme.influence_below_zero",
    question="Can a player's influence go below zero (a Félon's loss with no point left)?",
    options=("floor_at_zero", "negative_allowed"),
    default="floor_at_zero",
    citation=rules.FELON_ABILITY,
    rationale="Influence points are tokens in front of each player: one cannot lose a token one does not have.",
)
STEAL_SHORT = Assumption(
    id="oriflamme.steal_more_than_held",
    question="The Guet-apens steals 3 points from an opponent who has fewer: what happens?",
    options=("take_what_there_is", "full_amount"),
    default="take_what_there_is",
    citation=rules.GUET_APENS_TRAP,
    rationale="Points are tokens: the thief takes what the opponent has; 'full_amount' lets the victim go below zero.",
)
TIE_COUNTS_COVERED = Assumption(
    id="oriflamme.tie_counts_covered",
    question="For the tie-break, do covered cards count as 'encore présentes dans la file'?",
    options=("counted", "not_counted"),
    default="counted",
    citation=rules.TIE_BREAK,
    rationale="Covered cards are still in the line; 'n’est plus prise en compte' is said of the resolution phase only.",
)
TIE_AFTER_CARDS = Assumption(
    id="oriflamme.tie_after_cards",
    question="Who wins when tied players also have as many family cards in the line?",
    options=("shared_victory",),
    default="shared_victory",
    citation=rules.TIE_BREAK,
    rationale="The corpus has no further tie-break, so the tied players share the victory.",
)
PAIR_OUTSIDE_LINE = Assumption(
    id="oriflamme.pair_discard_outside_line",
    question="When the Prince (or Jumeau) is eliminated, is its partner discarded if it is not in the line?",
    options=("only_in_line",),
    default="only_in_line",
    citation=rules.PRINCE_ELIMINATED,
    rationale="'Sauf s’il est recouvert' speaks of a card in the line; a partner in hand, set aside or already gone stays where it is.",
)
USURPATION_MISSING = Assumption(
    id="oriflamme.usurpation_missing_character",
    question="What replaces the opponent's character when the same character is not among your set-aside, discarded or eliminated cards?",
    options=("no_replacement",),
    default="no_replacement",
    citation=rules.USURPATION_REPLACE,
    rationale="The text names where the replacement comes from and nothing else: the line just closes up.",
)
USURPATION_TWIN_ASIDE = Assumption(
    id="oriflamme.usurpation_twin_aside",
    question="Does the Jumeau set aside face up at setup count among your 'cartes écartées' for the Usurpation?",
    options=("excluded", "included"),
    default="excluded",
    citation=rules.TWIN_ASIDE,
    rationale="The setup 'met de côté' the Jumeau and 'écarte' the 3 random cards: only those are 'écartées'.",
)
REPLACEMENT_SPOT = Assumption(
    id="oriflamme.usurpation_replacement_spot",
    question="Where exactly does the Usurpation's replacement go when the eliminated card was on top of a pile?",
    options=("same_spot",),
    default="same_spot",
    citation=rules.USURPATION_REPLACE,
    rationale="'Remplacez-le': it takes the eliminated card's spot, on top of the cards it covered.",
)
UNCOVERED_AFTER_REMOVAL = Assumption(
    id="oriflamme.uncovered_after_removal",
    question="When the top card of a pile leaves the line, what becomes of the card beneath?",
    options=("plays_again",),
    default="plays_again",
    citation=rules.COVERED_IGNORED,
    rationale="'Tant qu’elle est recouverte': once nothing covers it, it is resolved again, with the points it carried.",
)
MACHINATION_REPEAT = Assumption(
    id="oriflamme.machination_repeat_target",
    question="When a Machination point repeats 'l’effet ci-dessus', may another character be activated?",
    options=("any_character", "same_character"),
    default="any_character",
    citation=rules.MACHINATION_POINTS,
    rationale="The effect repeated is 'activez la capacité de n’importe quel personnage révélé', so each repeat chooses again.",
)

ASSUMPTIONS = (
    PLAYER_COUNT, FIRST_PLAYER, FACE_DOWN_SECOND_OPTION, POINTS_ON_REVEAL, TWIN_POSITION, PRINCE_LATER_TURNS,
    LINE_ENDS, CORRUPTED_FAMILY, CORRUPTED_LEAVES_TO, CUTTHROAT_COVERED, QUEEN_BONUS_SINGLE, INTRIGANTE_DISCARD,
    INFLUENCE_BELOW_ZERO, STEAL_SHORT, TIE_COUNTS_COVERED, TIE_AFTER_CARDS, PAIR_OUTSIDE_LINE, USURPATION_MISSING,
    USURPATION_TWIN_ASIDE, REPLACEMENT_SPOT, UNCOVERED_AFTER_REMOVAL, MACHINATION_REPEAT,
)

__all__ = ["ASSUMPTIONS"]
