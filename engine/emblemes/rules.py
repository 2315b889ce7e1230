"""Every rule of ``corpus/emblemes/rules.md`` the engine applies, as ``Citation`` constants.

Convention shared by all engines: ``engine/<game>/rules.py`` holds the
citations (tests check each section path exists and each quote is verbatim) and
``NOT_EXECUTABLE``, the sections no event cites, each with the reason.
"""

from __future__ import annotations

from engine.core.citations import Citation

_ROOT = "Emblèmes"
MATERIAL = f"{_ROOT} › Le matériel"
SETUP = f"{_ROOT} › Mise en place de la partie"
FLOW = f"{_ROOT} › Déroulement d’une partie"
TURN = f"{_ROOT} › Comment se déroule un tour"
ROUND_END = f"{_ROOT} › Fin d’une manche"
REWARDS = f"{_ROOT} › Récompenses par lieu (set A, 3-4 joueurs)"
GAME_END = f"{_ROOT} › Fin de la partie et décompte final"
EFFECTS = f"{_ROOT} › Les effets de toutes les cartes Personnage"
FAQ = f"{_ROOT} › Foire aux questions (FAQ)"

FAQ_EQUAL = f"{FAQ} › Que se passe-t-il si deux cartes identiques sont placées dans le même lieu ?"
FAQ_ALCHIMISTE = f"{FAQ} › Qu’arrive-t-il quand une carte avec un effet immédiat est copiée par l’Alchimiste ?"
FAQ_TRAITRE = f"{FAQ} › Comment fonctionne l’effet du Traître ?"
FAQ_SORCIERE = f"{FAQ} › Que faire si la Sorcière annule des effets à la fin de la manche ?"
FAQ_TIE = f"{FAQ} › Comment détermine-t-on le vainqueur en cas d’égalité de pièces d’or ?"
FAQ_HIDDEN = f"{FAQ} › Quel est l’avantage de cacher ses pièces d’or ?"
FAQ_ESPIONNE = f"{FAQ} › L’Espionne peut-elle être la seule carte dans un lieu pour un effet optimal ?"
FAQ_MATELOT = f"{FAQ} › Le Matelot double-t-il toujours sa récompense dans le Port ?"
FAQ_CHASSEUR = f"{FAQ} › Que se passe-t-il lorsque le Chasseur défausse une carte dans un lieu ?"

# Material
IMMEDIATE_SYMBOL = Citation(MATERIAL, "un losange (♦) signifie que l’effet s’applique immédiatement quand tu poses la carte")

# Game flow
THREE_ROUNDS = Citation(FLOW, "La partie se joue en 3 manches.")
TURNS_AT_3 = Citation(FLOW, "À 3 joueurs : 4 tours par manche.")
TURNS_AT_4_5 = Citation(FLOW, "À 4 ou 5 joueurs : 3 tours par manche.")
FIRST_PLAYER = Citation(FLOW, "Le joueur le plus fourbe de la table (oui, c’est subjectif, et c’est drôle) reçoit le pion Premier joueur.")

# A turn
SECRET_SELECTION = Citation(TURN, "Tous les joueurs choisissent simultanément une carte de leur main et la posent face cachée devant eux.")
REVEAL_ORDER = Citation(TURN, "En commençant par le Premier joueur puis dans le sens des aiguilles d’une montre, chacun retourne sa carte et la place dans le lieu de son choix (Château, Village ou Port), à droite de la carte Lieu correspondante.")
IMMEDIATE_EFFECTS = Citation(TURN, "Si la carte révélée a un effet immédiat (symbole ♦), lisez-le à voix haute et appliquez-le tout de suite.")
DESCENDING_ORDER = Citation(TURN, "Dans chaque lieu, les cartes doivent toujours être rangées par ordre décroissant de valeur, de gauche à droite.")
EQUAL_VALUE_SIDE = Citation(TURN, "Si ta carte a la même valeur qu’une carte déjà présente, tu choisis de la placer à gauche ou à droite de celle-ci.")
EQUAL_VALUE_FAQ = Citation(FAQ_EQUAL, "Si deux cartes ont la même valeur, le joueur qui la pose choisit de la placer à gauche ou à droite de la carte déjà présente.")
TOKEN_PASSES = Citation(TURN, "Une fois que tout le monde a posé sa carte, le pion Premier joueur passe au joueur à gauche.")

# End of a round
ROUND_SCORING = Citation(ROUND_END, "Quand tous les tours de la manche sont terminés, on passe au décompte pour chacun des trois lieux, dans cet ordre :")
RANKED_REWARDS = Citation(ROUND_END, "Elle indique combien de pièces d’or gagne chaque joueur selon le classement de sa carte : 1ère place = carte la plus à gauche, 2ème place = la suivante, etc.")
DISCARD_REWARDED = Citation(ROUND_END, "Une fois les récompenses distribuées pour les 3 lieux, défaussez toutes les cartes qui ont reçu une récompense.")
LEFTOVERS_STAY = Citation(ROUND_END, "Les autres cartes restent en jeu pour la manche suivante !")
REDRAW = Citation(ROUND_END, "Ensuite, chaque joueur pioche jusqu’à avoir de nouveau 6 cartes en main.")
NEW_ROUND = Citation(ROUND_END, "Puis une nouvelle manche démarre.")

# Rewards
REWARD_TABLE = Citation(REWARDS, "Voici un tableau récapitulatif des pièces d’or distribuées selon le classement dans chaque lieu du set A (face 3-4 joueurs) :")
PER_CARD = Citation(REWARDS, "Gagnez 1 pièce d’or par carte présente dans ce lieu.")
STEAL_REWARD = Citation(REWARDS, "Volez 1 pièce d’or à chaque autre joueur.")
HALF_VALUE = Citation(REWARDS, "Gagnez autant de pièces d’or que la moitié de la valeur de votre carte, arrondie à l’unité supérieure.")

