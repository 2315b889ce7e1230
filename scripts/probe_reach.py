"""Why an edge question does or does not reach an engine: the grounder's steps, one line per question.

For each edge question of a file (train by default, or the blind dev probes), the grounder alone
(no retriever) is asked, and the steps the frame path takes are shown: the asking clause, the ask
id the lexicon reads there (``-`` when none), the asking form, whether the game's frame module
compiles a position and whether that position's verdict type answers the form. The cause of a miss
is named from those steps:

    no-ask       the asking clause holds no lexicon ask word (the asking words are shown)
    no-compile   an ask is read but the frame module builds no position (a stated fact it cannot bind,
                 or no reader for the ask)
    form         a position is compiled but its verdict type does not answer the question's form
    no-frame     the game has no frame module

Counts per cause, per form and language are printed at the end; ``--json`` writes every row.

``--words`` also splits the misses by what the question says that the frame parser did not read (``unread``): its
words outside every entity, lexicon word, stop word and number, each called a game term when it (or a lemma of it)
is a word of a glossary name or alias or of a lexicon entry of the game. A miss is then ``no-ask``, ``game-term``
(an unread word names something of the game: the position would not hold it) or ``story`` (every unread word is the
player's story: the refusal came from a fact the parser did read). This is the parser's reading, not the frame
module's: a word the parser reads (a number, a card) may still be one the module could not place.

Usage::

    python scripts/probe_reach.py                                  # train edge questions
    python scripts/probe_reach.py --questions scripts/probes/blind/*.jsonl
    python scripts/probe_reach.py --misses                        # the unreached questions only
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from language import detect_language, tokens  # noqa: E402
from language.lemmas import lemma_keys  # noqa: E402
from language.lexicon import lexicon, stopwords  # noqa: E402
from service.core.config import get_settings  # noqa: E402
from service.grounding.forms import question_form  # noqa: E402
from service.grounding.frame import _find, parse_frame  # noqa: E402
from service.grounding.grounder import FRAME_FORMS, Grounder, _asking_form  # noqa: E402
from service.grounding.split_scoring import load_jsonl, verdict_matches  # noqa: E402

TRAIN = ROOT.parent / "shared" / "eval" / "train_questions.jsonl"


def diagnose(grounder: Grounder, question: dict) -> dict:
    """The row of one question: reached (and by which method), right, and the frame path's steps."""
    text, game = question["question"], question["game"]
    language = question.get("lang") or detect_language(text)
    grounded = grounder.check(text, game, language)
    row = {
        "id": question["id"], "game": game, "lang": language, "form": question_form(text),
        "reached": grounded is not None,
        "method": grounded.check.method if grounded is not None else None,
        "right": grounded is not None and verdict_matches(grounded.check.verdict, question),
        "verdict": None if grounded is None else str(grounded.check.verdict)[:60],
    }
    module = grounder._frames.get(game)
    if module is None:
        return {**row, "cause": None if grounded else "no-frame"}
    mended = grounder._mender.mend(text, game)
    entities = grounder.entities(mended, game)
    frame = parse_frame(mended, game, language, question_form(mended), entities, grounder._lexicons[game])
    asked = frame.asked
    row.update(ask=asked.what if asked else None, said=asked.said if asked else None)
    if asked is not None:
        frame = replace(frame, form=_asking_form(asked.said))
        row["form"] = frame.form
    row["unread"] = unread_words(grounder, game, mended, entities)
    compiled = module.compile(frame)
    row["compiled"] = None if compiled is None else compiled["verdict"]
    if grounded is not None and grounded.check.method == "frame":
        row["cause"] = None
    elif asked is None:
        row["cause"] = "no-ask"
    elif compiled is None:
        row["cause"] = "no-compile"
    elif frame.form not in FRAME_FORMS[compiled["verdict"]]:
        row["cause"] = "form"
    else:
        row["cause"] = "no-run"
    return row


