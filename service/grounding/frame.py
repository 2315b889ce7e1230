"""A question as a typed frame: who asks, what is on the table, what the asker does, what is asked.

:func:`parse_frame` reads the recognised entities (glossary terms, numbers,
markers; typos matched by :mod:`.entities`), the game's lexicon
(``corpus/<game>/lexicon.yaml``: the words of its actions and of what questions
ask, see :mod:`.lexicons`) and the grounding's per-language frame words
(``frame_words.yaml``: modal verbs, possessives). It knows no game: what a
frame means for a position is the game's frame module (``engine/<game>/frames.py``).

- **cards**: every card named, with its owner (``self``, a player's name from
  "Bob's Princess" / "la Sorcière de Léa", ``other`` for "an opponent's", or
  None when unsaid) and its place (the location named in the same clause);
  a card named again is the same card.
- **action**: the hypothetical move (``I put my Thief in the Castle``): an
  action word of the game's lexicon next to one of the asker's cards.
- **asked**: what the last clause asks (an ``asks`` word of the lexicon), about
  which card or player, whether it is modal (``can I``), and a destination
  or number the asking clause names. A clause that says no listed word is read
  through an unlisted one (session 16): a word another game lists for the same
  ask, else a synonym of one ask's words (:mod:`language.synonyms`; one that
  could be two asks reads nothing). The game's frame module still compiles the
  position from the stated facts or none, and its verdict must answer the form.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Sequence

import yaml
from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from language import COUNT, fold, fold_same_length, lexicon, number_value, question_form, tokens
from language.lemmas import is_dictionary_form, lemma_keys, same_word, same_word_in
from language.names import is_first_name, is_plain_word
from language.sentences import asking_span, clause_spans
from language.spelling import word_frequency
from language.synonyms import Synonym, said_synonyms
from service.grounding.binding import absent
from service.grounding.entities import OTHER, SELF, Entity
from service.grounding.lexicons import GameLexicon
from service.grounding.plain import as_dict

_THIRD_PERSON = frozenset({"sa", "son", "ses", "his", "her", "their"})
_FUZZY_VERB_CUTOFF = 85
_NAME = re.compile(r"\b[A-ZÀ-Ý][a-zà-ÿ]+\b")
_QUOTED = re.compile(r".?['\"«“‘]\s?$")
_QUOTED_END = re.compile(r"\s?['\"»”’](?![^\W\d_])")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s*|\n\s*)$")


@dataclass(frozen=True)
class CardFact:
    """A card the question names: its glossary id, owner and place (None when the question does not say)."""

    card: str
    owner: str | None
    place: str | None
    said: str
    start: int


@dataclass(frozen=True)
class CountFact:
    """A number the question states, with what it counts and whose it is."""

    value: int
    unit: str | None
    holder: str | None
    qualifier: str | None
    said: str
    owner: str | None = None
    """Whose it is: the nearest player named before it in its clause, ``self``/``other`` from the
    words before it, ``*`` for everyone named in the clause ("tous les deux à 16", "both on 15"), or None."""
    start: int | None = None
    negative: bool = False
    """Said with a minus ("-1 pièce", "moins 2", "minus 2"): a loss."""


@dataclass(frozen=True)
class TermFact:
    """A fact of the game's lexicon ``terms`` said in the question ("une place « Vol »": ``reward_steal``)."""

    term: str
    start: int
    said: str


@dataclass(frozen=True)
class RankFact:
    """An ordinal: a place in a ranking or in an order ("finit 4e", "3rd place", "le dernier")."""

    value: int
    start: int
    said: str


@dataclass(frozen=True)
class Action:
    """The hypothetical move: ``verb`` (a lexicon action id) with ``card`` to ``place``, by ``actor``
    (``self``, or the player named as the clause's subject: "Chloé reveals her Hunter")."""

    verb: str
    card: CardFact | None
    place: str | None
    said: str
    actor: str = SELF


@dataclass(frozen=True)
class Asked:
    """What the question asks: ``what`` (a lexicon ``asks`` id) about ``card`` or ``player``."""

    what: str
    card: CardFact | None = None
    player: str | None = None
    destination: str | None = None
    number: int | None = None
    place: str | None = None
    modal: bool = False
    said: str = ""
    times: int | None = None
    number_at: int | None = field(default=None, repr=False)
    at: int | None = field(default=None, repr=False)
    """Where the asking word stands in the question."""
    opposite: bool = False
    """Asked the other way ("est-il interdit de…", "is it forbidden to…"): a yes/no verdict is flipped."""


@dataclass(frozen=True)
class Frame:
    """A question compiled into facts (see the module docstring); ``players`` are named others, in order."""

    game: str
    language: str
    form: str
    players: tuple[str, ...]
    cards: tuple[CardFact, ...]
    counts: tuple[CountFact, ...]
    absent: tuple[str, ...]
    markers: tuple[str, ...]
    relations: tuple[str, ...]
    vague: tuple[str, ...]
    player_count: int | None
    clauses: tuple[tuple[int, int], ...]
    action: Action | None
    asked: Asked | None
    terms: tuple[TermFact, ...] = ()
    asking_words: tuple[TermFact, ...] = ()
    """Every mention of the lexicon's ``asking`` words (a game's own reader of the asking clause reads them)."""
    ranks: tuple[RankFact, ...] = ()
    entities: tuple[Entity, ...] = field(repr=False, default=())
    text: str = field(repr=False, default="")
    """The question itself, for a frame module that reads a fact's own words (a side: "à sa droite")."""

    @property
    def asking_clause(self) -> tuple[int, int]:
        """The clause that asks (:func:`language.sentences.asking_span` over :attr:`clauses`)."""
        return _asking_clause(self.text, list(self.clauses))

    def to_dict(self) -> dict[str, Any]:
        data = as_dict(replace(self, entities=(), text=""))  # not copying the entities only to drop them
        data.pop("entities")
        data.pop("text")
        return data


@functools.cache
@functools.lru_cache(maxsize=4)
def frame_words(language: str) -> dict[str, Any]:
    """The grounding's per-language frame words (``frame_words.yaml``), folded."""
    data = yaml.safe_load(resources.files("service.grounding").joinpath("frame_words.yaml").read_text(encoding="utf-8"))
    if language not in data:
        raise ValueError(f"language: expected one of {sorted(data)}, got {language!r}")
    words = data[language]
    return {
        "modal": frozenset(fold(word) for word in words["modal"]),
        "pronouns": frozenset(fold(word) for word in words["pronouns"]),
        "others": frozenset(fold(word) for word in words["others"]),
        "things": frozenset(fold(word) for word in words["things"]),
        "everyone": frozenset(fold(word) for word in words["everyone"]),
        "asker": frozenset(fold(word) for word in words["asker"]),
        "i": frozenset(fold(word) for word in words["i"]),
        "times": {int(n): frozenset(fold(word) for word in phrases) for n, phrases in words["times"].items()},
        "ordinals": {fold(word): int(n) for n, phrases in words["ordinals"].items() for word in phrases},
        "minus": frozenset(fold(word) for word in words["minus"]),
        "opposite": frozenset(fold(word) for word in words["opposite"]),
        "described": tuple(sorted((fold(phrase) for phrase in words["described"]), key=len, reverse=True)),
        "addressed": {fold(mine): yours for mine, yours in words["addressed"].items()},
        "later": frozenset(" ".join(t.text for t in tokens(phrase)) for phrase in words["later"]),
        "turn": frozenset(fold(word) for word in words["turn"]),
        "someone": tuple(" ".join(t.text for t in tokens(phrase)) for phrase in words["someone"]),
        "passive": frozenset(fold(word) for word in words["passive"]),
        "subjects": frozenset(fold(word) for word in words["subjects"]),
        "owned_by": frozenset(fold(word) for word in words["owned_by"]),
    }


