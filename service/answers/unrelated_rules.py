"""Two cards the rules never relate: a question that asks how they combine is one the rules do not settle.

Each card's rule is written on its own line (« Gagne +1 permanent… », « Empoisonne les 4 cases voisines… »); when a
player asks which of two cards' effects comes first, or whether they add up, and no sentence of the rules (with the
heading it sits under) names both cards, the text has no rule that joins them: any ruling would be invented.

The signal is narrow on purpose. It fires only when the asking sentence itself names both cards and asks an order, a
sum or a choice between them (:data:`_JOINING`); a story that merely mentions several cards before asking about one
of them does not fire. Rules that relate cards through a class (« toutes les cartes de valeur inférieure à 13 ») are
not read as relating them by name, so the engine, which applies those rules, is left to answer such positions: an
engine-checked answer never abstains (``service/referee.py``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from index.chunker import source_sentences
from index.corpus import load_rulebook
from language import stem, words
from language.sentences import asking_sentence

__all__ = ["CARD_KIND", "NamedCard", "UnrelatedPair", "named_cards", "related_pairs", "unrelated_pair"]

CARD_KIND = "card"
"""The glossary kind whose terms each carry a rule of their own (cards, Orders)."""

_JOINING = {
    "fr": re.compile(r"cumul|s'additionn|avant ou apr[eè]s|apr[eè]s ou avant|en m[eê]me temps|dans quel ordre"
                     r"|en premier|priorit|\bavant de\b|\bencore\b|\bou\b(?!\s+(?:non|pas)\b)", re.IGNORECASE),
    "en": re.compile(r"\bstack|cumulat|add up|combine|before or after|after or before|same time|which order"
                     r"|in what order|applies first|priority|\bbefore (?:it|he|she|they)\b|\bstill\b"
                     r"|\bor\b(?!\s+not\b)", re.IGNORECASE),
}
"""An asking sentence that joins two rules: their order, their sum, whether one still acts when the other strikes it
(« le Garde peut encore déplacer… avant de partir ? »), or a choice between them (« X ou Y ? »; « ou non » / "or not"
only restates a yes/no question)."""


@dataclass(frozen=True)
class NamedCard:
    """A card of the glossary: its id, its French and English names, and the stemmed word runs that name it."""

    id: str
    fr: str
    en: str
    names: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class UnrelatedPair:
    """Two cards the asking sentence joins and no sentence of the rules names together."""

    first: NamedCard
    second: NamedCard

    def lacks(self) -> dict[str, str]:
        """What the rules lack, per language (for the abstention's wording)."""
        return {"fr": f"comment {self.first.fr} et {self.second.fr} se combinent : "
                      "aucune phrase de la règle ne les relie",
                "en": f"how {self.first.en} and {self.second.en} combine: no sentence of the rules relates them"}


@functools.cache
def named_cards(corpus_dir: Path) -> dict[str, tuple[NamedCard, ...]]:
    """Game id → its glossary's cards (read once)."""
    cards: dict[str, tuple[NamedCard, ...]] = {}
    for rules in sorted(Path(corpus_dir).glob("*/rules.md")):
        rulebook = load_rulebook(rules, Path(corpus_dir).parent)
        cards[rulebook.id] = tuple(
            NamedCard(term.id, term.fr, term.en,
                      tuple(sorted({_stems(name) for name in (term.fr, term.en, *term.aliases) if _stems(name)})))
            for term in rulebook.glossary if term.kind == CARD_KIND)
    return cards


@functools.cache
def related_pairs(corpus_dir: Path) -> dict[str, frozenset[frozenset[str]]]:
    """Game id → the pairs of card ids that one sentence of its rules names together, the sentence's section path
    counted with it (a card's rule often sits under its own heading and names only the other card)."""
    cards = named_cards(corpus_dir)
    related: dict[str, frozenset[frozenset[str]]] = {}
    for rules in sorted(Path(corpus_dir).glob("*/rules.md")):
        rulebook = load_rulebook(rules, Path(corpus_dir).parent)
        pairs = set()
        for sentence in source_sentences(rulebook):
            named = _named(_stems(f"{sentence.section} {sentence.text}"), cards.get(rulebook.id, ()))
            pairs.update(frozenset(pair) for pair in combinations(sorted(c.id for c in named), 2))
        related[rulebook.id] = frozenset(pairs)
    return related


def unrelated_pair(question: str, game: str, corpus_dir: Path, language: str) -> UnrelatedPair | None:
    """Two cards the asking sentence of ``question`` names and joins (:data:`_JOINING`) that no sentence of ``game``'s
    rules names together, if any."""
    asking = asking_sentence(question)
    if not _JOINING.get(language, _JOINING["fr"]).search(asking):
        return None
    named = _named(_stems(asking), named_cards(corpus_dir).get(game, ()))
    related = related_pairs(corpus_dir).get(game, frozenset())
    return next((UnrelatedPair(first, second) for first, second in combinations(named, 2)
                 if frozenset((first.id, second.id)) not in related), None)


def _stems(text: str) -> tuple[str, ...]:
    return tuple(stem(word) for word in words(text))


def _named(said: tuple[str, ...], cards: tuple[NamedCard, ...]) -> tuple[NamedCard, ...]:
    """The cards ``said`` names, in glossary order."""
    return tuple(card for card in cards
                 if any(said[i:i + len(name)] == name for name in card.names for i in range(len(said) - len(name) + 1)))
