"""Questions about an Order's ability compiled from a question frame.

Each asked quantity of the lexicon maps to the smallest position that shows
it, built from the cards the question names (their Order and owner) and the
numbers it states; every rank the question does not give is 1 on a card no
comparison can take, so no placeholder rank is played or stated:

- ``serves``: a card taken by Résonance ("Jade capture par Résonance une carte
  Cendres de Tom") uses its ability for whom? The placing side makes two exact
  ties, one with that card, and the ``onde`` event says whose side it now serves.
- ``pulled``: my Cendres land and the nearest card on a side (mine or not, the
  distance stated or 2 squares) — is it pulled? (a ``card_pulled`` event).
- ``bonus``: an Abysse among N in play (``alone``: 1) — what bonus, or any?
  (the Abysses' ``rank_modified`` event when it attacks a card).
- ``rank_now``: a Maudit captured N times ("deux fois", "twice") whose rank
  was R — what is it now? (R + the bonus of its last ``cursed_strengthened``).
- ``swap``: my Dorés land between one of my cards and an enemy card — does the
  swap touch the card asked about (mine, or the enemy's)? (``ranks_swapped``).
- ``see`` / ``hidden``: a Scribe just placed — can the other side see its ranks?
  (``ranks_hidden``; a question about later turns gets no position).
- ``reach``: my Archer and an enemy card N squares away in one line, the
  squares between empty — does it reach it? (a comparison at range, whatever
  the ranks; ``emprise.archers_range`` is rerun like every assumption used).

A frame missing what its position needs (the Order, the owner, the count)
gets no position. Returns plain data for ``service/grounding/framing.py``.
"""

from __future__ import annotations

import re
from typing import Any

from language import fold

__all__ = ["ORDER_ASKS", "compile_order"]

ORDER_ASKS = frozenset({"serves", "pulled", "bonus", "rank_now", "swap", "see", "hidden", "reach"})
_SELF, _OTHER = "self", "other"
_YOU = {"fr": "vous", "en": "you"}
_OPPONENT = {"fr": "votre adversaire", "en": "your opponent"}
_ORDER_NAMES = {"dores": "Dorés", "cendres": "Cendres", "piques": "Piques", "archers": "Archers", "abysses": "Abysses",
                "chimeres": "Chimères", "pestiferes": "Pestiférés", "gardiens": "Gardiens", "scribes": "Scribes",
                "maudits": "Maudits"}
_PLAIN = [1, 1, 1, 1]
_NUMBER_WORDS = {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "once": 1, "twice": 2, "thrice": 3,
                 "one": 1, "two": 2, "three": 3, "four": 4}
_TIMES = re.compile(r"\b(\d|un|une|deux|trois|quatre|one|two|three|four)\s+(?:fois|times|captures?|prises?)\b|\b(once|twice|thrice)\b")
_CAPTURED = re.compile(r"\b(?:captur\w*|pris\w*|retourn\w*|taken|flipped|stolen)\b")
_HOW_MUCH = re.compile(r"\b(?:how|combien|quel|quelle|what|which)\b")
_LATER = re.compile(r"\b(?:apres|ensuite|puis|plus\s+tard|tour\s+suivant|after|later|next\s+turn|then)\b")


def compile_order(frame: Any) -> dict[str, Any] | None:
    """The run that answers an Order question, or None when the frame does not say enough to place it."""
    if frame.vague:
        return None
    what = frame.asked.what
    if what == "rank_now" and {c.card for c in frame.cards} == {"abysses"}:
        what = "bonus"  # "how much is added to each Abyss's ranks?": an Abysse's ranks move only by the others' bonus
    compiler = {"serves": _serves, "pulled": _pulled, "bonus": _bonus, "rank_now": _rank_now, "swap": _swap,
                "see": _scribe_seen, "hidden": _scribe_seen, "reach": _reach}[what]
    return compiler(frame)


_FIRST_PERSON = re.compile(r"\b(?:je|j|moi|mon|ma|mes|i|me|my|mine)\b")


