"""One position of For a Crown and the round: recruitment, the shuffled reveal, the end of the round.

Phases: ``recruit`` (families in influence order, twice in round 1),
``reveal`` (a chance node draws the next card of the common pile; its effects
run through the task stack of :mod:`.effects`, which may await a decision or a
die roll) and ``over``. The end of a round and the final count happen on their
own when the pile is empty. The state's methods come from three mixins:
:mod:`.recruitment` (phase 1), :mod:`.choices` (the answers to decisions) and
:mod:`.rounds` (end of round and of the game); the JSON form is in :mod:`.position`,
phases and pile codes in :mod:`.codes`.
"""

from __future__ import annotations

from bisect import bisect
from random import Random
from typing import Any

from engine.core.decisions import DecisionStack
from engine.core.events import Event, MessageTemplate, rejection
from engine.core.game import CHANCE, TERMINAL, Action, State
from engine.for_a_crown import chest, effects, playout, position, rules
from engine.for_a_crown.assumptions import EVENT_DECK
from engine.for_a_crown.choices import DecisionHandlers, option_action
from engine.for_a_crown.codes import EVENT_BASE, NO_OWNER, OVER, OWNER_BITS, RECRUIT, REVEAL
from engine.for_a_crown.data import EFFECTS, EVENT_TYPES, MERCENARIES, mercenary_code
from engine.for_a_crown.effects import BRIBE_OFFER, CHOOSE, MOVE, ROLL, TARGET, task, unpack
from engine.for_a_crown import galerie
from engine.for_a_crown.recruitment import RecruitmentMixin
from engine.for_a_crown.rounds import RoundEnd

_REVEALED = MessageTemplate("Revealed: {card} of family {player}.")
_EVENT_REVEALED = MessageTemplate("Revealed: the event {event}.")


