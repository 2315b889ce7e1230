"""Questions about the count compiled from a question frame: who places the last card, who wins, is it a tie, a score.

The sides are the question's own: the asker (``self``), an opponent said so
(``other``) or named players ("Azur owns 8 cards and Carmin owns 8"). The side
that opened the duel (the ``opener`` entity of :mod:`engine.emprise.questions`)
sits at seat 0, the other side at seat 1, and each side owns the number of
cards the question gives it (a count with its owner in the frame, or the
hook's ``board_counts``, "j'ai 6 cartes et mon adversaire en a 10"). The
engine then counts (``{"type": "count"}``) and the asked quantity is read off
its events: the winner, whether a Mort Subite starts, whether the duel ends drawn
(never: a tie goes on to the Mort Subite), or a side's score with the head start. A question that does not say who opened, or leaves a side's
count unsaid, gets no position.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold, fold_same_length

__all__ = ["COUNT_ASKS", "compile_count", "compile_last_card"]

COUNT_ASKS = frozenset({"win", "lose", "tie", "draw", "score"})
_YOU = {"fr": "vous", "en": "you"}
_OPPONENT = {"fr": "votre adversaire", "en": "your opponent"}
_POINTS = {"fr": "point(s)", "en": "point(s)"}
_SELF, _OTHER = "self", "other"
_CARD_UNITS = (None, "carte")
_BOARD = 20


def compile_last_card(frame: Any) -> dict[str, Any] | None:
    """Who places the duel's last card: the 16th placement of a duel whose opener the question names."""
    if frame.cards or frame.counts:
        return None
    opener = _opener(frame)
    if opener is None:
        return None
    players = _opener_first(frame, opener)
    if players is None:
        return None
    scenario = {
        "game": "emprise", "players": 2,
        "position": {"first_player": 0, "placements": 15, "counts": [8, 7],
                     "hands": [[], [{"order": "Maudits", "ranks": [0, 0, 0, 0]}]]},
        "steps": [{"type": "place"}],
    }
    return {
        "title": "Qui pose la dernière carte du duel ?", "verdict": "player", "modal": False, "unit": None,
        "players": players, "variants": [{"reading": {}, "scenario": scenario}], "then": None,
        "read": _last_placer, "reads": ("card_placed",),
        "facts": [{"fact": "opener", "source": "stated", "said": opener}],
    }


def compile_count(frame: Any) -> dict[str, Any] | None:
    """Who wins, whether the count is a tie, or a side's score, from each side's cards and who opened."""
    what = frame.asked.what
    if frame.cards or frame.vague:
        return None
    opener = _opener(frame)
    tied = _tied_after_sudden_death(fold_same_length(frame.text).lower()) if opener is not None else None
    if tied is not None and all(count.start is not None and tied[0] <= count.start < tied[1]
                                or _of_sudden_death(frame.text, count) for count in frame.counts):
        return _last_word(frame, opener)  # the only counts said are the tied score itself
    owned = _owned(frame)
    if opener is None or owned is None:
        return None
    sides = _seats(opener, owned)
    if sides is None:
        return None
    counts = [owned[sides[0]], owned[sides[1]]]
    if sum(counts) > _BOARD:
        return None
    players = {seat: _display(side, frame.language) for seat, side in enumerate(sides)}
    subject = _subject(frame, sides)
    if what == "win" and frame.form == "who":
        verdict, read = "player", _winner(players, frame.language)
    elif what in ("win", "lose"):
        if subject is None:
            return None
        verdict, read = "yes_no", _wins(subject) if what == "win" else _loses(subject)
    elif what == "outcome":
        if frame.form != "open":
            return None
        verdict, read = "text", _told_outcome(players, frame.language)
    elif what == "tie":
        verdict, read = "yes_no", _tied
    elif what == "draw":
        verdict, read = "yes_no", _drawn
    else:
        if subject is None:
            return None
        verdict, read = "number", _score(subject)
    scenario = {"game": "emprise", "players": 2,
                "position": {"phase": "count", "first_player": 0, "counts": counts}, "steps": [{"type": "count"}]}
    return {
        "title": "Le décompte : les cartes possédées, plus 2 points pour qui a ouvert",
        "verdict": verdict, "modal": False, "unit": _POINTS if verdict == "number" else None,
        "players": players, "variants": [{"reading": {}, "scenario": scenario}], "then": None,
        "read": read, "reads": ("duel_counted", "sudden_death", "duel_won"),
        "facts": [{"fact": "opener", "source": "stated", "said": opener},
                  *({"fact": f"cards owned by {side}", "source": "stated", "said": str(owned[side])} for side in sides)],
    }


