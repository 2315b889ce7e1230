"""Whether a text tells or asks about a tie: « si c'est encore égal », "we're tied", « on a 23 pièces chacun ».

The words are data (``tie_words`` in each lexicon), one family per language: the adjective in each gender and
number (« égal, égale, égaux »), the noun (« égalité »), the verb (« départager », "tie, tied"), and the phrases
players say instead ("neck and neck", « ex aequo »). Each is matched as whole folded words, so « également »
(also) is not « égal » and "tier" is not "tie".
"""

from __future__ import annotations

import functools
import re

from language.folding import fold
from language.lexicon import lexicon
from language.tokens import words

__all__ = ["says_tie"]


def says_tie(text: str, language: str) -> bool:
    """Whether ``text`` says one of ``language``'s tie words or phrases, as whole words.

    Example:
        >>> says_tie("Si c'est encore égal, qui gagne ?", "fr"), says_tie("Je gagne également un point ?", "fr")
        (True, False)
    """
    return bool(_tie_pattern(language).search(" ".join(words(fold(text)))))


@functools.cache
def _tie_pattern(language: str) -> re.Pattern[str]:
    phrases = sorted(lexicon(language).tie_words, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(map(re.escape, phrases)) + r")(?![a-z0-9])")
