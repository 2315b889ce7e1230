"""Splendor positions for the token limit: how many tokens go back, whether any must, which ones may.

"J'ai 9 jetons et je prends 2 jetons rouges : combien je dois en rendre ?", "I hold 8 gems and 2 gold, then I
reserve a card and take a gold. Do I have to give a token back?", "I had 10 tokens and just took 3 more. Can I give
back the ones I just took?" become the asker's turn: the tokens held (gold said beside or as a part of them), the
move this turn (3 gems of different colours, 2 of one colour, or a reservation that takes a gold), and the engine's
end of turn says how many go back (rule « Dix au plus à la fin de ton tour, or compris. »). A question about which
tokens go back ("the ones I just took", « pas ceux que je viens de prendre ») then tries that return.

Defaults shown in ``facts``: the colours of the gems held (spread over the five; the count of each never decides,
as the engine returns what the asker names), a bank with plenty of each colour unless the question gives a pile.
A single player named, with no asker in the words, is the one whose turn it is. Refused: another player
beside the asker, a number this module cannot place (a cost, a bonus), no move said.
"""

from __future__ import annotations

import re
from typing import Any

from engine.splendor.data import GEM_COLORS
from language import fold, number_value

__all__ = ["LIMIT_ASKS", "compile_token_limit"]

LIMIT_ASKS = frozenset({"return"})
_LIMIT = 10
_PLAYERS = 2
_PLENTY = 7
_GOLD = "gold"
_TAKE_TWO, _TAKE_THREE, _TAKE_N, _TAKE_GOLD, _RESERVE = (
    "prendre_deux_jetons", "prendre_trois_jetons", "prendre_n_jetons", "prendre_or", "reserver")
_MOVES = frozenset({_TAKE_TWO, _TAKE_THREE, _TAKE_N, _TAKE_GOLD, _RESERVE})
_TAKE_WORDS = re.compile(r"\b(?:take|takes|took|taking|grab|grabbed|pick|picked|prends|prend|pris|prendre|ramasse)\b")
_MORE = re.compile(r"^\s*(?:more|others?|extra|de plus|autres?|supplementaires?|en plus|jetons|tokens|gems|gemmes)\b")
_PART_OF = re.compile(r"\b(?:dont|including|of which|among them|y compris|of them)\b")
_GOLD_WORD = re.compile(r"\s*(?:of them\s+)?(?:jetons?\s+|tokens?\s+)?(?:or|gold|golds|jokers?)\b")
_GOLD_PART = re.compile(r"\b(\d+|one|two|three|un|une|deux|trois)\s+(?:of them|of which|d entre eux|dont)\s+(?:are\s+|is\s+|en\s+)?"
                        r"(?:gold|golds|or|jokers?)\b")
_PILE = re.compile(r"\b(?:pile|left|reste|restent|stack)\b")
_JUST_TAKEN = re.compile(
    r"\b(?:(?:the )?ones? i (?:just )?(?:took|take|picked|grabbed)|(?:the )?new ones?|(?:the )?tokens? i (?:just )?took"
    r"|ceux que je (?:viens de|vais) prendre|ceux que j ai pris|les nouveaux|celles que je viens de prendre)\b")
_OLD = re.compile(r"\b(?:old ones?|(?:my )?older|anciens?|anciennes?|pas ceux que je viens de prendre"
                  r"|not the ones i (?:just )?took)\b")