_BOTH_ROUNDS_OVER = re.compile(
    r"\b(?:apres|a la fin des?|au bout des?|after|at the end of)\s+(?:les\s+|the\s+)?(?:deux|2|two|both)\s+"
    r"(?:(?:mort subite|sudden death)\s+)?(?:rondes?|tours?|manches?|rounds?)\b"
    r"|\b(?:apres|a la fin de|au bout de|after|at the end of)\s+(?:la\s+|the\s+)?(?:(?:deuxieme|seconde|2e|2eme|second|2nd)\s+"
    r"(?:ronde|tour|manche|round)|(?:ronde|tour|manche|round)\s+(?:deux|2|two))\b"
    r"|\b(?:mort subite|sudden death)\s+(?:est\s+|is\s+)?(?:terminee|finie|over|finished|ended)\b"
    r"|\b(?:pose|posees?|joue|jouees?|sorti|sorties?|placed|played|put\s+down|used)\s+(?:nos|leurs|les|our|their|both|all)\s+"
    r"(?:(?:deux|2|two)\s+)?(?:cartes\s+de\s+(?:la\s+)?reserve|reserve\s+cards)\b")
"""Both Mort Subite rounds are over: "après les deux rondes (de Mort Subite)", "after both rounds", "after round 2",
"Sudden Death is over", or each side's two Réserve cards are down ("on a posé nos deux cartes de Réserve")."""
_RESERVE_CARDS = re.compile(r"\s*(?:cartes?\s+(?:de|dans)\s+(?:la\s+|ma\s+|sa\s+|leur\s+|notre\s+)?reserve|reserve\s+cards?"
                            r"|cards?\s+(?:of|from|in)\s+(?:the\s+|my\s+|his\s+|her\s+|their\s+|our\s+)?reserve)\b")
"""A count of Réserve cards ("deux cartes de Réserve", "two Reserve cards") is no count of the cards owned on the
board."""
_STILL_TIED = re.compile(
    r"\b(?:egalite|egal|egaux|ex aequo|tie|tied|draw|even|partout|all square)\b"
    r"|\b(?P<a>\d{1,2})\s*(?:a|-|–|to|contre|against)\s*(?P<b>\d{1,2})\b")
"""A tie said in words, or as a score with the same number on both sides ("9 à 9", "10-10")."""
_SUDDEN_DEATH = re.compile(r"\b(?:mort subite|sudden death)\b")


def _tied_after_sudden_death(text: str) -> tuple[int, int] | None:
    """Where a tie that still holds after both Mort Subite rounds is said (the span of the tied score, or an empty
    span for a tie said in words); None when the question does not say so. The Mort Subite must be named, both its
    rounds over, and the tie said in the same sentence ("toujours égal après les deux rondes")."""
    if not _SUDDEN_DEATH.search(text):
        return None
    for over in _BOTH_ROUNDS_OVER.finditer(text):
        start = max(text.rfind(mark, 0, over.start()) for mark in ".?!") + 1
        rest = text[over.end():]
        end = over.end() + min((rest.find(mark) for mark in ".?!" if mark in rest), default=len(rest))
        for tie in _STILL_TIED.finditer(text, start, end):  # "the tie still holds after both rounds", or said after
            if over.start() <= tie.start() < over.end():
                continue
            if tie.group("a") is None:
                return (0, 0)
            if tie.group("a") == tie.group("b"):
                return (tie.start(), tie.end())
    return None


