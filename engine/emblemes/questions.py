"""What Emblèmes questions and templates need beyond the glossary.

``recognise`` reads ``les deux``/``both``/``each`` as the ``les_deux`` concept
(a question about several players at once), card values written as numbers (``un 5``, ``valeur 13``)
as ``value`` entities, and ``à côté de``/``beside`` as the glossary's
``carte_adjacente`` (which templates about neighbours require), and ``dans le
même lieu``/``within the same location`` as a ``same_location`` relation. ``prepare`` makes a filled template a valid position:
grounding renders cards named in a question as ``{card, owner}`` with the owner
``"self"`` (the asker, seat 0) or ``"other"``/None (seat 1), and puts each row in
the descending order the rules require (stable: equal values keep the order
written). ``describe`` words an event in
French for the account of an engine-checked answer (the engine's messages are
English). All return plain data, so the engine never imports the service.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from engine.core.wording import french_describer
from language import fold_same_length
from engine.emblemes.cards import card_value

__all__ = ["describe", "prepare", "recognise"]

_VALUE = re.compile(r"\b(?:valeur|value|un|une|a)\s+(1[0-5]|[1-9])\b(?!\s*(?:joueur|player|piece|coin|jeton|token|carte|card|tour|turn|manche|round))")
_PLAYER_COUNT_BEFORE = re.compile(r"\b(?:jou\w*|partie|on\s+est|sommes|play\w*\s+with|game\s+with)\s*$")
"""``joue à 4``, ``partie à 5``: the number after ``à`` is a player count, not a card value."""
_BESIDE = re.compile(r"\b(?:juste\s+)?a\s+cote\s+d(?:e|u|es|['’])|\bbeside\b|\balongside\b")
"""Adjacency the glossary's ``carte_adjacente`` aliases miss: ``à côté de``, ``beside``."""
_SAME_PLACE = re.compile(
    r"\b(?:dans|au|a)\s+(?:le\s+)?meme\s+(?:lieu|endroit|emplacement)\b|\b(?:within|in)\s+the\s+same\s+(?:location|place|spot)\b"
)
"""``dans le même lieu``: a relation between places that no location slot holds (a ``relation`` entity)."""
_BOTH = re.compile(r"\b(?:les|tous\s+les|toutes\s+les)\s+deux\b|\bchacun\w*\b|\bboth\b|\beach\s+of\s+them\b|\beach\b")
"""``les deux``, ``chacun``, ``both``, ``each``: the question is about several players at once (``les_deux``)."""
_SEATS = {"self": 0, "other": 1, None: 1}
"""Owners written by roles: the asker sits at seat 0, "another player" at seat 1."""


def recognise(question: str) -> list[dict]:
    """Card values written as numbers (``value``; the number is then not a count) and adjacency (``carte_adjacente``)."""
    folded = fold_same_length(question)
    found = [
        {"kind": "value", "value": int(match.group(1)), "start": match.start(1), "end": match.end(1)}
        for match in _VALUE.finditer(folded)
        if not _PLAYER_COUNT_BEFORE.search(folded[: match.start()])
    ]
    found += [
        {"kind": "relation", "value": "same_location", "start": match.start(), "end": match.end()}
        for match in _SAME_PLACE.finditer(folded)
    ]
    found += [{"kind": "concept", "value": "les_deux", "start": m.start(), "end": m.end()} for m in _BOTH.finditer(folded)]
    return found + [
        {"kind": "concept", "value": "carte_adjacente", "start": match.start(), "end": match.end()}
        for match in _BESIDE.finditer(folded)
    ]


