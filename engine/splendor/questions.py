"""What Splendor questions need beyond the glossary: "take two" written with a number, discarding, French accounts.

The glossary names the take-2 action (``deux jetons``, ``même couleur``), but
players also write ``en prendre 2``, ``take two of them`` or ``2 d'un coup``;
read as a count, that 2 would be mistaken for the size of a pile. ``recognise``
returns those mentions as the ``prendre_deux_jetons`` action (plain dicts, see
``service/grounding/hooks.py``), which replaces the number, and the asker's place
in the turn order (``premier joueur``, ``last in turn order``) as a
``seat_order`` entity (``first``, ``middle`` or ``last``). The glossary has no
discard action (reserved cards cannot be discarded, so the rulebook barely
names it): ``défausser``, ``jeter``, ``se débarrasser``, ``discard``, ``throw
away`` are returned as the ``defausser`` action, and gaining a gold joker
(``prendre un or``, ``get a gold token``) as ``prendre_or``, which a question
about spending gold must not be confused with. Taking another number of gems
(``prendre 3 jetons de la même couleur``, ``take one``) is ``prendre_n_jetons``:
its number is the action's, not a pile's. ``niveau 1``/``level 3`` is a
``level`` entity: its number names a level and counts nothing. A card another
player reserved is the ``reserve`` with the role ``other``. The display spot a
card leaves (``un trou``, ``sa place``, ``remplacée``, ``the gap``) is the
``emplacement`` concept, and reserving a deck's top card unseen (``face
cachée``, ``top of the deck``) is ``reserve_cachee``. A tie said without the glossary's
word (``tied``, ``ex aequo``, ``we both finish on 15``) is the ``egalite`` concept (its span
stops before the 15, which stays a count).

The engine's event messages are English; ``describe`` words an event (its kind
and data) in French for the account of an engine-checked answer, so a French
question gets a French answer throughout.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping
from engine.core.wording import french_describer
from engine.splendor.data import CARD_COUNT, CARDS, GEM_COLORS, NOBLE_COUNT
from language import fold_same_length

__all__ = ["describe", "recognise"]

_DISCARD = re.compile(
    r"\b(?:defausser|defausse\w*|jeter|jette\w*|debarrasser|debarrasse\w*|remettre|discard\w*|throw\w*\s+away"
    r"|get\w*\s+rid|dump\w*|give\s+up)\b"
)
_TAKE_OTHER = re.compile(
    r"\b(?:prendre|prend\w*|piocher|take|taking|grab\w*)\s+(?:en\s+)?(1|3|4|5|6|un|une|trois|quatre|cinq|six|one|three|four|five|six)\b"
)
"""Taking a number of gems other than two (``prendre 3``, ``take one``): not the take-two action."""
_GAIN_GOLD = re.compile(
    r"\b(?:prendre|prend\w*|recevoir|recoi\w*|obtenir|obtien\w*|gagner|gagne\w*|take\w*|get\w*|receive\w*|gain\w*)"
    r"\s+(?:(?:un|une|des|le|les|l|a|an|the|some|one|two|deux|trois|three|[0-9]+)\s+)?(?:(?:jetons?|tokens?)\s+)?"
    r"(?:d['’])?(?:or|ors|gold|golds|jokers?)\b"
)
_GOLD = re.compile(r"\b(?:d|l|aucun|mon|ton|son|de\s+l|en)['’\s]\s*(or)\b")
"""Gold written as the bare French word (``la pile d'or``, ``aucun or``), which the glossary leaves out: ``or`` is also a conjunction."""
_LEVEL = re.compile(r"\b(?:niveau|level|tier|rang)\s+(1|2|3|un|deux|trois|one|two|three)\b")
"""``niveau 1``, ``level 3``: the number names a level, it counts nothing."""
_LEVELS = {"un": 1, "deux": 2, "trois": 3, "one": 1, "two": 2, "three": 3}
_OTHERS_RESERVE = re.compile(
    r"\breserv\w*\s+(?:par|by)\s+(?:un\s+autre|une\s+autre|l['’]autre|mon\s+adversaire|un\s+adversaire|another|an?\s+opponent|my\s+opponent|someone|somebody|other)"
    r"|\b(?:un\s+autre\s+joueur|une\s+autre\s+joueuse|mon\s+adversaire|un\s+adversaire|another\s+player|my\s+opponent|an\s+opponent|someone\s+else)"
    r"\s+(?:a|avait|has|had)\s+(?:deja\s+|already\s+)?reserv\w*"
    r"|\b(?:opponent|player|other)['’]s\s+reserve\w*|\breserve\s+(?:of|de)\s+(?:another|an\s+opponent|my\s+opponent|un\s+autre|mon\s+adversaire|l['’]adversaire)"
    r"|\breserv\w*\s+(?:d['’]un\s+autre|de\s+mon\s+adversaire|de\s+l['’]adversaire|chez\s+un\s+autre|chez\s+l['’]adversaire)"
    r"|\b(?:in|from)\s+(?:an?\s+)?(?:opponent|other\s+player)['’]s\s+reserve\b|\bdans\s+la\s+reserve\s+(?:d['’]un\s+autre|de\s+mon\s+adversaire|adverse)"
)
"""A card someone else reserved (``réservée par mon adversaire``, ``another player's reserved card``): the reserve, owned by another."""
_MARKET_SPOT = re.compile(
    r"\b(?:trou|emplacement|spot|gap|space|remplac\w*|replac\w*|refill\w*|combl\w*|rempli\w*)\b"
    r"|\bla\s+place\b|\bsa\s+place\b|\bplace\s+(?:vide|libre)\b"
)
"""The spot a card leaves in the display and whether it is refilled (``un trou``, ``remplacée``, ``the gap``)."""
_BLIND = re.compile(
    r"\b(?:dessus|haut)\s+(?:de\s+la|d['’]une|du)\s+(?:pioche|paquet)\b|\btop\s+(?:card\s+)?of\s+(?:a|the)\s+(?:deck|pile|stack)\b"
    r"|\bface\s+(?:cachee|down)\b|\bblind\w*\b|\ba\s+l['’]aveugle\b"
)
"""Reserving the top card of a deck, unseen: no display spot is left."""
_DECK_EMPTY = re.compile(
    r"\b(?:pioche|deck|paquet)\b[^.?!;]{0,40}?\b(?:vide|epuise\w*|empty|run\s+out|ran\s+out|exhausted"
    r"|plus\s+de\s+cartes?|plus\s+aucune\s+carte|no\s+(?:more\s+)?cards?)"
    r"|\b(?:vide|empty|epuise\w*)\b[^.?!;]{0,12}\b(?:pioche|deck)\b"
)
"""The deck of a level said to be empty (``la pioche 2 est épuisée``, ``the deck has run out``): ``pioche_vide``.
The empty-deck template requires it: a card taken from the display is otherwise replaced at once."""
_TIE = re.compile(
    r"\btied\b|\bties\b|\bex\W?aequo\b|\bsame\s+(?:number\s+of\s+)?(?:prestige|points)\b|\bmeme\s+(?:nombre\s+de\s+)?points\b"
    r"|\b(?:both|tous\s+(?:les\s+)?deux)\b(?=[^.?!;]{0,25}\b15\b)"
)
_TAKE_TWO = re.compile(
    r"\b(?:en\s+)?(?:prendre|pren\w*|piocher|take|taking|grab)\s+(?:en\s+)?(?:2|deux|two)\b"
    r"|\b(?:2|deux|two)\s+d['’]un\s+coup\b|\b(?:2|deux|two)\s+(?:of\s+them|at\s+once)\b"
)


_SEAT_ORDER = (
    ("first", re.compile(
        r"\b(?:premier|premiere)\s+(?:joueur|joueuse|a\s+jouer)\b|\bj['’]ai\s+commence\b|\bfirst\s+player\b"
        r"|\b(?:i|i\s+am|i'm)\s+(?:the\s+)?first\b|\bi\s+started\b|\bfirst\s+in\s+turn\s+order\b"
    )),
    ("last", re.compile(
        r"\b(?:dernier|derniere)\s+(?:joueur|joueuse|a\s+jouer|du\s+tour)\b|\blast\s+(?:player|to\s+play|in\s+turn\s+order)\b"
        r"|\b(?:i\s+am|i'm)\s+(?:the\s+)?last\b"
    )),
    ("middle", re.compile(r"\bau\s+milieu\s+du\s+tour\b|\bin\s+the\s+middle\s+of\s+the\s+turn\s+order\b")),
)


def recognise(question: str) -> list[dict]:
    """Actions (taking two gems of a colour, discarding, gaining gold) and the asker's place in turn order (``seat_order``).

    A gold mention inside "take two gold" is gaining gold, not taking two gems: the
    later pattern's span covers the earlier one and replaces it (see ``service/grounding/hooks.py``).
    """
    folded = fold_same_length(question)
    found = [
        {"kind": "action", "value": action, "start": match.start(), "end": match.end()}
        for action, pattern in (("prendre_deux_jetons", _TAKE_TWO), ("defausser", _DISCARD), ("prendre_or", _GAIN_GOLD))
        for match in pattern.finditer(folded)
    ]
    found += [{"kind": "action", "value": "prendre_n_jetons", "start": m.start(), "end": m.end()} for m in _TAKE_OTHER.finditer(folded)]
    found += [
        {"kind": "level", "value": int(_LEVELS.get(m.group(1), m.group(1))), "start": m.start(), "end": m.end()}
        for m in _LEVEL.finditer(folded)
    ]
    found += [
        {"kind": "component", "value": "reserve", "start": m.start(), "end": m.end(), "role": "other"}
        for m in _OTHERS_RESERVE.finditer(folded)
    ]
    found += [{"kind": "concept", "value": "emplacement", "start": m.start(), "end": m.end()} for m in _MARKET_SPOT.finditer(folded)]
    found += [{"kind": "concept", "value": "reserve_cachee", "start": m.start(), "end": m.end()} for m in _BLIND.finditer(folded)]
    found += [{"kind": "token", "value": "or", "start": m.start(1), "end": m.end(1)} for m in _GOLD.finditer(folded)]
    found += [{"kind": "concept", "value": "egalite", "start": m.start(), "end": m.end()} for m in _TIE.finditer(folded)]
    found += [{"kind": "concept", "value": "pioche_vide", "start": m.start(), "end": m.end()}
              for m in _DECK_EMPTY.finditer(folded)]
    for seat, pattern in _SEAT_ORDER:
        found += [
            {"kind": "seat_order", "value": seat, "start": match.start(), "end": match.end(), "role": "self"}
            for match in pattern.finditer(folded)
        ]
    return found


_COLOURS_FR = {"white": "blanc", "blue": "bleu", "green": "vert", "red": "rouge", "black": "noir", "gold": "or"}


def _tokens(tokens: Mapping[str, int]) -> str:
    return ", ".join(f"{count} {_COLOURS_FR.get(colour, colour)}" for colour, count in tokens.items())


def _card(card: Any) -> str:
    """A development card by what a player sees (level, bonus, points), never by its internal id."""
    if isinstance(card, int) and card > CARD_COUNT:
        return "la carte que la question décrit"
    try:
        level, bonus, points = CARDS.level[card], GEM_COLORS[CARDS.bonus[card]], CARDS.points[card]
    except (IndexError, TypeError):
        return f"la carte {card}"
    return f"la carte de niveau {level} (bonus {_COLOURS_FR.get(bonus, bonus)}, {points} point(s))"


def _bought(data: Mapping[str, Any]) -> str:
    card = data["card"]
    if card > CARD_COUNT:
        return "la carte que la question décrit"  # no card of the game: its bonus and points may be defaults
    return (f"la carte de niveau {CARDS.level[card]} ({data['points']} point(s) de prestige, "
            f"bonus {_COLOURS_FR.get(data['bonus'], data['bonus'])})")


def _noble(noble: int) -> str:
    return f"le noble {noble}" if noble <= NOBLE_COUNT else "le noble que la question décrit"


def _seat(data: Mapping[str, Any]) -> str:
    return f"le joueur {data['player']}"


_EVENTS_FR: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "tokens_taken": lambda d: f"{_seat(d)} prend {_tokens(d['tokens'])}"
    + (f" (pile de {d['pile']})" if "pile" in d else ""),
    "card_reserved": lambda d: f"{_seat(d)} réserve "
    + (f"la carte du dessus de la pioche de niveau {d['level']}, face cachée" if d.get("hidden") else f"{_card(d['card'])} du centre"),
    "gold_taken": lambda d: f"{_seat(d)} prend un jeton or (joker)",
    "no_gold_left": lambda d: "il ne reste plus d’or : la réservation se fait sans joker",
    "card_bought": lambda d: f"{_seat(d)} achète {_bought(d)}" + (" depuis sa réserve" if d.get("from_reserve") else ""),
    "bonuses_discounted": lambda d: f"ses bonus paient {d['discount']} du coût",
    "gold_spent": lambda d: f"l’or remplace {d['gold']} gemme(s)",
    "tokens_returned": lambda d: f"{_seat(d)} rend {_tokens(d['tokens'])}",
    "passed": lambda d: f"{_seat(d)} ne peut ni prendre, ni réserver, ni acheter : il passe",
    "token_limit_exceeded": lambda d: f"{_seat(d)} dépasse 10 jetons et doit en rendre {d['excess']}",
    "noble_choice_required": lambda d: f"les nobles {d['eligible']} remplissent tous leurs conditions, mais un seul "
    f"vient par tour : {_seat(d)} choisit",
    "noble_visit": lambda d: f"{_noble(d['noble'])} rend visite au joueur {d['player']} (+{d['points']}), attiré par les seuls "
    "bonus des cartes",
    "final_round": lambda d: f"{_seat(d)} atteint {d['points']} points de prestige : on termine le tour de table",
    "game_over": lambda d: f"fin de partie : victoire de {' et '.join(f'joueur {w}' for w in d['winners'])}"
    + {"points": " (le plus de points)", "cards": " (égalité de points, le moins de cartes achetées)",
       "shared": " (égalité de points et de cartes : victoire partagée)"}.get(d.get("decided_by"), ""),
    "market_refilled": lambda d: f"une carte de la pioche de niveau {d['level']} la remplace aussitôt",
    "market_gap": lambda d: f"la pioche de niveau {d['level']} est vide : aucune carte du même niveau ne la remplace, "
    "l’emplacement reste vide",
}