def _last_word(frame, opener: str) -> dict[str, Any] | None:
    """Who wins a duel still tied after both Mort Subite rounds: the side that did not open gets the Dernier Mot."""
    what = frame.asked.what
    players = _opener_first(frame, opener)
    if players is None or (frame.form, what) not in (("who", "win"), ("polar", "win"), ("polar", "lose")):
        return None
    subject = None
    if frame.form == "polar":  # "I did not open: do I win?": the seat asked about, the asker unless a name is asked
        asked = frame.asked.player
        wanted = _YOU[frame.language] if asked in (None, _SELF) else asked
        subject = next((seat for seat, name in players.items() if name == wanted), None)
        if subject is None:
            return None
    # any tied count of a full board (the opener's head start included) after both rounds: 9 + 2 against 11
    position = {"phase": "count", "first_player": 0, "counts": [9, 11], "sudden_death": {"round": 2, "placed": 2}}
    scenario = {"game": "emprise", "players": 2, "position": position, "steps": [{"type": "count"}]}

    def read(events: list[dict]) -> int | bool | None:
        won = _event(events, "duel_won")
        if won is None or _event(events, "last_word") is None:
            return None
        winner = won["data"]["winner"]
        return winner if subject is None else (winner == subject) == (what == "win")
    return {
        "title": "Égalité après les deux rondes de Mort Subite : le Dernier Mot",
        "verdict": "player" if subject is None else "yes_no", "modal": False, "unit": None, "players": players,
        "variants": [{"reading": {}, "scenario": scenario}], "then": None,
        "read": read, "reads": ("last_word", "duel_won", "duel_counted"),
        "facts": [{"fact": "opener", "source": "stated", "said": opener},
                  {"fact": "still tied after both Mort Subite rounds", "source": "stated"},
                  {"fact": "the tied count (11 to 11)", "source": "default"}],
    }


def _opener_first(frame, opener: str) -> dict[int, str] | None:
    """Seat 0 the side that opened, seat 1 the other, as the question names them (None: too many names)."""
    names = list(frame.players)
    if opener.startswith("name:"):
        opener_name = opener[len("name:"):]
        others = [name for name in names if name != opener_name]
        if len(others) > 1:
            return None
        return {0: opener_name, 1: others[0] if others else _YOU[frame.language]}
    if len(names) > 1:
        return None
    if opener == _SELF:
        return {0: _YOU[frame.language], 1: names[0] if names else _OPPONENT[frame.language]}
    return {0: names[0] if names else _OPPONENT[frame.language], 1: _YOU[frame.language]}


def _opener(frame) -> str | None:
    openers = {e.value for e in frame.entities if e.kind == "opener"}
    return openers.pop() if len(openers) == 1 else None


def _owned(frame) -> dict[str, int] | None:
    """Cards owned per side: ``{self|other|name: count}`` for exactly two sides, or None."""
    counts = [count for count in frame.counts if not _aside(frame.text, count)]
    if any(_of_the_reserve(frame.text, count) for count in counts):
        return None
    boards = {e.value for e in frame.entities if e.kind == "board_counts"}
    if len(boards) == 1 and not counts:
        mine, theirs = (int(n) for n in boards.pop().split(":"))
        return {_SELF: mine, frame.players[0] if len(frame.players) == 1 else _OTHER: theirs}  # "elle" is the one named
    if boards:
        return None
    owned: dict[str, int] = {}
    unowned = []
    for count in counts:
        owner = _SELF if count.holder == _SELF else count.owner  # "Bob has 9 cards and I have 7": mine
        if count.unit not in _CARD_UNITS or owner in owned:
            return None
        if owner is None:
            unowned.append(count)
            continue
        if owner == "*":
            if counts[1:] or len(frame.players) > 2:
                return None
            return {side: count.value for side in (_sides_named(frame) or (_SELF, _OTHER))}
        owned[owner] = count.value
    if unowned and len(unowned) == 1 and len(owned) == 1 and _SELF not in owned and _said_by_the_asker(frame, unowned[0]):
        owned[_SELF] = unowned.pop().value  # "I went first and finished with 6 cards, Tom had 10"
    if unowned:
        other = _the_other_side(frame, counts, unowned, owned)
        if other is None:
            return None
        owned[other] = unowned[0].value
    return owned if len(owned) == 2 else None


_THIRD_PERSON = re.compile(
    r"\b(?:il|elle|lui|l'autre|l'adversaire|mon\s+adversaire|he|she|him|they|them|the\s+other|my\s+opponent|opponent)\b")
_ASIDE = re.compile(r"\s*(?:minutes?|min|secondes?|heures?|h|jours?|ans|seconds?|hours?|days?|years?|tours?|turns?|rounds?)\b")


