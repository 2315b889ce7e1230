"""How long a card's effect lasts, asked of a card whose rule gives no duration: the rules do not settle it.

A card's rule says what its effect does (« Empoisonne les 4 cases voisines : −1 sur tous les rangs. ») and, when the
rulebook settles how long, says that too: « +1 sur le rang attaqué, le temps du combat », « Gagne +1 permanent »,
« Chaque Abysse en jeu… », « Ce personnage est dorénavant de votre famille ». A player who asks whether an effect stays,
lasts or wears off once something happens (« Si mon Pestiféré se fait capturer, le −1 il reste ? ») asks for that
duration; when no sentence of the card's own rule (the sentences under its heading or naming it) states one, any
ruling would be invented.

The signal needs three things at once, so that « il en reste combien ? » (a count) or « la carte reste en jeu ? »
(no modifier) do not fire: the asking sentence asks whether something persists (:data:`_PERSISTS`), the question
speaks of a modifier (:data:`_EFFECT`: a bonus, a malus, a « −1 »), and it names a card whose rule holds no duration
(:data:`DURATION_MARKERS`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from index.chunker import source_sentences
from index.corpus import load_rulebook
from language.sentences import asking_sentence
from service.answers.unrelated_rules import NamedCard, _named, _stems, named_cards

__all__ = ["DURATION_MARKERS", "UnstatedDuration", "card_durations", "unstated_duration"]

DURATION_MARKERS = re.compile(
    r"permanent|le temps d|jusqu|pendant|tant qu|dorénavant|désormais|toute la partie|définiti|en jeu\b"
    r"|fin de (?:la )?manche|fin du tour|fin de (?:la )?partie|chaque tour|à chaque", re.IGNORECASE)
"""French phrases by which a rule says how long its effect lasts, or while what it holds (the rulebooks' language)."""

_PERSISTS = {
    "fr": re.compile(r"\b(?:reste|restent|rester|persiste|persistent|dure|durent|dispara[iî]t|disparaissent"
                     r"|s'arr[eê]te|s'arr[eê]tent|toujours actif|toujours active|encore actif|encore active"
                     r"|conserve|conservent)\b", re.IGNORECASE),
    "en": re.compile(r"\b(?:stay|stays|remain|remains|persist|persists|last|lasts|still active|still appl(?:y|ies)"
                     r"|go(?:es)? away|wears? off|disappears?)\b", re.IGNORECASE),
}
"""An asking sentence that asks whether something stays, lasts or goes away."""

_EFFECT = re.compile(r"bonus|malus|(?<!\w)[−+-]\s?\d|buff|penalty", re.IGNORECASE)
"""The question speaks of a modifier an effect puts on ranks or values (« le −1 », "its +1 bonus"): a standing change,
whose duration a rule must give. Not any effect or ability: how often a card's ability applies is a rule of the turn
(« Si la carte a déjà été révélée lors d'un tour précédent, … il applique immédiatement sa capacité »), which names no
card and so is not read here."""


@dataclass(frozen=True)
class UnstatedDuration:
    """A card whose effect's duration the question asks and its rule does not give."""

    card: NamedCard

    def lacks(self) -> dict[str, str]:
        """What the rules lack, per language (for the abstention's wording)."""
        return {"fr": f"combien de temps dure l'effet de {self.card.fr}, que sa règle ne dit pas",
                "en": f"how long the effect of {self.card.en} lasts, which its rule does not say"}


@functools.cache
def card_durations(corpus_dir: Path) -> dict[str, frozenset[str]]:
    """Game id → the ids of its cards whose rule (a sentence under the card's heading or naming it) states a duration."""
    cards = named_cards(corpus_dir)
    durations: dict[str, frozenset[str]] = {}
    for rules in sorted(Path(corpus_dir).glob("*/rules.md")):
        rulebook = load_rulebook(rules, Path(corpus_dir).parent)
        stated: set[str] = set()
        for sentence in source_sentences(rulebook):
            if sentence.heading or not DURATION_MARKERS.search(sentence.text):
                continue
            stated.update(card.id for card in _named(_stems(f"{sentence.section} {sentence.text}"),
                                                     cards.get(rulebook.id, ())))
        durations[rulebook.id] = frozenset(stated)
    return durations


def unstated_duration(question: str, game: str, corpus_dir: Path, language: str) -> UnstatedDuration | None:
    """The card of ``game`` whose effect's duration ``question`` asks and whose rule gives none, if any."""
    asking = asking_sentence(question)
    if not _PERSISTS.get(language, _PERSISTS["en"]).search(asking) or not _EFFECT.search(question):
        return None
    stated = card_durations(corpus_dir).get(game, frozenset())
    named = _named(_stems(question), named_cards(corpus_dir).get(game, ()))
    if not named or any(card.id in stated for card in named):
        return None  # the asked effect may be that of a card whose rule does say how long it lasts
    return UnstatedDuration(named[0])
