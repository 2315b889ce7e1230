"""Every rule of ``corpus/for-a-crown/rules.md`` the engine applies, as a citation.

Each constant is a heading path of the rulebook and one verbatim sentence of that
section (``tests/engine/test_citations.py`` checks both against the file).
"""

from __future__ import annotations

from engine.core.citations import Citation

_ROOT = "For a Crown"
_SETUP = f"{_ROOT} › Mise en place de la partie"
_FAMILY = f"{_SETUP} › Préparation de chaque famille"
_COMMON = f"{_SETUP} › Préparation commune au centre de la table"
_ROUND = f"{_ROOT} › Déroulement d’une manche"
_RECRUIT = f"{_ROOT} › Phase 1 : le recrutement"
_REVEAL = f"{_ROOT} › Phase 2 : la révélation"
_MERCS = f"{_ROOT} › Les effets des Mercenaires"
_EVENTS = f"{_ROOT} › Les effets des Événements"
_OBJECT = f"{_ROOT} › La mécanique de l’Objet précieux"
_SALE = f"{_OBJECT} › Vous devez payer des Rubis mais votre coffre est vide"
_OUT = f"{_OBJECT} › Vous avez déjà vendu votre Objet précieux et votre coffre est à nouveau vide"
_END_ROUND = f"{_ROOT} › Fin de manche et préparation de la suivante"
_END = f"{_ROOT} › Fin de la partie et décompte des Rubis"
_FAQ = f"{_ROOT} › Foire aux questions (FAQ)"

# -- setup -----------------------------------------------------------------------------------
COMPONENTS_DIE = Citation(f"{_ROOT} › Le matériel de jeu", "Dé magique : un dé spécial avec des effets variés")
TEN_RUBIES = Citation(_FAMILY, "10 Rubis de la réserve, à mettre dans le coffre")
OBJECT_IN_CHEST = Citation(_FAMILY, "La tuile Objet précieux de sa famille, à placer dans le coffre")
CHEST_SECRET = Citation(_FAMILY, "Tout ce qui se trouve dans votre coffre reste secret pendant toute la partie.")
PLAYERS_CHOOSE_FAMILY = Citation(_FAMILY, "Chaque joueur choisit une famille (reconnaissable à son blason), puis prend :")
COST_TILES = Citation(
    _COMMON,
    "Posez le plateau et insérez les tuiles Coût de recrutement 1, 3 et 5 dans la gouttière.",
)
LEVEL_ONE_PILES = Citation(_COMMON, "Les cartes de niveau 1 sont triées par effet et forment 3 piles face visible.")
LEVELS_TWO_TO_FIVE = Citation(
    _COMMON,
    "Les niveaux 2 à 5 sont mélangés séparément, posés face cachée, puis on révèle 2 cartes de chaque paquet "
    "sous celui-ci.",
)
STARTING_EVENTS = Citation(_COMMON, "Prenez les 2 cartes Événement de départ et formez une pile commune face cachée.")
EVENT_DRAW_PILE = Citation(_COMMON, "Mélangez les autres cartes Événement pour former une pioche séparée, face cachée.")
PORTRAITS_PLACED = Citation(
    _COMMON,
    "Rassemblez les pions Portrait des familles en jeu et placez-les aléatoirement dans la Galerie : le premier "
    "pion sur la case la plus à droite, puis les suivants directement à gauche.",
)
RIGHT_IS_INFLUENTIAL = Citation(_COMMON, "Plus votre Portrait est à droite, plus vous êtes influent.")
STARTING_COINS = Citation(_COMMON, "Ensuite, distribuez les Pièces de départ selon votre position dans la Galerie :")
LEAST_INFLUENTIAL_MORE_COINS = Citation(
    _COMMON,
    "Petit conseil : la famille la moins influente reçoit plus de Pièces pour compenser, donc ne vous inquiétez "
    "pas si vous démarrez en dernière position.",
)

# -- the round -------------------------------------------------------------------------------
FOUR_ROUNDS = Citation(_ROUND, "La partie se joue en 4 manches.")
THREE_PHASES = Citation(_ROUND, "Chaque manche comporte 3 phases : Recrutement, Révélation et Fin de manche.")

