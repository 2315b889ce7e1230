"""Tas: a toy game that exercises the whole engine core (``tests/engine/toy/rules.md``).

It is registered only in tests (``engine.core.registry.registered``). Each part
of the core shows up once:

- descriptor: 2-3 players, chance during play, imperfect information, phased turns, a first player;
- phases: ``play`` (the seat in turn order), ``decide`` (pending decisions),
  ``draw`` (a chance node), ``over`` — one :class:`PhaseTable`;
- decisions: a doubled card queues one ``pay_or_refuse`` decision per other
  seat in turn order (:meth:`DecisionStack.push_in_order`); a refusal chains a
  ``punish`` decision of the active player on top (:meth:`DecisionStack.push`);
- chance and reshuffle: the deck is ordered at setup (drawing from it is not
  random); once empty, the discard is reshuffled into an unordered ``pile``
  and each draw from it is a chance action naming the card;
- observations: other hands and the deck are seen as sizes.

Actions: ``{"type": "play", "player": 0, "card": 3}``, ``{"type": "pay", "player": 1}``,
``{"type": "refuse", "player": 1}``, ``{"type": "punish", "player": 0, "penalty": "lose_two" | "gain_one"}``,
``{"type": "draw", "card": 4}`` (chance).

Position::

    {"phase": "play", "turn": 0, "first_player": 0, "table": null,
     "players": [{"hand": [1, 3], "score": 0}, ...],
     "deck": [5, 2, ...],    # top first
     "pile": [1, 1, 4],      # reshuffled, unordered (sorted)
     "discard": [3],
     "decisions": []}        # top first (Decision.to_dict)
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core.chance import draw_outcomes, remove_one
from engine.core.decisions import Decision, DecisionStack
from engine.core.events import Event, MessageTemplate, rejection
from engine.core.game import CHANCE, TERMINAL, Game, State
from engine.core.game_type import EXPLICIT_CHANCE, IMPERFECT, PHASED, GameType
from engine.core.phases import CHANCE_MOVES, DECIDER, NOBODY, SEAT, Phase, PhaseTable
from tests.engine.toy import rules

CARDS = tuple(sorted([v for v in range(1, 6)] * 2))
HAND = 2
PLAYS_EACH = 3
PENALTIES = ("lose_two", "gain_one")

PHASES = PhaseTable([
    Phase("play", ("play",), SEAT, rules.PLAY),
    Phase("decide", ("pay", "refuse", "punish"), DECIDER, rules.MATCH),
    Phase("draw", ("draw",), CHANCE_MOVES, rules.RESHUFFLE),
    Phase("over", (), NOBODY, rules.END),
])
_PLAYED = MessageTemplate("Player {player} plays {card} and scores it.")


class ToyGame(Game):
    """Tas for 2 or 3 players; no options, no assumptions."""

    game_type = GameType(
        id="toy", title="Tas", min_players=2, max_players=3, chance=EXPLICIT_CHANCE, information=IMPERFECT,
        turns=PHASED, first_player=True, terminal="when every player has played 3 cards", seats_field="players",
    )

    def new_initial_state(self, rng: random.Random) -> "ToyState":
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in range(self.num_players)]
        return ToyState(self, hands, deck[::-1], first_player=rng.randrange(self.num_players))

    def state_from_dict(self, data: Mapping[str, Any]) -> "ToyState":
        return _from_dict(self, data)


class ToyState(State):
    def __init__(self, game: ToyGame, hands: list[list[int]], deck: list[int], first_player: int):
        self.game = game
        self.n = game.num_players
        self.hands = hands
        self.scores_ = [0] * self.n
        self.deck = deck  # top first
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.table: int | None = None
        self.first_player = first_player
        self.turn = 0
        self.phase = "play"
        self.decisions = DecisionStack()

    # -- protocol ----------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "draw":
            return CHANCE
        if self.phase == "decide":
            return self.decisions.top.player
        return self._active()

    def legal_actions(self, player: int | None = None) -> list[dict]:
        mover = self.current_player()
        if mover == CHANCE:
            return [action for action, _ in self.chance_outcomes()] if player is None else []
        if mover == TERMINAL or (player is not None and player != mover):
            return []
        if self.phase == "decide":
            return list(self.decisions.top.options)
        return [{"type": "play", "player": mover, "card": card} for card in sorted(set(self.hands[mover]))]

    def chance_outcomes(self) -> list[tuple[dict, float]]:
        if self.phase != "draw":
            return []
        return [({"type": "draw", "card": card}, p) for card, p in draw_outcomes(self.pile)]

    def apply(self, action: Mapping[str, Any]) -> list[Event]:
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise ValueError(f"action: expected a mapping with a 'type', got {action!r}")
        wrong_phase = PHASES.check(action["type"], self.phase)
        if wrong_phase:
            return [wrong_phase]
        if action["type"] == "draw":
            return self._draw_from_pile(action)
        player = action.get("player")
        if type(player) is not int or not 0 <= player < self.n:
            raise ValueError(f"player: expected a seat from 0 to {self.n - 1}, got {player!r}")
        if player != self.current_player():
            return [rejection("wrong_turn", f"Player {self.current_player()} moves now, not player {player}.",
                              PHASES[self.phase].citation, player=player)]
        if action["type"] == "play":
            return self._play(player, action.get("card"))
        if dict(action) not in self.decisions.top.options:
            return [rejection("illegal_answer", f"Not one of the {len(self.decisions.top.options)} answers awaited.",
                              self.decisions.top.citation, player=player)]
        return self._answer(dict(action))

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        return list(self.scores_)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        best = max(self.scores_)
        return [p for p in range(self.n) if self.scores_[p] == best]

    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "turn": self.turn, "first_player": self.first_player, "table": self.table,
            "players": [{"hand": list(hand), "score": score} for hand, score in zip(self.hands, self.scores_)],
            "deck": list(self.deck), "pile": sorted(self.pile), "discard": list(self.discard),
            "decisions": self.decisions.to_list(),
        }

    def observation(self, player: int) -> dict[str, Any]:
        if type(player) is not int or not 0 <= player < self.n:
            raise ValueError(f"player: expected a seat from 0 to {self.n - 1}, got {player!r}")
        view = self.to_dict()
        for seat, info in enumerate(view["players"]):
            if seat != player:
                info["hand"] = len(info["hand"])
        view["deck"] = len(view["deck"])
        view["pile"] = len(view["pile"])
        return view

    def invariant_violations(self) -> list[str]:
        problems = []
        cards = sorted([c for hand in self.hands for c in hand] + self.deck + self.pile + self.discard)
        if cards != list(CARDS):
            problems.append(f"cards: expected {list(CARDS)} across hands, deck, pile and discard, got {cards}")
        if (self.phase == "decide") != bool(self.decisions):
            problems.append(f"phase {self.phase} with {len(self.decisions)} pending decisions")
        if self.deck and self.pile:
            problems.append("an ordered deck and a reshuffled pile at once")
        if self.phase == "over" and self.turn != PLAYS_EACH * self.n:
            problems.append(f"game over after {self.turn} plays, expected {PLAYS_EACH * self.n}")
        return problems

    # -- rules ---------------------------------------------------------------
    def _active(self) -> int:
        return (self.first_player + self.turn) % self.n

    def _play(self, player: int, card: Any) -> list[Event]:
        if type(card) is not int or not 1 <= card <= 5:
            raise ValueError(f"card: expected a value from 1 to 5, got {card!r}")
        if card not in self.hands[player]:
            return [rejection("not_in_hand", f"Player {player} holds no {card}.", rules.PLAY, player=player, card=card)]
        self.hands[player].remove(card)
        self.discard.append(card)
        self.scores_[player] += card
        events = [Event("card_played", _PLAYED, rules.PLAY, {"player": player, "card": card})]
        doubled = card == self.table
        self.table = card
        if doubled:
            others = [(player + k) % self.n for k in range(1, self.n)]
            self.decisions.push_in_order(
                Decision("pay_or_refuse", seat, [{"type": "pay", "player": seat}, {"type": "refuse", "player": seat}],
                         rules.MATCH, {"active": player}) for seat in others)
            self.phase = "decide"
            events.append(Event("doubled", f"Player {player} doubles the {card}: players {others} pay or refuse, in turn order.",
                                rules.MATCH, {"player": player, "card": card, "deciders": others}))
            return events
        return self._draw(player, events)

    def _answer(self, action: dict) -> list[Event]:
        decision = self.decisions.pop()
        player, active = decision.player, decision.data["active"]
        if action["type"] == "pay":
            self.scores_[player] -= 1
            self.scores_[active] += 1
            events = [Event("paid", f"Player {player} pays 1 point to player {active}.", rules.MATCH,
                            {"player": player, "to": active})]
        elif action["type"] == "refuse":
            self.decisions.push(Decision("punish", active, [{"type": "punish", "player": active, "penalty": p} for p in PENALTIES],
                                         rules.PUNISH, {"active": active, "refused": player}))
            events = [Event("refused", f"Player {player} refuses: player {active} chooses the punishment.", rules.PUNISH,
                            {"player": player, "active": active})]
        else:
            refused = decision.data["refused"]
            loser, amount = (refused, -2) if action["penalty"] == "lose_two" else (active, 1)
            self.scores_[loser] += amount
            events = [Event("punished", f"Player {active} chooses {action['penalty']}: player {loser} {amount:+d}.",
                            rules.PUNISH, {"player": active, "refused": refused, "penalty": action["penalty"]})]
        if not self.decisions:
            return self._draw(self._active(), events)
        return events

    def _draw(self, player: int, events: list[Event]) -> list[Event]:
        """The active player draws: the top of the ordered deck, else a chance draw from the reshuffled pile."""
        if self.deck:
            card = self.deck.pop(0)
            self.hands[player].append(card)
            events.append(Event("card_drawn", f"Player {player} draws the top card of the deck.", rules.DRAW, {"player": player}))
            return self._next_turn(events)
        if not self.pile and self.discard:
            self.pile, self.discard = sorted(self.discard), []
            events.append(Event("shuffled", f"The deck is empty: the {len(self.pile)} discarded cards are reshuffled.",
                                rules.RESHUFFLE, {"pile": "discard", "cards": len(self.pile)}))
        if self.pile:
            self.phase = "draw"
            return events
        return self._next_turn(events)

    def _draw_from_pile(self, action: Mapping[str, Any]) -> list[Event]:
        card = action.get("card")
        remove_one(self.pile, card)
        player = self._active()
        self.hands[player].append(card)
        return self._next_turn([Event("card_drawn", f"Player {player} draws a card of the reshuffled deck.", rules.RESHUFFLE,
                                      {"player": player, "card": card})])

    def _next_turn(self, events: list[Event]) -> list[Event]:
        self.turn += 1
        if self.turn == PLAYS_EACH * self.n:
            self.phase = "over"
            events.append(Event("game_over", f"Every player has played {PLAYS_EACH} cards: players {self.winners()} win.",
                                rules.WINNER, {"winners": self.winners(), "scores": list(self.scores_)}))
        else:
            self.phase = "play"
        return events


def _from_dict(game: ToyGame, data: Mapping[str, Any]) -> ToyState:
    if not isinstance(data, Mapping):
        raise ValueError(f"position: expected a mapping, got {type(data).__name__}")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != game.num_players:
        raise ValueError(f"players: expected {game.num_players} players, got {players!r}")
    hands = [_cards(p.get("hand", []) if isinstance(p, Mapping) else None, f"players[{i}].hand") for i, p in enumerate(players)]
    first = data.get("first_player", 0)
    if type(first) is not int or not 0 <= first < game.num_players:
        raise ValueError(f"first_player: expected a seat from 0 to {game.num_players - 1}, got {first!r}")
    state = ToyState(game, hands, _cards(data.get("deck", []), "deck"), first)
    state.scores_ = [p.get("score", 0) for p in players]
    state.pile = _cards(data.get("pile", []), "pile")
    state.discard = _cards(data.get("discard", []), "discard")
    state.table = data.get("table")
    state.turn = data.get("turn", 0)
    state.phase = PHASES.parse(data.get("phase", "play"))
    state.decisions = DecisionStack.from_list(data.get("decisions", []))
    problems = state.invariant_violations()
    if problems:
        raise ValueError(f"position: {problems[0]}")
    return state


def _cards(raw: Any, field: str) -> list[int]:
    if not isinstance(raw, list) or any(type(c) is not int or not 1 <= c <= 5 for c in raw):
        raise ValueError(f"{field}: expected a list of card values 1-5, got {raw!r}")
    return list(raw)
