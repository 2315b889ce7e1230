"""A negated "who" or "how many" is not answered by the reader's player or count: "Qui ne lance pas le dé ?".

A frame reader that names a player, a card or a number answers the positive ask ("qui lance le dé ?": Dan).
When the words right after the asking sentence's wh-word or count cue hold a negation ("qui ne lance pas",
"who doesn't roll", "combien ne sont pas prises", "which card is not discarded"), the answer would be everyone
else, or the rest: the grounder withdraws the position (``Declined``: no engine verdict, the text answers,
``explain.declined`` says why). A yes/no ask is not read here: its readers turn a negated ask around themselves
(``Asked.opposite``). Words: the language layer's ``naming_asks`` and ``negations``, and English's "n't" ("doesn't", "isn't").
"""

from __future__ import annotations

from language import lexicon
from language.sentences import asking_span
from language.tokens import tokens

_REACH = 3
"""Words after the wh-word a negation of the asking verb stands in ("qui ne lance", "who does not roll")."""


def negated_ask(question: str) -> str | None:
    """Why the asking sentence's player/count ask is negated (the words said), or None."""
    span = asking_span(question)
    if span is None:
        return None
    said = tokens(question[span[0]:span[1]])
    negations = lexicon("fr").negations | lexicon("en").negations
    naming_asks = lexicon("fr").naming_asks | lexicon("en").naming_asks
    for index, token in enumerate(said):
        if token.text not in naming_asks:
            continue
        after = said[index + 1:index + 1 + _REACH]
        for position, word in enumerate(after):
            contracted = word.text.endswith("n") and position + 1 < len(after) and after[position + 1].text == "t"
            if word.text in negations or contracted:
                words = " ".join(w.text for w in said[index:index + 1 + _REACH])
                return f"asked negation: « {words} » asks the other players or the rest, not the reader's answer"
        return None  # the first wh-word decides
    return None