def addressed(name: str, language: str) -> str:
    """A described player's name as said to the asker: "mon voisin de gauche" -> "votre voisin de gauche"."""
    swaps = frame_words(language)["addressed"]
    return re.sub(r"\w+", lambda word: swaps.get(word.group().lower(), word.group()), name) if " " in name else name


def parse_frame(question: str, game: str, language: str, form: str, entities: Sequence[Entity], lexicon_: GameLexicon) -> Frame:
    """The frame of ``question`` (see the module docstring)."""
    missing = absent(question, entities)
    present = [e for e in entities if not any(e is m for m in missing)]
    clauses = _clauses(question)
    terms = _terms(question, lexicon_)
    names = _player_names(question, entities, language, terms)
    ask_at = _ask_position(question, clauses, lexicon_)
    cards = _cards(question, present, clauses, names, ask_at)
    action = _action(question, clauses, cards, present, lexicon_, names)
    asked = _asked(question, clauses, cards, present, names, lexicon_, language, action)
    asked_number = asked.number_at if asked else None
    announced = _announced_lists(question, present)
    counts = tuple(_with_elided_units(question, [
        (e, CountFact(e.value, e.unit, e.role, e.qualifier, e.text, _count_owner(question, e, clauses, names, language),
                      e.start, _negative(question, e, language)))
        for e in present if e.kind == "number" and e.start != asked_number and not _annotation(question, e)
        and e.start not in announced
    ], clauses))
    player_counts = [e.value for e in present if e.kind == "player_count"]
    owners = [card.owner for card in cards if card.owner not in (None, SELF, OTHER)]
    players = tuple(dict.fromkeys([*owners, *(n for _, _, n in names)]))
    text = _with_ask_word_mended(question, asked, lexicon_)
    return Frame(
        game=game, language=language, form=form, players=players,
        cards=tuple(card for card in cards if action is None or card is not action.card),
        counts=counts, absent=tuple(e.value for e in missing),
        markers=tuple(e.value for e in present if e.kind == "marker"),
        relations=_relations(question, lexicon_),
        vague=_vague(question, present, language, tuple(announced.values())),
        player_count=player_counts[0] if player_counts else None, clauses=tuple(clauses),
        action=action, asked=asked, terms=terms, asking_words=_terms(text, lexicon_, "asking"),
        ranks=_ranks(question, language), entities=tuple(entities), text=text,
    )


def _with_ask_word_mended(question: str, asked: "Asked | None", lexicon_: GameLexicon) -> str:
    """``question`` with its asking word written as the lexicon writes it when it was read as a slip ("Qui lacne le
    dé ?" -> "Qui lance le dé ?"), so that a game module reading the text itself reads the same ask. Only a slip of
    the same length (two letters swapped, one letter wrong) is mended: every offset into the text stays right."""
    if asked is None or asked.at is None:
        return question
    typed = re.match(r"[^\W\d_]+", question[asked.at:])
    if typed is None:
        return question
    word = fold(typed.group())
    entries = [entry.rstrip("*") for entry in lexicon_.asks.get(asked.what, ()) if " " not in entry]
    if len(word) != len(typed.group()) or any(word == e or word.startswith(e) for e in entries):
        return question
    near = [e for e in entries if len(e) >= 4 and OSA.distance(word[: len(e)], e) <= 1]
    written = next((e + word[len(e):] for e in sorted(near, key=len, reverse=True) if len(e) <= len(word)), None)
    if written is None or len(written) != len(word) or same_word(word, written):
        return question
    return question[: asked.at] + _cased_like(written, typed.group()) + question[asked.at + len(word):]


def _cased_like(word: str, typed: str) -> str:
    return word[:1].upper() + word[1:] if typed[:1].isupper() else word


_ORDINAL = re.compile(r"\b(\d{1,2})\s?(?:e|è|eme|ème|er|ere|ère|re|nde?|st|nd|rd|th)\b", re.IGNORECASE)


def _ranks(question: str, language: str) -> tuple[RankFact, ...]:
    """Ordinals in figures ("4e", "5ème", "3rd") or words (``ordinals`` of ``frame_words.yaml``)."""
    found = [RankFact(int(m.group(1)), m.start(), m.group()) for m in _ORDINAL.finditer(question)]
    words = frame_words(language)["ordinals"]
    found += [RankFact(words[word], at, word) for word, at in _question_tokens(question) if word in words]
    return tuple(sorted(found, key=lambda rank: rank.start))


def _terms(question: str, lexicon_: GameLexicon, section: str = "terms") -> tuple[TermFact, ...]:
    """Every mention of a lexicon term (or of another section's words), in order (a term said twice is two facts:
    "il reste 3 ... il reste 5")."""
    found, start = [], 0
    words = getattr(lexicon_, section)
    while words:
        hit = _find(question, (start, len(question)), words)
        if hit is None:
            break
        found.append(TermFact(hit[0], hit[1], hit[2]))
        start = hit[1] + 1
    if section == "asking" and words:
        # said by a synonym: in the asking clause only, where the readers of these words look for what is asked
        asking = _asking_clause(question, _clauses(question))
        found = sorted([*found, *_synonym_terms(question, asking, words, lexicon_.asking_languages,
                                                {t.start for t in found})], key=lambda term: term.start)
    return tuple(found)


def _synonym_terms(question: str, span: tuple[int, int], words: dict[str, frozenset[str]],
                   languages: dict[str, frozenset[str]], read: set[int]) -> list[TermFact]:
    """The asking words said in ``span`` by a synonym of exactly one id's entries ("coûte" for « paie »), where no
    entry is. Only an entry in its dictionary form or a stem is a synonym's: "took" marks a move told in the past,
    which no synonym of "take" says."""
    folded_words = _word_spans(question, *span)
    plain = [word for word, _ in folded_words]
    index_ = _EntryIndex.of(words)
    found = []
    for index, (word, position) in enumerate(folded_words):
        if position in read:
            continue
        named = {entry_id for _, others in said_synonyms(plain, index) for other in others
                 for entry_id in index_.synonym_asks(other, languages, dictionary_form=True)}
        if len(named) == 1:
            found.append(TermFact(named.pop(), position, word))
    return found


def _negative(question: str, entity: Entity, language: str) -> bool:
    """A count said with a minus sign or word right before it ("-1 pièce", "moins 2", "minus 2")."""
    before = question[max(0, entity.start - 8) : entity.start]
    if re.search(r"[-−–]\s*$", before):
        return True
    words = [w for w, _ in _word_spans(question, max(0, entity.start - 8), entity.start)]
    return bool(words) and words[-1] in frame_words(language)["minus"]


