"""Every rule of ``corpus/splendor/rules.md`` the engine applies, as a citation.

Each constant is a heading path of the rulebook and one verbatim sentence of that
section (tests check both against the file). Events and rejections cite these
constants only, so a rulebook edit breaks one test here rather than traces
everywhere.
"""

from __future__ import annotations

from engine.core.citations import Citation

_TURN = "Splendor › Un tour, en bref"
_WIN = "Splendor › Comment on gagne"
_QUESTIONS = "Splendor › Les règles en questions"
_ERRORS = "Splendor › Les erreurs fréquentes"

CARDS_GIVE_POINTS_AND_BONUSES = Citation(
    "Splendor › Le jeu en 30 secondes",
    "Tu ramasses des jetons de pierres précieuses pour acheter des cartes développement, qui donnent des points "
    "de prestige et des bonus permanents qui font baisser le prix des cartes suivantes.",
)
ONE_ACTION = Citation(
    _TURN,
    "Fais une seule action : prendre 3 jetons de couleurs différentes, ou 2 jetons d'une même couleur si la pile "
    "en a encore au moins 4.",
)
RESERVE_OR_BUY = Citation(
    _TURN,
    "Ou réserve une carte (visible ou du dessus d'une pioche) en prenant un or, ou achète une carte visible ou "
    "réservée.",
)
REFILL_MARKET = Citation(
    _TURN, "Remplace tout de suite une carte prise au centre par une carte du même niveau."
)
END_OF_TURN_ORDER = Citation(
    _TURN, "En fin de tour, rends des jetons si tu en as plus de 10, puis regarde si un noble te rend visite."
)
HIGHEST_TOTAL_WINS = Citation(
    f"{_WIN} › Aux points", "Le plus haut total, nobles compris, l'emporte."
)
GAME_END = Citation(
    f"{_QUESTIONS} › Comment se termine une partie de Splendor ?",
    "Dès qu'un joueur atteint 15 points de prestige, on finit le tour de table pour que chacun ait joué autant "
    "de fois.",
)
TIE_BREAK = Citation(
    f"{_QUESTIONS} › Comment départager une égalité ?",
    "Entre joueurs à égalité de points, gagne celui qui possède le moins de cartes développement achetées.",
)
SETUP_TWO_THREE = Citation(
    f"{_QUESTIONS} › Qu'est-ce qui change à 2 ou 3 joueurs ?",
    "À 2, on garde 4 jetons par couleur de pierre et 3 nobles visibles ; à 3, 5 jetons par couleur et 4 nobles.",
)
SETUP_GOLD_AND_REST = Citation(
    f"{_QUESTIONS} › Qu'est-ce qui change à 2 ou 3 joueurs ?",
    "Les 5 ors restent toujours, et le reste ne change pas.",
)
TAKE_TWO_NEEDS_FOUR = Citation(
    f"{_QUESTIONS} › Quand peut-on prendre 2 jetons de la même couleur ?",
    "Uniquement si la pile de cette couleur contient encore au moins 4 jetons au moment où tu te sers.",
)
GOLD_ONLY_BY_RESERVING = Citation(
    f"{_QUESTIONS} › Comment obtenir un jeton or ?", "Seulement en réservant une carte."
)
GOLD_EXHAUSTED = Citation(
    f"{_QUESTIONS} › Comment obtenir un jeton or ?",
    "S'il n'y a plus d'or, la réservation reste permise, tu ne gagnes simplement pas de joker.",
)
RESERVE_LIMIT = Citation(
    f"{_QUESTIONS} › Combien de cartes peut-on réserver ?", "Trois au maximum en main."
)
RESERVED_NOT_DISCARDED = Citation(
    f"{_QUESTIONS} › Combien de cartes peut-on réserver ?",
    "Elles ne se défaussent pas : la seule façon de s'en débarrasser est de les acheter.",
)
TOKEN_LIMIT = Citation(
    f"{_QUESTIONS} › Combien de jetons peut-on garder ?", "Dix au plus à la fin de ton tour, or compris."
)
RETURN_OF_CHOICE = Citation(
    f"{_QUESTIONS} › Combien de jetons peut-on garder ?",
    "Au-delà, tu rends les jetons de ton choix, y compris ceux que tu viens de prendre.",
)
ONE_NOBLE_PER_TURN = Citation(
    f"{_QUESTIONS} › Peut-on recevoir plusieurs nobles dans le même tour ?", "Non, un seul par tour."
)
NOBLE_OF_CHOICE = Citation(
    f"{_QUESTIONS} › Peut-on recevoir plusieurs nobles dans le même tour ?",
    "Si tes bonus en satisfont plusieurs, tu choisis lequel te rend visite.",
)
BONUS_AS_TOKEN = Citation(
    f"{_QUESTIONS} › Comment les bonus réduisent-ils le prix d'une carte ?",
    "Chaque bonus de tes cartes achetées compte comme un jeton de sa couleur.",
)
CARD_CAN_BE_FREE = Citation(
    f"{_QUESTIONS} › Comment les bonus réduisent-ils le prix d'une carte ?",
    "Avec assez de bonus, une carte peut même ne rien coûter.",
)
NOBLE_IGNORES_TOKENS = Citation(
    f"{_ERRORS} › Compter ses jetons pour attirer un noble",
    "Le noble regarde uniquement les bonus de tes cartes achetées.",
)
NOBLE_VISIT_MANDATORY = Citation(
    f"{_ERRORS} › Refuser un noble ou en prendre deux d'un coup",
    "La visite est obligatoire et ne te coûte pas d'action, mais tu n'en reçois qu'un par tour.",
)
BLIND_RESERVE_HIDDEN = Citation(
    f"{_ERRORS} › Montrer la carte piochée en réserve",
    "Une carte réservée depuis le haut d'une pioche reste cachée aux autres joueurs.",
)
MARKET_GAP_ONLY_WHEN_DECK_EMPTY = Citation(
    f"{_ERRORS} › Laisser un trou au centre",
    "Il doit toujours y avoir 4 cartes visibles par niveau, sauf si la pioche de ce niveau est épuisée.",
)
ALL_CITATIONS = tuple(value for name, value in sorted(globals().items()) if isinstance(value, Citation))

__all__ = [name for name, value in sorted(globals().items()) if isinstance(value, Citation)] + ["ALL_CITATIONS"]
