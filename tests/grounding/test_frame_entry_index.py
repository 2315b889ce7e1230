"""The indexed lexicon lookup of the frame parser finds what reading every entry in order finds.

``frame._first`` tries at each position only the entries that can match there; these tests
compare it with the plain reading (kept below as the reference) on every game's lexicon, with
questions built from the lexicon's own entries, slips, gaps and phrases, and on hand-made
lexicons where several entries of different kinds match at the same position.
"""

from __future__ import annotations

import random
import re

import pytest

from service.grounding import frame
from service.grounding.framing import load_frame_modules
from service.grounding.lexicons import load_game_lexicon

from tests.grounding.conftest import CORPUS


def _reference_first(question, span, words, slips):
    """``_first`` as it read every entry of every section at every position (before the index); words and
    stems take a slip as ``frame._slipped_word`` and ``frame._slipped_stem`` say (session 7)."""
    folded_words = frame._word_spans(question, *span)
    for index, (word, position) in enumerate(folded_words):
        rest = " ".join(w for w, _ in folded_words[index:])
        for entry_id, entries in words.items():
            for entry in frame.reading_order(entries):
                if " * " in entry:
                    head, tail = entry.split(" * ", 1)
                    if re.match(rf"{re.escape(head)} (?:\w+ ){{1,3}}{re.escape(tail)}\b", rest):
                        return entry_id, position, entry
                elif " " in entry:
                    if rest.startswith(entry + " ") or rest == entry:
                        return entry_id, position, entry
                elif entry.endswith("*"):
                    if word.startswith(entry[:-1]) or slips and frame._slipped_stem(word, entry[:-1]):
                        return entry_id, position, word
                elif word == entry or slips and frame._slipped_word(word, entry):
                    return entry_id, position, word
    return None


def _sections():
    for game, module in sorted(load_frame_modules().items()):
        lexicon = load_game_lexicon(CORPUS / game / "lexicon.yaml", module)
        for name in ("actions", "asks", "relations", "terms", "asking"):
            if getattr(lexicon, name):
                yield f"{game}.{name}", getattr(lexicon, name)


def _slip(word: str, rng: random.Random) -> str:
    if len(word) < 4:
        return word
    at = rng.randrange(len(word))
    return rng.choice([word[:at] + word[at + 1:], word[:at] + "e" + word[at:], word[:at] + "x" + word[at + 1:]])


def _questions(words, rng: random.Random, count: int) -> list[str]:
    entries = [entry.replace(" * ", " deux mots ").rstrip("*") for entries in words.values() for entry in entries]
    filler = "je mon la carte quand il y a encore puis est ce que".split()
    questions = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 4)):
            parts += rng.sample(filler, 2)
            said = rng.choice(entries)
            parts.append(" ".join(_slip(w, rng) if rng.random() < 0.3 else w for w in said.split()))
        questions.append(" ".join(parts) + " ?")
    return questions


@pytest.mark.parametrize("name, words", list(_sections()), ids=lambda value: value if isinstance(value, str) else "")
def test_indexed_lookup_equals_reading_every_entry_on_each_lexicon(name, words):
    rng = random.Random(name)
    for question in _questions(words, rng, 60):
        for start in (0, len(question) // 3):
            span = (start, len(question))
            for slips in (False, True):
                assert frame._first(question, span, words, slips) == _reference_first(question, span, words, slips), (
                    name, question, span, slips)


def test_the_first_entry_in_lexicon_order_wins_among_kinds_matching_at_one_position():
    words = {
        "gap": frozenset({"prendre * pieces"}),
        "phrase": frozenset({"prendre les"}),
        "prefix": frozenset({"pren*"}),
        "word": frozenset({"prendre", "poser"}),
    }
    question = "Je peux prendre les deux pieces ?"
    for order in (list(words), list(reversed(words)), ["word", "gap", "prefix", "phrase"]):
        reordered = {key: words[key] for key in order}
        assert frame._first(question, (0, len(question)), reordered, False) == _reference_first(
            question, (0, len(question)), reordered, False)
        assert frame._first(question, (0, len(question)), reordered, False)[0] == order[0]


def test_a_slip_is_found_only_in_slip_mode_and_a_section_change_is_seen():
    words = {"take": frozenset({"prendre"}), "give": frozenset({"donner"})}
    question = "Je peux prenre une carte ?"
    assert frame._first(question, (0, len(question)), words, False) is None
    assert frame._first(question, (0, len(question)), words, True) == ("take", 8, "prenre")
    fewer = {"give": words["give"]}  # a new dict of the same sections, as _relations builds them
    assert frame._first(question, (0, len(question)), fewer, True) is None
