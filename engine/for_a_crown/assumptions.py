"""Where the For a Crown corpus is silent, the engine says how it settles the question.

Each :class:`Assumption` cites the sentence that leaves the gap open; events that
rely on one list its id, and scenarios may override the value. Values with an
empty ``options`` tuple are data (a list of coins, of die faces) checked by
:mod:`.game`.
"""

from __future__ import annotations

from engine.core.assumptions import Assumption
from engine.for_a_crown import rules
from engine.for_a_crown.data import DIE_FACES

PLAYER_COUNT = Assumption(
    id="for-a-crown.player_count",
    question="How many families can play?",
    options=("2_to_6",),
    default="2_to_6",
    citation=rules.PLAYERS_CHOOSE_FAMILY,
    rationale=(
        "The text never gives a player count. The engine accepts 2 to 6 families: five sleeves per family "
        "cover the 2 + 1 + 1 + 1 recruitments, and the placeholder card list holds enough cards for 6."
    ),
)
STARTING_COINS = Assumption(
    id="for-a-crown.starting_coins",
    question="How many coins does each Galerie position receive at setup?",
    options=(),
    default=(3, 4, 5),
    citation=rules.STARTING_COINS,
    rationale=(
        "The sentence announces a table the text does not contain. The publisher's published rules give 3, 4 "
        "and 5 coins from the most to the least influential family at some player counts; the engine uses "
        "that list by influence rank and gives every further family the last amount (5). A list of integers "
        "(most influential first) overrides it."
    ),
)
DIE_FACES_ASSUMPTION = Assumption(
    id="for-a-crown.die_faces",
    question="What are the faces of the magic die?",
    options=(),
    default=DIE_FACES,
    citation=rules.COMPONENTS_DIE,
    rationale=(
        "The text only says the die has 'des effets variés' (FAQ: 'des bonus ou des contraintes'). PLACEHOLDER "
        "faces: Rubis, Pièce, Influence, Raton Voleur (given to another family), lose 1 Rubis, take 1 Raton "
        "Voleur yourself. A list of 6 effect names overrides it."
    ),
)
FINAL_ADJUSTMENTS = Assumption(
    id="for-a-crown.final_adjustments",
    question="Which adjustments are applied before the rubies are counted?",
    options=("faq_extra_ruby", "none"),
    default="faq_extra_ruby",
    citation=rules.FINAL_ADJUSTMENTS,
    rationale=(
        "The list after 'dans l’ordre :' is missing. The only adjustment the text states elsewhere is the FAQ's "
        "extra Rubis for the most influential family at the end of the game; the engine applies that one and "
        "no other (left-over Ratons Voleurs cost nothing)."
    ),
)
CARD_LIST = Assumption(
    id="for-a-crown.card_list",
    question="Which mercenary cards make up each level?",
    options=("placeholder",),
    default="placeholder",
    citation=rules.LEVEL_ONE_PILES,
    rationale=(
        "The text gives the symbols and the setup but no card list. PLACEHOLDER: level 1 is three piles of 6 "
        "(Pièce / Rubis, Raton Voleur / Vol de Rubis, Influence / Dé magique); levels 2 to 5 have 8 cards each, "
        "a level-L card carrying L symbols applied in order. Never a fact to tell a player."
    ),
)
EVENT_DECK = Assumption(
    id="for-a-crown.event_deck",
    question="Which are the 2 starting events and the other event cards?",
    options=("placeholder",),
    default="placeholder",
    citation=rules.STARTING_EVENTS,
    rationale=(
        "The text names the five event types but no card. PLACEHOLDER: Scandale and Cambriolage start in the "
        "common pile; the draw pile holds two of each of the five types."
    ),
)
GALERIE_ZONES = Assumption(
    id="for-a-crown.galerie_zones",
    question="Which Galerie positions form the left, centre and right zones of the Scandale?",
    options=("thirds_by_rank", "thirds_by_square"),
    default="thirds_by_rank",
    citation=rules.EVENT_SCANDAL,
    rationale=(
        "The text names three zones without bounds. By default the families in the Galerie, in influence order, "
        "are cut in three: max(1, n // 3) most influential on the right, as many least influential on the left, "
        "the rest in the centre (2 families: right and left, no centre; 4: 1, 2, 1; 6: 2, 2, 2). With "
        "'thirds_by_square' the squares themselves are cut in three equal bands."
    ),
)
GALERIE_SQUARES = Assumption(
    id="for-a-crown.galerie_squares",
    question="How many squares does the Galerie have?",
    options=("twice_players", "players_plus_two"),
    default="twice_players",
    citation=rules.PORTRAITS_PLACED,
    rationale=(
        "The text places the portraits from the rightmost square leftwards and moves them 'vers la prochaine "
        "case libre', so there are free squares, but never says how many. Default: twice the number of families."
    ),
)
INFLUENCE_BLOCKED = Assumption(
    id="for-a-crown.influence_blocked",
    question="How does a portrait move when every square in that direction is taken?",
    options=("no_move", "swap_with_neighbour"),
    default="no_move",
    citation=rules.EFFECT_INFLUENCE,
    rationale=(
        "A portrait goes to the next free square in the direction chosen, jumping over taken ones. When there "
        "is none (the edge of the Galerie, or only taken squares), by default that move is not possible; with "
        "'swap_with_neighbour' the portrait swaps with its neighbour on that side."
    ),
)
COST_COLUMNS = Assumption(
    id="for-a-crown.cost_columns",
    question="Which column does each recruitment cost tile stand under?",
    options=("levels_left_to_right",),
    default="levels_left_to_right",
    citation=rules.COST_TILES,
    rationale=(
        "The text does not say which tile matches which level. The columns are levels 1 to 5 from left to "
        "right and the tiles fill the gutter from the left: round 1 costs 1, 3, 5 (levels 4 and 5 closed), "
        "each 0 tile shifts them right (round 2: 0, 1, 3, 5; round 3: 0, 0, 1, 3, 5; round 4: 0, 0, 0, 1, 3), "
        "a tile pushed past the fifth column leaves the board. This matches 'ouvre de nouvelles colonnes et "
        "fait baisser les coûts'."
    ),
)
RUBY_PAYMENT = Assumption(
    id="for-a-crown.ruby_payment",
    question="When may a Rubis replace a Pièce in a payment?",
    options=("only_when_short", "any_mix"),
    default="only_when_short",
    citation=rules.RUBY_FOR_COIN,
    rationale=(
        "The rule says 'si vous manquez de Pièces': by default the coins go first and rubies pay only the "
        "shortfall. The FAQ's 'mélange de Pièces et de Rubis' fits both; 'any_mix' lets the payer choose any "
        "split. Recruitment, Pot-de-vin and Mages mercenaires pay the same way."
    ),
)
BURGLARY_NOBODY = Assumption(
    id="for-a-crown.burglary_nobody",
    question="Who loses rubies to a Cambriolage when no family has a Raton Voleur?",
    options=("nobody_loses", "everyone_loses"),
    default="nobody_loses",
    citation=rules.EVENT_BURGLARY,
    rationale="A family with no Raton Voleur has none 'devant elle': by default nobody loses anything.",
)
CHEST_EMPTY = Assumption(
    id="for-a-crown.chest_empty",
    question="When is a chest 'vide' for the Objet précieux?",
    options=("no_rubies",),
    default="no_rubies",
    citation=rules.SALE_TEN_RUBIES,
    rationale=(
        "The rulebook's 'votre coffre est vide' does not say whether Pièces still in the chest count: by default "
        "the sale and the knock-out happen when rubies are owed and none is left; coins never pay a ruby debt. "
        "A debt larger than the chest takes what is there first, then the sale (or the knock-out) covers the rest."
    ),
)
UNAFFORDABLE_RECRUIT = Assumption(
    id="for-a-crown.unaffordable_recruit",
    question="What does a family do that can pay for no mercenary, or finds no card in an open column?",
    options=("skip",),
    default="skip",
    citation=rules.PAY_COINS,
    rationale=(
        "The text assumes every family can recruit. A family that cannot recruits nothing that time (it never "
        "sells its Objet précieux to recruit: the sale answers a ruby debt)."
    ),
)
KNOCKED_OUT_PENDING = Assumption(
    id="for-a-crown.knocked_out_pending",
    question="What becomes of the effects still to apply for a family when it is knocked out?",
    options=("ignored",),
    default="ignored",
    citation=rules.KNOCKED_OUT_CARDS_IGNORED,
    rationale=(
        "Its cards revealed later are ignored; the engine also drops the rest of the card being applied and its "
        "turn in an event, and the family is no longer concerned by events or targets."
    ),
)
SUPPLY_UNLIMITED = Assumption(
    id="for-a-crown.supply_unlimited",
    question="What happens when the reserve runs out of Ratons Voleurs, Pièces or Rubis?",
    options=("unlimited",),
    default="unlimited",
    citation=rules.EFFECT_RACCOON,
    rationale="The text never limits the reserve; the engine treats it as unlimited and counts its flows.",
)
KNOCKED_OUT_GALERIE = Assumption(
    id="for-a-crown.knocked_out_galerie",
    question="Do the other portraits move when a knocked-out family's portrait leaves the Galerie?",
    options=("squares_kept",),
    default="squares_kept",
    citation=rules.KNOCKED_OUT_CLEANUP,
    rationale="The text only removes the portrait: the others stay where they are and its square becomes free.",
)

EVERYONE_OUT = Assumption(
    id="for-a-crown.everyone_out",
    question="Who wins when every family is knocked out before the round ends?",
    options=("last_knocked_out",),
    default="last_knocked_out",
    citation=rules.KNOCKED_OUT_ROUND_ENDS_GAME,
    rationale=(
        "The text has the others finish the round, and says nothing when nobody is left (it happens in random "
        "play: 1 game in 10,000 at 4 families). The family knocked out last, which held out longest, is crowned."
    ),
)

ASSUMPTIONS = (
    PLAYER_COUNT, STARTING_COINS, DIE_FACES_ASSUMPTION, FINAL_ADJUSTMENTS, CARD_LIST, EVENT_DECK, GALERIE_ZONES,
    GALERIE_SQUARES, INFLUENCE_BLOCKED, COST_COLUMNS, RUBY_PAYMENT, BURGLARY_NOBODY, CHEST_EMPTY,
    UNAFFORDABLE_RECRUIT, KNOCKED_OUT_PENDING, SUPPLY_UNLIMITED, KNOCKED_OUT_GALERIE, EVERYONE_OUT,
)

__all__ = ["ASSUMPTIONS"]