_PARTICULAR = frozenset({"card", "location", "number", "player", "player_count", "marker", "value", "relation", "action"})
"""Kinds that name one thing or state a fact (an action is a verb: "each other out and put" states no card)."""


_ANNOUNCING = re.compile(r"\s+(?:(?:autres|other|more)\s+)?(\w+)\s*[:(—–-]\s*")
"""A count, a thing and a colon (or a dash, a parenthesis) announcing the list of what it counts."""


def _announced_lists(question: str, entities: Sequence[Entity]) -> dict[int, int]:
    """Counts that announce the cards listed right after them, by the count's start: the thing's start.

    « avec trois autres cartes : un Marchand, une Espionne et la Princesse de Léo », "with two other cards (a Spy
    and a Sailor)": the cards are named one by one, so the count says nothing more (no vague thing, no count to
    place). Only when the list names exactly that many cards before its sentence ends."""
    found = {}
    things = frame_words("fr")["things"] | frame_words("en")["things"]
    for entity in entities:
        if entity.kind != "number" or not isinstance(entity.value, int):
            continue
        said = _ANNOUNCING.match(question, entity.end)
        if said is None or fold(said.group(1)) not in things:
            continue
        end = _clause_of(said.end(), _clauses(question))[1]
        listed = [e for e in entities if e.kind == "card" and said.end() <= e.start < end]
        if len(listed) == entity.value:
            found[entity.start] = said.start(1)
    return found


def _vague(question: str, entities: Sequence[Entity], language: str, announced: tuple[int, ...] = ()) -> tuple[str, ...]:
    """Things stated without saying which: "une autre de mes cartes", "another card"; not the thing of a count
    that announces its list (:func:`_announced_lists`).

    A frame module cannot place them, so it must not run a position without them.
    """
    others = frame_words(language)["others"]
    absence = lexicon("fr").negations | lexicon("en").negations | {"aucun", "aucune", "nulle"}
    found = []
    for entity in entities:
        if entity.kind in _PARTICULAR:
            continue
        before = _words_before(question, entity.start)
        if before & others and not before & absence:  # "aucune autre carte à moi" says there is none
            found.append(entity.text)
    things = frame_words(language)["things"]
    for word, at in _question_tokens(question):
        if word in things and at not in announced and not any(e.start <= at < e.end for e in entities):
            before = _words_before(question, at)
            if before & others and not before & absence:
                found.append(word)
    return tuple(found)


_RECIPROCALS = (("each", "other"), ("one", "another"), ("l", "un", "l", "autre"), ("l", "une", "l", "autre"),
                ("les", "uns", "les", "autres"), ("les", "unes", "les", "autres"))


def _words_before(question: str, at: int) -> set[str]:
    """The words of the 20 characters before ``at``, a reciprocal ("each other", « l'un l'autre ») left out: it
    says how two things said act on each other, not a thing stated without saying which."""
    words = _word_spans(question, max(0, at - 40), at)
    texts = [w for w, _ in words]
    mutual: set[int] = set()
    for index in range(len(texts)):
        for phrase in _RECIPROCALS:
            if tuple(texts[index : index + len(phrase)]) == phrase:
                mutual |= set(range(index, index + len(phrase)))
    return {w for index, (w, start) in enumerate(words) if start >= at - 20 and index not in mutual}


def _with_elided_units(question: str, counted: list, clauses) -> list[CountFact]:
    """"J'ai 4 cartes et mon adversaire 6", "Alice 9 cartes, David 8": a bare count takes the unit of the count
    before it in its clause; not one said after "à"/"at"/"on" ("... et ils finissent tous les deux à 16": a score)."""
    result = []
    for index, (entity, count) in enumerate(counted):
        if count.unit is None and index and not _AFTER_A_PREPOSITION.search(question[: entity.start]):
            previous_entity, previous = counted[index - 1]
            if previous.unit is not None and _clause_of(previous_entity.start, clauses) == _clause_of(entity.start, clauses):
                count = replace(count, unit=previous.unit)
        result.append(count)
    return result


_AFTER_A_PREPOSITION = re.compile(r"(?:^|\s)(?:à|at|on|to|with|avec|sur)\s*$", re.IGNORECASE)


def _count_owner(question: str, entity: Entity, clauses, names, language: str) -> str | None:
    clause = _clause_of(entity.start, clauses)
    before = [w for w, _ in _word_spans(question, clause[0], entity.start)]
    recent = f" {' '.join(before[-5:])} "
    if any(f" {phrase} " in recent for phrase in frame_words(language)["everyone"]):
        return "*"
    named = [(start, end, name) for start, end, name in names if clause[0] <= start and end <= entity.start]
    if len(named) >= 2 and re.fullmatch(r"\s*(?:,|et|and|&)\s*", question[named[-2][1] : named[-1][0]]):
        return "*"  # "Ana and Bob end on 15"
    if named:
        return named[-1][2]
    return entity.role


def _annotation(question: str, entity: Entity) -> bool:
    """``Princess (14)``: a number in brackets restates a card's value; ``deux fois`` counts times and
    ``tous les deux`` people, not things; a bare ``aucun`` counts nothing."""
    before = fold(question[: entity.start]).rstrip()
    if entity.value == 0:
        return True  # "aucun des deux", "aucune autre carte", "no Witch": an absence, nothing to place
    return before.endswith("(") or before.endswith((" les", " des")) and entity.value == 2 or bool(
        re.match(r"\s*(?:fois|times)\b", question[entity.end :], re.IGNORECASE)
    )


def _clauses(question: str) -> list[tuple[int, int]]:
    return clause_spans(question) or [(0, len(question))]


def _clause_of(position: int, clauses: list[tuple[int, int]]) -> tuple[int, int]:
    return next((span for span in clauses if span[0] <= position < span[1]), clauses[-1])


def _player_names(question: str, entities: Sequence[Entity], language: str,
                  terms: Sequence[TermFact] = ()) -> list[tuple[int, int, str]]:
    """Capitalised words that name no term, are not a sentence's first word and no plain word ("I'm Sure that …"):
    players (``Bob``, ``Léa``); and players described ("mon voisin de gauche", "the player on my left", as the question says them).

    A word inside a lexicon term ("a 'Theft' place") or between quotes is a label, not a player.
    """
    function_words = lexicon("fr").function_words | lexicon("en").function_words
    found = _described_players(question)
    taken = [(e.start, e.end) for e in entities if e.kind != "player"] + [(s, e) for s, e, _ in found]
    taken += [(term.start, term.start + len(term.said)) for term in terms]
    for match in _NAME.finditer(question):
        start, end = match.span()
        if any(s <= start < e for s, e in taken) or fold(match.group()) in function_words or is_plain_word(match.group()):
            continue
        if _QUOTED.match(question[max(0, start - 2) : start]) and _QUOTED_END.match(question[end : end + 2]):
            continue
        if _SENTENCE_START.search(question[:start]) and not _named_at_start(question, match, function_words):
            continue
        found.append((start, end, match.group()))
    return sorted(found)