class ForACrownState(RecruitmentMixin, DecisionHandlers, RoundEnd, State):
    """A mutable position: per-family lists of ints, the Galerie's squares, the Place Royale, the pile.

    Attributes:
        rubies, coins, raccoons, object_kept, out, sleeves: per family.
        ruby_in, ruby_out, coin_in, coin_out, start_rubies, start_coins: the ledger behind each chest.
        squares: the Galerie, left to right, a seat or -1.
        level_one: three face-up piles (top last); decks, display: levels 2-5 (index level - 2).
        gutter: recruitment cost tiles, left to right (column c is level c + 1).
        pile: the common pile, sorted pile codes; played: cards revealed this round.
        event_draw: the event draw pile (top last).
        decisions: the core's decision stack: decisions, die rolls and the effects queued around them (:mod:`.effects`).
        queue: families still to recruit in this pass, next first.
    """

    def __init__(self, game):
        self.game = game
        n = self.n = game.num_players
        self.rubies = [10] * n
        self.coins = [0] * n
        self.raccoons = [0] * n
        self.object_kept = [True] * n
        self.object_unsaid = [False] * n  # kept by default: the question never said (told as such)
        self.out = [False] * n
        self.sleeves = [0] * n
        self.start_rubies = [10] * n
        self.start_coins = [0] * n
        self.ruby_in = [0] * n
        self.ruby_out = [0] * n
        self.coin_in = [0] * n
        self.coin_out = [0] * n
        self.squares: list[int] = []
        self.level_one: list[list[int]] = [[], [], []]
        self.decks: list[list[int]] = [[], [], [], []]
        self.display: list[list[int]] = [[], [], [], []]
        self.set_aside: list[int] = []
        self.gutter = [1, 3, 5]
        self.pile: list[int] = []
        self.played: list[int] = []
        self.event_draw: list[int] = []
        self.events_in_play = 0
        self.decisions = DecisionStack()
        self.queue: list[int] = []
        self.round = 1
        self.recruit_pass = 0
        self.phase = RECRUIT
        self.knocked_out_round = 0
        self.last_out: int | None = None
        """The family knocked out last (the winner when every family is out, ``for-a-crown.everyone_out``)."""
        self.final: list[int] | None = None
        self.winner: int | None = None
        self.full_setup = False
        """True for a game dealt by the setup: the pile-size invariants then hold exactly."""

    # -- names ------------------------------------------------------------------------------------
    @staticmethod
    def card_name(card: int) -> str:
        return MERCENARIES[card].name

    def code_dict(self, code: int) -> dict[str, Any]:
        return self.code_dict_of(code)

    @staticmethod
    def code_dict_of(code: int) -> dict[str, Any]:
        card = code >> OWNER_BITS
        if card >= EVENT_BASE:
            return {"event": EVENT_TYPES[card - EVENT_BASE]}
        return {"card": MERCENARIES[card].name, "owner": code & NO_OWNER}

    # -- whose turn -------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        top = self.decisions.top
        if top is not None:
            return top.player
        if self.phase == REVEAL:
            return CHANCE
        return self.queue[0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def targets(self, seat: int) -> list[int]:
        return [other for other in range(self.n) if other != seat and not self.out[other]]

    def moves(self) -> list[tuple[int, int, int]]:
        """Every possible Influence move, most influential portrait first: (portrait, direction, square reached)."""
        return galerie.moves(self.squares, self.game.swap_when_blocked)

    def column_cost(self, level: int) -> int | None:
        """The cost tile under a level's column, or ``None`` when the column has none (``for-a-crown.cost_columns``)."""
        return self.gutter[level - 1] if level <= len(self.gutter) else None

    # -- legal actions: options as tuples, shared by legal_actions, apply and random_step ----------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        current = self.current_player()
        if current < 0 or (player is not None and player != current):
            return []
        if self.decisions:
            kind = unpack(self.decisions.top)[0]
            return [option_action(kind, current, option, self.game.any_mix) for option in self.decision_options()]
        return [self._recruit_action(current, option) for option in self.recruit_options(current)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        if self.decisions:
            return [(dict(action), weight) for action, weight in zip(self.game.roll_actions, self.game.roll_weights)]
        total = len(self.pile)
        counts: dict[int, int] = {}
        for code in self.pile:
            counts[code] = counts.get(code, 0) + 1
        return [({"type": "reveal", **self.code_dict(code)}, count / total) for code, count in counts.items()]

    def decision_options(self) -> list:
        """The options of the decision on top of the stack, as tuples (see :func:`_option_action`)."""
        kind, seat, arg = unpack(self.decisions.top)
        if kind == CHOOSE:
            first, second = MERCENARIES[arg].effects
            return [first, second] if first != second else [first]
        if kind == TARGET:
            return self.targets(seat)
        if kind == MOVE:
            return self.moves()
        if kind == BRIBE_OFFER:
            options = [(0, 0, 0)]
            for count in range(1, self.raccoons[seat] + 1):
                options += [(count, coins, rubies) for coins, rubies in chest.payment_splits(self, seat, count)]
            return options
        return [(False, 0, 0)] + [(True, coins, rubies) for coins, rubies in chest.payment_splits(self, seat, 1)]

    # -- apply ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise ValueError(f"action: expected a JSON object with a 'type', got {type(action).__name__}")
        kind = action.get("type")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise ValueError(f"action.type: expected one of {sorted(_HANDLERS)}, got {kind!r}")
        if self.phase == OVER:
            return [rejection("game_over", "The game is over.", rules.GAME_END)]
        current = self.current_player()
        expected = _EXPECTED_TYPE.get(self._awaited_kind())
        if kind != expected:
            return [rejection("wrong_phase", f"Expected a {expected!r} action now, got {kind!r}.",
                              _AWAITED_RULE[self._awaited_kind()], expected=expected)]
        if current >= 0:
            claimed = action.get("player", current)
            if claimed != current:
                return [rejection("wrong_turn", f"It is family {current}'s decision, not family {claimed}'s.",
                                  _AWAITED_RULE[self._awaited_kind()], player=claimed, current_player=current)]
        return handler(self, current, action)

    def _awaited_kind(self) -> str:
        if self.decisions:
            return self.decisions.top.kind
        return "reveal" if self.phase == REVEAL else "recruit"

    # -- reveal -----------------------------------------------------------------------------------
    def _reveal(self, _seat: int, action: Action) -> list[Event]:
        if "event" in action:
            from engine.for_a_crown.data import event_code

            code = (EVENT_BASE + event_code(action["event"])) << OWNER_BITS | NO_OWNER
        else:
            card, owner = mercenary_code(action.get("card")), action.get("owner")
            if not isinstance(owner, int) or not 0 <= owner < self.n:
                raise ValueError(f"owner: expected a family 0 to {self.n - 1}, got {owner!r}")
            code = card << OWNER_BITS | owner
        if code not in self.pile:
            return [rejection("not_in_pile", f"{action} is not in the common pile.", rules.SHUFFLE_AND_REVEAL)]
        events: list[Event] = []
        self._do_reveal(code, events)
        return events

    def _do_reveal(self, code: int, events: list[Event]) -> None:
        self.pile.remove(code)
        self.played.append(code)
        card = code >> OWNER_BITS
        if card >= EVENT_BASE:
            events.append(_revealed(code)[0])
            effects.apply_event(self, card - EVENT_BASE, events)
        elif self.out[code & NO_OWNER]:
            events.append(effects.ignored_card(code & NO_OWNER, MERCENARIES[card].name))
        else:
            event, tasks = _revealed(code)
            events.append(event)
            self.decisions.push_in_order(tasks)
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """Run automatic tasks; with nothing pending and an empty pile, end the round."""
        if not effects.advance(self, events) and self.phase == REVEAL and not self.pile:
            self._end_round(events)

    # -- protocol ---------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.total(seat)) for seat in range(self.n)]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase == OVER and self.winner is not None else []

    def to_dict(self) -> dict[str, Any]:
        return position.position_dict(self)

    def observation(self, player: int) -> dict[str, Any]:
        return position.observation_dict(self, player)

    def invariant_violations(self) -> list[str]:
        return position.invariant_violations(self)

    # -- random playouts --------------------------------------------------------------------------
    def random_step(self, rng) -> tuple[Action, list[Event]]:
        """As ``apply(random_action(rng))``, without building the actions not drawn or re-checking the one drawn.

        The draws are those of ``random_action_by_listing``: ``rng.choice`` over
        options listed in the order of :meth:`legal_actions` (:func:`_pick`),
        ``rng.choices`` over the die's outcomes (the same bisection over
        cumulative weights); the pile is kept sorted, so ``pile[int(random() * len)]``
        is the card ``rng.choices`` draws over the distinct cards weighted by count.
        """
        events: list[Event] = []
        top = self.decisions.top
        if top is None:
            if self.phase == REVEAL:
                pile = self.pile
                code = pile[int(rng.random() * len(pile))]
                self._do_reveal(code, events)
                return dict(_reveal_action(code)), events
            seat = self.queue[0]
            option = _pick(rng, self.recruit_options(seat))
            action = self._recruit_action(seat, option)
            self._do_recruit(seat, *option, events)
            return action, events
        kind, seat, arg = unpack(top)
        if kind == TARGET:
            out = self.out
            victim = _pick(rng, [other for other in range(self.n) if other != seat and not out[other]])
            effects.target(self, seat, arg, victim, events)
            action = {"type": "target", "player": seat, "family": victim}
        elif kind == ROLL:
            game = self.game
            face = game.roll_faces[bisect(game.roll_cumulative, rng.random() * game.roll_total, 0, game.roll_last)]
            effects.roll(self, face, events)
            action = {"type": "roll", "face": EFFECTS[face]}
        else:
            option = _pick(rng, self.decision_options())
            action = option_action(kind, seat, option, self.game.any_mix)
            if kind == CHOOSE:
                effects.choose_effect(self, seat, arg, option, events)
            elif kind == MOVE:
                effects.influence(self, seat, option[0], option[1], option[2], events)
            elif kind == BRIBE_OFFER:
                effects.bribe(self, seat, option[0], option[1], option[2], events)
            else:
                effects.mages(self, seat, option[0], option[1], option[2], events)
        self._settle(events)
        return action, events

    def random_playout(self, rng, limit: int) -> int:
        """The ``random_step`` loop's game without its events and action dicts (:mod:`.playout`)."""
        if type(rng) is not Random:  # the quiet loop repeats Random's own draws
            return super().random_playout(rng, limit)
        return playout.random_playout(self, rng, limit)


def _pick(rng, options: list):
    """``rng.choice(options)`` with the same draws, one call instead of three (playouts make ~140 per game).

    CPython's ``Random.choice`` is ``seq[_randbelow(len(seq))]`` and
    ``_randbelow`` rejects ``getrandbits(n.bit_length())`` until below ``n``;
    ``test_random_step_plays_the_same_game_as_listing`` checks the draws agree,
    and another generator class falls back to its own ``choice``.
    """
    if type(rng) is not Random:
        return rng.choice(options)
    n = len(options)
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    index = getrandbits(bits)
    while index >= n:
        index = getrandbits(bits)
    return options[index]


def _reveal_action(code: int) -> Action:
    """The ``reveal`` action of a pile code, built once (callers get a copy)."""
    action = _REVEAL_ACTIONS.get(code)
    if action is None:
        action = _REVEAL_ACTIONS[code] = {"type": "reveal", **ForACrownState.code_dict_of(code)}
    return action


_REVEAL_ACTIONS: dict[int, Action] = {}

def _revealed(code: int) -> tuple[Event, tuple]:
    """The ``revealed`` event of a pile code and the tasks its card pushes (a level-1 choice, or its symbols
    in order), built once per code: events are read-only and tasks interned (see chest._GAINED, effects.task)."""
    found = _REVEALS.get(code)
    if found is None:
        card = code >> OWNER_BITS
        if card >= EVENT_BASE:
            found = (Event("revealed", _EVENT_REVEALED, rules.EVENT_APPLIES, {"event": EVENT_TYPES[card - EVENT_BASE]},
                           (EVENT_DECK.id,)), ())
        else:
            owner, mercenary = code & NO_OWNER, MERCENARIES[card]
            tasks = ((task(CHOOSE, owner, card),) if mercenary.level == 1
                     else tuple(task(effects.EFFECT, owner, e) for e in mercenary.effects))
            found = (Event("revealed", _REVEALED, rules.MERCENARY_OWNER,
                           {"card": mercenary.name, "player": owner, "level": mercenary.level}), tasks)
        _REVEALS[code] = found
    return found


_REVEALS: dict[int, tuple[Event, tuple]] = {}


_HANDLERS = {
    "recruit": ForACrownState._recruit,
    "reveal": ForACrownState._reveal,
    "choose_effect": ForACrownState._choose,
    "target": ForACrownState._target,
    "influence": ForACrownState._influence,
    "roll": ForACrownState._roll,
    "bribe": ForACrownState._bribe,
    "mages": ForACrownState._mages,
}
_EXPECTED_TYPE = {
    "recruit": "recruit", "reveal": "reveal", "choose_effect": "choose_effect", "target": "target",
    "influence": "influence", "roll": "roll", "bribe": "bribe", "mages": "mages",
}
_AWAITED_RULE = {
    "recruit": rules.RECRUIT_ORDER, "reveal": rules.SHUFFLE_AND_REVEAL, "choose_effect": rules.LEVEL_ONE_CHOICE,
    "target": rules.EFFECT_RACCOON, "influence": rules.EFFECT_INFLUENCE, "roll": rules.DIE_FACE,
    "bribe": rules.EVENT_BRIBE, "mages": rules.EVENT_MAGES,
}