def _serves(frame) -> dict[str, Any] | None:
    """A card taken by Résonance: its ability (then its attacks) serve the side that took it."""
    cards = _distinct(frame.cards)
    if "took_by_resonance" not in frame.markers or frame.form not in ("who", "which") or len(cards) != 1:
        return None
    taken = cards[0]
    if taken.card not in _ORDER_NAMES or taken.owner == _SELF:
        return None
    owner = taken.owner if taken.owner not in (None, _OTHER) else None
    captors = {e.value for e in frame.entities if e.kind == "captor"} or set(frame.players) - {owner}
    if len(captors) > 1 or owner in captors:
        return None
    if not captors and not _FIRST_PERSON.search(fold(frame.text)):
        return None  # nobody named takes it and the asker says nothing of themself: a name we did not read
    captor = captors.pop() if captors else _SELF
    players = {0: _YOU[frame.language] if captor == _SELF else captor, 1: owner or _OPPONENT[frame.language]}
    order = _ORDER_NAMES[taken.card]
    position = {"to_move": 0, "frame": {"square": "c2", "faces": [f"5:5:enemy:{order}", "6:6:enemy"]}}

    def read(events: list[dict]) -> int | None:
        served = [e for e in events if e.get("kind") == "onde" and e["data"]["order"] == order]
        return served[0]["data"]["player"] if served else None

    return _compiled(
        "Une carte prise par Résonance : sa capacité sert quel camp ?", "player", players, position,
        [_step(0, "Maudits", "c2")], read, ("onde", "resonance", "captured"),
        [{"fact": "taken by Résonance", "source": "stated", "said": taken.said},
         {"fact": "the other tie", "source": "default", "said": "6:6"}],
    )


def _pulled(frame) -> dict[str, Any] | None:
    """My Cendres land; the nearest card on one side, ``distance`` squares away: is it pulled next to them?"""
    cards = _distinct(frame.cards)
    cendres = [c for c in cards if c.card == "cendres"]
    others = [c for c in cards if c.card != "cendres"]
    if len(cendres) != 1 or cendres[0].owner not in (None, _SELF) or len(others) > 1 or frame.form != "polar":
        return None
    if others:
        if others[0].card not in _ORDER_NAMES:
            return None
        order, owner = _ORDER_NAMES[others[0].card], others[0].owner
    else:  # "la carte ennemie la plus proche": a card of no particular Order
        order, owner = "Scribes", _card_owner(fold(frame.text))
        if owner is None:
            return None
    distances = [c.value for c in frame.counts if c.unit == "case"]
    if len(distances) > 1 or (distances and not 1 <= distances[0] <= 4) or len(frame.counts) > len(distances):
        return None
    if not others and not distances:
        return None  # nothing said of the pulled card but whose it is: a rule asked in general, not a position
    distance = distances[0] if distances else 2
    seat = 0 if owner == _SELF else 1
    origin = "abcde"[0] + "2"
    square = "abcde"[distance] + "2"
    position = {
        "to_move": 0,
        "board": {origin: {"owner": seat, "order": order, "ranks": _PLAIN}},
        "hands": [[{"order": "Cendres", "ranks": _PLAIN}], [{"order": "Scribes", "ranks": _PLAIN}]],
    }

    def read(events: list[dict]) -> bool:
        return any(e.get("kind") == "card_pulled" and e["data"]["origin"] == origin for e in events)

    return _compiled(
        "Les Cendres attirent-elles cette carte ?", "yes_no", _players(frame), position,
        [_step(0, "Cendres", square)], read, ("card_pulled",),
        [{"fact": "whose card", "source": "stated" if owner else "default", "said": owner or _OTHER},
         {"fact": "distance", "source": "stated" if distances else "default", "said": str(distance)}],
    )


