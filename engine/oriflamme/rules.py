"""Every rule of ``corpus/oriflamme/rules.md`` the engine applies, as ``Citation`` constants.

Sections are the heading paths of the rulebook joined with `` › ``; quotes are
verbatim sentences of those sections (``tests/engine/test_citations.py``).
``NOT_EXECUTABLE`` lists the sections no event cites, with the reason.
"""

from __future__ import annotations

from engine.core.citations import Citation

_ROOT = "Oriflamme Embrasement"
GOAL = f"{_ROOT} › BUT DU JEU"
SETUP = f"{_ROOT} › MISE EN PLACE"
TURN = f"{_ROOT} › Tour de jeu"
RESOLUTION = f"{_ROOT} › Phase de résolution"
ELIMINATION = f"{_ROOT} › ÉLIMINER UNE CARTE"
NEW_TURN = f"{_ROOT} › NOUVEAU TOUR DE JEU"
STACKS = f"{_ROOT} › PILE DE CARTES"
GAME_END = f"{_ROOT} › Fin de partie"
_CHARACTERS = f"{_ROOT} › CARTES PERSONNAGE"
_INTRIGUES = f"{_ROOT} › CARTES INTRIGUE"
PRINCE = f"{_CHARACTERS} › Le prince – symbole croix"
JUMEAU = f"{_CHARACTERS} › Le jumeau – symbole deux point"
REINE = f"{_CHARACTERS} › La reine"
COUPE_JARRET = f"{_CHARACTERS} › Le coupe-jarret"
APOTHICAIRE = f"{_CHARACTERS} › L’apothicaire"
FELON = f"{_CHARACTERS} › Le félon"
INTRIGANTE = f"{_CHARACTERS} › L’intrigante"
USURPATION = f"{_INTRIGUES} › Usurpation"
MACHINATION = f"{_INTRIGUES} › Machination"
GUET_APENS = f"{_INTRIGUES} › Guet-apens"
CORRUPTION = f"{_INTRIGUES} › Corruption"

# Goal and setup
SIX_TURNS_GOAL = Citation(GOAL, "Au terme des 6 tours de jeu, le joueur qui a accumulé le plus de points d’influence pour sa famille remporte la partie")
FAMILY_CARDS = Citation(SETUP, "Chaque joueur prend les 11 cartes de sa famille et le jeton corruption correspondant")
TWIN_ASIDE = Citation(SETUP, "Il met de côté la carte jumeau, face visible")
DEAL = Citation(SETUP, "Il mélange les 10 cartes restantes et en écarte 3 au hasard qu’il met de côté, face cachée Il conserve les 7 cartes restantes dans sa main, sans les montrer aux autres joueurs Chaque joueur reçoit un point d’influence qu’il place devant lui.")
OLDEST_STARTS = Citation(SETUP, "Le joueur le plus âgé commence la partie.")
DIRECTION_TILE = Citation(SETUP, "Celle-ci rappelle le sens dans lequel seront appliquées les capacités de cartes pour l’ensemble de la partie.")

# Placement
SIX_TURNS = Citation(TURN, "Oriflamme se joue en 6 tours, chaque tour de jeu se déroule en deux phases")
PLACEMENT = Citation(TURN, "En commençant par le premier joueur, puis dans le sens des aiguilles d’une montre, chaque joueur choisit secrètement une carte de sa main et la pose face cachée dans la file, soit au début de la file, soit à la fin de la file, soit sur une carte de sa famille déjà présente dans la file")
EMPTY_LINE = Citation(TURN, "S’il n’y a aucune carte dans la file, le joueur pose simplement sa carte au centre de la table.")
PLACEMENT_ENDS = Citation(TURN, "La phase de placement s’achève lorsque tous les joueurs ont posé une carte de leur main dans la file")

# Resolution
RESOLUTION_DIRECTION = Citation(RESOLUTION, "Cette phase se déroule dans le sens de la file, qui est le même pour toute la partie")
RESOLUTION_ORDER = Citation(RESOLUTION, "En commençant par la première carte de la file, jusqu’à la dernière, le joueur propriétaire résout la carte :")
FACE_DOWN_OPTIONS = Citation(RESOLUTION, "Si la carte est face cachée, il y a deux options :")
PLACE_INFLUENCE = Citation(RESOLUTION, "Soit il place un point d’influence dessus qu’il prend de la réserve.")
POINTS_ACCUMULATE = Citation(RESOLUTION, "S’il laisse la carte face cachée plusieurs tours, il y aura donc plusieurs points d’influence dessus")
REVEALED_APPLIES = Citation(RESOLUTION, "Si la carte a déjà été révélée lors d’un tour précédent, il n’a pas le choix : il applique immédiatemment sa capacité.")
MANDATORY = Citation(RESOLUTION, "Il est obligatoire d’appliquer la capacité d’une carte révélée.")

# Eliminations
ELIMINATION_POINT = Citation(ELIMINATION, "A chaque fois qu’un joueur élimine une carte, il gagne un point d’influence.")
FACE_DOWN_POINTS_LOST = Citation(ELIMINATION, "Si la carte éliminée était encore face cachée, les éventuels points d’influence dessus sont perdus et la carte est révélée.")
REMOVED = Citation(ELIMINATION, "Dans tous les cas, la carte éliminée est immédiatement sortie de la file.")
CLOSE_UP = Citation(ELIMINATION, "Si elle était entre deux cartes, rapprochez les cartes de la file pour combler le vide.")
IN_FRONT_OF_OWNER = Citation(ELIMINATION, "Les cartes défaussées ou éliminées sont placées face visible devant leur propriétaire.")

