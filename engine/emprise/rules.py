"""Every rule of ``corpus/emprise/rules.md`` the engine applies, as ``Citation`` constants.

Convention shared by all engines: ``engine/<game>/rules.py`` holds the
citations (tests check each section path exists and each quote is verbatim) and
``NOT_EXECUTABLE``, the sections no event cites, each with the reason.
"""

from __future__ import annotations

from engine.core.citations import Citation

_ROOT = "EMPRISE"
RANKS = f"{_ROOT} › Les quatre rangs"
CAPTURE = f"{_ROOT} › Capturer une carte"
RESONANCE = f"{_ROOT} › La Résonance"
ONDE = f"{_ROOT} › L'Onde"
ORDERS = f"{_ROOT} › Les Ordres"
RESERVE = f"{_ROOT} › La Réserve"
START_AND_WIN = f"{_ROOT} › Qui commence, et comment on gagne"
TIE = f"{_ROOT} › L'égalité\u00a0: Mort Subite et Dernier Mot"
MODES = f"{_ROOT} › Les modes de jeu"
FAQ = f"{_ROOT} › Questions fréquentes"

# The duel
EIGHT_CARDS_TWENTY_SQUARES = Citation(_ROOT, "Chaque camp a huit cartes et les pose une à une, chacun son tour, sur un plateau de vingt cases (cinq colonnes, quatre rangées).")
ONLY_CHANCE_IS_FIRST_PLAYER = Citation(_ROOT, "Le seul hasard imposé est le tirage de celui qui commence.")

# Ranks
FACING_RANKS = Citation(RANKS, "Quand vous posez une carte contre une carte ennemie, seuls les deux rangs qui se font face comptent.")
QUARTER_TURN = Citation(RANKS, "Elles portent les mêmes chiffres, tournés d'un quart de tour\u00a0: à vous de choisir quel côté montrer à l'adversaire.")
FOUR_CARDS_PER_ORDER = Citation(RANKS, "Chaque Ordre compte quatre cartes.")

# Captures
STRICTLY_GREATER = Citation(CAPTURE, "Si votre rang est strictement supérieur au rang d'en face, la carte ennemie passe dans votre camp.")
TIE_NOTHING = Citation(CAPTURE, "À égalité, rien ne bouge.")
SINGLE_TIE = Citation(RESONANCE, "Une égalité seule ne prend rien.")
TWO_TIES = Citation(RESONANCE, "Mais si votre carte fait deux égalités exactes au même coup, les cartes ennemies à égalité tombent toutes ensemble.")
OWN_CARD_TIE = Citation(RESONANCE, "Une de vos propres cartes peut fournir l'une des deux égalités\u00a0: elle ne change pas de camp, mais elle compte pour déclencher la Résonance.")
ONDE_SERVES = Citation(ONDE, "Les cartes prises par une Résonance ne s'arrêtent pas là\u00a0: elles servent aussitôt votre camp.")
ONDE_ATTACK = Citation(ONDE, "Chacune déclenche sa capacité pour vous, puis attaque ses voisines ennemies avec la règle normale.")
ONDE_CHAIN = Citation(ONDE, "Chaque carte qui tombe à son tour relance la chaîne.")

# Orders
TWO_ORDERS = Citation(ORDERS, "Avant chaque duel, vous choisissez deux Ordres, à la main ou au dé\u00a0: vos huit cartes sont les quatre cartes de chacun, et c'est dans leur alliance que se joue la partie.")
DORES = Citation(f"{ORDERS} › Dorés", "Échange son rang exposé avec celui de chaque ennemie adjacente.")
CENDRES = Citation(f"{ORDERS} › Cendres", "Attire la carte la plus proche de chaque côté, alliée ou ennemie.")
PIQUES = Citation(f"{ORDERS} › Piques", "Transperce les cartes alignées par direction.")
ARCHERS = Citation(f"{ORDERS} › Archers", "Capture en ligne droite, même à distance.")
ABYSSES = Citation(f"{ORDERS} › Abysses", "Chaque Abysse en jeu renforce les autres de +1.")
CHIMERES = Citation(f"{ORDERS} › Chimères", "Retourne le rang de chaque ennemie adjacente sur son axe.")
PESTIFERES = Citation(f"{ORDERS} › Pestiférés", "Empoisonne les 4 cases voisines\u00a0: −1 sur tous les rangs.")
GARDIENS = Citation(f"{ORDERS} › Gardiens", "+1 sur le rang attaqué, le temps du combat.")
SCRIBES = Citation(f"{ORDERS} › Scribes", "Rangs cachés en main, puis 1 tour après la pose.")
MAUDITS = Citation(f"{ORDERS} › Maudits", "Gagne +1 permanent sur ses 4 rangs à chaque capture subie.")

# Reserve
RESERVE_SET_ASIDE = Citation(RESERVE, "Avant chaque duel, vous mettez deux cartes de côté, une par Ordre, jamais deux fois le même\u00a0: c'est votre Réserve.")
RESERVE_KEEPS_HAND = Citation(RESERVE, "Votre main n'y perd rien, vous jouez toujours vos huit cartes.")

# Start and scoring
FIRST_PLAYER_DRAWN = Citation(START_AND_WIN, "Le premier joueur est tiré au sort.")
SIXTEEN_PLACED = Citation(START_AND_WIN, "À la fin du duel, seize cartes sont posées et quatre cases restent vides.")
HEAD_START = Citation(START_AND_WIN, "Celui qui a ouvert le duel ne pose pas la dernière carte, un vrai désavantage\u00a0: il reçoit donc deux points d'avance au décompte.")
COUNT_CARDS = Citation(START_AND_WIN, "Chaque camp compte ensuite les cartes qu'il possède sur le plateau.")

# Ties
SUDDEN_DEATH = Citation(TIE, "En cas d'égalité parfaite, c'est la Mort Subite\u00a0: chaque camp sort une carte de sa Réserve et la pose sur une case restée vide.")
LAST_WORD = Citation(TIE, "Si l'égalité tient encore après les deux rondes, le Dernier Mot tranche\u00a0: un point revient à celui qui n'a pas ouvert le duel.")
NO_DRAW = Citation(TIE, "Un duel d'EMPRISE ne s'achève jamais sur un nul.")

_NOT_RULES = "describes the product (modes, accounts, authorship), not a rule of the duel"
NOT_EXECUTABLE: dict[str, str] = {
    f"{ORDERS} › ???": "announces a future Order with no name nor ability: nothing to execute",
    MODES: _NOT_RULES,
    f"{MODES} › Contre l'Écho": "an AI opponent's levels, not a rule of the duel",
    f"{MODES} › Mode Histoire": _NOT_RULES,
    f"{MODES} › Tournois": _NOT_RULES,
    f"{MODES} › Classé et défis entre amis": _NOT_RULES,
    f"{MODES} › Confluence": "both sides get the same hand: a setup choice the engine takes as options.orders, no rule of play",
    f"{MODES} › Duel local": _NOT_RULES,
    FAQ: _NOT_RULES,
    f"{FAQ} › EMPRISE est-il gratuit\u00a0?": _NOT_RULES,
    f"{FAQ} › Faut-il créer un compte ou télécharger quelque chose\u00a0?": _NOT_RULES,
    f"{FAQ} › Y a-t-il un tutoriel\u00a0?": _NOT_RULES,
    f"{FAQ} › EMPRISE ressemble-t-il à Triple Triad\u00a0?": _NOT_RULES,
    f"{FAQ} › Qui a fait EMPRISE\u00a0?": _NOT_RULES,
    f"{FAQ} › Le jeu est-il terminé\u00a0?": _NOT_RULES,
}
