"""Metamorphic probe of engine reach: does a reached train edge question stay reached, with the same verdict,
when it is said differently?

Engine reach gained on train for three sessions and not on held-out questions. This
probe measures brittleness without reading a held-out question: each train edge
question of the chosen games that the grounder answers today is rewritten by
transformations that keep its meaning, and each variant is asked again.

Automatic variants:
    names      every player name replaced by another (``Hugo`` → ``Yanis``)
    neighbour  the first named player replaced by a description ("mon voisin de gauche", "my left neighbour")
    accents    accents stripped (``félon`` → ``felon``)
    typo       one slip (two letters swapped) in the longest glossary name the question says
    noise      an irrelevant sentence put before the question
    noise_fact an irrelevant sentence with a number and a name put before the question
    casual     lower case, no final punctuation
    english    (French questions) each card named by its English glossary name
    ask_typo   one slip (two inner letters swapped) in the asking word (the word the frame parser reads the ask
               from; questions whose ask it does not read are left out)
    ask_modal  the modal of a yes/no ask said another way: "can I" -> "am I allowed to", "je peux" -> "j'ai le
               droit de", "puis-je" -> "ai-je le droit de", "peut-on" -> "a-t-on le droit de"
Hand-written variants (``scripts/probes/metamorphic.yaml``): ``translated`` (the question in
the other language) and ``reordered`` (its clauses in another order), each with its expected
``answer_keywords``.

For each variant kind: how many stay reached and how many keep the verdict (the raw verdict
equal to the original's for automatic variants; the expected keywords for hand-written ones).

Usage::

    python scripts/probe_metamorphic.py                      # every game with frames, the grounder alone
    python scripts/probe_metamorphic.py --games emprise -v   # list each lost variant
    python scripts/probe_metamorphic.py --app                # through POST /v1/ask (TestClient, real retriever)
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from language import fold  # noqa: E402
from service.core.config import get_settings  # noqa: E402
from service.grounding.split_scoring import load_jsonl, verdict_matches  # noqa: E402

TRAIN = ROOT.parent / "shared" / "eval" / "train_questions.jsonl"
HAND_WRITTEN = ROOT / "scripts" / "probes" / "metamorphic.yaml"
RENAMED = {
    "Hugo": "Yanis", "Léa": "Maëlle", "Marc": "Bastien", "Zoé": "Inaya", "Tom": "Gaspard", "Théo": "Noah",
    "Eva": "Olivia", "Nina": "Rose", "Jade": "Lina", "Inès": "Sofia", "Anna": "Manon", "Ben": "Félix",
    "Chloé": "Agathe", "Dan": "Oscar", "Paul": "Victor", "Alice": "Elsa", "Bob": "Kevin",
}
NEIGHBOUR = {"fr": "mon voisin de gauche", "en": "my left neighbour"}
NOISE = {"fr": "Petite question de règles pendant notre soirée jeux.", "en": "Quick rules question during our game night."}
NOISE_FACT = {
    "fr": "On joue depuis 2 heures chez Victor et il reste 3 parts de pizza.",
    "en": "We've been playing for 2 hours at Victor's place and there are 3 slices of pizza left.",
}
AUTOMATIC = ("names", "neighbour", "accents", "typo", "noise", "noise_fact", "casual", "english", "ask_typo", "ask_modal")
MODAL_SAID_OTHERWISE = {
    "en": ((r"\bcan i\b", "am I allowed to"), (r"\bcould i\b", "am I allowed to")),
    "fr": ((r"\bpuis-je\b", "ai-je le droit de"), (r"\bje peux\b", "j'ai le droit de"),
           (r"\bpeut-on\b", "a-t-on le droit de"), (r"\bon peut\b", "on a le droit de")),
}
"""A yes/no ask's modal and the same ask said another way (matched in any case; the first letter's case kept)."""


@dataclass
class Tally:
    variants: int = 0
    reached: int = 0
    same: int = 0


def variants(question: dict, glossary_names: dict[str, str], ask_at: int | None = None) -> dict[str, str]:
    """The automatic variants of one question (a kind that changes nothing is left out); ``ask_at`` is where the
    asking word stands (``Frame.asked.at``), None when the frame parser reads no ask."""
    text, lang = question["question"], question["lang"]
    made = {
        "names": _renamed(text),
        "neighbour": _neighbour(text, lang),
        "accents": "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)),
        "typo": _typo(text, glossary_names),
        "noise": f"{NOISE[lang]} {text}",
        "noise_fact": f"{NOISE_FACT[lang]} {text}",
        "casual": text.lower().rstrip(" ?!."),
        "english": _english(text, glossary_names) if lang == "fr" else text,
        "ask_typo": _slipped_word_at(text, ask_at) if ask_at is not None else text,
        "ask_modal": _modal_said_otherwise(text, lang),
    }
    return {kind: variant for kind, variant in made.items() if variant != text}


def _renamed(text: str) -> str:
    return re.sub(r"\b(" + "|".join(RENAMED) + r")\b", lambda m: RENAMED[m.group(1)], text)


def _neighbour(text: str, lang: str) -> str:
    found = re.search(r"\b(" + "|".join(RENAMED) + r")\b", text)
    if not found:
        return text
    name, who = found.group(1), NEIGHBOUR[lang]
    if lang == "en":
        text = re.sub(rf"\b{name}'s\b", f"{who}'s", text)
        return re.sub(rf"(?<=[.!?] ){name}\b|^{name}\b", who.capitalize(), re.sub(rf"(?<![.!?] ){name}\b", who, text))
    text = re.sub(rf"\b(de|d')\s?{name}\b", f"de {who}", text)
    text = re.sub(rf"\bà {name}\b", f"à {who}", text)
    return re.sub(rf"\b{name}\b", who, text)


def _typo(text: str, glossary_names: dict[str, str]) -> str:
    """Two inner letters of the longest glossary name said (five letters or more) swapped."""
    folded = fold(text)
    said = [name for name in glossary_names if len(name) >= 5 and re.search(rf"\b{re.escape(name)}\b", folded)]
    if not said:
        return text
    name = max(said, key=len)
    start = re.search(rf"\b{re.escape(name)}\b", folded).start()
    word = text[start:start + len(name)]
    middle = len(word) // 2
    slipped = word[:middle] + word[middle + 1] + word[middle] + word[middle + 2:]
    return text[:start] + slipped + text[start + len(name):]


def _slipped_word_at(text: str, at: int) -> str:
    """Two inner letters of the word at ``at`` swapped (a word of four letters or more)."""
    word = re.match(r"\w+", text[at:])
    if word is None or len(word.group()) < 4:
        return text
    said = word.group()
    middle = len(said) // 2
    slipped = said[:middle] + said[middle + 1] + said[middle] + said[middle + 2:]
    return text[:at] + slipped + text[at + len(said):]


def _modal_said_otherwise(text: str, lang: str) -> str:
    """The first modal of the question said another way (see ``MODAL_SAID_OTHERWISE``)."""
    for pattern, replacement in MODAL_SAID_OTHERWISE[lang]:
        found = re.search(pattern, text, re.IGNORECASE)
        if found:
            said = replacement[:1].upper() + replacement[1:] if found.group()[:1].isupper() else replacement
            return text[: found.start()] + said + text[found.end():]
    return text


def _english(text: str, glossary_names: dict[str, str]) -> str:
    """Each French card name replaced by its English glossary name (folded match, longest first)."""
    out = text
    for name in sorted(glossary_names, key=len, reverse=True):
        english = glossary_names[name]
        if not english or fold(english) == name:
            continue
        out = re.sub(rf"(?i)\b{re.escape(name)}s?\b", english, _unaccented_view(out, name))
    return out


def _unaccented_view(text: str, folded_name: str) -> str:
    """``text`` with its accented spellings of ``folded_name`` written folded, so one regex finds them."""
    folded = fold(text)
    if len(folded) != len(text):
        return text
    spans = [m.span() for m in re.finditer(rf"\b{re.escape(folded_name)}", folded)]
    for start, end in reversed(spans):
        text = text[:start] + folded[start:end] + text[end:]
    return text


def card_names(corpus_dir: Path, game: str) -> dict[str, str]:
    """Folded French card names → English names, from the game's glossary."""
    data = yaml.safe_load((corpus_dir / game / "glossary.yaml").read_text(encoding="utf-8"))
    return {fold(term["fr"]): term.get("en") or "" for term in data["terms"] if term.get("kind") == "card"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["oriflamme", "emprise", "emblemes", "splendor", "for-a-crown"])
    parser.add_argument("--app", action="store_true", help="ask through POST /v1/ask in process instead of the grounder")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each variant that lost reach or verdict")
    args = parser.parse_args(argv)
    settings = get_settings()
    ask, close = _asker(settings, args.app)
    ask_at = _ask_reader(settings)
    hand = yaml.safe_load(HAND_WRITTEN.read_text(encoding="utf-8")) if HAND_WRITTEN.is_file() else {}
    try:
        tallies: dict[str, Tally] = {kind: Tally() for kind in (*AUTOMATIC, "translated", "reordered")}
        per_game: Counter = Counter()
        base_reached = 0
        questions = [q for q in load_jsonl(TRAIN) if q["kind"] == "edge" and q["game"] in args.games]
        for question in questions:
            base = ask(question["question"], question["game"])
            if base is None:
                continue
            base_reached += 1
            names = card_names(settings.corpus_dir, question["game"])
            for kind, text in variants(question, names, ask_at(question["question"], question["game"])).items():
                got = ask(text, question["game"])
                same = got is not None and (got[1] == base[1] or _unaddressed(got[0], question) == fold(str(base[0])))
                _count(tallies[kind], per_game, question, kind, text, got, same, args.verbose)
            for kind, written in (hand.get(question["id"]) or {}).items():
                expected = {"answer_keywords": written["answer_keywords"], "answer": ""}
                got = ask(written["question"], question["game"])
                same = got is not None and verdict_matches(got[0], expected)
                _count(tallies[kind], per_game, question, kind, written["question"], got, same, args.verbose)
    finally:
        close()
    print(f"train edge questions of {args.games}: {len(questions)}, reached today {base_reached}")
    print(f"{'variant':<11} {'n':>4} {'reached':>8} {'same verdict':>13}")
    total = Tally()
    for kind, tally in tallies.items():
        if tally.variants:
            print(f"{kind:<11} {tally.variants:>4} {tally.reached:>8} {tally.same:>13}")
            total.variants += tally.variants
            total.reached += tally.reached
            total.same += tally.same
    print(f"{'all':<11} {total.variants:>4} {total.reached:>8} {total.same:>13}")
    for game in args.games:
        print(f"{game}: {per_game[game, 'same']}/{per_game[game, 'n']} variants keep the verdict")
    return 0


