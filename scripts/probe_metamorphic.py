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
Paraphrases of the asking clause (session 8; the position said the same, only the asking words change, each kind
made by rule from the asking clause, never written per question; a kind that does not apply is left out):
    who_which  "qui …" -> "lequel d'entre nous …", "who …" -> "which of us …"
    who_cleft  "qui …" -> "c'est qui qui …", "who …" -> "which player …"
    polar_estce  (French) an intonation or inverted question -> "est-ce que … ?"; (English) "can I …" -> "is it
               legal for me to …"
    polar_tag  "… ?" -> "…, non ?"; (English) "can I …?" / "I can …?" -> "I can …, right?"
    get_to     (English) "can I …" -> "do I get to …", "can she …" -> "does she get to …"
    lead_in    "Dans ce cas, …" / "In that case, …" before the asking clause
    ask_tense  the asking verb in the future: "qui gagne" -> "qui gagnera", "je touche" -> "je toucherai", "who wins"
               -> "who will win" (a present verb the frame parser reads the ask from; left out otherwise)
    count_total  "combien de N je gagne" <-> "je gagne combien de N"; "how many N do I get" -> "what's the total
               number of N I get"
Hand-written variants (``scripts/probes/metamorphic.yaml``): ``translated`` (the question in
the other language), ``reordered`` (its clauses in another order) and ``restated`` (session 10: its facts said
another way a reader of the rule class must bind: the Galerie by places instead of a list, a named opener after
a colon, Ratons said "in front of" a family), each with its expected ``answer_keywords``.

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
HAND_KINDS = ("translated", "reordered", "restated")
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
AUTOMATIC = ("names", "neighbour", "accents", "typo", "noise", "noise_fact", "casual", "english", "ask_typo", "ask_modal",
             "who_which", "who_cleft", "polar_estce", "polar_tag", "count_total", "ask_tense", "lead_in", "get_to")
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
        **asked_otherwise(text, lang),
        "ask_tense": _future_at(text, ask_at, lang) if ask_at is not None else text,
    }
    return {kind: variant for kind, variant in made.items() if variant != text}


_WHO = {
    "who_which": {"fr": "lequel d'entre nous", "en": "which of us"},
    "who_cleft": {"fr": "c'est qui qui", "en": "which player"},
}
_FR_INVERTED = re.compile(r"^(\w+)-(je|tu|il|elle|on|nous|vous|ils|elles)\b\s*", re.IGNORECASE)
_FR_INVERTED_AS = {"puis": "peux", "dois": "dois", "ai": "ai", "suis": "suis", "vais": "vais"}
_EN_AUX_SUBJECT = re.compile(r"^(can|could|may|do|does|did|is|are|am|will|would|should|must)\s+(i|he|she|it|we|they|you)\b\s*",
                             re.IGNORECASE)
_EN_AUX = re.compile(r"^(?:can|could|may|do|does|did|is|are|am|will|would|should|must|has|have)\b", re.IGNORECASE)
_FR_SUBJECT = r"(?:je|j'|il|elle|on|tu|ils|elles)"
_EN_AS_STATED = {"do": "", "does": "", "did": ""}


def asked_otherwise(text: str, lang: str) -> dict[str, str]:
    """The question with its asking clause (the last sentence that asks) said another way, one variant per kind
    that applies (see the module's docstring)."""
    found = _asking_sentence(text)
    if found is None:
        return {}
    start, end = found
    clause = text[start:end]
    body = clause.rstrip(" ?!.").rstrip()
    made = {}
    for kind, words in _WHO.items():
        who = _who_said_otherwise(clause, lang, words[lang], kind)
        if who:
            made[kind] = who
    polar = clause if not re.search(r"\b(?:qui|quoi|combien|quel\w*|lequel|laquelle|comment|où|ou\s*\?|who|what|which|how|"
                                    r"where|when|whose)\b", fold(clause)) else None
    if polar:
        made["polar_estce"] = _est_ce(body, lang)
        made["polar_tag"] = _tagged(body, lang)
    made["count_total"] = _total(body, lang)
    made["get_to"] = _get_to(clause) if lang == "en" else None
    made["lead_in"] = _LEAD_IN[lang] + (clause[:1].lower() + clause[1:] if _starts_with_function_word(clause) else clause)
    return {kind: text[:start] + said + text[end:] for kind, said in made.items() if said and said != clause}


_LEAD_IN = {"fr": "Dans ce cas, ", "en": "In that case, "}


def _starts_with_function_word(clause: str) -> bool:
    from language import lexicon

    first = re.match(r"\w+", clause)
    return bool(first) and any(fold(first.group()) in lexicon(lang).function_words | {"i"} for lang in ("fr", "en")) \
        and first.group() != "I"


def _asking_sentence(text: str) -> tuple[int, int] | None:
    """The span of the last sentence holding a question mark (else the last sentence)."""
    sentences = list(re.finditer(r"[^.!?:]*[?]+|[^.!?:]+[.!]*$", text))
    asking = [m for m in sentences if "?" in m.group()] or sentences
    if not asking:
        return None
    span = asking[-1]
    start = span.start() + len(span.group()) - len(span.group().lstrip())
    return start, span.end()


def _cased(said: str, like: str) -> str:
    return said[:1].upper() + said[1:] if like[:1].isupper() else said