def _described_players(question: str) -> list[tuple[int, int, str]]:
    folded = fold_same_length(question)
    found: list[tuple[int, int, str]] = []
    for language in ("fr", "en"):
        for phrase in frame_words(language)["described"]:
            for match in re.finditer(rf"\b{re.escape(phrase)}\b", folded):
                if not any(s < match.end() and match.start() < e for s, e, _ in found):
                    found.append((match.start(), match.end(), question[match.start() : match.end()]))
    return found


def _named_at_start(question: str, match: re.Match, function_words) -> bool:
    """A capitalised first word is a name when the question says so: ``Bob's``, ``Tom et Sara``, ``Léa pose sa``,
    or it recurs, or it is a common first name ("Ana bought 8 cards", ``language.names``)."""
    word, end = match.group(), match.end()
    if is_first_name(word):
        return True
    after = question[end : end + 40]
    if after[:2] in ("'s", "’s"):
        return True
    following = re.match(r"\s*(?:,|et|and|&)\s*([A-ZÀ-Ý][a-zà-ÿ]+)", after)
    if following and fold(following.group(1)) not in function_words:
        return True
    if re.match(r"\s+\w+\s+(?:her|his|their|sa|son|ses)\b", after):
        return True  # "Chloé reveals her Hunter", "Léa pose sa Voleuse": the subject of a move
    return len(re.findall(rf"\b{re.escape(word)}\b", question)) > 1


def _asking_clause(question: str, clauses: list[tuple[int, int]]) -> tuple[int, int]:
    return asking_span(question, clauses) or (0, len(question))


def _ask_position(question, clauses, lexicon_: GameLexicon) -> int | None:
    found = _find_ask(question, _asking_clause(question, clauses), lexicon_.asks, lexicon_)
    return found[1] if found else None


def _cards(question, entities, clauses, names, ask_at: int | None) -> list[CardFact]:
    """Each card once: a card named again in a later clause, with the same owner or none, is the first mention
    (in one clause, "ma Princesse ... la Princesse de Tom" lists two cards); in the same clause too when the
    words point back at it ("... où ma Voleuse est déjà : il est défaussé alors que la Voleuse est à moi",
    "mon Roi ... mon propre Roi"), never when they add one ("un Barde et un Barde").

    A card first named after the asking verb ("can I discard Léa's King?") is
    the object of the question: the clause does not put it anywhere.
    """
    cards: list[CardFact] = []
    for entity in entities:
        if entity.kind != "card":
            continue
        owner = _owner(question, entity, names)
        clause = _clause_of(entity.start, clauses)
        repeat = next((
            c for c in cards
            if c.card == entity.value and _same_owner(question, entity, owner, c)
            and (_clause_of(c.start, clauses) != clause or _points_back(question, entity))
        ), None)
        if repeat is not None:
            continue
        asked_object = ask_at is not None and clause == _asking_clause(question, clauses) and entity.start > ask_at
        place = None if asked_object else (_place_in_clause(entity, entities, clause)
                                           or _place_pointed_back(question, entities, clause))
        cards.append(CardFact(entity.value, owner, place, entity.text, entity.start))
    return cards


def _same_owner(question: str, entity: Entity, owner: str | None, card: CardFact) -> bool:
    """Whether ``entity`` (read as ``owner``'s) may be ``card`` said again: no owner said, the same owner, or
    "his"/"her" far from any name ("Tom flips his King … Is his King discarded?"), which is a named player's card
    already said, not a new card of some opponent."""
    if owner is None or card.owner == owner:
        return True
    before = fold(question[max(0, entity.start - 8) : entity.start]).split()
    return owner == OTHER and bool(before) and before[-1] in _THIRD_PERSON and card.owner not in (SELF, None)


_POINTING_BACK = re.compile(r"(?:^|\s)(?:le|la|l'|the|ce|cet|cette|this|that|mon propre|ma propre|my own|"
                            r"son propre|sa propre|his own|her own)\s*$")


def _points_back(question: str, entity: Entity) -> bool:
    """The words before a card name one already said: a definite article or "my own", not "un"/"another"."""
    before = fold(question[max(0, entity.start - 14) : entity.start])
    if entity.text and fold(entity.text).split()[0] in ("le", "la", "l'", "the"):
        return True  # the recogniser took the article into the mention ("la Voleuse")
    return _POINTING_BACK.search(before) is not None


def _owner(question: str, entity: Entity, names) -> str | None:
    if entity.role == SELF:
        return SELF
    after = question[entity.end : entity.end + 12]
    for start, end, name in names:
        gap_before = question[end : entity.start]
        if end <= entity.start and re.fullmatch(r"['’]s\s+(?:own\s+)?", gap_before):
            return name
        gap_after = question[entity.end : start]
        if start >= entity.end and re.fullmatch(r"(?:\s*\(\s*\d+\s*\))?\s+(?:de|d['’]|à|a)\s*", gap_after):
            return name  # "le Roi de Léa", "le Roi (15) de Léa": the value said between is no owner
        if end <= entity.start and _HOLDS.fullmatch(fold(question[end : entity.start])):
            return name  # "Léa has a Guard", « Léa a posé un Garde »: a card the name holds or has played
    before = fold(question[max(0, entity.start - 6) : entity.start]).split()
    if before and before[-1] in _THIRD_PERSON:
        subject = [name for start, end, name in names if end <= entity.start and start >= entity.start - 40]
        if subject:
            return subject[-1]  # "Alice a posé sa Sorcière", "Chloé reveals her Hunter"
    if entity.role == OTHER or re.search(r"\b(?:adverse|adversaire|ennemie?)\b", fold(after)):
        return OTHER
    return None


_HOLDS = re.compile(r"\s+(?:has|holds|owns|a|possede|tient|detient)\s+(?:(?:played|put|placed|pose|posee|joue|place|"
                    r"mis)\s+)?(?:a|an|un|une)\s+")
"""A player's name, a verb of holding (or a perfect tense of playing) and an indefinite article before a card."""


def _place_in_clause(entity: Entity, entities, clause: tuple[int, int]) -> str | None:
    places = [e for e in entities if e.kind == "location" and clause[0] <= e.start < clause[1]]
    preceding = [e for e in places if e.start < entity.start]
    following = [e for e in places if e.start > entity.start]
    chosen = preceding[-1] if preceding else (following[0] if following else None)
    return chosen.value if chosen else None


_THERE = re.compile(r"\b(?:(?<!is )(?<!are )(?<!was )(?<!were )there\b(?!\s+(?:is|are|was|were|isn|aren|wasn|weren|will|would|'s|s\b))|j['’]y\b|(?<!il )y\s+(?:pose|poses|place|places|joue|joues|mets|met|arrive|est|sont|finit|termine)\b|"
                    r"la-bas\b|dedans\b|in it\b|au meme endroit\b|in the same (?:place|location|spot)\b|"
                    r"(?:il )?y a deja\b|y avait deja\b|there(?:'s| is| are|s) already\b)", re.IGNORECASE)
"""A clause that points back at a place ("I play my Hunter there", "j'y pose ma Guerrière", « il y a déjà », "there's
already": what is already there is where the story stands): the place named last before it."""


def _place_pointed_back(question: str, entities, clause: tuple[int, int]) -> str | None:
    if not _THERE.search(fold_same_length(question), clause[0], clause[1]):
        return None
    before = [e for e in entities if e.kind == "location" and e.start < clause[0]]
    return before[-1].value if before else None