def _count(tally: Tally, per_game: Counter, question, kind, text, got, same: bool, verbose: bool) -> None:
    tally.variants += 1
    tally.reached += got is not None
    tally.same += same
    per_game[question["game"], "n"] += 1
    per_game[question["game"], "same"] += same
    if verbose and not same:
        print(f"  {question['id']} {kind}: {'MISS' if got is None else 'VERDICT ' + repr(got[0])}: {text}")


def _asker(settings, through_app: bool):
    """``ask(text, game) -> (verdict, raw verdict) | None`` and a closing function."""
    if not through_app:
        from service.grounding.grounder import Grounder

        grounder = Grounder(settings.corpus_dir)
        grounder.warm_up()

        def ask(text: str, game: str):
            grounded = grounder.check(text, game)
            return None if grounded is None else (grounded.check.verdict, _comparable(grounded.raw))

        return ask, lambda: None
    from fastapi.testclient import TestClient

    from service.api.main import create_app

    app = create_app(settings)
    client = TestClient(app)
    client.__enter__()
    if not app.state.referee.wait_until_ready(900):
        raise SystemExit(f"the service did not warm up: {app.state.warm_up_error}")

    def ask(text: str, game: str):
        body = client.post("/v1/ask", json={"game": game, "question": text}).json()
        check = body.get("engine_check")
        return None if check is None else (check["verdict"], fold(str(check["verdict"])))

    return ask, lambda: client.__exit__(None, None, None)


