"""Citations of the toy game's rulebook (``tests/engine/toy/rules.md``)."""

from engine.core.citations import Citation

_ROOT = "Tas"

DEAL = Citation(f"{_ROOT} › Mise en place", "Chaque joueur reçoit 2 cartes, qu'il garde cachées.")
FIRST_PLAYER = Citation(f"{_ROOT} › Mise en place", "Le premier joueur est tiré au sort.")
PLAY = Citation(f"{_ROOT} › Tour de jeu", "le joueur actif pose une carte de sa main face visible et marque sa valeur.")
DRAW = Citation(f"{_ROOT} › Tour de jeu", "Il pioche ensuite une carte.")
RESHUFFLE = Citation(f"{_ROOT} › Tour de jeu › Pioche épuisée",
                     "Quand la pioche est vide, la défausse est mélangée et forme une nouvelle pioche, face cachée.")
MATCH = Citation(f"{_ROOT} › Tour de jeu › Doublé", "chaque autre joueur, dans l'ordre du tour, paie 1 point au joueur actif ou refuse.")
PUNISH = Citation(f"{_ROOT} › Tour de jeu › Doublé",
                  "le joueur actif choisit s'il perd 2 points ou si lui-même gagne 1 point.")
END = Citation(f"{_ROOT} › Fin de partie", "La partie s'arrête quand chaque joueur a posé 3 cartes.")
WINNER = Citation(f"{_ROOT} › Fin de partie", "Le plus haut score gagne ; les égalités sont partagées.")

NOT_EXECUTABLE = {
    "Tas": "The title and the purpose of the game: no rule to apply.",
    "Tas › Matériel": "The ten cards are the engine's constant CARDS; no event applies it, the invariants check it.",
    "Tas › Mise en place": "Setup happens in new_initial_state, which returns a state and no events.",
}