@functools.lru_cache(maxsize=64)
def _question_tokens(question: str) -> tuple[tuple[str, int], ...]:
    """The question's folded words once (the parser reads them clause by clause, many times)."""
    return tuple((token.text, token.start) for token in tokens(question))


@functools.lru_cache(maxsize=64)
def _token_starts(question: str) -> tuple[int, ...]:
    return tuple(at for _, at in _question_tokens(question))


def _word_spans(question: str, start: int, end: int) -> list[tuple[str, int]]:
    """The question's folded words that start in ``start:end`` (the words are in order: two binary searches)."""
    starts = _token_starts(question)
    return list(_question_tokens(question)[bisect_left(starts, start) : bisect_left(starts, end)])


def _find(question: str, span: tuple[int, int], words: dict[str, frozenset[str]],
          inflected: bool = False) -> tuple[str, int, str] | None:
    """The first lexicon entry in ``span``: ``(id, position, word)``; one-word entries and stems tolerate a slip,
    ``*`` between words stands for one to three words ("take * coins": "take Bob's coins").

    A slip is read only when no entry is said exactly: "rendre" is "rendre", not a slip of "prendre". ``inflected``
    (the moves' verbs): another form of an entry's words (:mod:`language.lemmas`: "putting" for "put") before a slip.
    """
    return (_first(question, span, words, slips=False)
            or inflected and _first(question, span, words, slips=False, inflected=True)
            or _first(question, span, words, slips=True))


def _find_ask(question: str, span: tuple[int, int], asks: dict[str, frozenset[str]],
              lexicon_: GameLexicon | None = None) -> tuple[str, int, str] | None:
    """The ask said in ``span``, read as :func:`_find` reads entries, and more generally (session 8): a phrase that
    asks "who" ("lequel d'entre nous", "which of us", "c'est qui qui": ``who_phrases`` of the language lexicons) is
    the plain "qui"/"who" the entries say ("qui gagne", "who wins"); and when no entry is said exactly, an entry said
    in another form of its words ("qui remportera", "je toucherai", "who gets") is read before a slip is."""
    own = (_first(question, span, asks, slips=False, asking=True)
           or _first(question, span, asks, slips=False, asking=True, inflected=True)
           or _first(question, span, asks, slips=True, asking=True))
    # an unlisted word is read only in a clause that says no listed one: "after paying, how many are left?" asks
    # what is left, whatever act an earlier word says
    return own or lexicon_ is not None and _unlisted_ask(question, span, lexicon_) or None


def _unlisted_ask(question: str, span: tuple[int, int], lexicon_: GameLexicon) -> tuple[str, int, str] | None:
    """The ask said with a word the game's lexicon does not list: one another game lists for the same ask
    (``borrowed_asks``), then a synonym of one of its words (:func:`_synonym_ask`)."""
    borrowed = lexicon_.borrowed_asks
    return (bool(borrowed) and (_first(question, span, borrowed, slips=False, asking=True)
                                or _first(question, span, borrowed, slips=False, asking=True, inflected=True))
            or _synonym_ask(question, span, lexicon_.asks, lexicon_.ask_languages)
            or None)


def _synonym_ask(question: str, span: tuple[int, int], asks: dict[str, frozenset[str]],
                 languages: dict[str, frozenset[str]]) -> tuple[str, int, str] | None:
    """The ask said in ``span`` by a synonym of one of its entries (:mod:`language.synonyms`: "pocket" for "earn"):
    the first position where the synonyms said name exactly one ask; a position whose synonyms name two asks (a
    group whose words this game splits between two acts) reads nothing."""
    folded_words = _asking_words(question, *span)
    words = [word for word, _ in folded_words]
    index_ = _EntryIndex.of(asks)
    for index, (word, position) in enumerate(folded_words):
        named = {ask for _, others in said_synonyms(words, index) for other in others
                 for ask in index_.synonym_asks(other, languages)}
        if len(named) == 1:
            return named.pop(), position, word
    return None


def _first(question: str, span: tuple[int, int], words: dict[str, frozenset[str]], slips: bool, asking: bool = False,
           inflected: bool = False):
    """The first entry (in ``words``' order) said at the earliest position of ``span``.

    Each position tries only the entries that can match there (:class:`_EntryIndex`), in the
    lexicon's order, with the same tests as reading every entry: the same entry wins. ``asking``: who-phrases read
    as "qui"/"who"; ``inflected``: a word or phrase entry matches any form of its words (:mod:`language.lemmas`).
    """
    folded_words = _asking_words(question, *span) if asking else _word_spans(question, *span)
    index_ = _EntryIndex.of(words)
    for index, (word, position) in enumerate(folded_words):
        if inflected:
            found = _inflected_entry(index_, folded_words, index)
            if found is not None:
                return found
            continue
        rest = None
        for order in index_.candidates(word, slips):
            entry_id, entry, kind, pattern = index_.entries[order]
            if kind == "word":
                if word == entry or slips and _slipped_word(word, entry):
                    return entry_id, position, word
            elif kind == "prefix":
                if word.startswith(entry[:-1]) or slips and _slipped_stem(word, entry[:-1]):
                    return entry_id, position, word
            else:
                if rest is None:
                    rest = " ".join(w for w, _ in folded_words[index:])
                if kind == "gap" and pattern.match(rest):
                    return entry_id, position, entry
                if kind == "phrase" and (rest.startswith(entry + " ") or rest == entry):
                    return entry_id, position, entry
    return None


def _inflected_entry(index_: "_EntryIndex", folded_words: list[tuple[str, int]], index: int):
    """The first word or phrase entry said at ``index`` in another form of its words ("gagnera" for "gagne",
    "qui remportera" for "qui remporte"); gap entries and stems are left to the other readings."""
    word, position = folded_words[index]
    for order in index_.inflected_candidates(word):
        entry_id, entry, kind, _ = index_.entries[order]
        said = entry.split(" ")
        if kind not in ("word", "phrase") or index + len(said) > len(folded_words):
            continue
        if all(same_word(folded_words[index + i][0], part) for i, part in enumerate(said)):
            return entry_id, position, word
    return None


@functools.lru_cache(maxsize=256)
def _asking_words(question: str, start: int, end: int) -> tuple[tuple[str, int], ...]:
    """The folded words of ``question[start:end]``, each who-phrase ("lequel d'entre nous") one word: its
    language's plain "qui"/"who", at the phrase's first word; an English question that opens on "who" and ends
    on a preposition ends on that preposition and "who" ("who does it trigger for?": "… for who")."""
    said = _word_spans(question, start, end)
    out, index = [], 0
    stranded = _stranded(said)
    while index < len(said):
        for phrase, who in _who_phrases_from(said[index][0]):
            if tuple(w for w, _ in said[index : index + len(phrase)]) == phrase:
                out.append((who, said[index][1]))
                index += len(phrase)
                break
        else:
            out.append(said[index])
            index += 1
    if stranded is not None and out and out[0][0] in ("who", "whom"):
        preposition, at = stranded
        out[-1:] = [(preposition, at), ("who", at)]  # "who does it trigger for?" asks "for who"
    return tuple(out)