def compile_token_limit(frame: Any) -> dict[str, Any] | None:
    """The runs that answer a token-limit question (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what not in LIMIT_ASKS or frame.vague or frame.cards:
        return None
    text = fold(frame.text)
    if frame.players and (len(frame.players) > 1 or _FIRST_PERSON.search(text)):
        return None  # two players at the table: whose tokens, whose move?
    entities = sorted(frame.entities, key=lambda e: e.start)
    move = _move(entities, text)
    if move is None:
        return None
    held = _held(entities, text, move["at"])
    if held is None:
        return None
    gems, gold = held
    pile = _pile([e for e in entities if e.start < asked.at], text, move)
    if pile is False:
        return None
    which = "taken" if _JUST_TAKEN.search(text) and not _OLD.search(text) else ("old" if _OLD.search(text) else None)
    named = _named_back(entities, text, asked)
    if which is None and named:
        which = "named"
    if which is None and asked.modal:
        return None  # "can I return …?" without saying which: the text answers
    if which is not None and not asked.modal:
        return None  # "do I have to give back the gold?": the asker chooses; what the engine can say is what he may
    position, step, taken = _position(gems, gold, move, pile)
    facts = _facts(gems, gold, move, pile)
    if frame.form in ("count", "open") and which is None:
        return _compiled(position, step, _excess, "number", facts)
    if which is None:
        if asked.number is not None:
            return _compiled(position, step, lambda events: _compare(_excess(events), asked.number), "yes_no", facts)
        return _compiled(position, step, lambda events: _compare(_excess(events), None), "yes_no", facts)
    held_after = dict(position["players"][0]["tokens"])
    for colour, n in taken.items():
        held_after[colour] = held_after.get(colour, 0) + n
    excess = gems + gold + sum(taken.values()) - _LIMIT
    if excess <= 0:
        return None  # nothing goes back: the question's premise does not hold
    back = named if which == "named" else _chosen(held_after, taken, excess, which)
    if back is None or any(held_after.get(colour, 0) < n for colour, n in back.items()):
        return None  # tokens named that the position read does not hold: a fact said that was not read
    facts.append({"fact": f"the tokens returned: {which} ones ({back})", "source": "stated"})
    steps = [step, {"type": "return", "player": 0, "tokens": back, "try": True}]
    return _compiled(position, steps, _returned, "yes_no", facts)


def _move(entities, text) -> dict[str, Any] | None:
    """The asker's move this turn: the first take or reservation said."""
    moves = [e for e in entities if e.kind == "action" and e.value in _MOVES]
    reserve = next((e for e in moves if e.value == _RESERVE), None)
    if reserve is not None:
        return {"kind": "reserve", "at": reserve.start}
    takes = [(e, verb) for e in moves if e.value != _TAKE_GOLD
             for verb in [_take_verb(text, e)] if verb is not None]  # "two of them gold" takes nothing
    if takes:
        take, verb = takes[0]
        said = text[take.start : take.start + 40]
        if take.value == _TAKE_TWO or (take.value == _TAKE_N and re.search(r"\b(?:2|deux|two)\b", said)):
            colour = next((e.attributes.get("colour") for e in entities
                           if e.kind == "token" and e.attributes.get("colour") and take.start <= e.start < take.start + 30),
                          None)
            return {"kind": "two", "colour": colour, "at": verb}
        if take.value == _TAKE_THREE or (take.value == _TAKE_N and re.search(r"\b(?:3|trois|three)\b", said)):
            return {"kind": "three", "at": verb}
        return None
    for number in (e for e in entities if e.kind == "number" and e.value == 3):
        before = text[max(0, number.start - 16) : number.start]
        if _TAKE_WORDS.search(before) and _MORE.match(text[number.end :]):
            return {"kind": "three", "at": number.start}  # "just took 3 more": three gems of different colours
    return None


def _take_verb(text: str, entity) -> int | None:
    """Where the move's verb is said: in the move's own words ("take 2"), or before its object within the clause
    ("takes 2 tokens of the same colour", up to 32 characters); None when no take is said."""
    start = max(0, entity.start - 32)
    stop = max(text.rfind(mark, start, entity.start) for mark in ".;!?,")
    start = max(start, stop + 1)
    near = _TAKE_WORDS.search(text, max(start, entity.start - 12), entity.end)
    if near is not None:
        return min(entity.start, near.start())
    verb = _TAKE_WORDS.search(text, start, entity.end)
    return None if verb is None else verb.start()


def _held(entities, text, move_at) -> tuple[int, int] | None:
    """Gems and gold held before the move: "9 jetons", "8 gems and 2 gold", "9 jetons dont 1 or"."""
    gems = gold = None
    numbers = [e for e in entities if e.kind == "number" and e.start < move_at]
    for index, number in enumerate(numbers):
        unit = next((e for e in entities if e.kind == "token" and number.end <= e.start <= number.end + 2), None)
        said_gold = _GOLD_WORD.match(text, number.end)
        if unit is None and not said_gold:
            return None
        if said_gold or unit.value == "or":
            part = index > 0 and (_PART_OF.search(text[numbers[index - 1].end : number.start])
                                  or _PART_OF.match(text, number.end + 1))  # "10 tokens, two of them gold"
            if gold is not None or gems is None:
                return None
            gold = number.value
            if part:
                gems -= number.value
            continue
        if gems is not None or unit.attributes.get("colour"):
            return None  # tokens held colour by colour: the generic action frames read those
        gems = number.value
    if gems is not None and gold is None:
        part = _GOLD_PART.search(text, numbers[0].end if numbers else 0, move_at)
        if part:  # "10 tokens, 2 of them gold" (the glossary may read "2 of them" as a take)
            gold = number_value(part.group(1))
            gems -= gold
    if gems is None or gems < 0:
        return None
    return gems, gold or 0


def _pile(entities, text, move) -> int | None | bool:
    """The pile the question gives for a take of two ("from a pile of 5"), None when unsaid, False for a number
    this module cannot place."""
    after = [e for e in entities if e.kind == "number" and e.start > move["at"]]
    pile = None
    for number in after:
        if move["kind"] == "two" and number.value in (2, 3) and number.start < move["at"] + 12:
            continue  # the "2" of "take 2" itself
        if move["kind"] == "three" and number.value == 3 and number.start < move["at"] + 12:
            continue
        around = text[max(0, number.start - 16) : number.end + 12]
        if not _PILE.search(around) or pile is not None:
            return False
        pile = number.value
    return pile