RECRUIT_ORDER = Citation(
    _RECRUIT,
    "Dans l’ordre d’influence (du plus influent au moins influent), chaque famille recrute un Mercenaire en "
    "suivant ces étapes :",
)
COLUMN_WITH_COST = Citation(_RECRUIT, "Choisissez un Mercenaire dans une colonne qui possède un coût de recrutement.")
FACE_UP_OR_BLIND = Citation(
    _RECRUIT,
    "Vous pouvez prendre une carte face visible OU la première carte face cachée d’un paquet (vous la regarderez "
    "secrètement).",
)
PAY_COINS = Citation(_RECRUIT, "Payez le coût indiqué en Pièces (prises dans votre coffre) à la réserve.")
RUBY_FOR_COIN = Citation(
    _RECRUIT,
    "Vous pouvez toujours remplacer 1 Pièce par 1 Rubis si vous manquez de Pièces, mais attention, vos Rubis "
    "sont précieux pour la victoire !",
)
SLEEVE_AND_PILE = Citation(
    _RECRUIT,
    "Insérez la carte dans l’un de vos protège-cartes (elle porte alors votre blason) et posez-la face cachée "
    "sur la pile commune.",
)
REFILL_ROYAL_SQUARE = Citation(
    _RECRUIT,
    "Quand tout le monde a recruté, on complète la Place Royale en révélant de nouvelles cartes depuis les paquets.",
)
EMPTY_DECK_GAP = Citation(_RECRUIT, "Si un paquet est vide, on laisse les espaces libres.")
FIRST_ROUND_TWICE = Citation(
    _RECRUIT,
    "Attention, point crucial : lors de la première manche uniquement, cette phase de recrutement se fait deux "
    "fois !",
)
MIXED_PAYMENT = Citation(
    f"{_FAQ} › Puis-je payer un recrutement avec un mix de Pièces et de Rubis ?",
    "Oui, vous pouvez payer le coût de recrutement d’un Mercenaire avec un mélange de Pièces et de Rubis.",
)

SHUFFLE_AND_REVEAL = Citation(
    _REVEAL,
    "On mélange la pile commune (qui contient les Mercenaires de tous les joueurs ET les cartes Événement), puis "
    "on les retourne une par une, en appliquant chaque effet immédiatement.",
)
MERCENARY_OWNER = Citation(
    _REVEAL,
    "Quand un Mercenaire est révélé : la famille à qui il appartient (reconnaissable au blason du protège-carte) "
    "applique son effet.",
)
EVENT_APPLIES = Citation(_REVEAL, "Quand un Événement est révélé : toutes les familles concernées appliquent l’effet.")

# -- mercenary effects -----------------------------------------------------------------------
EFFECT_RUBY = Citation(_MERCS, "Rubis : Gagnez 1 Rubis de la réserve et placez-le dans votre coffre.")
EFFECT_RACCOON = Citation(
    _MERCS,
    "Raton Voleur : Choisissez une autre famille. Elle prend 1 Raton Voleur de la réserve et le place devant elle "
    "(c’est une menace pour elle lors des Événements !).",
)
EFFECT_RUBY_THEFT = Citation(
    _MERCS, "Vol de Rubis : Choisissez une autre famille. Elle remet 1 Rubis de son coffre dans la réserve."
)
EFFECT_DIE = Citation(_MERCS, "Dé magique : Lancez le dé magique et appliquez l’effet indiqué.")
EFFECT_COIN = Citation(_MERCS, "Pièce : Gagnez 1 Pièce de la réserve.")
EFFECT_INFLUENCE = Citation(
    _MERCS,
    "Influence : Déplacez n’importe quel Portrait dans la Galerie d’une case vers la gauche ou la droite (vers la "
    "prochaine case libre).",
)
LEVEL_ONE_TWO_EFFECTS = Citation(
    _MERCS, "Les cartes de niveau 1 sont spéciales : elles proposent deux effets séparés par un « / »."
)
LEVEL_ONE_CHOICE = Citation(_MERCS, "À chaque manche, vous choisissez lequel appliquer.")
DIE_FACE = Citation(
    f"{_FAQ} › Comment fonctionne le dé magique ?",
    "Lorsqu’un Mercenaire ou un Événement vous demande de lancer le dé magique, appliquez l’effet indiqué par la "
    "face dévoilée après le lancer.",
)

# -- events ----------------------------------------------------------------------------------
EVENT_BURGLARY = Citation(
    _EVENTS,
    "Cambriolage : La ou les familles ayant le plus de Ratons Voleurs devant elles perdent 2 Rubis, puis "
    "remettent tous leurs Ratons Voleurs dans la réserve.",
)
EVENT_MAGIC_BOOST = Citation(
    _EVENTS, "Coup de pouce magique : La famille la moins influente lance le dé magique et applique son effet."
)
EVENT_SCANDAL = Citation(
    _EVENTS,
    "Scandale : Chaque famille perd des Rubis selon sa position dans la Galerie. Les moins influents (zone de "
    "gauche) perdent 2 Rubis, ceux au centre perdent 1 Rubis, et les plus influents (zone de droite) ne perdent "
    "rien.",
)
EVENT_BRIBE = Citation(
    _EVENTS,
    "Pot-de-vin : Dans l’ordre d’influence, chaque famille peut payer des Pièces (ou Rubis) pour retirer le même "
    "nombre de Ratons Voleurs placés devant elle.",
)
EVENT_MAGES = Citation(
    _EVENTS,
    "Mages mercenaires : Dans l’ordre d’influence, chaque famille peut payer 1 Pièce (ou 1 Rubis) pour lancer le "
    "dé magique.",
)

