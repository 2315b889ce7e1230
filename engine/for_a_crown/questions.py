"""What For a Crown questions and templates need beyond the glossary.

``recognise`` reads the situations players describe in words the glossary's
terms do not carry: a sale already made (``vendu``, ``sold``), a recruitment
for nothing (``gratos``, ``for free``), both effects at once (``les deux``,
``both``), a swap of places (``on échange``, ``swap``),
counts of coins and rubies with units of their own (see ``_NONE_OF``),
whether a family loses something (``perte``) or comes out unharmed (``indemne``:
``sans rien perdre``, ``get through``), a square already taken or free in the Galerie, the least or most
influential family, a knock-out (``sorti``, ``knocked out``). Plain data only:
the engine never imports the service.
"""

from __future__ import annotations

import re

from language import fold_same_length

__all__ = ["recognise"]

_PATTERNS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("action", "vendre_objet_precieux", re.compile(r"\b(?:vendu|vendue|vendus|vente|sold|selling|sells|vends|vend)\b")),
    ("concept", "gratuit", re.compile(
        r"\b(?:gratos|gratuit\w*|for free|free of charge|for nothing|without paying|sans (?:rien )?payer)\b")),
    ("concept", "les_deux", re.compile(r"\b(?:les deux|tous les deux|toutes les deux|both)\b")),
    ("concept", "case_prise", re.compile(
        r"\b(?:deja (?:prise|occupee)|(?:case|place) (?:est )?(?:prise|occupee)|already (?:taken|occupied)|"
        r"(?:space|square|spot) is (?:taken|occupied)|occupee par|occupied by)\b")),
    ("concept", "case_libre", re.compile(r"\b(?:case (?:est )?libre|est libre|free (?:space|square|spot)|is free|empty (?:space|square))\b")),
    ("concept", "moins_influent", re.compile(r"\b(?:moins influent\w*|least influential|dernier dans la galerie|leftmost)\b")),
    ("concept", "plus_influent", re.compile(r"\b(?:plus influent\w*|most influential|rightmost|tout a droite|la plus a droite)\b")),
    ("concept", "hors_jeu", re.compile(r"\b(?:sortie? du jeu|knocked out|knocked-out|eliminee?s?|hors[- ]jeu)\b")),
    ("action", "recruter", re.compile(r"\b(?:recrut\w*|recruit|recruits|recruiting|recruited|hire|hiring)\b")),
    ("concept", "face_cachee", re.compile(r"\b(?:face cachee|face-down|face down|blind|top card|premiere carte|dessus du paquet)\b")),
    ("action", "vol_de_rubis", re.compile(
        r"\b(?:vol\w* (?:un|1|des|le|mes|mon) rubis|vole (?:un|1) rubis|steal\w*|stolen|theft)\b")),
    ("concept", "zone_centre", re.compile(r"\b(?:au centre|au milieu|zone du centre|zone centrale|centre zone|"
                                          r"cent(?:er|re) of the gallery|in the middle|middle zone)\b")),
    ("concept", "zone_gauche", re.compile(r"\b(?:zone de gauche|tout a gauche|left zone|far left|leftmost)\b")),
    ("concept", "echange", re.compile(r"\b(?:echange\w*|swap\w*|trade places|change de place)\b")),
    ("concept", "decompte_final", re.compile(r"\b(?:decompte(?: final)?|final count|final scoring|end of the game|fin de (?:la )?partie)\b")),
)


_UNHARMED = re.compile(
    r"\b(?:sans (?:rien )?perdre|sans perte|ne (?:perd|perds|perdent) (?:rien|pas|aucun)|perd\w* rien|indemne|"
    r"without losing|lose nothing|loses nothing|(?:doesn'?t|does not|don'?t|do not) lose|get\w* through|"
    r"come\w* out of it unharmed|unharmed|untouched)\b"
)
"""Asking whether a family comes out of something unharmed: answered yes when it loses nothing."""
_LOSS = re.compile(r"\b(?:perd|perds|perdent|perdre|lose|loses|losing|paie|paye|payer|pay|pays)\b")
"""Asking whether a family loses or pays something (not said in an 'unharmed' phrasing)."""


_NUMBER_WORDS = {
    "un": 1, "une": 1, "one": 1, "a": 1, "zero": 0, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4,
    "four": 4, "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7, "huit": 8, "eight": 8, "neuf": 9, "nine": 9,
    "dix": 10, "ten": 10,
}
_MONEY_UNITS = {"piece": "chest:piece", "pieces": "chest:piece", "coin": "chest:piece", "coins": "chest:piece",
                "rubis": "chest:rubis", "ruby": "chest:rubis", "rubies": "chest:rubis"}
_MONEY = re.compile(
    r"\b(?P<n>\d+|" + "|".join(_NUMBER_WORDS) + r")\s+(?:seule?s?\s+|only\s+|single\s+|more\s+)?"
    r"(?P<u>pieces?|coins?|rubis|rub(?:y|ies))\b"
)
_NONE_OF = re.compile(
    r"\b(?P<n>no|aucune?|plus (?:de|d'|aucune?)|pas (?:de|d')|zero|sans|n'ai plus de|n'ai plus d')\s*"
    r"(?P<u>pieces?|coins?|rubis|rub(?:y|ies))\b"
)
"""Coins and rubies in a chest. Their counts carry units of their own (``chest:piece``, ``chest:rubis``),
which no other token's count can fill: the glossary's Pièce and Rubis are both plain tokens, and a
plain-token count may stand for another plain token ("3 émeraudes" for "jeton"), so "1 Rubis" could
otherwise fill a Pièce slot. "no rubies", "plus de Pièce" are a count of 0."""


def _money(folded: str) -> list[dict]:
    found = []
    for match in _MONEY.finditer(folded):
        number = match.group("n")
        value = int(number) if number.isdigit() else _NUMBER_WORDS[number]
        found.append({"kind": "number", "value": value, "unit": _MONEY_UNITS[match.group("u")],
                      "start": match.start("n"), "end": match.end("n")})
    for match in _NONE_OF.finditer(folded):
        found.append({"kind": "number", "value": 0, "unit": _MONEY_UNITS[match.group("u")],
                      "start": match.start("n"), "end": match.end("n")})
    return found


def recognise(question: str) -> list[dict]:
    """Entities for the situations above, with their spans in ``question``."""
    folded = fold_same_length(question)
    found = []
    for kind, value, pattern in _PATTERNS:
        for match in pattern.finditer(folded):
            found.append({"kind": kind, "value": value, "start": match.start(), "end": match.end()})
    found += _money(folded)
    unharmed = list(_UNHARMED.finditer(folded))
    found += [{"kind": "concept", "value": "indemne", "start": m.start(), "end": m.end()} for m in unharmed]
    if not unharmed:
        found += [{"kind": "concept", "value": "perte", "start": m.start(), "end": m.end()} for m in _LOSS.finditer(folded)]
    return found
