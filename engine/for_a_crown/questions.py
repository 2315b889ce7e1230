"""What For a Crown questions and templates need beyond the glossary.

``recognise`` reads the situations players describe in words the glossary's
terms do not carry: a sale already made (``vendu``, ``sold``), a recruitment
for nothing (``gratos``, ``for free``), both effects at once (``les deux``,
``both``), a swap of places (``on échange``, ``swap``), a square already taken or free in the Galerie, the least or most
influential family, a knock-out (``sorti``, ``knocked out``). Plain data only:
the engine never imports the service.
"""

from __future__ import annotations

import re

from language import fold_same_length

__all__ = ["recognise"]

_PATTERNS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("action", "vendre_objet_precieux", re.compile(r"\b(?:vendu|vendue|vendus|sold|selling|sells|vends|vend)\b")),
    ("concept", "gratuit", re.compile(
        r"\b(?:gratos|gratuit\w*|for free|free of charge|for nothing|without paying|sans (?:rien )?payer|"
        r"a 0|(?:cost|coute|coutant)\w* 0|0 (?:piece|coin)s?)\b")),
    ("concept", "les_deux", re.compile(r"\b(?:les deux|tous les deux|toutes les deux|both)\b")),
    ("concept", "case_prise", re.compile(
        r"\b(?:deja (?:prise|occupee)|(?:case|place) (?:est )?(?:prise|occupee)|already (?:taken|occupied)|"
        r"(?:space|square|spot) is (?:taken|occupied)|occupee par|occupied by)\b")),
    ("concept", "case_libre", re.compile(r"\b(?:case (?:est )?libre|est libre|free (?:space|square|spot)|is free|empty (?:space|square))\b")),
    ("concept", "moins_influent", re.compile(r"\b(?:moins influent\w*|least influential|dernier dans la galerie|leftmost)\b")),
    ("concept", "plus_influent", re.compile(r"\b(?:plus influent\w*|most influential|rightmost|tout a droite|la plus a droite)\b")),
    ("concept", "hors_jeu", re.compile(r"\b(?:sortie? du jeu|knocked out|knocked-out|eliminee?s?|hors[- ]jeu)\b")),
    ("concept", "echange", re.compile(r"\b(?:echange\w*|swap\w*|trade places|change de place)\b")),
    ("concept", "decompte_final", re.compile(r"\b(?:decompte(?: final)?|final count|final scoring|end of the game|fin de (?:la )?partie)\b")),
)


def recognise(question: str) -> list[dict]:
    """Entities for the situations above, with their spans in ``question``."""
    folded = fold_same_length(question)
    found = []
    for kind, value, pattern in _PATTERNS:
        for match in pattern.finditer(folded):
            found.append({"kind": kind, "value": value, "start": match.start(), "end": match.end()})
    return found