# -- the Objet précieux ----------------------------------------------------------------------
SELL_OBJECT = Citation(_SALE, "Annoncez que vous vendez votre Objet précieux.")
SALE_TEN_RUBIES = Citation(
    _SALE, "Prenez 10 Rubis de la réserve, mettez-les dans votre coffre, puis payez normalement ce que vous deviez."
)
OBJECT_NOT_RECOVERED = Citation(_SALE, "Placez-le devant vous (il ne pourra plus être récupéré).")
KNOCKED_OUT = Citation(_OUT, "C’est terminé pour vous : vous êtes hors jeu.")
KNOCKED_OUT_CLEANUP = Citation(
    _OUT, "Retirez votre Portrait de la Galerie et remettez vos Ratons Voleurs dans la réserve."
)
KNOCKED_OUT_ROUND_ENDS_GAME = Citation(
    _OUT, "Les autres joueurs finissent la manche en cours, puis la partie se termine immédiatement."
)
KNOCKED_OUT_CARDS_IGNORED = Citation(_OUT, "Si des cartes de votre famille sortent encore, elles sont simplement ignorées.")

# -- end of round and of the game ------------------------------------------------------------
END_OF_ROUND_STEPS = Citation(_END_ROUND, "À la fin de chaque manche (sauf la 4e), effectuez ces 3 étapes :")
PILE_REFORMED = Citation(
    _END_ROUND, "Reformez la pile commune en retournant face cachée toutes les cartes jouées durant la manche."
)
NEW_EVENT = Citation(
    _END_ROUND, "Piochez une nouvelle carte Événement et ajoutez-la, sans la révéler, à la pile commune."
)
ZERO_COST_TILE = Citation(
    _END_ROUND,
    "Insérez une tuile Coût de recrutement 0 dans la gouttière du plateau en décalant les autres tuiles vers la "
    "droite.",
)
NEW_COLUMNS = Citation(
    _END_ROUND, "Cela ouvre de nouvelles colonnes de Mercenaires et fait baisser les coûts de recrutement."
)
GAME_END = Citation(
    _END, "La partie prend fin à l’issue de la 4e manche (ou plus tôt si une famille est mise hors jeu)."
)
FINAL_ADJUSTMENTS = Citation(_END, "Avant de compter les Rubis, appliquez ces derniers ajustements dans l’ordre :")
OBJECT_WORTH_TEN = Citation(_END, "Votre Objet précieux, s’il est encore dans votre coffre, vaut 10 Rubis.")
MOST_RUBIES_WINS = Citation(_END, "La famille avec le plus de Rubis au total remporte la partie et sera couronnée !")
TIE_TO_INFLUENCE = Citation(_END, "En cas d’égalité, c’est la famille la plus influente qui l’emporte.")
FAQ_EXTRA_RUBY = Citation(
    f"{_FAQ} › Quel est l’avantage d’être la famille la plus influente ?",
    "Être la famille la plus influente vous permet de recruter en premier et de bénéficier d’un Rubis "
    "supplémentaire à la fin de la partie.",
)
FAQ_EMPTY_DECK = Citation(
    f"{_FAQ} › Que se passe-t-il si une pile de Mercenaires est épuisée ?",
    "Les autres joueurs peuvent tout de même choisir parmi les cartes restantes.",
)

NOT_EXECUTABLE: dict[str, str] = {
    _ROOT: "the welcome text; its one rule (4 rounds) is cited from « Déroulement d’une manche »",
    f"{_ROOT} › Le matériel de jeu": "a list of components; the engine models those that act (die, tokens, tiles)",
    _SETUP: "a heading without a rule of its own",
    _FAMILY: "setup, applied by ForACrownGame.new_initial_state, which emits no events (tests/engine/for_a_crown "
             "test_setup_coins_by_influence_and_placements checks it); the 10 Rubis also start every chest ledger",
    _OBJECT: "an introduction; the sale and the knock-out are cited from its two subsections",
    f"{_ROOT} › Quelques conseils pour bien démarrer": "strategy advice, no rule",
    _FAQ: "a heading without a rule of its own",
    f"{_FAQ} › Que se passe-t-il si je n’ai plus de Rubis et que mon Objet précieux est déjà vendu ?":
        "restates the knock-out, which events cite from its own section of the Objet précieux mechanism",
    f"{_FAQ} › À quoi servent les Ratons Voleurs dans le jeu ?":
        "restates the Cambriolage, which events cite from « Les effets des Événements »",
}
