"""What Oriflamme questions need beyond the glossary: a card between the asker's and another's, French accounts.

``recognise`` reads "entre ma reine et une carte de Léa", "between my Queen and
Hugo's card" (either order) as the ``entre_mien_et_autre`` relation: the card
talked about sits between one of the asker's cards and another player's, which
the Félon's template requires (between two of the asker's cards, or two of
another player's, the losses differ).

The engine's event messages are English; ``describe`` words an event (its kind
and data) in French for the account of an engine-checked answer, so a French
question gets a French answer throughout. Seats are worded as the templates
place them: seat 0 is the asker ("vous"), seat 1 an opponent. Returns plain
data, so the engine never imports the service.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from engine.core.wording import french_describer
from language import fold_same_length

__all__ = ["describe", "recognise"]

_MINE = r"(?:ma|mon|mes|une\s+de\s+mes|un\s+de\s+mes|l['’]une\s+de\s+mes|my|one\s+of\s+my)\s+[\w-]+(?:\s+[\w-]+)?"
_THEIRS = (
    r"(?:(?:une?|la|le|l['’])\s*[\w-]+(?:\s+[\w-]+)?\s+(?:de\s+[\w-]+|d['’][\w-]+|adverses?|d['’]un\s+adversaire)"
    r"|[\w-]+['’]s\s+[\w-]+(?:\s+[\w-]+)?|(?:an?|the)\s+opponent['’]s\s+[\w-]+)"
)
_BETWEEN = re.compile(
    rf"\b(?:entre|between)\s+(?:{_MINE})\s+(?:et|and)\s+(?:{_THEIRS})|\b(?:entre|between)\s+(?:{_THEIRS})\s+(?:et|and)\s+(?:{_MINE})"
)


_PUT_ON_TOP = re.compile(
    r"\b(?:pose|posee|posees|place|placee|mis|mise|remis)\s+(?:[\w'’-]+\s+){0,3}?(?:dessus|par-dessus|sur\s+(?:lui|elle))\b"
    r"|\b(?:stacked|put|placed)\s+(?:[\w'’-]+\s+){0,3}?on\s+top\s+of\b"
)
"""A card put on another ("il a posé son apothicaire dessus"): a pile, which the glossary's words miss."""


_N = r"(?:\d+|un|une|deux|trois|quatre|cinq|six|one|two|three|four|five|six|a\s+couple\s+of|several|plusieurs)"
_WHEN = re.compile(
    rf"\b(?:il\s+y\s+a|depuis|pendant|durant)\s+{_N}\s+(?:tours?|manches?)\b"
    r"|\b(?:au|du|lors\s+du|depuis\s+le)\s+tour\s+\d\b|\b(?:aux|des)\s+tours\s+\d(?:\s*(?:,|et)\s*\d)*\b"
    rf"|\b{_N}\s+(?:rounds?|turns?)\s+ago\b|\b(?:in|since)\s+(?:round|turn)\s+\d\b"
)
"""When something happened ("il y a deux tours", "au tour 2", "two rounds ago"): the template positions are
the present, so these numbers count nothing in them."""
_HOW_FAR = re.compile(
    rf"\b{_N}\s+cartes?\s+plus\s+loin\b|\b{_N}\s+cards?\s+(?:further|farther|more\s+far|away|down\s+the\s+line)\b"
    r"|\b(?:at\s+)?one\s+end\s+of\b|\b(?:a\s+)?(?:une|l['’]une)\s+des\s+extremites\b|\b(?:a\s+)?un\s+bout\s+de\b"
)
"""How far along the line ("trois cartes plus loin"): a distance, not a count of cards in the position."""


