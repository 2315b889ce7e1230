"""Who made the game: the rulebook's credits read for "who designed it?", « quel éditeur ? », "who drew it?".

A rulebook states its credits as label/value lines (``- Auteur`` then ``- Marc André``, or ``Éditeur : X``) or in
prose ("les règles sont d'Alexandre ; le code est écrit par … Claude"). Retrieval ranks the label line ("Éditeur")
above its value, and a "who" reading looks for a player's role: neither says the name. A credit question is asked
with a creator word (auteur, publisher, illustrated…) or as a bare "who made / who is behind <the game>?"; its
ruling is the name the credit of that role gives, read from the sentence that states it, never guessed: no credit of
the asked role, no ruling.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from index.chunker import source_sentences
from index.types import SourceSentence
from index.corpus import load_rulebook
from language import WHEN, WHICH, WHO, fold, question_form, stopwords, words

__all__ = ["CREDIT_ROLES", "Credit", "asked_credits", "credit_for", "rulebook_credits", "stating_sentence"]

CREDIT_ROLES: dict[str, tuple[str, ...]] = {
    "author": ("auteur", "autrice", "createur", "creatrice", "concepteur", "conceptrice", "inventeur", "inventrice",
               "invente", "concu", "author", "designer", "designed", "creator", "created", "invented", "inventor"),
    "publisher": ("editeur", "editrice", "edite", "publie", "publisher", "published", "publishes", "publishing"),
    "illustrator": ("illustrateur", "illustratrice", "illustrations", "illustre", "dessine", "artiste",
                    "illustrator", "illustrated", "illustrations", "artist", "artwork", "drew", "drawn"),
    "release": ("sortie", "sorti", "sortis", "parution", "paru", "annee", "date", "year", "released", "release"),
    "developer": ("developpeur", "developpe", "code", "codee", "programme", "programmeur", "developer", "developed",
                  "coded", "programmed", "programmer"),
}
"""Each credited role and the folded words that name it, nouns and participles, in French and English."""
_PROSE_AUTHOR = ("regles", "equilibrage", "rules", "design")
"""A prose credit of the rules themselves ("les règles … sont d'Alexandre") credits the game's author."""
_MAKING = frozenset("fait faire cree creer derriere made make makes behind created creates".split())
"""Words of a bare "who made / who is behind the game?": the author is asked when nothing else is."""
_THE_GAME = frozenset("qui who quel quelle jeu game ce cet ca cela this it come came out".split())
"""Words a bare "who made this game?" says besides making and the title."""
_ASKING_OPENERS = (["what"], ["quel"], ["quelle"], ["quand"])
"""Openings of a credit question the form reading may take for another form ("What is the publisher?")."""
_LINKS = ("d'", "de ", "par ", "by ", "from ")
_NAME = re.compile(r"[A-ZÀ-Ý][\w’'-]*(?:[ \t]+[A-ZÀ-Ý][\w’'-]*)*")
_ITEM = re.compile(r"^[ \t]*[-*•][ \t]+(.+?)[ \t]*$", re.MULTILINE)
_LABELLED = re.compile(r"^[ \t]*(?:[-*•][ \t]+)?([^\W\d_][^:\n]{0,30}?)[ \t]*:[ \t]*(.+?)[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Credit:
    """One credit the rulebook states: ``name`` for ``role``, at ``start:end`` of the rulebook text."""

    role: str
    name: str
    start: int
    end: int


def asked_credits(question: str, title: str) -> tuple[str, ...]:
    """The credited roles a who/which/when question asks for, in question order; empty when it asks none.

    Args:
        question: the player's question.
        title: the game's title (a bare "who made <title>?" asks its author).

    Returns:
        Keys of :data:`CREDIT_ROLES` whose words the question says ("c'est de qui et ça date de quand ?" asks the
        author and the release); ``"author"`` for a who question that names nothing else but making and the game.
    """
    said = words(fold(question))
    if question_form(question) not in (WHO, WHICH, WHEN) and said[:1] not in _ASKING_OPENERS:
        return ()
    named = [(min(said.index(word) for word in said if word in names), role)
             for role, names in CREDIT_ROLES.items() if any(word in names for word in said)]
    credit_words = {word for names in CREDIT_ROLES.values() for word in names}
    others = set(said) - stopwords() - _MAKING - _THE_GAME - credit_words - set(words(fold(title))) - {"quand", "when"}
    if others:  # « Quand une carte est sortie de la file ? » asks about play, not when the game came out
        named = [(index, role) for index, role in named if role != "release"]
    who = next((index for index, word in enumerate(said) if word in ("qui", "who")), None)
    if who is not None and not others and not {role for _, role in named} - {"release"}:
        named.append((who, "author"))  # "who" asks a person: the author, unless the question names another role
    return tuple(role for _, role in sorted(named))


def credit_for(role: str, credits: Sequence[Credit]) -> Credit | None:
    """The first credit of ``role``."""
    return next((credit for credit in credits if credit.role == role), None)


def stating_sentence(corpus_dir: Path, game: str, credit: Credit) -> SourceSentence | None:
    """The rulebook sentence (with its section) that holds ``credit``, for citing it when retrieval missed it."""
    return next((s for s in _sentences(Path(corpus_dir), game) if s.start <= credit.start < s.end), None)


@functools.cache
def _sentences(corpus_dir: Path, game: str) -> tuple[SourceSentence, ...]:
    rules = corpus_dir / game / "rules.md"
    return source_sentences(load_rulebook(rules, corpus_dir.parent)) if rules.is_file() else ()


@functools.lru_cache(maxsize=16)
def rulebook_credits(text: str) -> tuple[Credit, ...]:
    """The credits ``text`` states, in text order: label/value lines first, then prose clauses."""
    found = [*_listed(text), *_labelled(text), *_prose(text)]
    return tuple(sorted(found, key=lambda credit: credit.start))


def _role_of(label: str, prose: bool = False) -> str | None:
    said = words(fold(label))
    for role, names in CREDIT_ROLES.items():
        if any(word in names for word in said):
            return role
    return "author" if prose and any(word in _PROSE_AUTHOR for word in said) else None


def _listed(text: str) -> list[Credit]:
    """``- Auteur`` then ``- Marc André``: a one-word label item followed by its value item."""
    items = list(_ITEM.finditer(text))
    found = []
    for label, value in zip(items, items[1:]):
        role = _role_of(label.group(1)) if len(label.group(1).split()) <= 2 else None
        named = value.group(1)[:1].isupper() or (role == "release" and value.group(1)[:1].isdigit())
        if role and named and _role_of(value.group(1)) is None:
            found.append(Credit(role, value.group(1), value.start(1), value.end(1)))
    return found


def _labelled(text: str) -> list[Credit]:
    """``Auteur : Marc André`` on one line."""
    found = []
    for match in _LABELLED.finditer(text):
        role = _role_of(match.group(1)) if len(match.group(1).split()) <= 2 else None
        names = _NAME.findall(match.group(2))
        if role and names:
            found.append(Credit(role, names[0], match.start(), match.end()))
    return found


def _prose(text: str) -> list[Credit]:
    """A clause naming a role and, after "de"/"par"/"by" or a comma, a capitalised name: « le code est écrit par une
    intelligence artificielle, Claude »."""
    found = []
    for sentence in re.finditer(r"[^.!?\n]+[.!?]?", text):
        offset = sentence.start()
        for clause in re.finditer(r"[^;]+", sentence.group()):
            role = _role_of(clause.group(), prose=True)
            if role is None:
                continue
            name = _linked_name(clause.group())
            if name:
                lead = len(clause.group()) - len(clause.group().lstrip())
                found.append(Credit(role, name, offset + clause.start() + lead, offset + clause.end()))
    return found


def _linked_name(clause: str) -> str:
    """The last capitalised name of ``clause`` that a link word ("d'", "par", "by") or a comma introduces."""
    names = []
    for match in _NAME.finditer(clause):
        before = clause[: match.start()].replace("’", "'").lower()
        if before.endswith(_LINKS) or before.rstrip().endswith(","):
            names.append(match.group())
    return names[-1] if names else ""