def _aside(text: str, count) -> bool:
    """A number that counts no cards ("on joue depuis 10 minutes"): an irrelevant fact, not a side's count."""
    return count.start is not None and bool(_ASIDE.match(text, count.start + len(count.said)))


def _of_sudden_death(text: str, count) -> bool:
    """A number that says the Mort Subite is over ("after round 2", "nos deux cartes de Réserve"), not a count."""
    if count.start is None:
        return False
    over = _BOTH_ROUNDS_OVER.finditer(fold_same_length(text).lower())
    return _of_the_reserve(text, count) or any(m.start() <= count.start < m.end() for m in over)


def _of_the_reserve(text: str, count) -> bool:
    """A count of the Réserve's cards, not of the board's."""
    return count.start is not None and bool(_RESERVE_CARDS.match(fold_same_length(text).lower(),
                                                                   count.start + len(count.said)))


def _the_other_side(frame, counts, unowned, owned) -> str | None:
    """The side of the one count said without its owner, next to the asker's ("j'ai 8 cartes et l'autre en a 8",
    "il possède 9 cartes et moi 7"): the opponent (the one player named, if any) when a third person is its
    subject; else None."""
    if len(unowned) != 1 or list(owned) != [_SELF] or len(frame.players) > 1:
        return None
    count = unowned[0]
    index = counts.index(count)
    previous = counts[index - 1] if index else None
    after_previous = 0
    if previous is not None:
        if previous.start is None:
            return None
        after_previous = previous.start + len(previous.said)
    start = count.start
    if start is None:  # the same number said twice ("j'ai 8 cartes et l'autre en a 8"): the next one said
        said = re.compile(rf"(?<!\d){re.escape(count.said)}(?!\d)").search(frame.text, after_previous)
        if said is None:
            return None
        start = said.start()
    before = fold(frame.text[after_previous:start]).replace("’", "'")
    before = re.split(r"[.;!?]", before)[-1]
    if not _THIRD_PERSON.search(before):
        return None
    return frame.players[0] if frame.players else _OTHER


_ASKER_SUBJECT = re.compile(r"\s*(?:(?:and|et|mais|but|so|donc|then|puis)\s+)?(?:i|je|j'|moi)(?:\s|$)")


def _said_by_the_asker(frame, count) -> bool:
    """Whether a count without its owner is said in a clause whose subject is the asker, no one else named before it
    ("I went first and finished with 6 cards", « j'ai ouvert et je finis avec 6 cartes »)."""
    if count.start is None:
        return False
    before = fold(frame.text[:count.start]).replace("’", "'")
    before = re.split(r"[.;!?,]", before)[-1]
    return bool(_ASKER_SUBJECT.match(before)) and not _THIRD_PERSON.search(before) and not any(
        fold(name) in before.split() for name in frame.players)


def _sides_named(frame) -> tuple[str, str] | None:
    return tuple(frame.players) if len(frame.players) == 2 else None  # type: ignore[return-value]


def _seats(opener: str, owned: dict[str, int]) -> tuple[str, str] | None:
    """``(opener's side, other side)``: the opener is a side, or a name standing for the unnamed opponent."""
    sides = list(owned)
    if opener.startswith("name:"):
        name = opener[len("name:"):]
        if name not in sides:
            if _OTHER not in sides:
                return None
            owned[name] = owned.pop(_OTHER)
            sides = [name if side == _OTHER else side for side in sides]
        opener = name
    elif opener == _OTHER and _OTHER not in sides:
        named = [side for side in sides if side != _SELF]
        if _SELF not in sides or len(named) != 1:
            return None
        opener = named[0]
    if opener not in sides:
        return None
    return opener, next(side for side in sides if side != opener)


def _subject(frame, sides: tuple[str, str]) -> int | None:
    """The seat a yes/no or score question asks about: the named player asked about, else the asker."""
    asked = frame.asked.player
    if asked in sides:
        return sides.index(asked)
    return sides.index(_SELF) if _SELF in sides and asked in (None, _SELF) else None


def _display(side: str, language: str) -> str:
    return _YOU[language] if side == _SELF else _OPPONENT[language] if side == _OTHER else side


def _event(events: list[dict], kind: str) -> dict | None:
    return next((e for e in events if e.get("kind") == kind), None)