# New turn
TILE_PASSES = Citation(NEW_TURN, "Le joueur qui avait la tuile premier joueur la donne au joueur à sa gauche.")
CARDS_STAY = Citation(NEW_TURN, "Les cartes présentes dans la file d’influence restent en place, en l’état.")

# Stacks
STACK_ON_OWN = Citation(STACKS, "Un joueur peut placer une carte sur une autre de ses propres cartes déjà en jeu, révélée ou non.")
STACK_COVERS = Citation(STACKS, "La carte qui vient d’être placée recouvre alors la précédente, y compris les éventuels points d’influence qui pouvaient être dessus.")
COVERED_IGNORED = Citation(STACKS, "Tant qu’elle est recouverte, une carte n’est plus prise en compte lors de la phase de résolution.")
COVERED_NOTHING = Citation(STACKS, "Une carte recouverte ne peut donc pas être révélée, ni accueillir de points d’influence supplémentaires dessus, ni appliquer sa capacité, ni être prise pour cible.")

# End of the game
LAST_CARD_UNPLAYED = Citation(GAME_END, "Chaque joueur commençant avec 7 cartes en main, à la fin du 6e tour, il restera à chacun une carte en main qui ne sera pas jouée.")
MOST_INFLUENCE = Citation(GAME_END, "Le joueur ayant accumulé le plus grand nombre de points d’influence gagne la partie !")
POINTS_ON_CARDS_IGNORED = Citation(GAME_END, "En fin de partie, les points d’influence encore présents sur des cartes de la file d’influence ne comptent pas dans le score final.")
TIE_BREAK = Citation(GAME_END, "En cas d’égalité, le joueur ayant le plus de cartes de sa famille encore présentes dans la file d’influence l’emporte")

# Characters
PRINCE_REVEAL = Citation(PRINCE, "Lorsque vous révélez le prince, placez le jumeau de votre famille, révélé, dans la file.")
PRINCE_GAIN = Citation(PRINCE, "Gagnez un point d’influence.")
PRINCE_ELIMINATED = Citation(PRINCE, "Lorsque le prince est éliminé, défaussez le jumeau de votre famille, sauf s’il est recouvert")
JUMEAU_GAIN = Citation(JUMEAU, "Gagnez un point d’influence.")
JUMEAU_ELIMINATED = Citation(JUMEAU, "Lorsque le jumeau est éliminé, défaussez le prince de votre famille, sauf s’il est recouvert.")
REINE_GAIN = Citation(REINE, "Gagnez deux points d’influence.")
REINE_BONUS = Citation(REINE, "Si un joueur adverse élimine la reine, il gagne un point d’influence supplémentaire.")
COUPE_JARRET_ABILITY = Citation(COUPE_JARRET, "Eliminez une carte adjacente ainsi que toutes les cartes adverses révélées du même nom.")
COUPE_JARRET_SINGLE = Citation(COUPE_JARRET, "Si une seule carte est éliminée, ne gagnez pas le point d’influence de l’élimination.")
APOTHICAIRE_ABILITY = Citation(APOTHICAIRE, "Eliminez une carte adjacente à une autre carte de votre famille.")
FELON_ABILITY = Citation(FELON, "Chaque joueur perd un point d’influence pour chaque carte de sa famille adjacente")
INTRIGANTE_ABILITY = Citation(INTRIGANTE, "Si cette carte est adjacente à une pile de cartes, défaussez-là, sinon gagnez 2 points d’influence.")

# Intrigues
USURPATION_ELIMINATE = Citation(USURPATION, "Éliminez une carte adjacente.")
USURPATION_REPLACE = Citation(USURPATION, "Si c’est un personnage adverse, remplacez-le par le même personnage, révélé, parmi vos cartes écartées, défaussées ou éliminées.")
USURPATION_DISCARD = Citation(USURPATION, "Défaussez ensuite l’usurpation.")
MACHINATION_ACTIVATE = Citation(MACHINATION, "Activez la capacité de n’importe quel personnage révélé de votre famille.")
MACHINATION_POINTS = Citation(MACHINATION, "Chaque point d’influence présent sur la machination, peut être soit gagné, soit défaussé pour répéter l’effet ci-dessus.")
MACHINATION_DISCARD = Citation(MACHINATION, "Défaussez ensuite la machination.")
GUET_APENS_REVEALED = Citation(GUET_APENS, "Défaussez les points d’influence présents sur le guet-apens et gagnez un point d’influence.")
GUET_APENS_DISCARD = Citation(GUET_APENS, "Défaussez ensuite le guet-apens.")
GUET_APENS_TRAP = Citation(GUET_APENS, "Si le guet-apens est éliminé par une carte adverse, défaussez la carte adverse et volez 3 points d’influence au joueur adverse.")
CORRUPTION_TOKEN = Citation(CORRUPTION, "Placez le jeton corruption de votre famille sur n’importe quel personnage révélé.")
CORRUPTION_FAMILY = Citation(CORRUPTION, "Ce personnage est dorénavant de votre famille.")
CORRUPTION_DISCARD = Citation(CORRUPTION, "Défaussez ensuite la corruption.")

NOT_EXECUTABLE = {
    f"{_ROOT}": "the title heading of the rulebook: it states no rule",
    SETUP: "applied by new_initial_state, which deals a position and returns no events",
    f"{_ROOT} › Adaptation": "an empty heading in the source web page: no text under it",
    _CHARACTERS: "a heading over the seven character cards, with no text of its own",
    _INTRIGUES: "a heading over the four intrigue cards, with no text of its own",
}
"""Sections no event cites, and why."""
