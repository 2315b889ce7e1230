"""Write ``language/lexicons/first_names.txt``: first names common in Britain, Ireland, the USA, Italy, Portugal, Spain, France, Belgium and
Switzerland, from gender-guesser's name dictionary (``pip install gender-guesser``; only this script needs it).

Usage: ``python scripts/make_first_names.py``. The list is data: the grounder reads it to tell a player's name
typed in lower case ("c'est ben qui retourne") from a word (:mod:`language.names`).
"""

from __future__ import annotations

import os
from pathlib import Path

import gender_guesser

OUT = Path(__file__).resolve().parents[1] / "language" / "lexicons" / "first_names.txt"
COLUMNS = {"Great Britain": 30, "Ireland": 31, "U.S.A.": 32, "Italy": 33, "Portugal": 35, "Spain": 36, "France": 37,
           "Belgium": 38, "Swiss": 40}
"""Where each country's frequency digit stands on a line of nam_dict.txt (its header draws them)."""
MIN_FREQUENCY = 3
"""nam_dict's hexadecimal frequency scale: 1 is a rare name, 13 the most frequent; 3 keeps ~3,200 names."""


def main() -> int:
    source = Path(os.path.dirname(gender_guesser.__file__)) / "data" / "nam_dict.txt"
    names = set()
    for line in source.read_text(encoding="utf-8", errors="replace").splitlines():
        if line[:1] in ("#", "=") or len(line) <= max(COLUMNS.values()):
            continue
        name = line[3:29].strip()
        if not name.isalpha():
            continue  # "Jean+Pierre", spellings coded with "<" for letters latin-1 lacks
        frequency = max(int(line[c], 16) if line[c] in "0123456789ABCDEFabcdef" else 0 for c in COLUMNS.values())
        if frequency >= MIN_FREQUENCY:
            names.add(name.lower())
    header = ("# First names common in Britain, Ireland, the USA, Italy, Portugal, Spain, France, Belgium and Switzerland (frequency >= 3 in\n"
              "# gender-guesser's nam_dict.txt, by Jörg Michael, GNU FDL), lower case. Made by scripts/make_first_names.py.\n")
    OUT.write_text(header + "\n".join(sorted(names)) + "\n", encoding="utf-8")
    print(f"{len(names)} names -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
