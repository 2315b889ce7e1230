"""The Splendor position: a few lists of ints, whose turn, which phase, who won.

A turn is one main action (phase ``play``), then, if the player holds more than
10 tokens, explicit returns (phase ``return``), then the noble visit, which needs
a choice when several nobles qualify (phase ``noble``). ``turn`` counts finished
turns, so the player to move is ``(first_player + turn) % players`` and a round
is complete whenever ``turn`` is a multiple of the player count.
"""

from __future__ import annotations

from typing import Any

from engine.core.decisions import DecisionStack
from engine.core.events import Event, rejection
from engine.core.game import TERMINAL, Action, State
from engine.splendor import rules
from engine.splendor.actions import HANDLERS
from engine.splendor.data import CARDS, GEM_COLORS, LEVELS, NOBLES, TOKEN_COLORS
from engine.splendor.legal import legal_actions as list_legal_actions
from engine.splendor.position import observation_dict, position_dict
from engine.splendor.seat import NOBLE, PLAY, RESERVE_LIMIT, RETURN, TOKEN_LIMIT, WINNING_PRESTIGE, Seat
from engine.splendor.turn import eligible_nobles


class SplendorState(State):
    """A position of the base game; build it with the Game (setup or a position dict)."""

    def __init__(self, game, supply: tuple[int, ...]):
        self.game = game
        self.num_players = game.num_players
        self.supply = supply
        self.cards = CARDS
        """The cards of this position: the game's 90, and those a hand-built position states (ids 91 on)."""
        self.stated_cards: list[dict] = []
        """The stated cards as the position gave them (``to_dict`` writes them back)."""
        self.noble_tables = NOBLES
        """The nobles of this position: the game's 10, and those a hand-built position states (ids 11 on)."""
        self.stated_nobles: list[dict] = []
        self.bank = list(supply)
        self.seats = [Seat() for _ in range(game.num_players)]
        self.market: list[list[int | None]] = [[None] * 4 for _ in LEVELS]
        self.decks: list[list[int]] = [[] for _ in LEVELS]
        """Per level, bottom first: the top card is ``deck[-1]`` so drawing is a cheap ``pop()``."""
        self.nobles: list[int] = []
        self.set_aside: list[int] = []
        """Cards a hand-built position leaves out of play (always empty after a real setup)."""
        self.first_player = 0
        self.turn = 0
        self.phase = PLAY
        self.decisions = DecisionStack()
        """The noble choice pending (phase ``noble``): see :func:`engine.splendor.turn.noble_choice`."""
        self.final_round = False
        self.passes = 0
        """Consecutive turns ended by a pass; a full round of them ends a blocked game."""
        self.terminal = False

    # -- protocol ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.terminal:
            return TERMINAL
        return (self.first_player + self.turn) % self.num_players

    legal_actions = list_legal_actions
    """Legal actions as shared, read-only dicts (bound directly: one call less per playout step)."""

    def random_action(self, rng) -> Action:
        """The reference draw (``rng.choice`` over the legal actions) without the chance/simultaneous checks:
        after setup Splendor has neither, so seeded playouts are the same games either way."""
        return rng.choice(list_legal_actions(self))

    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise ValueError(f"action: expected a JSON object with a 'type', got {type(action).__name__}")
        handler = HANDLERS.get(action.get("type"))
        if handler is None:
            raise ValueError(f"action.type: expected one of {sorted(HANDLERS)}, got {action.get('type')!r}")
        if self.terminal:
            return [rejection("game_over", "The game is over.", rules.GAME_END)]
        player = (self.first_player + self.turn) % self.num_players
        claimed = action.get("player", player)
        if claimed != player:
            return [rejection("wrong_turn", f"It is player {player}'s turn, not player {claimed}'s.",
                              rules.ONE_ACTION, player=claimed, current_player=player)]
        return handler(self, player, action)

    def is_terminal(self) -> bool:
        return self.terminal

    def scores(self) -> list[float]:
        return [seat.points for seat in self.seats]

    def winners(self) -> list[int]:
        """Highest prestige, then fewest development cards, then shared (``splendor.tie_after_fewest_cards``)."""
        return self.ranking()[0] if self.terminal else []

    def ranking(self) -> tuple[list[int], str]:
        """The leading seats and how they were decided: ``points``, ``cards`` or ``shared``."""
        best = max(seat.points for seat in self.seats)
        leaders = [i for i, seat in enumerate(self.seats) if seat.points == best]
        if len(leaders) == 1:
            return leaders, "points"
        fewest = min(len(self.seats[i].cards) for i in leaders)
        leaders = [i for i in leaders if len(self.seats[i].cards) == fewest]
        return leaders, "cards" if len(leaders) == 1 else "shared"

    def to_dict(self) -> dict[str, Any]:
        return position_dict(self)

    def observation(self, player: int) -> dict[str, Any]:
        return observation_dict(self, player)

    def clone(self) -> "SplendorState":
        other = SplendorState.__new__(SplendorState)
        other.__dict__.update(self.__dict__)
        other.bank = self.bank[:]
        other.seats = [seat.copy() for seat in self.seats]
        other.market = [row[:] for row in self.market]
        other.decks = [deck[:] for deck in self.decks]
        other.nobles = self.nobles[:]
        other.set_aside = self.set_aside[:]
        other.decisions = self.decisions.copy()
        return other

    def invariant_violations(self) -> list[str]:
        """Conservation of tokens and cards, derived totals, hand limits, and the end-of-game rule."""
        problems = []
        totals = list(self.bank)
        for seat in self.seats:
            totals = [a + b for a, b in zip(totals, seat.tokens)]
            if min(seat.tokens) < 0:
                problems.append(f"tokens: a negative count {seat.tokens}")
        if min(self.bank) < 0:
            problems.append(f"tokens: a negative count in the bank {self.bank}")
        for color, name in enumerate(TOKEN_COLORS):
            if totals[color] != self.supply[color]:
                problems.append(f"tokens: {name} bank + players = {totals[color]}, setup had {self.supply[color]}")
        places = [c for row in self.market for c in row if c is not None]
        places += [c for deck in self.decks for c in deck] + self.set_aside
        for seat in self.seats:
            places += seat.cards + seat.reserved
        count = len(self.cards.level) - 1
        if len(places) != count or set(places) != set(range(1, count + 1)):
            problems.append(f"cards: {len(places)} placed ({len(set(places))} distinct), expected each of {count} once")
        for level, (row, deck) in enumerate(zip(self.market, self.decks), start=1):
            levels = {self.cards.level[c] for c in row if c is not None} | {self.cards.level[c] for c in deck}
            if levels - {level}:
                problems.append(f"cards: a card of another level in level {level}'s market or deck")
            if None in row and deck:
                problems.append(f"market: a gap in level {level} while its deck holds {len(deck)} cards")
        for index, seat in enumerate(self.seats):
            problems.extend(f"player {index}: {p}" for p in self._seat_violations(seat))
        problems.extend(self._flow_violations())
        return problems

    def _seat_violations(self, seat: Seat) -> list[str]:
        problems = []
        prestige = sum(self.cards.points[c] for c in seat.cards) + sum(self.noble_tables.points[n] for n in seat.nobles)
        if seat.points != prestige:
            problems.append(f"prestige {seat.points}, cards and nobles give {prestige}")
        bonuses = [0] * len(GEM_COLORS)
        for card in seat.cards:
            bonuses[self.cards.bonus[card]] += 1
        if seat.bonuses != bonuses:
            problems.append(f"bonuses {seat.bonuses}, cards give {bonuses}")
        if len(seat.reserved) > RESERVE_LIMIT:
            problems.append(f"{len(seat.reserved)} reserved cards, the limit is {RESERVE_LIMIT}")
        if not set(seat.blind) <= set(seat.reserved):
            problems.append("a blind reserve that is not in the reserve")
        for noble in seat.nobles:
            if any(seat.bonuses[c] < n for c, n in self.noble_tables.requirement_items[noble]):
                problems.append(f"noble {noble} without the bonuses it requires")
        if self.phase != RETURN and sum(seat.tokens) > TOKEN_LIMIT:
            problems.append(f"{sum(seat.tokens)} tokens outside the return phase, the limit is {TOKEN_LIMIT}")
        return problems

    def _flow_violations(self) -> list[str]:
        problems = []
        reached = any(seat.points >= WINNING_PRESTIGE for seat in self.seats)
        round_complete = self.turn % self.num_players == 0
        blocked = self.passes >= self.num_players
        if self.phase == PLAY and self.final_round != reached:
            problems.append(f"final_round is {self.final_round} while 15 points reached is {reached}")
        if self.terminal and not (blocked or (self.final_round and round_complete)):
            problems.append("game over before the round in which someone reached 15 was complete")
        if not self.terminal and self.phase == PLAY and (blocked or (self.final_round and round_complete)):
            problems.append("the round after reaching 15 is complete but the game goes on")
        if self.phase == NOBLE and len(eligible_nobles(self)) < 2:
            problems.append(f"a noble choice with {len(eligible_nobles(self))} candidates")
        if (self.phase == NOBLE) != bool(self.decisions):
            problems.append(f"phase {self.phase} with {len(self.decisions)} pending decisions")
        return problems