def _stranded(said) -> tuple[str, int] | None:
    """The preposition an English question ends on ("who does it trigger for?"), with its position."""
    if said and said[-1][0] in lexicon("en").stranded_prepositions:
        return said[-1]
    return None


@functools.cache
def _who_phrases() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Every language's who-phrases as word tuples, longest first, with the language's plain who-word."""
    found = [(tuple(phrase.split()), lexicon(language).who_word)
             for language in ("fr", "en") for phrase in lexicon(language).who_phrases]
    return tuple(sorted(found, key=lambda item: -len(item[0])))


@functools.cache
def _who_phrases_by_first_word() -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    by_first: dict[str, list] = {}
    for phrase, who in _who_phrases():
        by_first.setdefault(phrase[0], []).append((phrase, who))
    return {word: tuple(phrases) for word, phrases in by_first.items()}


def _who_phrases_from(word: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The who-phrases that begin with ``word``, in :func:`_who_phrases`' order (the only ones that can match there)."""
    return _who_phrases_by_first_word().get(word, ())


@functools.lru_cache(maxsize=1 << 16)  # the same (word, entry) pairs come back question after question
def _slipped_word(word: str, entry: str) -> bool:
    """A one-word entry typed with one slip: close by ``fuzz.ratio`` (five letters or more), or one edit away (a
    swap of neighbours counts one: "gange", "taek", "wisn") when the typed word is no word of the dictionaries
    ("tale" is not "take") and starts with the entry's letter."""
    if len(entry) >= 5 and abs(len(word) - len(entry)) <= 1 and fuzz.ratio(word, entry) >= _FUZZY_VERB_CUTOFF:
        return True
    return (len(entry) >= 4 and word[:1] == entry[:1] and abs(len(word) - len(entry)) <= 1
            and OSA.distance(word, entry) <= 1 and not _known_word(word))


@functools.lru_cache(maxsize=1 << 16)
def _slipped_stem(word: str, stem: str) -> bool:
    """"raporte" read as ``rapporte*``, "gani" as ``gain*``: a word no dictionary knows ("rapport" stays a noun)
    that starts with the stem's letter and whose start is one edit (a swap of neighbours counts one) from a stem
    of four letters or more."""
    if len(stem) < 4 or len(word) < len(stem) - 1 or word[:1] != stem[:1] or _known_word(word):
        return False
    return any(OSA.distance(word[:n], stem) <= 1 for n in (len(stem) - 1, len(stem), len(stem) + 1) if n <= len(word))


def _known_word(word: str) -> bool:
    return bool(word_frequency(word, "fr") or word_frequency(word, "en"))


def reading_order(entries) -> list[str]:
    """An id's entries in the order they are tried: the longest first ("on the other side" is read whole, never as
    "on the other"), then alphabetically, so the word read does not change with the process's hash seed (a set's
    order does)."""
    return sorted(entries, key=lambda entry: (-len(entry.split()), -len(entry), entry))


class _EntryIndex:
    """A lexicon section's entries in reading order, indexed by what a position must hold to match.

    Kinds, tested in this order as the entry is read: ``gap`` ("take * coins"), ``phrase`` (several
    words), ``prefix`` ("pioch*"), ``word``. A question word never holds a space, so a gap or phrase
    entry can only match where the word equals the entry's first word; a one-word entry only where
    the word equals it, or, for a slip, where the lengths differ by at most one.
    """

    _cache: dict[tuple, "_EntryIndex"] = {}

    def __init__(self, words: dict[str, frozenset[str]]) -> None:
        self.sections = tuple(words.values())  # held so that the ids in the cache key stay theirs
        self.entries: list[tuple[str, str, str, re.Pattern | None]] = []
        self._by_first_word: dict[str, list[int]] = {}
        self._by_length: dict[int, list[int]] = {}
        self._prefixes: list[int] = []
        self._by_lemma: dict[str, list[int]] = {}
        self._candidates: dict[tuple[str, bool], tuple[int, ...]] = {}
        self._inflected: dict[str, tuple[int, ...]] = {}
        self._synonyms: dict[tuple[Synonym, bool], frozenset[str]] = {}
        for entry_id, entries in words.items():
            for entry in reading_order(entries):
                self._add(entry_id, entry)

    @classmethod
    def of(cls, words: dict[str, frozenset[str]]) -> "_EntryIndex":
        key = tuple((entry_id, id(entries)) for entry_id, entries in words.items())
        found = cls._cache.get(key)
        if found is None or any(a is not b for a, b in zip(found.sections, words.values())):
            if len(cls._cache) >= 1024:
                cls._cache.clear()
            found = cls._cache[key] = cls(words)
        return found

    def candidates(self, word: str, slips: bool) -> tuple[int, ...]:
        """The entries that can match at a position holding ``word``, in reading order (kept per word).

        A word or prefix entry matches or not by ``word`` alone, so those that do not are left out here, once per
        word, rather than tested again at every position and question; gap and phrase entries also depend on the
        words that follow and stay for :func:`_first` to test.
        """
        known = self._candidates.get((word, slips))
        if known is not None:
            return known
        found = self._by_first_word.get(word, []) + self._prefixes
        if slips:
            for length in (len(word) - 1, len(word), len(word) + 1):
                found += self._by_length.get(length, [])
        if len(self._candidates) >= 1 << 14:
            self._candidates.clear()
        known = self._candidates[(word, slips)] = tuple(order for order in sorted(found)
                                                        if self._may_match(self.entries[order], word, slips))
        return known

    @staticmethod
    def _may_match(entry_row: tuple, word: str, slips: bool) -> bool:
        """:func:`_first`'s test of a word or prefix entry at ``word``; True for the entries it tests on what follows."""
        _, entry, kind, _ = entry_row
        if kind == "word":
            return word == entry or slips and _slipped_word(word, entry)
        if kind == "prefix":
            return word.startswith(entry[:-1]) or slips and _slipped_stem(word, entry[:-1])
        return True

    def synonym_asks(self, member: Synonym, languages: dict[str, frozenset[str]],
                     dictionary_form: bool = False) -> frozenset[str]:
        """The ids of the word, stem and phrase entries of ``member``'s language (``languages``: an entry's) that
        say it in some form (kept); ``dictionary_form``: only entries whose first word is its own lemma, and stems."""
        key = (member, dictionary_form)
        known = self._synonyms.get(key)
        if known is None:
            known = self._synonyms[key] = frozenset(
                entry_id for entry_id, entry, kind, _ in self.entries
                if member.language in languages.get(entry, ()) and _says(entry, kind, member)
                and (not dictionary_form or kind == "prefix" or is_dictionary_form(entry.split(" ")[0], member.language)))
        return known

    def inflected_candidates(self, word: str) -> tuple[int, ...]:
        """The word and phrase entries whose first word is a form of ``word`` ("gagne" for "gagnera"), in reading
        order (kept per word)."""
        known = self._inflected.get(word)
        if known is None:
            if len(self._inflected) >= 1 << 14:
                self._inflected.clear()
            known = self._inflected[word] = tuple(sorted(
                {order for key in lemma_keys(word) for order in self._by_lemma.get(key, ())}))
        return known

    def _add(self, entry_id: str, entry: str) -> None:
        order = len(self.entries)
        if " * " not in entry and not entry.endswith("*"):
            for key in lemma_keys(entry.split(" ", 1)[0]):
                self._by_lemma.setdefault(key, []).append(order)
        if " * " in entry:
            head, tail = entry.split(" * ", 1)
            pattern = re.compile(rf"{re.escape(head)} (?:\w+ ){{1,3}}{re.escape(tail)}\b")
            self.entries.append((entry_id, entry, "gap", pattern))
            self._by_first_word.setdefault(entry.split(" ", 1)[0], []).append(order)
        elif " " in entry:
            self.entries.append((entry_id, entry, "phrase", None))
            self._by_first_word.setdefault(entry.split(" ", 1)[0], []).append(order)
        elif entry.endswith("*"):
            self.entries.append((entry_id, entry, "prefix", None))
            self._prefixes.append(order)
        else:
            self.entries.append((entry_id, entry, "word", None))
            self._by_first_word.setdefault(entry, []).append(order)
            self._by_length.setdefault(len(entry), []).append(order)


