"""``gaps.match`` reads only the phrasings a question can reach, and finds what reading every phrasing finds.

``gaps._PhrasingIndex`` leaves out the phrasings of two or more words none of whose stems the question says,
whole or inflected; these tests compare :func:`match` with the plain reading (every phrasing in order, kept
below as the reference) on every game's known gaps and silent topics, with questions built from the phrasings
themselves, inflected, slipped and mixed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from service.answers import gaps
from service.answers.corpus import CorpusTexts
from service.answers.gaps import LANGUAGES, gap_catalogue, match
from service.answers.silent_topics import silent_topics

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.fixture(scope="module")
def corpus() -> CorpusTexts:
    texts = CorpusTexts(CORPUS)
    texts.load()
    return texts


def _reference_match(question, phrased, rulebook):
    """:func:`match` reading every phrasing of every gap, in order (session 9; the window counted in content words,
    session 11; a one-word phrasing only matched as itself or a typo, session 12; number words read as digits,
    session 17)."""
    spelled = gaps._numerals_as_digits(gaps.words(question))
    asked = [gaps.stem(word) for word in spelled]
    present = set(asked)
    by_prefix = {}
    for stem_ in present:
        by_prefix.setdefault(stem_[:gaps.INFLECTION_MIN_LENGTH], []).append(stem_)
    best = None
    for gap in phrased:
        for phrasing in (p for language in LANGUAGES for p in gap.ask.get(language, ())):
            wanted = gaps._phrasing_stems(phrasing)
            if not wanted:
                continue
            as_phrased = asked
            if not wanted <= present and len(wanted) == 1:
                wanted = gaps._near_spellings(phrasing, wanted, present, spelled)
                if wanted is None:
                    continue
            elif not wanted <= present:
                unmatched = gaps._uninflected(wanted - present, by_prefix)
                if unmatched is None:
                    continue
                if unmatched < len(wanted - present):
                    as_phrased = gaps._as_phrased(spelled, asked, phrasing)
                if not wanted <= set(as_phrased):
                    wanted = gaps._near_spellings(phrasing, wanted, set(as_phrased), spelled)
                    if wanted is None:
                        continue
            if not gaps._within_content_window(wanted, len(gaps._content_of(phrasing, wanted)), as_phrased, spelled):
                continue
            score = sum(rulebook.weight(s) for s in gaps.content_stems(phrasing))
            if best is None or score > best.score:
                best = gaps.GapMatch(gap, score, phrasing)
    return best


def _catalogues():
    for name, catalogue in (("gaps", gap_catalogue(CORPUS)), ("topics", silent_topics(CORPUS))):
        for game, phrased in sorted(catalogue.items()):
            yield f"{game}.{name}", game, phrased


def _changed(word: str, rng: random.Random) -> str:
    if len(word) < 4:
        return word
    at = rng.randrange(1, len(word))
    return rng.choice([word + "s", word + "ent", word + "ait", word + "ant", word[:-1], word[:-1] + "ez",
                       word[:at] + word[at - 1] + word[at:], word[:at - 1] + word[at] + word[at - 1] + word[at + 1:]])


def _questions(phrased, rng: random.Random, count: int) -> list[str]:
    phrasings = [p for gap in phrased for language in LANGUAGES for p in gap.ask.get(language, ())]
    filler = "je mon la carte quand il y a encore puis est ce que qui the of when".split()
    questions = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 3)):
            parts += rng.sample(filler, rng.randint(0, 3))
            said = rng.choice(phrasings).split()
            parts += [_changed(w, rng) if rng.random() < 0.5 else w for w in rng.sample(said, len(said))
                      if rng.random() < 0.9]
        questions.append(" ".join(parts) + " ?")
    return questions


@pytest.mark.parametrize("name, game, phrased", list(_catalogues()),
                         ids=lambda value: value if isinstance(value, str) and "." in value else "")
def test_indexed_phrasings_match_what_reading_every_phrasing_matches(corpus, name, game, phrased):
    rulebook = corpus.rulebook(game)
    rng = random.Random(name)
    found = 0
    for question in _questions(phrased, rng, 120):
        indexed, reference = match(question, phrased, rulebook), _reference_match(question, phrased, rulebook)
        assert indexed == reference, (name, question)
        found += reference is not None
    assert found >= 30, f"{name}: only {found} of 120 questions land on a phrasing; the comparison says little"