def _winner(players: dict[int, str], language: str):
    """The winning seat; on a perfect tie, what the rules decide instead (nobody wins at the count)."""
    def read(events: list[dict]) -> int | str | None:
        tie = _event(events, "sudden_death")
        if tie is not None:
            counted = _event(events, "duel_counted")
            return None if counted is None else _undecided(tie["data"], players[1 - counted["data"]["opener"]], language)
        won = _event(events, "duel_won")
        return None if won is None else won["data"]["winner"]
    return read


def _undecided(tie: dict, last_word_to: str, language: str) -> str:
    """The verdict of "who wins?" on a perfect tie: nobody yet, the Mort Subite, then the Dernier Mot's side.

    The rulebook leaves no draw: the Mort Subite's Réserve cards decide, and a tie
    that holds after its two rounds goes to the side that did not open.
    """
    score = tie["score_0"]
    if language == "fr":
        given = ("vous donne le point, puisque vous n'avez pas ouvert le duel" if last_word_to == _YOU["fr"]
                 else f"donne le point à {last_word_to}, qui n'a pas ouvert le duel")
        return (f"personne pour l'instant : égalité parfaite, {score} à {score}, donc Mort Subite ; si l'égalité "
                f"tient encore après les deux rondes, le Dernier Mot {given} (pas de match nul)")
    given = ("you, since you did not open the duel" if last_word_to == _YOU["en"]
             else f"{last_word_to}, who did not open the duel")
    return (f"nobody yet: a perfect tie, {score} to {score}, so Sudden Death (Mort Subite); if the tie still holds "
            f"after its two rounds, the Last Word (Dernier Mot) gives the point to {given} (no draw is possible)")


def _told_outcome(players: dict[int, str], language: str):
    """"When the board is full, Lina owns 7 and Omar 9: what happens now?": who wins at the count and the score, or,
    on a perfect tie, what the rules decide instead (the Mort Subite, then the Dernier Mot)."""
    def read(events: list[dict]) -> str | None:
        counted = _event(events, "duel_counted")
        if counted is None:
            return None
        tie = _event(events, "sudden_death")
        if tie is not None:
            return _undecided(tie["data"], players[1 - counted["data"]["opener"]], language)
        won = _event(events, "duel_won")
        if won is None:
            return None
        winner, data = won["data"]["winner"], counted["data"]
        high, low = data[f"score_{winner}"], data[f"score_{1 - winner}"]
        name = players[winner]
        if language == "fr":
            wins = "vous gagnez" if name == _YOU["fr"] else f"{name} gagne"
            return f"{wins} le duel, {high} à {low} (cartes possédées, plus 2 points pour qui a ouvert)"
        wins = "you win" if name == _YOU["en"] else f"{name} wins"
        return f"{wins} the duel, {high} to {low} (cards owned, plus 2 points for whoever opened)"
    return read


def _wins(seat: int):
    def read(events: list[dict]) -> bool | None:
        if _event(events, "sudden_death"):
            return False  # a perfect tie: nobody has won yet
        won = _event(events, "duel_won")
        return None if won is None else won["data"]["winner"] == seat
    return read


def _loses(seat: int):
    def read(events: list[dict]) -> bool | None:
        if _event(events, "sudden_death"):
            return False
        won = _event(events, "duel_won")
        return None if won is None else won["data"]["winner"] != seat
    return read


def _drawn(events: list[dict]) -> bool | None:
    """Whether the duel ends with no winner: never, a tie at the count goes on to the Mort Subite (then the Dernier
    Mot), so a count that ranks nobody first is no draw either ("Un duel d'EMPRISE ne s'achève jamais sur un nul")."""
    if _event(events, "duel_counted") is None:
        return None
    return not (_event(events, "sudden_death") or _event(events, "duel_won"))


def _tied(events: list[dict]) -> bool | None:
    counted = _event(events, "duel_counted")
    return None if counted is None else _event(events, "sudden_death") is not None


def _score(seat: int):
    def read(events: list[dict]) -> int | None:
        counted = _event(events, "duel_counted")
        return None if counted is None else counted["data"][f"score_{seat}"]
    return read


def _last_placer(events: list[dict]) -> int | None:
    placed = [e for e in events if e.get("kind") == "card_placed"]
    return placed[-1]["data"]["player"] if placed else None
