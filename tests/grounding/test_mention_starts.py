"""``find_mentions`` tries each phrase only where its first word can be said, and finds what trying every position finds.

``quantity_reading._Starts`` leaves out the positions ``_same`` would refuse for a phrase's first word; these
tests compare ``find_mentions`` with the plain reading (kept below as the reference) on the quantity words and
every game's action lexicon, with texts built from the phrases themselves, slips, stems and repeats.
"""

from __future__ import annotations

import random

import pytest

from service.grounding import quantity_reading
from service.grounding.framing import load_frame_modules
from service.grounding.lexicons import load_game_lexicon
from service.grounding.quantity_reading import Mention, find_mentions, words

from tests.grounding.conftest import CORPUS


def _reference_mentions(text, entries, slips=True):
    """``find_mentions`` as it tried every phrase at every position (session 9)."""
    said = [token.text for token in quantity_reading.tokens(text)]
    found = []
    for entry_id, phrases in entries.items():
        for phrase in phrases:
            parts = quantity_reading._phrase_parts(phrase)
            for start in range(len(said) - len(parts) + 1):
                if all(quantity_reading._same(word, part, slips) for word, part in zip(said[start:start + len(parts)], parts)):
                    found.append(Mention(entry_id, start, start + len(parts), phrase))
    found.sort(key=lambda mention: (-mention.length, mention.start))
    kept = []
    for mention in found:
        if not any(mention.start < other.end and other.start < mention.end and other.id != mention.id
                   and other.length > mention.length for other in kept):
            kept.append(mention)
    return sorted(kept, key=lambda mention: (mention.start, -mention.length))


def _entry_sets():
    quantity = words()
    yield "moments", dict(quantity.moments)
    yield "cues", {"cue": quantity.cues}
    for game, module in sorted(load_frame_modules().items()):
        lexicon = load_game_lexicon(CORPUS / game / "lexicon.yaml", module)
        yield f"{game}.actions", {**lexicon.actions, "move": quantity.moves}


def _slip(word: str, rng: random.Random) -> str:
    if len(word) < 4:
        return word
    at = rng.randrange(len(word))
    return rng.choice([word[:at] + word[at + 1:], word[:at] + "e" + word[at:], word[:at] + "x" + word[at + 1:],
                       word + "s", word[:-1]])


def _texts(entries, rng: random.Random, count: int) -> list[str]:
    phrases = [phrase.replace("*", "ent") for values in entries.values() for phrase in values]
    filler = "je mon la carte quand il y a encore puis est ce que combien how many the".split()
    texts = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 4)):
            parts += rng.sample(filler, 2)
            parts.append(" ".join(_slip(w, rng) if rng.random() < 0.3 else w for w in rng.choice(phrases).split()))
        texts.append(" ".join(parts) + " ?")
    return texts


@pytest.mark.parametrize("name, entries", list(_entry_sets()), ids=lambda value: value if isinstance(value, str) else "")
def test_indexed_starts_find_what_every_position_finds(name, entries):
    rng = random.Random(name)
    for text in _texts(entries, rng, 80):
        for slips in (True, False):
            assert find_mentions(text, entries, slips) == _reference_mentions(text, entries, slips), (name, text, slips)


def test_a_stem_a_slip_and_a_repeated_word_are_found_at_every_place():
    entries = {"draw": ("pioch*",), "round": ("manche",), "end": ("fin de la manche", "fin de partie")}
    text = "Je piochais, puis fin de la manche ; une manchee, encore une manche, et la fin de partie ?"
    assert find_mentions(text, entries) == _reference_mentions(text, entries)
    assert [m.id for m in find_mentions(text, entries)] == ["draw", "end", "round", "round", "end"]
    assert [m.id for m in find_mentions(text, entries, slips=False)] == ["draw", "end", "round", "end"]