def _says(entry: str, kind: str, member: Synonym) -> bool:
    """Whether a lexicon entry says ``member``: the same words up to inflection in its language, or a stem of its
    one word."""
    words = member.words
    if kind == "prefix":
        return len(words) == 1 and words[0].startswith(entry[:-1])
    said = entry.split(" ")
    return kind in ("word", "phrase") and len(said) == len(words) and all(
        same_word_in(word, part, member.language) for word, part in zip(words, said))


_ELLIPTIC = frozenset({"droit", "permis", "autorise", "possible", "legal", "regle", "ok", "correct", "vrai", "juste",
                       "allowed", "legal", "right", "fine", "true", "okay", "rules", "ca", "cela", "that", "this"})
"""Words of an asking clause that asks about what was just said ("Il a le droit ?", "Is that allowed?")."""


def _only_asking_words(question: str, span: tuple[int, int], language: str) -> bool:
    """The asking clause is an ellipsis: modal, pronoun and function words only, nothing of its own."""
    said = [word for word, _ in _word_spans(question, *span)]
    known = lexicon("fr").function_words | lexicon("en").function_words | frame_words(language)["modal"] | _ELLIPTIC
    return bool(said) and all(word in known for word in said)


def _relations(question: str, lexicon_: GameLexicon) -> tuple[str, ...]:
    found = []
    remaining = {key: words for key, words in lexicon_.relations.items()}
    span = (0, len(question))
    while remaining:
        hit = _find(question, span, remaining)
        if hit is None:
            break
        found.append(hit[0])
        remaining.pop(hit[0])
    return tuple(found)


def _mentioned(question, entities, cards, clause, names) -> list[CardFact]:
    """The cards a clause names, as the frame's cards (a card named again is its first mention)."""
    found = []
    for entity in entities:
        if entity.kind != "card" or not clause[0] <= entity.start < clause[1]:
            continue
        owner = _owner(question, entity, names)
        match = next((c for c in cards if c.start == entity.start), None) or next(
            (c for c in cards if c.card == entity.value and _same_owner(question, entity, owner, c)), None)
        if match is not None and match not in found:
            found.append(match)
    return found


def _action(question, clauses, cards, entities, lexicon_: GameLexicon, names=()) -> Action | None:
    """The asker's move when the question has one; else a move whose subject is a named player
    ("Chloé reveals her Hunter": the name right before the verb, not "le Roi de Paul posé à sa droite").

    A story told in time order ("Turn 1, I put my King in the Castle. Turn 2, Marco puts his Thief there"): the move
    said in a later clause (a later turn, "au tour suivant", "next turn") is the one asked about, and the asker's
    earlier card is already on the table.

    A clause whose verb has a named player right before it is that player's move, even when the asker's card is
    said in it too ("Léo pose son Roi au Village, où ma Voleuse est déjà": the Voleuse is on the table), unless
    the asker is a subject there too ("Léa a posé un Garde et je pose ma Guerrière": the asker's move).

    A passive clause is its subject card's owner's move ("Sara's Thief is placed next to my Merchant": Sara plays the
    Thief, the Merchant is on the table; :func:`_passive_subject`)."""
    mine = _move(question, clauses, cards, entities, lexicon_, names, asker=True)
    theirs = _move(question, clauses, cards, entities, lexicon_, names, asker=False)
    if mine is not None and theirs is not None and (
            mine.said == theirs.said and not _asker_subject(mine.said) or _later(question, mine.said, theirs.said)):
        return theirs
    return mine or theirs


def _asker_subject(clause: str) -> bool:
    """Whether the asker is a subject in ``clause`` ("je", "j'", "I"), in either language."""
    words = {token.text for token in tokens(clause)}
    return any(words & frame_words(language)["i"] for language in _LANGUAGES)


def _later(question: str, earlier: str, later: str) -> bool:
    """Whether the clause ``later`` says a time after the clause ``earlier``: a later-turn phrase, or a turn number
    above the earlier clause's ("tour 1" … "tour 2"), and it comes after it in the question."""
    if question.find(later) <= question.find(earlier):
        return False
    folded = f" {' '.join(token.text for token in tokens(later))} "
    if any(f" {phrase} " in folded for language in _LANGUAGES for phrase in frame_words(language)["later"]):
        return True
    before, after = _turn_numbers(earlier), _turn_numbers(later)
    return bool(before and after and min(after) > max(before))


_LANGUAGES = ("fr", "en")


def _turn_numbers(clause: str) -> list[int]:
    """The turn numbers a clause says in either language ("Turn 2", "au tour 2", "2e tour", "second turn")."""
    words = [token.text for token in tokens(clause)]
    turn = frozenset().union(*(frame_words(language)["turn"] for language in _LANGUAGES))
    ordinals = {word: n for language in _LANGUAGES for word, n in frame_words(language)["ordinals"].items()}
    found = []
    for index, word in enumerate(words):
        if word not in turn:
            continue
        for near in words[max(0, index - 1) : index] + words[index + 1 : index + 2]:
            value = ordinals.get(near) or number_value(near) or number_value(re.sub(r"(?:e|er|eme|st|nd|rd|th)$", "", near))
            if value:
                found.append(value)
    return found


def _move(question, clauses, cards, entities, lexicon_, names, asker: bool) -> Action | None:
    for clause in clauses:
        found = _find(question, clause, lexicon_.actions, inflected=True)
        if found is None:
            continue
        verb, position, word = found
        subject = _passive_subject(question, clause, cards, names, position)
        if subject is not None:
            if subject.owner is None or (subject.owner == SELF) != asker:
                continue
            actor, movers = subject.owner, [subject]
        elif asker:
            actor, movers = SELF, [c for c in cards if c.owner == SELF and clause[0] <= c.start < clause[1]]
            if not movers and _asker_before(question, clause, position):
                movers = _played_unowned(question, cards, clause, position)  # "je pose un Traître": the asker's
        else:
            subjects = [name for start, end, name in names
                        if clause[0] <= start and re.fullmatch(r"\s+(?:\w+\s+)?", question[end:position])]
            actor = subjects[-1] if subjects else (OTHER if _opponent_subject(question, clause, position) else None)
            movers = [c for c in cards if actor and c.owner == actor and clause[0] <= c.start < clause[1]]
            if actor and not movers:
                movers = _played_unowned(question, cards, clause, position)  # "Zoé pose une Voleuse": Zoé's card
        if not movers:
            continue
        card = min(movers, key=lambda c: abs(c.start - position))
        places = [e for e in entities if e.kind == "location" and clause[0] <= e.start < clause[1]]
        beside = {c.place for c in _mentioned(question, entities, cards, clause, names) if c is not card and c.place}
        place = places[0].value if places else card.place or (beside.pop() if len(beside) == 1 else None)
        return Action(verb, card, place, question[clause[0] : clause[1]].strip(), actor)
    return None