def _ask_reader(settings):
    """``ask_at(text, game) -> int | None``: where the frame parser reads the question's ask."""
    from service.grounding.grounder import Grounder

    grounder = Grounder(settings.corpus_dir)
    grounder.warm_up()

    def ask_at(text: str, game: str):
        frame = grounder.frame(text, game)
        return frame.asked.at if frame is not None and frame.asked is not None else None

    return ask_at


def _unaddressed(verdict, question: dict) -> str:
    """A verdict that names the described player ("votre voisin de gauche") with the name it replaced."""
    found = re.search(r"\b(" + "|".join(RENAMED) + r")\b", question["question"])
    said = fold(str(verdict))
    if found:
        for description in ("votre voisin de gauche", "your left neighbour", "my left neighbour", "mon voisin de gauche"):
            said = said.replace(description, fold(found.group(1)))
    return said


def _comparable(raw):
    """A raw verdict compared across variants: names are the players', so only its shape and values count."""
    if isinstance(raw, str):
        return fold(_renamed_back(raw))
    return raw


def _renamed_back(text: str) -> str:
    back = {new: old for old, new in RENAMED.items()}
    return re.sub(r"\b(" + "|".join(back) + r")\b", lambda m: back[m.group(1)], text)


if __name__ == "__main__":
    raise SystemExit(main())