def recognise(question: str) -> list[dict]:
    """``entre_mien_et_autre`` (a card between one of the asker's and another player's) and piles said with a verb."""
    folded = fold_same_length(question)
    found = [{"kind": "relation", "value": "entre_mien_et_autre", "start": m.start(), "end": m.end()}
             for m in _BETWEEN.finditer(folded)]
    found += [{"kind": "concept", "value": "pile_de_cartes", "start": m.end() - 6, "end": m.end()}
              for m in _PUT_ON_TOP.finditer(folded)]
    found += [{"kind": "concept", "value": "tour_de_jeu", "start": m.start(), "end": m.end()} for m in _WHEN.finditer(folded)]
    return found + [{"kind": "concept", "value": "carte_adjacente", "start": m.start(), "end": m.end()}
                    for m in _HOW_FAR.finditer(folded)]


def _who(seat: Any) -> str:
    return "vous" if seat == 0 else f"le joueur {seat}"


def _does(seat: Any, third: str, second: str) -> str:
    """The subject and its verb: "vous posez", "le joueur 1 pose" (the asker is addressed as "vous")."""
    return f"vous {second}" if seat == 0 else f"le joueur {seat} {third}"


def _his(seat: Any) -> str:
    return "votre" if seat == 0 else "sa"


def _to_seat(seat: Any) -> str:
    return "à vous" if seat == 0 else f"au joueur {seat}"


def _whose(seat: Any) -> str:
    return "à vous" if seat == 0 else f"du joueur {seat}"


def _points(amount: Any) -> str:
    return f"{amount} point(s) d’influence"


_EVENTS_FR: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "card_placed": lambda d: f"{_does(d['player'], 'pose', 'posez')} une carte face cachée ({d['at']})",
    "resolution_started": lambda d: f"la résolution du tour {d['turn']} commence par la première carte de la file",
    "influence_placed": lambda d: f"{_does(d['player'], 'pose', 'posez')} un point d’influence sur {_his(d['player'])} carte face cachée ({d['points']} dessus)",
    "card_revealed": lambda d: f"{_does(d['player'], 'révèle', 'révélez')} {d['card']}",
    "card_resolves": lambda d: f"{d['card']} ({_whose(d['player'])}), déjà révélé(e), applique sa capacité",
    "influence_gained": lambda d: f"{_does(d['player'], 'gagne', 'gagnez')} {_points(d['amount'])} ({d['source']})",
    "influence_lost": lambda d: f"{_does(d['player'], 'perd', 'perdez')} {_points(d['amount'])} ({d['source']})",
    "card_eliminated": lambda d: f"{_does(d['player'], 'élimine', 'éliminez')} {d['card']} ({_whose(d['owner'])}) avec {d['by']}",
    "points_lost": lambda d: f"les {_points(d['amount'])} posés sur {d['card']} face cachée sont perdu(s) ; la carte est révélée",
    "card_discarded": lambda d: f"{d['card']} ({_whose(d['owner'])}) est défaussé(e)",
    "no_target": lambda d: f"{d['card']} ({_whose(d['player'])}) n’a aucune cible possible",
    "choice_required": lambda d: f"{_does(d['player'], 'choisit', 'choisissez')} la cible de {d['card']} ({d['options']} possibles)",
    "no_elimination_point": lambda d: f"{d['card']} n’a éliminé qu’une seule carte : pas de point d’élimination",
    "same_name_victims": lambda d: f"le coupe-jarret élimine aussi {d['count']} autre(s) {d['card']} adverse(s) révélé(e)s",
    "twin_placed": lambda d: f"le jumeau ({_whose(d['player'])}) entre dans la file, révélé, en position {d['position']}",
    "partner_covered": lambda d: f"{d['card']} ({_whose(d['owner'])}) est recouvert : il n’est pas défaussé",
    "covered_out_of_reach": lambda d: f"{d['card']} ({_whose(d['owner'])}) est recouvert(e) : il ne peut pas être pris pour cible",
    "partner_not_in_line": lambda d: f"{d['card']} ({_whose(d['owner'])}) n’est pas dans la file : rien n’est défaussé",
    "trap_sprung": lambda d: f"le guet-apens ({_whose(d['owner'])}) était éliminé par une carte adverse : {d['card']} est défaussé",
    "influence_stolen": lambda d: f"{_does(d['thief'], 'vole', 'volez')} {_points(d['amount'])} {_to_seat(d['player'])}",
    "card_replaced": lambda d: f"{_does(d['player'], 'le remplace', 'le remplacez')} par {'votre' if d['player'] == 0 else 'son'} propre {d['card']}, révélé",
    "no_replacement": lambda d: f"{_does(d['player'], 'n’a', 'n’avez')} pas de {d['card']} écarté, défaussé ou éliminé : rien ne le remplace",
    "replacement_not_due": lambda d: f"{d['card']} ({_whose(d['owner'])}) n’est pas un personnage adverse : rien ne le remplace",
    "corrupted_card_counted": lambda d: f"{d['card']} du joueur {d['owner']}, corrompu(e) par le joueur {d['player']}, "
    "compte désormais pour la famille qui l’a corrompu(e)",
    "card_corrupted": lambda d: f"{_does(d['player'], 'pose son', 'posez votre')} jeton corruption sur {d['card']} ({_whose(d['owner'])})",
    "machination_activates": lambda d: f"la machination active {d['card']}",
    "machination_point": lambda d: "un point de la machination est gagné" if d["option"] == "gain"
    else "un point de la machination est défaussé pour répéter l’effet",
    "points_discarded": lambda d: f"les {_points(d['amount'])} posés dessus sont défaussés",
    "beside_pile": lambda d: "l’intrigante est adjacente à une pile",
    "first_player_passed": lambda d: f"la tuile premier joueur passe au joueur {d['to']}, à sa gauche (tour {d['turn']})",
    "points_on_cards_ignored": lambda d: f"les {_points(d['amount'])} restés sur des cartes de la file ne comptent pas",
    "tie_break": lambda d: f"égalité d’influence : cartes de chaque famille dans la file {d['cards']}",
    "game_over": lambda d: f"fin du 6e tour : scores {d['scores']}",
}