def unread_words(grounder: Grounder, game: str, question: str, entities) -> list[list]:
    """``[word, is a game term]`` for each word of ``question`` the parser read as nothing (see the module docstring)."""
    skip = stopwords() | lexicon("fr").function_words | lexicon("en").function_words
    spans = [(entity.start, entity.end) for entity in entities]
    words_of_game = _game_words(grounder, game, skip)
    sections = grounder._lexicons[game]
    for section in (sections.actions, sections.asks, sections.terms, sections.asking, sections.relations):
        start = 0
        while section and (hit := _find(question, (start, len(question)), section)) is not None:
            spans.append((hit[1], hit[1] + len(hit[2])))
            start = hit[1] + 1
    found = []
    for token in tokens(question):
        if len(token.text) < 3 or token.text in skip or token.text.isdigit() or any(s <= token.start < e for s, e in spans):
            continue
        found.append([token.text, token.text in words_of_game or bool(lemma_keys(token.text) & words_of_game)])
    return found


_GAME_WORDS: dict[str, frozenset[str]] = {}


def _game_words(grounder: Grounder, game: str, skip: frozenset[str]) -> frozenset[str]:
    """The words (and their lemma keys) of the game's glossary names and aliases and of its lexicon entries."""
    if game not in _GAME_WORDS:
        said = [name for term in grounder.recognisers[game].terms.values() for name in (term.fr, term.en, *term.aliases)]
        sections = grounder._lexicons[game]
        said += [entry.rstrip("*") for section in (sections.actions, sections.asks, sections.terms, sections.asking,
                                                   sections.relations) for entries in section.values() for entry in entries]
        words = {token.text for name in said for token in tokens(name) if len(token.text) >= 3 and token.text not in skip}
        _GAME_WORDS[game] = frozenset(words | {key for word in words for key in lemma_keys(word)})
    return _GAME_WORDS[game]


def _split(row: dict) -> str:
    """What a miss's unread words are: ``no-ask``, ``game-term`` or ``story`` (see the module docstring)."""
    if row["cause"] == "no-ask":
        return "no-ask"
    return "game-term" if any(is_game for _, is_game in row.get("unread", ())) else "story"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", nargs="+", type=Path, default=[TRAIN])
    parser.add_argument("--misses", action="store_true", help="print only the questions no frame answers")
    parser.add_argument("--json", type=Path, help="write every row there")
    parser.add_argument("--words", action="store_true",
                        help="split the misses by their unread words: no-ask, game-term, story (module docstring)")
    args = parser.parse_args(argv)
    grounder = Grounder(get_settings().corpus_dir)
    grounder.warm_up()
    questions = [q for path in args.questions for q in load_jsonl(path) if q["kind"] == "edge"]
    rows = [diagnose(grounder, question) for question in questions]
    for row in rows:
        if args.misses and row["cause"] is None:
            continue
        print(f"{row['id']:<22} {row['lang']} {row['form']:<6} {row['method'] or '-':<9} "
              f"{'right' if row['right'] else ('wrong' if row['reached'] else '-'):<5} "
              f"ask={row.get('ask') or '-':<13} compiled={row.get('compiled') or '-':<6} cause={row['cause'] or '-'}")
        if args.words and row["cause"] is not None and not row["right"]:
            unread = row.get("unread", ())
            print(f"{'':<24}{_split(row)}: game terms {[w for w, game in unread if game]} story {[w for w, game in unread if not game]}")
    tally: Counter = Counter()
    for row in rows:
        tally["all", row["lang"]] += 1
        tally["reached", row["lang"]] += row["reached"]
        tally["right", row["lang"]] += row["right"]
        tally["wrong", row["lang"]] += row["reached"] and not row["right"]
        tally["frame", row["lang"]] += row["method"] == "frame"
        tally["cause " + str(row["cause"]), row["lang"]] += 1
        tally["form " + row["form"], "reached" if row["reached"] else "missed"] += 1
        if args.words and row["cause"] is not None and not row["right"]:
            tally["unread " + _split(row), row["lang"]] += 1
    print(f"edge questions: {len(rows)}")
    for key in sorted({k for k, _ in tally}):
        print(f"  {key:<20} " + "  ".join(f"{sub}={tally[key, sub]}" for sub in sorted({s for k, s in tally if k == key})))
    if args.json:
        args.json.write_text("\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
