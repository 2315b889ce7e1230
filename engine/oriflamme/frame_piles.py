"""A covered card asked about when the resolution reaches its pile (rules.md, PILE DE CARTES).

"Léa a posé son félon sur sa reine révélée : sa reine lui rapporte-t-elle 2
points ?", "My Twin is under my Ambush: does it still earn me a point?": the
pile is the one the question tells (the covered card under the card said on
it), alone in the line; the resolution reaches it and the verdict reads what
the covered card's own ability gave its owner. The card on top resolves as the
question says it is (face down: its owner places a point on it, the neutral
choice, which gives the covered card nothing either way). A top card the
question does not name ("Tom put a new card on top of his Cutthroat") is a
face-down card of the pile's owner (only one's own card is covered), listed
as a default. Asked whether the covered card's ability applies ("does the
Felon's ability still go off?", "does the Cutthroat underneath still kill
something?": the asks ``trigger`` and ``target``), the verdict reads whether
the covered card resolved at all.

Plain data as :mod:`engine.oriflamme.frames` returns it; None when the asked
card is not a covered card of a pile the question tells.
"""

from __future__ import annotations

from typing import Any

from engine.oriflamme.reading import OTHER, SELF, Table

__all__ = ["covered_card_gain"]

_ABILITY_ASKS = ("trigger", "target")
"""Asks that a covered card's ability applies: read as whether the resolution resolves that card."""
_STAND_IN = "Machination"
"""The kind given to a top card the question does not name (face down, its owner places a point on it)."""

_POINTS_UNIT = {"fr": "point(s) d’influence", "en": "Influence point(s)"}


def covered_card_gain(frame: Any, table: Table) -> dict[str, Any] | None:
    asked = frame.asked
    if asked.card is None or frame.form not in ("count", "open", "polar"):
        return None
    if asked.what in _ABILITY_ASKS and frame.form != "polar":
        return None
    asked_at = [i for i, c in enumerate(table.cards) if asked.card.start in c.mentions]
    if len(asked_at) != 1:
        return None
    under = table.cards[asked_at[0]]
    tops = [c for c in table.cards if c.on_top and c.owner == under.owner and c is not under]
    if not under.covered or under.kind is None or under.owner is None or len(tops) != 1:
        return None
    if tops[0].kind is None and (tops[0].revealed or under.kind == _STAND_IN):
        return None  # an unnamed card said revealed: its ability is unsaid
    if len([c for c in table.cards if not (c.set_aside or c.in_hand or c.gone)]) != 2:
        return None  # other cards in the line: their places are the question's, which this does not read
    top = tops[0]
    owner_seat = 0 if under.owner == SELF else 1
    names = {1: under.owner} if under.owner not in (SELF, OTHER) else {}
    face_down = top.revealed is False or top.kind is None
    top_kind = top.kind or _STAND_IN
    pile = [{"card": under.kind, "owner": owner_seat, "revealed": under.revealed is not False},
            {"card": top_kind, "owner": owner_seat, "revealed": not face_down}]
    position = {"turn": 3, "phase": "resolution", "first_player": 0, "cursor": 0, "line": [pile],
                "players": [{"influence": 5}, {"influence": 5}]}
    steps = [{"type": "resolve"}] + ([{"type": "influence", "player": owner_seat}] if face_down else [])
    scenario = {"game": "oriflamme", "title": "the resolution reaches a pile", "players": 2, "position": position,
                "steps": steps}
    kind = under.kind

    def from_covered(events: list[dict]) -> int:
        return sum(e["data"]["amount"] for e in events if e["kind"] == "influence_gained"
                   and e["data"]["player"] == owner_seat and e["data"].get("source") == kind)

    def resolved(events: list[dict]) -> bool:
        return any(e["kind"] in ("card_resolves", "card_revealed") and e["data"]["card"] == kind
                   and e["data"]["player"] == owner_seat for e in events)

    if asked.what in _ABILITY_ASKS:
        read, verdict = resolved, "yes_no"
    elif frame.form == "polar":
        expected = asked.number
        read, verdict = ((lambda events: from_covered(events) > 0) if expected is None
                         else (lambda events: from_covered(events) == expected)), "yes_no"
    else:
        read, verdict = from_covered, "number"
    return {
        "title": "a covered card when the resolution reaches its pile",
        "verdict": verdict,
        "modal": False,
        "unit": _POINTS_UNIT if verdict == "number" else None,
        "players": names,
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": read,
        "reads": ("card_resolves", "card_revealed", "influence_placed", "influence_gained"),
        "facts": [{"fact": f"{kind} of {under.owner}: covered by {top.kind or 'a card'}", "source": "stated",
                   "said": under.said},
                  {"fact": f"{top_kind} of {under.owner}: {'face down' if face_down else 'revealed'}", "said": top.said,
                   "source": "stated" if top.kind else "default"},
                  {"fact": "the pile alone in the line" + ("; its owner places a point on the face-down top card"
                                                           if face_down else ""), "source": "default"}],
    }