_REJECTIONS_FR = {
    "gold_only_by_reserving": "l’or ne s’obtient qu’en réservant une carte",
    "colors_not_different": "les gemmes doivent être de couleurs différentes",
    "pile_empty": "cette couleur n’a plus de jeton",
    "too_many_colors": "3 gemmes de couleurs différentes au plus",
    "too_few_colors": "il faut prendre 3 gemmes de couleurs différentes tant que 3 couleurs sont disponibles",
    "pile_below_four": "2 jetons d’une même couleur ne se prennent que dans une pile d’au moins 4",
    "too_many_reserved": "3 cartes réservées au maximum",
    "deck_empty": "cette pioche est vide",
    "card_not_in_market": "cette carte n’est pas face visible au centre",
    "card_not_available": "cette carte n’est ni au centre ni dans la réserve du joueur",
    "invalid_payment": "ce paiement ne correspond pas au coût",
    "cannot_afford": "le joueur n’a pas de quoi payer cette carte",
    "no_return_due": "on ne rend des jetons qu’au-delà de 10, en fin de tour",
    "return_count": "nombre de jetons rendus incorrect",
    "not_held": "le joueur n’a pas ces jetons",
    "no_noble_choice_due": "aucun choix de noble en attente",
    "noble_not_eligible": "ce noble ne remplit pas ses conditions avec les bonus du joueur",
    "reserved_cards_not_discardable": "une carte réservée ne se défausse pas, elle ne peut qu’être achetée",
    "must_return_tokens": "il faut d’abord rendre des jetons jusqu’à 10, puis les nobles viennent",
    "must_choose_noble": "il faut d’abord choisir un noble",
    "game_over": "la partie est terminée",
    "not_your_turn": "ce n’est pas son tour",
    "pass_not_allowed": "on ne passe que sans aucune action possible",
}

_described = french_describer(_EVENTS_FR, _REJECTIONS_FR)


def describe(event: Mapping[str, Any], language: str) -> str | None:
    """The event in ``language`` (French only; None leaves the engine's English message); a purchase refused for
    want of tokens says how much the bonuses and tokens cover and what is missing."""
    data = event.get("data") or {}
    if language == "fr" and event.get("kind") == "rejected" and data.get("reason") == "cannot_afford" and "short" in data:
        return (f"action refusée : {_REJECTIONS_FR['cannot_afford']} (bonus et jetons en couvrent {data['covered']} "
                f"sur {data['cost']}, il en manque {data['short']})")
    return _described(event, language)