def _bonus(frame) -> dict[str, Any] | None:
    """An Abysse among ``n`` in play: the bonus it gets (+1 per other Abysse, ``emprise.abysses_scope``)."""
    cards = _distinct(frame.cards)
    if len(cards) != 1 or cards[0].card != "abysses" or cards[0].owner not in (None, _SELF):
        return None
    counted = [c.value for c in frame.counts if c.unit in ("abysses", None)]  # "3 Abysses", "trois de mes Abysses"
    if len(frame.counts) > len(counted) or len(counted) > 1 or frame.players:
        return None  # a named player's Abysses ("Tom en a une aussi") are no Abysse of this position
    placed = _placed_rank(frame, cards[0])
    if "alone" in frame.markers:
        if counted or placed:
            return None
        total = 1
    elif placed is not None:  # "j'en ai déjà 2 … je pose ma troisième": the ordinal counts the one placed
        if placed < 2 or counted and counted[0] != placed - 1 and counted[0] != placed:
            return None
        total = placed
    elif counted and 1 <= counted[0] <= 8 and not _ALREADY.search(fold(frame.text)):
        total = counted[0]
    else:
        return None  # "déjà 2 posées" without the placed one's rank: whether they include it is unsaid
    if frame.form == "count" or frame.form == "open":
        verdict, expected = "number", None
    elif frame.form == "polar" and not _HOW_MUCH.search(fold(frame.asked.said)):
        verdict, expected = "yes_no", frame.asked.number
    else:
        return None
    far = ["a4", "e4", "a3", "e3", "a1", "e1", "b4"][: total - 1]
    position = {
        "to_move": 0,
        "board": {"c1": {"owner": 1, "order": "Scribes", "ranks": _PLAIN},
                  **{sq: {"owner": 0, "order": "Abysses", "ranks": _PLAIN} for sq in far}},
        "hands": [[{"order": "Abysses", "ranks": [2, 2, 2, 2]}], [{"order": "Scribes", "ranks": _PLAIN}]],
    }

    def read(events: list[dict]) -> int | bool:
        bonus = sum(e["data"]["delta"] for e in events
                    if e.get("kind") == "rank_modified" and e["data"]["source"] == "Abysses" and e["data"]["square"] == "c2")
        if verdict == "number":
            return bonus
        return bonus > 0 if expected is None else bonus == expected

    return _compiled(
        "Quel bonus pour une Abysse ?", verdict, _players(frame), position, [_step(0, "Abysses", "c2")], read,
        ("rank_modified", "captured"),
        [{"fact": "Abysses in play", "source": "stated", "said": str(total)},
         {"fact": "an enemy card beside the square the Abysse is placed on, so its ranks fight", "source": "default",
          "said": "Scribes, ranks 1"}]
        + [{"fact": "the squares of the other Abysses, away from the fight", "source": "default", "said": ", ".join(far)}
           for _ in far[:1]],
    )


def _rank_now(frame) -> dict[str, Any] | None:
    """A Maudit captured ``n`` times whose rank was ``rank``: +1 for good on its four ranks per capture suffered."""
    maudits = [c for c in frame.cards if c.card == "maudits"]
    if len(maudits) != 1 or len(frame.cards) != 1 or frame.form not in ("count", "open"):
        return None
    text = fold(frame.text)
    times = _TIMES.search(text)
    if times is None or not _CAPTURED.search(text) or _LATER.search(fold(frame.asked.said)):
        return None
    word = times.group(1) or times.group(2)
    captures = int(word) if word.isdigit() else _NUMBER_WORDS[word]
    counts = [c for c in frame.counts if (c.start is None or not times.start() <= c.start < times.end())
              and not _SIDES_COUNTED.match(fold(frame.text[c.start + len(c.said):]) if c.start is not None else "")]
    ranks = [c.value for c in counts if c.unit in (None, "rang")]
    if len(ranks) != 1 or len(counts) != 1 or not 1 <= captures <= 4 or not 0 <= ranks[0] <= 20:
        return None
    rank = ranks[0]
    # the Maudit's top rank is the one stated; each capture comes from another neighbour with an unbeatable rank,
    # a card of an Order with no ability on placement (one Order per card, so no step has to name ranks)
    attackers = (("c1", "Scribes", [1, 1, 99, 1]), ("d2", "Gardiens", [1, 1, 1, 99]),
                 ("b2", "Maudits", [1, 99, 1, 1]), ("c3", "Scribes", [99, 1, 1, 1]))[:captures]
    hands: list[list[dict]] = [[], []]
    steps = []
    for index, (square, order, ranks_) in enumerate(attackers):
        hands[index % 2].append({"order": order, "ranks": ranks_})
        steps.append(_step(index % 2, order, square))
    position = {"to_move": 0, "board": {"c2": {"owner": 1, "order": "Maudits", "ranks": [rank, 1, 1, 1]}},
                "hands": [hands[0], hands[1] or [{"order": "Scribes", "ranks": _PLAIN}]]}

    def read(events: list[dict]) -> int | None:
        cursed = [e for e in events if e.get("kind") == "cursed_strengthened" and e["data"]["square"] == "c2"]
        return rank + cursed[-1]["data"]["bonus"] if len(cursed) == captures else None

    return _compiled(
        "Que vaut un Maudit après ses captures ?", "number", _players(frame), position, steps, read,
        ("cursed_strengthened", "captured"),
        [{"fact": "captures suffered", "source": "stated", "said": str(captures)},
         {"fact": "rank before", "source": "stated", "said": str(rank)}],
    )


