"""Who: the player, family or side a rule names as the one who does what the question asks.

A "who" question asks for the doer of an act ("Qui lance le dé ?", "who goes first?", "who wins a
tie?"). A rule answers it when a role it names ("la famille la moins influente", "the oldest
player", "the player holding the first player token") is the subject of that act: the role is
followed, a parenthesis or a few function words aside, by a word of the asked act ("La famille la
moins influente *lance* le dé", "The oldest player *starts* the game"), or by its verb put before it (« *gagne* celui
qui possède le moins de cartes »). Words that say one act
("goes first" / "starts", « commence » / « en premier ») are the lexicons' ``act_words``; a question asking who
receives something ("who gets the tile?") is answered by the role a rule gives it to ("gives it to the player on
their left": ``receiving_words`` and ``giving_words``). When the
question asks about a tie or tells one ("if two players finish with the same amount", « 15 Rubis chacun »,
"Alice 21, Bob 21"), the
rule that settles a tie is read first: its role is who wins then; for any other question it is read last ("Qui
gagne la partie ?" is not answered by who wins a tie).

The role is read in the asker's language (an English question in the sentence's English translation)
and said in both; the sentence it comes from is quoted first. A role the question already names
("who is the first player?") is no answer.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from language import fold_same_length, lexicon, says_tie, stem, stopwords, trim_function_words, words
from language.sentences import asking_sentence

__all__ = ["BoundRole", "bound_role", "role_negated", "says_act", "sentence_role"]

FOLLOWING_WORDS = 3
"""The act must be among the first content words after the role (a parenthesis left out): its verb."""
GIVEN_WITHIN = 3
"""A role is given to when a giving word stands at most this many words before it ("la donne au joueur à sa gauche")."""
_RECEIVING = "act:receive"
_PARENTHESIS = re.compile(r"\([^)]*\)")


@dataclass(frozen=True)
class BoundRole:
    """A role a sentence names as the doer of the asked act, or as the one that does not do it.

    Attributes:
        index: the sentence's position among those read.
        french: the role as the rulebook writes it ("" when only the translation names it).
        english: the role in the sentence's English translation ("" when none).
        negated: the rule says this role does *not* do the act ("Whoever opened the duel does not place the last
            card"): the sentence answers the question, but the role is not its answer.
    """

    index: int
    french: str
    english: str
    negated: bool = False


def sentence_role(text: str, language: str, to_clause_end: bool = False) -> str:
    """The first role ``text`` names in ``language``'s role phrases, without a dangling word; "" when none.

    ``to_clause_end``: the role is the subject put after its verb, so the rest of its clause is the role's own
    words (« gagne celui qui possède le moins de cartes développement achetées »: "achetées" is what decides).
    """
    match = _first_role(text, language)
    if match is None:
        return ""
    end = match.end()
    if to_clause_end:
        end += len(re.split(r"[,;:.!?(]", text[end:], maxsplit=1)[0].rstrip())
    return " ".join(trim_function_words(text[match.start() : end].split(), keep=2))


def role_negated(text: str, language: str) -> bool:
    """Whether the first role ``text`` names is said not to do its act: a negation in the role's own words or in the
    first :data:`FOLLOWING_WORDS` content words after it ("Whoever opened the duel does *not* place the last card")."""
    match = _first_role(text, language)
    return match is not None and _negated(text, match, language)


def bound_role(question: str, asking: str, language: str, sentences: Sequence[tuple[str, str]]) -> BoundRole | None:
    """The first of ``sentences`` whose role does the act ``asking`` asks about, a tie rule first when it asks a tie.

    Args:
        question: the player's question (a role it names is no answer).
        asking: its asking sentence, whose words are the asked act.
        language: the question's language.
        sentences: (French text, English translation) of each sentence to read, best first.

    Returns:
        The role and where it was read, or None when no sentence names one that does the asked act; a role the rule
        says does not do it (``negated``) only when no other is found.
    """
    words_of = lexicon(language)
    act = _concepts(asking, language) - _concepts(words_of.who_word, language)
    if not act:
        return None
    asked = set(words(question))
    readable = [(i, english if language == "en" else french, french, english)
                for i, (french, english) in enumerate(sentences) if (english if language == "en" else french)]
    asks_tie = _tie_told(question, language)  # a tie told or asked: the tie rule first; else it is read last
    readable = sorted(readable, key=lambda row: _says_tie(row[1], language) != asks_tie)
    negated = None  # a rule naming who does *not* do the act: its sentence, when no rule names who does
    for index, text, french, english in readable:
        if act & _GAINING and _attributed(text, language):
            # « un point revient à celui qui n'a pas ouvert le duel »: the one it goes to gains it; the negation
            # inside the relative clause says who that is, it does not deny the act
            return BoundRole(index, _attributed(french, "fr"), _attributed(english, "en") if english else "")
        match = _first_role(text, language)
        if match is None or set(words(match.group())) <= asked:
            continue
        inverted = bool(act & _inverted_verb(text, match.start(), language))
        if inverted or act & _following_concepts(text, match.end(), language) or (
                _RECEIVING in act and _given_to(text, match.start(), language)):
            bound = BoundRole(index, sentence_role(french, "fr", inverted and language == "fr"),
                              sentence_role(english, "en", inverted and language == "en") if english else "")
            if not _negated(text, match, language):
                return bound
            negated = negated or dataclasses.replace(bound, negated=True)
    return negated


def says_act(question: str, sentence: str, language: str, told: frozenset[str] = frozenset()) -> bool:
    """Whether ``sentence`` says the act the "who" question asks about (« qui *applique* l'effet ? » — « toutes les
    familles concernées *appliquent* l'effet »), whoever it names as its doer. The words of the circumstance the
    question tells (``told``: « Quand un Événement est révélé ») are not the act."""
    act = _concepts(asking_sentence(question), language) - _concepts(lexicon(language).who_word, language) - told
    return bool(act & {_concept(word, language) for word in words(sentence)})


_GAINING = frozenset({_RECEIVING, "act:gagn", "act:win"})
"""Acts a thing attributed to someone answers: who gets it, who wins or gains it."""
_ATTRIBUTED = {
    "fr": re.compile(r"\b(?:revient|reviennent|va|vont|est\s+attribuee?|sont\s+attribuee?s)\s+a\s+"
                     r"((?:celui|celle|ceux|celles)\s+(?:d'entre\s+eux\s+)?qui\s+[^,;:.!?()]+)"),
    "en": re.compile(r"\b(?:goes|go|falls|fall|is\s+awarded|are\s+awarded)\s+to\s+"
                     r"((?:whoever|the\s+one\s+who|the\s+player\s+who|the\s+side\s+that)\s+[^,;:.!?()]+)"),
}
"""A thing said to go to a relative clause's subject (« revient à celui qui … », "goes to whoever …"): the clause,
up to the next punctuation, names who receives it."""


def _attributed(text: str, language: str) -> str:
    """The one ``text`` says a thing goes to (its relative clause as written), or ""."""
    folded = fold_same_length(text).replace("’", "'")  # same length: offsets found in it hold in ``text``
    match = _ATTRIBUTED[language].search(folded)
    return text[match.start(1) : match.end(1)].strip() if match else ""


def _first_role(text: str, language: str) -> re.Match[str] | None:
    folded = fold_same_length(text)  # same length: offsets found in it hold in ``text``
    found = [m for pattern in lexicon(language).role_phrases for m in [pattern.search(folded)] if m]
    return min(found, key=lambda m: (m.start(), -m.end())) if found else None


def _negated(text: str, match: re.Match[str], language: str) -> bool:
    stop, negations = stopwords(), lexicon(language).polarity.negations
    said = words(text[match.start() : match.end()])
    content = 0
    for word in words(_PARENTHESIS.sub(" ", text[match.end() :])):
        if content == FOLLOWING_WORDS:
            break
        said.append(word)
        content += word not in stop
    return any(word in negations for word in said)


def _following_concepts(text: str, end: int, language: str) -> set[str]:
    """The concepts of the first :data:`FOLLOWING_WORDS` content words after ``end`` (parentheses left out)."""
    rest = _PARENTHESIS.sub(" ", text[end:])
    stop = stopwords()
    content = [word for word in words(rest) if word not in stop][:FOLLOWING_WORDS]
    return {_concept(word, language) for word in content}


def _inverted_verb(text: str, start: int, language: str) -> set[str]:
    """The concept of the verb right before the role at ``start``, in the same clause: a subject put after its verb
    (« Entre joueurs à égalité de points, *gagne* celui qui possède le moins de cartes ») still does the act."""
    before = text[:start]
    if not before.strip() or re.search(r"[,;:.!?(]\s*$", before):
        return set()
    said = words(before)
    return {_concept(said[-1], language)} if said and said[-1] not in stopwords() else set()


def _concepts(text: str, language: str) -> set[str]:
    """The words of ``text`` that can name an act: an ``act_words`` group's name, else the word's stem.

    A word right before a ``role_nouns`` word names a role, not the act ("le pion *premier* joueur", "the *first*
    player tile": the question asks who gets the tile, not who goes first).
    """
    stop, said = stopwords(), lexicon(language)
    kept = [word for word, after in zip(words(text), [*words(text)[1:], ""]) if after not in said.role_nouns]
    joined = " ".join(kept)
    found = {f"act:{group[0]}" for group in said.act_words
             if any(re.search(r"(?<![a-z0-9])" + re.escape(b), joined) for b in group)}
    found |= {_RECEIVING for receiving in said.receiving_words if re.search(r"(?<![a-z0-9])" + re.escape(receiving), joined)}
    return found | {_concept(word, language) for word in kept if word not in stop and len(word) > 1}


def _given_to(text: str, start: int, language: str) -> bool:
    """Whether a giving word stands just before the role at ``start``: the role receives ("gives it to the player on
    their left" answers "who gets the tile?")."""
    before = words(text[:start])[-GIVEN_WITHIN:]
    return any(word.startswith(giving) for word in before for giving in lexicon(language).giving_words)


def _concept(word: str, language: str) -> str:
    if any(word.startswith(receiving) for receiving in lexicon(language).receiving_words):
        return _RECEIVING
    for group in lexicon(language).act_words:
        if any(word.startswith(beginning) for beginning in group if " " not in beginning):
            return f"act:{group[0]}"
    return stem(word)


def _tie_told(question: str, language: str) -> bool:
    """Whether the question asks about a tie or tells one: a tie word ("égalité", "chacun", "both"), or one number
    said twice ("Alice 21, Bob 21")."""
    numbers = [word for word in words(question) if word.isdigit()]
    return _says_tie(question, language) or len(numbers) != len(set(numbers))


def _says_tie(text: str, language: str) -> bool:
    return says_tie(text, language)
