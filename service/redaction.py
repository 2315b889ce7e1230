"""Personal data removed from what players type before it is stored: e-mail addresses, phone numbers, URLs.

Questions and comments end up in the designers' summary; an address typed in a
question must not. Each match becomes a fixed marker, so the summary still
groups "my friend [e-mail] says…" variants together. The patterns are linear
(each match starts at the start of a run and is bounded), safe on hostile input.

Usage::

    redact("Écris-moi à ana@example.org ou au 06 12 34 56 78")
    # 'Écris-moi à [e-mail] ou au [phone]'
"""

from __future__ import annotations

import re

__all__ = ["EMAIL", "PHONE", "URL", "redact"]

EMAIL = "[e-mail]"
PHONE = "[phone]"
URL = "[url]"

_URL = re.compile(r"\b(?:[a-z][a-z0-9+.-]{1,15}://|www\.)\S+", re.IGNORECASE)
# Matches start only where a run of address characters starts (the lookbehind) and are bounded
# in length, so a long run without "@" is scanned once, not once per character.
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}")
# 8 to 15 digits, optionally led by + or (, single separators between them: phone numbers,
# not game counts ("2 joueurs", "3 ou 4 cartes") which never reach eight digits in a row.
_PHONE = re.compile(r"(?<![\w+])(?:\+|00)?\(?\d(?:[ .\-/]?\(?\d\)?){7,14}(?!\w)")


def redact(text: str) -> str:
    """``text`` with URLs, e-mail addresses and phone numbers replaced by markers."""
    text = _URL.sub(URL, text)
    text = _EMAIL.sub(EMAIL, text)
    return _PHONE.sub(PHONE, text)