_SIDES_COUNTED = re.compile(r"\s*(?:cotes|sides|rangs|ranks)\b")
"""A number said of the sides ("sur ses quatre côtés", "on its 4 sides"): how many ranks, not a rank's value."""
_ALREADY = re.compile(r"\b(?:deja|already)\b")


def _placed_rank(frame, card) -> int | None:
    """The ordinal said right before the Abysse ("ma troisième abysse", "my 3rd Abyss", "une 3e Abysse"): the
    Abysses of the asker's once it is placed; None when no ordinal is said there."""
    said = [e.start for e in frame.entities if e.kind == "card" and e.value == card.card]
    before = [rank for rank in frame.ranks for start in said if 0 <= start - (rank.start + len(rank.said)) <= 3]
    return before[-1].value if before else None


def _distinct(cards) -> list:
    """The cards named, each once: an Order named again without another owner is the same card."""
    seen: list = []
    for card in cards:
        if not any(c.card == card.card and (None in (card.owner, c.owner) or c.owner == card.owner) for c in seen):
            seen.append(card)
    return seen


_OWN_CARD = re.compile(r"\b(?:mienne|miennes|alliee?s?|allied|friendly|my\s+own|mon\s+propre|ma\s+propre|one\s+of\s+mine|a\s+moi)\b")
_MY_CARD = re.compile(r"\b(?:ma\s+carte|mes\s+cartes|my\s+card|my\s+cards|mine)\b")
"""In the asking clause of a question about the placed card's effect, "my card" is another of mine."""
_ENEMY_CARD = re.compile(r"\b(?:ennemie?s?|adverse|adverses|enemy|opponent'?s?|adversaire)\b")


def _card_owner(text: str) -> str | None:
    """Whose card a question names without an Order: ``self`` (mine, allied), ``other`` (enemy), or None."""
    own, enemy = bool(_OWN_CARD.search(text)), bool(_ENEMY_CARD.search(text))
    return None if own == enemy else _SELF if own else _OTHER


def _swap(frame) -> dict[str, Any] | None:
    """My Dorés land between one of my cards and an enemy card: does the swap touch the card asked about?"""
    cards = _distinct(frame.cards)
    if len(cards) != 1 or cards[0].card != "dores" or cards[0].owner not in (None, _SELF) or frame.form != "polar":
        return None
    asked = fold(frame.asked.said)
    whose = _SELF if _MY_CARD.search(asked) and not _ENEMY_CARD.search(asked) else _card_owner(asked)
    if whose is None:
        return None
    position = {
        "to_move": 0,
        "board": {"b2": {"owner": 0, "order": "Scribes", "ranks": [1, 3, 1, 1]},
                  "d2": {"owner": 1, "order": "Scribes", "ranks": [1, 1, 1, 3]}},
        "hands": [[{"order": "Dorés", "ranks": [1, 2, 1, 2]}], [{"order": "Scribes", "ranks": _PLAIN}]],
    }
    asked_square = "b2" if whose == _SELF else "d2"

    def read(events: list[dict]) -> bool:
        return any(e.get("kind") == "ranks_swapped" and e["data"]["target"] == asked_square for e in events)

    return _compiled(
        "Les Dorés échangent-ils leur rang avec cette carte ?", "yes_no", _players(frame), position,
        [_step(0, "Dorés", "c2")], read, ("ranks_swapped",),
        [{"fact": "the card asked about", "source": "stated", "said": "own" if whose == _SELF else "enemy"}],
    )


def _scribe_seen(frame) -> dict[str, Any] | None:
    """A Scribe just placed: are its ranks hidden from the other side now (``see``: visible)?"""
    cards = _distinct(frame.cards)
    if len(cards) != 1 or cards[0].card != "scribes" or frame.form != "polar" or _LATER.search(fold(frame.asked.said)):
        return None
    placer = 0 if cards[0].owner == _SELF else 1
    position = {"to_move": placer, "hands": [[{"order": "Scribes", "ranks": _PLAIN}], [{"order": "Scribes", "ranks": _PLAIN}]]}
    seen = frame.asked.what == "see"

    def read(events: list[dict]) -> bool:
        hidden = any(e.get("kind") == "ranks_hidden" for e in events)
        return not hidden if seen else hidden

    return _compiled(
        "Les rangs d'un Scribe qui vient d'être posé sont-ils visibles ?", "yes_no", _players(frame), position,
        [_step(placer, "Scribes", "c2")], read, ("ranks_hidden",),
        [{"fact": "whose Scribe", "source": "stated" if cards[0].owner else "default", "said": cards[0].owner or _OTHER}],
    )