def prepare(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario with its location rows as ``{card, owner}`` dicts in descending order of value."""
    position = scenario.get("position")
    if not isinstance(position, Mapping) or not isinstance(position.get("locations"), Mapping):
        return dict(scenario)
    rows = {name: _row(cards, name) for name, cards in position["locations"].items()}
    return {**scenario, "position": {**position, "locations": rows}}


def _row(cards: Any, location: str) -> list[dict]:
    if not isinstance(cards, list) or not all(isinstance(card, Mapping) for card in cards):
        raise ValueError(f"position.locations.{location}: expected a list of {{card, owner}}, got {cards!r}")
    entries = [{**card, "owner": _SEATS.get(card.get("owner"), card.get("owner"))} for card in cards]
    return sorted(entries, key=lambda entry: -card_value(entry["card"]))


def _of(data: Mapping[str, Any], key: str = "player") -> str:
    return f"du joueur {data[key]}"


def _in(data: Mapping[str, Any]) -> str:
    return {"Château": "au Château", "Village": "au Village", "Port": "au Port"}.get(data["location"], data["location"])


_EVENTS_FR: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "card_selected": lambda d: f"le joueur {d['player']} sélectionne face cachée : {d['card']}",
    "card_placed": lambda d: f"le joueur {d['player']} révèle {d['card']} et la place {_in(d)}"
    + (f", à {'gauche' if d['side'] == 'left' else 'droite'} de la carte de même valeur" if d.get("side") else ""),
    "choice_required": lambda d: f"{d['effect']} {_of(d)} : {d['options']} choix possible(s)",
    "effect_without_target": lambda d: f"{d['effect']} {_of(d)} : aucune cible possible, l’effet ne s’applique pas",
    "effect_declined": lambda d: f"le joueur {d['player']} renonce à l’effet {d['effect']}",
    "courtisane_target": lambda d: f"la Courtisane {_of(d)} vise la carte sélectionnée du joueur {d['target']}",
    "courtisane_swap": lambda d: f"la carte sélectionnée du joueur {d['target']} ({d['replaced']}) retourne en main, "
    f"remplacée au hasard par {d['card']}",
    "stratege_impose": lambda d: f"le Stratège {_of(d)} impose {_in(d)} au joueur {d['target']}",
    "voleuse_steal": lambda d: f"la Voleuse {_of(d)} vole {d['amount']} pièce(s) d’or au joueur {d['target']}",
    "guerriere_discard": lambda d: f"la Guerrière {_of(d)} défausse {d['card']} {_of(d, 'owner')}",
    "alchimiste_copy": lambda d: f"l’Alchimiste {_of(d)} copie l’effet de {d['card']}",
    "garde_move": lambda d: f"le Garde déplace {d['card']} {_of(d, 'owner')} du {d['from']} vers le {d['location']}",
    "barde_move": lambda d: f"le Barde fait venir {d['card']} {_of(d, 'owner')} du {d['from']} {_in(d)}",
    "roi_stays": lambda d: f"le Roi {_of(d)} reste : pas de Voleuse {_in(d)}",
    "roi_flees": lambda d: f"le Roi {_of(d)} fuit devant la Voleuse {_in(d)} : il est défaussé",
    "chasseur_discard": lambda d: f"le Chasseur {_of(d)} défausse la carte la plus haute du lieu : {d['card']} {_of(d, 'owner')}"
    + (" (la plus à gauche des ex æquo)" if d.get("tie") else ""),
    "round_scoring": lambda d: f"fin de la manche {d['round']} : décompte du Château, du Village puis du Port",
    "effect_cancelled": lambda d: f"{d['card']} {_of(d)} {_in(d)} : effet annulé par la Sorcière",
    "princesse_gift": lambda d: f"la Princesse {_of(d)} donne 1 pièce d’or à chacune des autres cartes {_in(d)}",
    "sorciere_cancel": lambda d: f"la Sorcière {_of(d)} annule {len(d['cancelled'])} effet(s) de fin de manche {_in(d)}",
    "traitre_reverse": lambda d: f"le Traître {_of(d)} inverse les récompenses {_in(d)}"
    + (" (déjà inversées : plusieurs Traîtres n’inversent qu’une fois)" if d.get("traitres", 1) > 1 else ""),
    "marchand_income": lambda d: f"le Marchand {_of(d)} gagne {d['amount']} pièce(s) d’or (cartes de valeur inférieure à 6 {_in(d)})",
    "espionne_income": lambda d: f"l’Espionne {_of(d)} est sa seule carte {_in(d)} : {d['amount']} pièce(s) d’or",
    "espionne_not_alone": lambda d: f"l’Espionne {_of(d)} n’est pas sa seule carte {_in(d)} : rien",
    "matelot_double": lambda d: f"le Matelot {_of(d)} est au Port : sa récompense sera doublée",
    "matelot_not_in_port": lambda d: f"le Matelot {_of(d)} est {_in(d)}, pas au Port : aucun effet",
    "reward": lambda d: f"{d['location']}, {d['place']}{'re' if d['place'] == 1 else 'e'} place : {d['card']} {_of(d)} reçoit {d['amount']} pièce(s) d’or"
    + (" (doublée)" if d.get("doubled") else ""),
    "cards_discarded": lambda d: f"{len(d['cards'])} carte(s) récompensée(s) défaussée(s)",
    "cards_stay": lambda d: (f"{d['cards']} carte sans récompense reste en jeu pour la manche suivante" if d["cards"] == 1
                             else f"{d['cards']} cartes sans récompense restent en jeu pour la manche suivante"),
    "cards_drawn": lambda d: f"chacun complète sa main à 6 cartes (cartes piochées par joueur : {d['drawn']})",
    "round_started": lambda d: f"la manche {d['round']} commence",
    "token_passed": lambda d: f"le pion Premier joueur passe du joueur {d['from']} au joueur {d['to']}",
    "turns_over": lambda d: f"les {d['turns']} tours de la manche {d['round']} sont joués",
    "game_over": lambda d: f"après la troisième manche, le joueur {d['winner']} gagne avec {d['coins'][d['winner']]} pièces d’or"
    + (f" (égalité entre les joueurs {d['tied']})" if len(d.get("tied", ())) > 1 else ""),
}

_REJECTIONS_FR = {
    "wrong_effect": "ce n’est pas l’effet en attente",
    "illegal_choice": "ce choix n’est pas permis par l’effet",
    "not_in_hand": "cette carte n’est pas dans la main du joueur",
    "game_over": "la partie est terminée : elle se joue en 3 manches",
    "wrong_phase": "ce n’est pas le moment de cette action",
    "already_selected": "le joueur a déjà sélectionné une carte ce tour-ci",
    "wrong_turn": "ce n’est pas à ce joueur d’agir",
    "forced_location": "un Stratège a imposé un autre lieu à ce joueur",
    "side_required": "une carte de même valeur est déjà là : il faut choisir à gauche ou à droite",
}

describe = french_describer(_EVENTS_FR, _REJECTIONS_FR)
"""The event in ``language`` (French only; None leaves the engine's English message)."""