def _who_said_otherwise(clause: str, lang: str, said: str, kind: str) -> str | None:
    """The asking "qui"/"who" (at the clause's start or after a preposition, never a relative pronoun) said another
    way."""
    lead = r"(?:^|\b(?:à|a|pour|de|avec|chez|to|for|with|from|by)\s+)"
    found = re.search(lead + (r"(qui)\b(?!\s+est-ce)" if lang == "fr" else r"(who)\b"), clause, re.IGNORECASE)
    if found is None:
        return None
    if kind == "who_cleft" and lang == "fr" and found.start() > 0:
        return None  # "à qui" has no cleft said the same way
    return clause[: found.start(1)] + _cased(said, found.group(1)) + clause[found.end(1):]


def _est_ce(body: str, lang: str) -> str | None:
    if lang == "en":
        found = re.match(r"^(can|could)\s+i\s+", body, re.IGNORECASE)
        return f"Is it legal for me to {body[found.end():]}?" if found else None
    if re.match(r"^est[- ]ce\b", body, re.IGNORECASE):
        return None
    inverted = _FR_INVERTED.match(body)
    if inverted:
        verb = _FR_INVERTED_AS.get(inverted.group(1).lower())
        if verb is None:
            return None
        return f"Est-ce que {inverted.group(2).lower()} {verb} {body[inverted.end():]} ?"
    if re.search(r"-(?:t-)?(?:il|elle|on|je|ils|elles)\b", body):
        return None  # inverted later in the clause ("se déclenche-t-il"): no plain rewrite
    first = body[:1].lower() + body[1:]
    return f"Est-ce que {first} ?" if not re.match(r"^(?:il|elle|on|ils|elles)\b", first) else f"Est-ce qu'{first} ?"


def _get_to(clause: str) -> str | None:
    found = re.match(r"^(can|could)\s+(i|you|we|they|he|she|it)\b", clause, re.IGNORECASE)
    if found is None:
        return None
    subject = found.group(2)
    aux = "does" if subject.lower() in ("he", "she", "it") else "do"
    return _cased(f"{aux} {'I' if subject.lower() == 'i' else subject.lower()} get to", clause) + clause[found.end():]


def _tagged(body: str, lang: str) -> str | None:
    if lang == "fr":
        if re.search(r"\bou\s+(?:pas|non)$", body, re.IGNORECASE) or re.match(r"^est[- ]ce\b", body, re.IGNORECASE):
            return None
        return f"{body}, non ?"
    found = _EN_AUX_SUBJECT.match(body)
    if found is None:
        stated = not _EN_AUX.match(body) and not re.search(r"\bor\s+not$", body, re.IGNORECASE)
        return f"{body}, right?" if stated else None
    aux, subject = found.group(1).lower(), found.group(2)
    if aux in _EN_AS_STATED or re.search(r"\bor\s+not$", body, re.IGNORECASE):
        return None  # "does it swap" -> "it swaps": needs conjugation
    subject = "I" if subject.lower() == "i" else subject.lower()
    return _cased(f"{subject} {aux} {body[found.end():]}, right?", body)


def _total(body: str, lang: str) -> str | None:
    if lang == "fr":  # "Combien de points je gagne" <-> "Je gagne combien de points"
        found = re.match(rf"^combien\s+(d[e']\s*\w+(?:\s+d[e']\s*\w+)?)\s+({_FR_SUBJECT}\s*\w+)\b(.*)$",
                         body, re.IGNORECASE)
        if found:
            return _cased(f"{found.group(2)} combien {found.group(1)}{found.group(3)} ?", body)
        found = re.match(rf"^({_FR_SUBJECT}\s*(?:\w+\s+)?\w+)\s+combien\s+(d[e']\s*\w+)(.*)$", body, re.IGNORECASE)
        if found:
            return _cased(f"combien {found.group(2)} {found.group(1).lower()}{found.group(3)} ?", body)
        return None
    found = re.search(r"\bhow many\s+((?:\w+\s+){1,3}?)(do|does|will)\s+(\w+(?:'s)?(?:\s+\w+)?)\s+(get|gain|earn|make|"
                      r"lose|receive|score|have|give)\b", body, re.IGNORECASE)
    if found is None:
        return None
    verb = found.group(4).lower()
    if found.group(2).lower() == "does":
        verb = "has" if verb == "have" else verb + "s"
    elif found.group(2).lower() == "will":
        verb = "will " + verb
    noun, subject = found.group(1).strip(), found.group(3)
    said = f"what's the total number of {noun} {subject} {verb}"
    return body[: found.start()] + _cased(said, found.group()) + body[found.end():] + "?"


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


_FR_FUTURE_PERSON = {"je": "ai", "j": "ai", "on": "a", "il": "a", "elle": "a", "qui": "a", "ca": "a", "cela": "a"}


def _future_at(text: str, at: int, lang: str) -> str:
    """The present verb at ``at`` put in the future (regular verbs only: "-e" and "-s" endings)."""
    word = re.match(r"\w+", text[at:])
    if word is None:
        return text
    said, before = word.group(), fold(text[:at]).split()
    subject = before[-1].strip("'") if before else ""
    if lang == "fr":
        person = _FR_FUTURE_PERSON.get(subject) or ("a" if subject[:1].isalpha() and text[:at].rstrip()[-1:].isalpha()
                                                    and re.search(r"[A-ZÀ-Ý]\w*\s*$", text[:at]) else None)
        if person is None or not said.endswith("e") or said.endswith(("ée", "ee")) or len(said) < 4:
            return text
        future = said + "r" + person
    else:
        if not said.endswith("s") or said.endswith("ss") or len(said) < 4 or subject in ("i", "you", "we", "they"):
            return text
        future = "will " + said[:-1]
    return text[:at] + future + text[at + len(said):]


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
        tallies: dict[str, Tally] = {kind: Tally() for kind in (*AUTOMATIC, *HAND_KINDS)}
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