_DIRECTION = re.compile(r"\b(?:(up|above|en\s+haut|au-dessus|au\s+dessus|plus\s+haut)|(down|below|en\s+bas|en\s+dessous|au-dessous|plus\s+bas)"
                        r"|(left|a\s+gauche)|(right|a\s+droite))\b")


_SQUARES = re.compile(r"\b(?:cases?|squares?|spaces?)\b")


def _reach(frame) -> dict[str, Any] | None:
    """My Archer and an enemy card in one line, ``distance`` squares apart with empty squares between: in reach?"""
    cards = _distinct(frame.cards)
    archers = [c for c in cards if c.card == "archers"]
    if len(archers) != 1 or archers[0].owner not in (None, _SELF) or len(cards) > 2 or frame.form != "polar":
        return None
    text = fold(frame.text)
    distances = [c.value for c in frame.counts if c.unit == "case"]
    if not distances and frame.asked.number is not None and _SQUARES.search(fold(frame.asked.said)):
        distances = [frame.asked.number]  # "reach the card 2 squares up?": the asking clause's own number
    direction = _DIRECTION.search(text)
    if len(distances) != 1 or len(frame.counts) > 1 or direction is None or _OWN_CARD.search(text):
        return None
    side = direction.lastindex - 1  # 0 top, 1 bottom, 2 left, 3 right
    distance = distances[0]
    vertical = side < 2
    if not 2 <= distance <= (3 if vertical else 4):
        return None
    if vertical:
        archer, target = ("c4", f"c{4 - distance}") if side == 0 else ("c1", f"c{1 + distance}")
        ranks = [9, 1, 1, 1] if side == 0 else [1, 1, 9, 1]
    else:
        archer, target = ("abcde"[distance] + "2", "a2") if side == 2 else ("a2", "abcde"[distance] + "2")
        ranks = [1, 1, 1, 9] if side == 2 else [1, 9, 1, 1]
    order = _ORDER_NAMES[cards[1].card] if len(cards) == 2 and cards[1].card in _ORDER_NAMES else "Scribes"
    position = {
        "to_move": 0,
        "board": {target: {"owner": 1, "order": order, "ranks": _PLAIN}},
        "hands": [[{"order": "Archers", "ranks": ranks}], [{"order": "Scribes", "ranks": _PLAIN}]],
    }

    def read(events: list[dict]) -> bool:
        return any(e.get("kind") in ("captured", "held", "tie") and e["data"].get("square") == target
                   and e["data"].get("by") == archer for e in events)

    return _compiled(
        "L'Archer atteint-il cette carte à distance ?", "yes_no", _players(frame), position,
        [_step(0, "Archers", archer)], read, ("captured", "held", "tie"),
        [{"fact": "distance", "source": "stated", "said": str(distance)},
         {"fact": "squares between", "source": "default", "said": "empty"}],
        [("emprise.archers_range", "two_squares")],
    )


def _players(frame) -> dict[int, str]:
    return {0: _YOU[frame.language], 1: frame.players[0] if len(frame.players) == 1 else _OPPONENT[frame.language]}


def _step(player: int, order: str, square: str) -> dict[str, Any]:
    return {"type": "place", "player": player, "order": order, "square": square, "rotation": 0}


def _compiled(title, verdict, players, position, steps, read, reads, facts, readings=()) -> dict[str, Any]:
    """The contract's dict; ``readings`` (``(assumption id, option)``) add a variant each, so a verdict that moves
    with a named assumption is said to depend on it."""
    scenario = {"game": "emprise", "players": 2, "position": position, "steps": steps}
    variants = [{"reading": {}, "scenario": scenario}]
    variants += [{"reading": {assumption: option}, "scenario": {**scenario, "assumptions": {assumption: option}}}
                 for assumption, option in readings]
    return {
        "title": title, "verdict": verdict, "modal": False, "unit": None, "players": players,
        "variants": variants, "then": None, "read": read, "reads": reads, "facts": facts,
    }