def _asker_before(question: str, clause: tuple[int, int], position: int) -> bool:
    """Whether the verb at ``position`` has the asker alone as its subject: "je"/"I" right before it, not the end of
    a compound subject ("Tom and I both dropped a Traitor": each dropped one)."""
    words = [token.text for token in tokens(question[clause[0] : position])][-2:]
    mine = frozenset().union(*(frame_words(language)["i"] for language in _LANGUAGES))
    return bool(words) and words[-1] in mine and not (len(words) == 2 and words[0] in ("et", "and"))


def _passive_subject(question, clause, cards, names, position: int):
    """The card a passive verb at ``position`` is said of ("Sara's Thief is placed next to my Merchant", "la Voleuse
    de Sara est posée à côté de mon Marchand"): the card said right before the verb, with only its owner, its value
    and an auxiliary between. Its owner makes the move, whoever else's card the clause names; a participle without an
    auxiliary ("le Roi de Paul posé à sa droite") describes the table and is no move."""
    before = [c for c in cards if clause[0] <= c.start < position]
    if not before:
        return None
    card = max(before, key=lambda c: c.start)
    gap = question[card.start + len(card.said) : position]
    for start, end, _ in names:
        if card.start < start and end <= position:
            gap = gap.replace(question[start:end], " ")
    words = [token.text for token in tokens(gap) if not token.text.isdigit()]
    auxiliaries = frozenset().union(*(frame_words(language)["passive"] for language in _LANGUAGES))
    owned_by = frozenset().union(*(frame_words(language)["owned_by"] for language in _LANGUAGES))
    kept = [word for word in words if word not in owned_by]
    return card if kept and all(word in auxiliaries for word in kept) else None


def _opponent_subject(question: str, clause: tuple[int, int], position: int) -> bool:
    """Whether the verb at ``position`` has an unnamed opponent as its subject ("un adversaire pose…",
    "an opponent plays…"), in either language."""
    before = " ".join(token.text for token in tokens(question[clause[0] : position]))
    return any(before.endswith(phrase) for language in _LANGUAGES for phrase in frame_words(language)["someone"])


def _subject_of(question: str, end: int, position: int, language: str) -> bool:
    """Whether a name ending at ``end`` is the subject of the verb at ``position`` ("Can Sara steal from me?",
    "Sara peut-elle me voler ?"): only modal words and pronouns between. A yes/no steal's asked player is its
    victim, so its subject is not; "how much does Ana steal from me?" counts the thief's take (the caller keeps it)."""
    if end > position:
        return False
    between = {token.text for token in tokens(question[end:position])}
    words = frame_words(language)
    return between <= words["modal"] | words["asker"] | words["subjects"]


def _played_unowned(question: str, cards, clause: tuple[int, int], position: int) -> list[CardFact]:
    """The card said right after the verb with no owner ("pose une Voleuse", "plays a Thief"): the subject's own."""
    after = [c for c in cards if c.owner in (None, OTHER) and position < c.start < clause[1]]
    first = min(after, key=lambda c: c.start, default=None)
    if first is None or len(tokens(question[position : first.start])) > 3:
        return []
    return [first]


def _asked(question, clauses, cards, entities, names, lexicon_: GameLexicon, language, action) -> Asked | None:
    asking = _asking_clause(question, clauses)
    colon = max(question.rfind(":", asking[0], asking[1]), question.rfind("：", asking[0], asking[1]))
    # "I eliminate Hugo's Queen: how many points do I gain?" asks what follows the colon, when an ask is said there
    after_colon = colon > asking[0] and _find_ask(question, (colon + 1, asking[1]), lexicon_.asks)
    # a listed word anywhere in the clause before any unlisted one, and after the colon first either way
    found = after_colon or _find_ask(question, asking, lexicon_.asks)
    if not found:
        after_colon = colon > asking[0] and _unlisted_ask(question, (colon + 1, asking[1]), lexicon_)
        found = after_colon or _unlisted_ask(question, asking, lexicon_)
    if not found and _only_asking_words(question, asking, language):
        # "… il ne l'applique pas cette manche. Il a le droit ?", "… C'est permis ?": the ask is the sentence before
        before = [span for span in clauses if span[1] <= asking[0]]
        if before:
            asking = (before[-1][0], asking[1])
            found = _find_ask(question, asking, lexicon_.asks, lexicon_)
    if not found:
        return None
    what, position, _ = found
    in_clause = [c for c in cards if asking[0] <= c.start < asking[1]]
    by_mention = _mentioned(question, entities, cards, asking, names)
    acting = action.card if action else None
    others = [c for c in by_mention or in_clause if c is not acting]
    card = others[0] if others else (acting if acting in by_mention else None)
    before = [w for w, at in _word_spans(question, max(asking[0], position - 12), position)]
    if acting is not None and " ".join(before[-2:]) in frame_words(language)["pronouns"]:
        card = acting  # "je pose mon Roi : il est défaussé ?" asks about the card played
    card_names = {c.owner for c in by_mention}
    named_in = (colon + 1, asking[1]) if after_colon else asking  # "…Hugo's Queen: how many do I gain?" asks mine
    player = next(
        (name for start, end, name in names if named_in[0] <= start < named_in[1] and name not in card_names
         and not (what == "steal" and question_form(question) != COUNT
                  and _subject_of(question, end, position, language))), None
    )
    destinations = [e.value for e in entities if e.kind == "location" and position < e.start < asking[1]]
    places = [e.value for e in entities if e.kind == "location" and asking[0] <= e.start < asking[1]]
    card_ids = {c.card for c in cards}
    numbers = [e for e in entities if e.kind == "number" and position < e.start < asking[1] and e.unit not in card_ids]
    spoken = [w for w, _ in _word_spans(question, *asking)]
    phrases = {" ".join(spoken[i : i + 2]) for i in range(len(spoken))}
    modal = bool((set(spoken) | phrases) & frame_words(language)["modal"])
    if player is None and what == "steal" and set(spoken) & frame_words(language)["asker"]:
        player = SELF  # "elle peut me voler ?": the asker is the one asked about
    times = next((int(n) for n, words in frame_words(language)["times"].items() if (set(spoken) | phrases) & words), None)
    return Asked(
        what, card, player, destinations[0] if destinations else None, numbers[0].value if numbers else None,
        places[0] if places else None, modal, question[asking[0] : asking[1]].strip(), times,
        numbers[0].start if numbers else None, position,
        bool((set(spoken) | phrases) & frame_words(language)["opposite"]),
    )