_REJECTIONS_FR = {
    "not_your_turn": "ce n’est pas à ce joueur de décider",
    "wrong_phase": "ce n’est pas le moment de cette action",
    "not_in_hand": "cette carte n’est pas dans la main du joueur",
    "not_own_card": "une carte se pose au début ou à la fin de la file, ou sur une carte de sa propre famille",
    "covered_card": "une carte recouverte ne peut pas être prise pour cible",
    "not_in_line": "cette carte n’est pas dans la file",
    "line_not_empty": "seule la première carte se pose au centre",
    "illegal_target": "cette carte n’est pas une cible possible de la capacité",
    "wrong_decision": "une autre décision est attendue",
    "game_over": "la partie est terminée : elle se joue en 6 tours",
}

_in_french = french_describer(_EVENTS_FR, _REJECTIONS_FR)

_FACE_DOWN_EVENTS = {
    "card_eliminated": {
        "fr": lambda d: f"{_does(d['player'], 'élimine', 'éliminez')} la carte face cachée {_whose(d['owner'])} avec {d['by']}",
        "en": lambda d: f"Player {d['player']} eliminates the face-down card of player {d['owner']} with {d['by']}",
    },
    "points_lost": {
        "fr": lambda d: f"les {_points(d['amount'])} posés sur la carte face cachée {_whose(d['owner'])} sont perdus",
        "en": lambda d: f"The {d['amount']} influence on the face-down card of player {d['owner']} are lost",
    },
}


def describe(event: Mapping[str, Any], language: str) -> str | None:
    """The event in ``language``: French, or the engine's English message (None), except that a card eliminated
    face down is told as "the face-down card": its name is the engine's stand-in when the question did not name it."""
    data = event.get("data") or {}
    wording = _FACE_DOWN_EVENTS.get(event.get("kind"))
    if wording is not None and (data.get("face_down") or event.get("kind") == "points_lost"):
        try:
            return wording[language](data)
        except (KeyError, TypeError):
            return None
    return _in_french(event, language)