def _position(gems, gold, move, pile):
    colours = list(GEM_COLORS)
    spread = {colour: gems // len(colours) + (i < gems % len(colours)) for i, colour in enumerate(colours)}
    tokens = {**spread, **({_GOLD: gold} if gold else {})}
    bank = {colour: _PLENTY for colour in colours}
    bank[_GOLD] = 5
    if move["kind"] == "three":
        step = {"type": "take_different", "player": 0, "colors": colours[:3]}
        taken = {colour: 1 for colour in colours[:3]}
    elif move["kind"] == "two":
        colour = move["colour"] or colours[0]
        if pile is not None:
            bank[colour] = pile
        step = {"type": "take_same", "player": 0, "color": colour, "try": True}
        taken = {colour: 2}
    else:
        step = {"type": "reserve", "player": 0, "level": 1}
        taken = {_GOLD: 1}
    position = {"players": [{"tokens": tokens}, {}], "current_player": 0, "bank": bank}
    return position, step, taken


def _named_back(entities, text, asked) -> dict[str, int] | None:
    """Tokens the asking clause names to give back ("give back my two golds", « rendre mes 2 jetons or »)."""
    after = [e for e in entities if e.start > asked.at]
    back: dict[str, int] = {}
    for index, entity in enumerate(after):
        gold = entity.kind == "token" and entity.value == "or"
        colour = _GOLD if gold else (entity.attributes.get("colour") if entity.kind == "token" else None)
        if colour is None:
            continue
        number = next((e for e in reversed(after[:index]) if e.kind == "number" and entity.start - e.end <= 12), None)
        back[colour] = back.get(colour, 0) + (number.value if number else 1)
    if not back:
        spoken = re.search(r"\b(?:(\d+|two|deux|one|un|une)\s+)?(?:golds?|jokers?)\b", text[asked.at :])
        if spoken:
            back[_GOLD] = int(spoken.group(1)) if spoken.group(1) and spoken.group(1).isdigit() else (
                2 if spoken.group(1) in ("two", "deux") else 1)
    return back or None


def _chosen(held, taken, excess, which) -> dict[str, int] | None:
    """``excess`` tokens to give back: of the colours just taken, or of the others."""
    pool = dict(taken) if which == "taken" else {c: n - taken.get(c, 0) for c, n in held.items() if n - taken.get(c, 0) > 0}
    back: dict[str, int] = {}
    left = excess
    for colour, n in pool.items():
        give = min(n, left)
        if give:
            back[colour] = give
            left -= give
    return back if left == 0 else (back or None)


def _excess(events) -> int | None:
    """Tokens over the limit after the move; None when the engine refuses the move itself (no count to give)."""
    if any(e["kind"] == "rejected" for e in events):
        return None
    over = [e for e in events if e["kind"] == "token_limit_exceeded"]
    return over[0]["data"]["excess"] if over else 0


def _compare(excess: int | None, number: int | None) -> bool | None:
    """"Must I return 2?": the excess is that number; "must I return any?": there is an excess."""
    if excess is None:
        return None
    return excess == number if number is not None else excess > 0


def _returned(events) -> bool:
    return any(e["kind"] == "tokens_returned" for e in events) and not any(e["kind"] == "rejected" for e in events)


def _facts(gems, gold, move, pile) -> list[dict]:
    said = {"three": "takes 3 gems of different colours", "two": f"takes 2 {move.get('colour') or 'gems of one colour'}",
            "reserve": "reserves a card (and takes a gold)"}[move["kind"]]
    facts = [{"fact": f"the asker holds {gems + gold} tokens" + (f", {gold} of them gold" if gold else ""), "source": "stated"},
             {"fact": f"the asker {said}", "source": "stated"},
             {"fact": "the colours of the gems held: spread over the five (the limit counts them all)", "source": "default"}]
    if move["kind"] == "two" and pile is not None:
        facts.append({"fact": f"the pile holds {pile}", "source": "stated"})
    else:
        facts.append({"fact": "the bank holds enough of each colour and gold", "source": "default"})
    return facts


_FIRST_PERSON = re.compile(r"\b(?:je|j|moi|me|mon|ma|mes|i|my|me|mine|i m|i ve|i d)\b")
"""One player named and no asker in the words: « Paul a 10 jetons et prend 2 jetons », Paul's own turn."""


def _compiled(position, steps, read, verdict, facts) -> dict[str, Any]:
    steps = steps if isinstance(steps, list) else [steps]
    scenario = {"game": "splendor", "title": "the asker's turn and the token limit", "players": _PLAYERS,
                "position": position, "steps": steps}
    return {"title": "the asker's turn and the token limit", "verdict": verdict, "modal": False,
            "unit": {"fr": "jeton(s)", "en": "token(s)"} if verdict == "number" else None, "players": {},
            "variants": [{"reading": {}, "scenario": scenario}], "then": None, "read": read,
            "reads": ("token_limit_exceeded", "tokens_returned", "gold_taken", "rejected"), "facts": facts}