# End of the game
WINNER = Citation(GAME_END, "Le joueur qui possède le plus de pièces d’or gagne la partie et mène sa famille sur le trône.")
TIE_TOKEN = Citation(GAME_END, "En cas d’égalité, c’est le joueur qui détient le pion Premier joueur qui l’emporte.")
TIE_CLOCKWISE = Citation(GAME_END, "Si aucun des joueurs à égalité ne possède ce pion, la victoire revient à celui d’entre eux qui est le plus proche du détenteur du pion, dans le sens des aiguilles d’une montre.")
TIE_FAQ = Citation(FAQ_TIE, "Sinon, c’est le joueur le plus proche du détenteur du pion.")

# Card effects
ROI = Citation(EFFECTS, "Défaussez le Roi si une Voleuse est déjà dans ce lieu.")
PRINCESSE = Citation(EFFECTS, "Attribuez 1 pièce d’or à chaque autre carte présente dans ce lieu (y compris les autres Princesses).")
SORCIERE = Citation(EFFECTS, "Annulez l’effet de fin de manche de toutes les cartes de ce lieu dont la valeur est strictement inférieure à 13.")
SORCIERE_FAQ = Citation(FAQ_SORCIERE, "Toutes les cartes ayant une valeur strictement inférieure à 13 dans ce lieu verront leurs effets de fin de manche annulés par la Sorcière.")
GARDE = Citation(EFFECTS, "Déplacez une carte adjacente (immédiatement à gauche ou à droite) vers un autre lieu.")
VOLEUSE = Citation(EFFECTS, "Volez 2 pièces d’or à un joueur qui possède une carte adjacente.")
ALCHIMISTE = Citation(EFFECTS, "Copiez l’effet immédiat d’une carte adjacente.")
ALCHIMISTE_NOT_ALCHIMISTE = Citation(EFFECTS, "Attention : impossible de copier un autre Alchimiste.")
ALCHIMISTE_FAQ = Citation(FAQ_ALCHIMISTE, "L’Alchimiste ne peut copier qu’un effet immédiat d’une carte adjacente, sauf d’un autre Alchimiste.")
COURTISANE = Citation(EFFECTS, "Remplacez la carte qu’un joueur a sélectionnée (encore face cachée devant lui) par une carte aléatoire de sa main.")
COURTISANE_LAST = Citation(EFFECTS, "Si la Courtisane est la dernière carte révélée du tour, son effet ne peut pas s’appliquer.")
STRATEGE = Citation(EFFECTS, "Imposez le lieu dans lequel un joueur devra placer la carte qu’il a sélectionnée.")
STRATEGE_LAST = Citation(EFFECTS, "Même restriction que la Courtisane si c’est la dernière carte du tour.")
SELECTED_CARD = Citation(EFFECTS, "Une carte sélectionnée est une carte encore face cachée devant un joueur, en attente d’être révélée.")
TRAITRE = Citation(EFFECTS, "Inversez l’attribution des récompenses dans ce lieu !")
TRAITRE_FAQ = Citation(FAQ_TRAITRE, "Le Traître inverse les récompenses en partant de la carte de plus faible valeur, même s’il y a plusieurs Traîtres.")
MARCHAND = Citation(EFFECTS, "Gagnez 1 pièce d’or par carte de valeur strictement inférieure à 6 dans ce lieu.")
GUERRIERE = Citation(EFFECTS, "Défaussez une carte adjacente.")
BARDE = Citation(EFFECTS, "Déplacez une carte d’un autre lieu vers ce lieu.")
ESPIONNE = Citation(EFFECTS, "Gagnez 2 pièces d’or si l’Espionne est votre seule carte dans ce lieu.")
ESPIONNE_FAQ = Citation(FAQ_ESPIONNE, "Oui, si l’Espionne est votre seule carte dans un lieu, vous gagnez 2 pièces d’or grâce à son effet de fin de manche.")
MATELOT = Citation(EFFECTS, "Doublez la récompense du Matelot s’il se trouve dans le Port.")
MATELOT_LOSS = Citation(EFFECTS, "Attention, si la récompense est négative, la perte est aussi doublée !")
MATELOT_FAQ = Citation(FAQ_MATELOT, "Oui, le Matelot double sa récompense dans le Port, mais cela inclut aussi les pertes si la récompense est négative.")
CHASSEUR = Citation(EFFECTS, "Défaussez la carte ayant la plus haute valeur de ce lieu.")
CHASSEUR_FAQ = Citation(FAQ_CHASSEUR, "Le Chasseur défausse la carte de plus haute valeur dans le lieu. En cas d’égalité, il défausse celle à gauche.")
ADJACENT = Citation(EFFECTS, "une carte adjacente est une carte placée immédiatement à gauche ou à droite de la vôtre dans le même lieu")

NOT_EXECUTABLE: dict[str, str] = {
    _ROOT: "Introduction: theme, age, player count and duration; the player count is enforced by Game(), which raises instead of emitting an event.",
    MATERIAL: "Components and the ♦/☐ symbols: setup builds them in new_initial_state/scenario_state, which return a state, not events.",
    SETUP: "Setup (decks, hands of 6, 3 coins, location set and face) happens in new_initial_state/scenario_state, which return a state, not events; the hidden-coins variant only changes observation().",
    FAQ: "Heading only; each question below it is its own section.",
    FAQ_HIDDEN: "The hidden-coins variant changes only what observation() shows (option hidden_coins); no action or event follows from it.",
}
"""Sections of the Emblèmes corpus no engine event cites, with the reason."""
