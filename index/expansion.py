"""Query expansion: English (or alias) words of a question → the French words of the rules.

Two sources, both data: each game's ``glossary.yaml`` (``en`` names and
``aliases`` → ``fr`` name) and the general rules vocabulary of
``index/vocabulary.yaml``: English words (round → manche, tie → égalité, ...) for
English questions, players' French paraphrases (qui commence → premier joueur) for
French ones. Phrases are
matched on normalised tokens, longest first, so ``first player`` wins over
``player``. The French words found are returned for appending to the query.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from index.corpus import GlossaryTerm
from index.normalize import Normalizer, general_vocabulary, stopwords, stopwords_by_language

__all__ = ["QueryExpander", "looks_english"]

_MAX_PHRASE = 6


@dataclass(frozen=True)
class _Entry:
    phrase: tuple[str, ...]
    french: str


class QueryExpander:
    """Maps phrases of a query to French rules words.

    Args:
        glossaries: game id → that game's glossary terms.
        normalizer: how phrases and queries are tokenised (stemming lets
            ``sailors`` match the alias ``sailor``).

    Example:
        >>> expander = QueryExpander({"g": (GlossaryTerm("m", "card", "Matelot", "Sailor"),)})
        >>> expander.expand("Does the sailor double a loss?", game="g")
        ['Matelot']
    """

    def __init__(self, glossaries: dict[str, Iterable[GlossaryTerm]], normalizer: Normalizer | None = None) -> None:
        self._normalizer = normalizer or Normalizer(stopwords=False, stemming="plural")
        vocabulary = general_vocabulary()
        self._general = self._table((phrase, " ".join(words)) for phrase, words in vocabulary["en_fr"].items())
        self._paraphrases = self._table(
            (phrase, " ".join(words)) for phrase, words in (vocabulary.get("fr_fr") or {}).items()
        )
        self._per_game = {
            game: self._table((name, term.fr) for term in terms for name in _names(term))
            for game, terms in glossaries.items()
        }

    def expand(self, query: str, game: str | None = None) -> list[str]:
        """French words for the phrases of ``query`` (game glossary first, then general words).

        Args:
            query: the user's question.
            game: restricts glossary matching to one game; ``None`` uses every glossary.

        Returns:
            Distinct French names or words, in query order; empty when nothing matched.
        """
        tokens = self._normalizer.tokens(query)
        glossaries = list(self._per_game.values()) if game is None else [self._per_game.get(game, {})]
        # General words translate English only: in a French question "place" or "pile"
        # are already the rulebook's words; a French question gets the paraphrase phrases.
        tables = [*glossaries, self._general] if looks_english(tokens) else [*glossaries, self._paraphrases]
        found: list[str] = []
        for table in tables:
            for french in _match(tokens, table):
                if french not in found:
                    found.append(french)
        return found

    def _table(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, ...], str]:
        table: dict[tuple[str, ...], str] = {}
        for phrase, french in pairs:
            key = tuple(self._normalizer.tokens(phrase))
            # A key of stopwords alone ("dé" folds to "de") or digits would fire everywhere.
            if key and len(key) <= _MAX_PHRASE and not set(key) <= stopwords() and any(c.isalpha() for c in phrase):
                table.setdefault(key, french)
        return table


def looks_english(tokens: list[str]) -> bool:
    """More English than French stopwords among the (unstemmed) tokens."""
    english, french = stopwords_by_language("en"), stopwords_by_language("fr")
    return sum(token in english for token in tokens) > sum(token in french for token in tokens)


def _names(term: GlossaryTerm) -> list[str]:
    """Every way a player may name a term (the French name is already in the text)."""
    return [name for name in (term.en, *term.aliases) if name]


def _match(tokens: list[str], table: dict[tuple[str, ...], str]) -> list[str]:
    """Greedy longest-phrase matching, left to right."""
    found = []
    position = 0
    while position < len(tokens):
        for length in range(min(_MAX_PHRASE, len(tokens) - position), 0, -1):
            french = table.get(tuple(tokens[position : position + length]))
            if french is not None:
                found.append(french)
                position += length
                break
        else:
            position += 1
    return found
