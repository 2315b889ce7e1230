"""One position of Oriflamme Embrasement and the turn structure: placement, then resolution.

Phases: ``placement`` (from the first player, clockwise: seat + 1 is the
player on the left), ``resolution`` (along the line; the player named by the
top decision acts; revealed cards apply their abilities without a decision)
and ``game_over`` after the 6th turn. A hand-built position may stop in the
resolution between two cards: it then waits for one ``{"type": "resolve"}``
(a chance node with a single outcome) that resumes the walk along the line.
"""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision, DecisionStack
from engine.core.events import Event, MessageTemplate, rejection
from engine.core.names import Names
from engine.core.game import CHANCE, TERMINAL, Action, State
from engine.oriflamme import abilities, decisions, line, position, rules
from engine.oriflamme import assumptions as A
from engine.oriflamme.cards import (
    FAMILY_SIZE, GUET_APENS, MACHINATION, NAMES, PRINCE, TURNS, card_ref, kind_of, parse_ref,
)
from engine.oriflamme.decisions import ACTIVATE, FACE_DOWN, FACE_DOWN_OPTIONS, POINT, POINT_OPTIONS
from engine.oriflamme.phases import OVER, PHASE_NAMES, PHASES, PLACEMENT, RESOLUTION

RESOLVE = {"type": "resolve"}
_PLACED = MessageTemplate("Player {player} places a card face down ({at}).")
_INFLUENCE = MessageTemplate("Player {player} places an influence point on their face-down {card} ({points} on it).")
_REVEALED = MessageTemplate("Player {player} reveals {card}.")
_POINTS_DISCARDED = MessageTemplate("The {amount} influence on it are discarded.")
_RESOLVES = MessageTemplate("{card} of player {player}, revealed, applies its ability.")
_TILE = MessageTemplate("The first player tile passes from player {from} to player {to}; turn {turn} begins.")
_RESOLUTION = MessageTemplate("Every player has placed a card: the resolution of turn {turn} begins.")
_IGNORED = MessageTemplate("The {amount} influence left on cards of the line do not count.")
_TIE_BREAK = MessageTemplate("Tied on influence: family cards in the line {cards}; winner(s) {winners}.")
_GAME_OVER = MessageTemplate("The 6th turn is over: player(s) {winners} win(s) with {influence} influence.")


_POINT_NAMES = Names(POINT_OPTIONS, "option")

class OriflammeState(State):
    """Lean mutable position: card ids (``family * 11 + kind``) in plain lists.

    Attributes:
        hands, aside, discards: per seat, card ids (``aside``: the 3 set aside face down).
        twins: per seat, the Jumeau's id while it is set aside face up, else -1.
        line: stacks in resolution order, each bottom first (the top card is ``stack[-1]``).
        revealed, points, corrupt: per card id: face up?, influence on it, corrupter seat (-1 = none).
        influence: per seat; ``start``, ``gained``, ``lost``, ``stolen`` explain it (the ledger).
        card_in, card_out: influence put on cards from the reserve, and taken off them since.
        first_player, turn (0-based), phase, placed (cards placed this turn), cursor (next stack to resolve).
        decisions: the decision stack (:mod:`.decisions`); its top is answered first.
    """

    def __init__(self, game):
        n = game.num_players
        self.game = game
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.aside: list[list[int]] = [[] for _ in range(n)]
        self.twins = [-1] * n
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.line: list[list[int]] = []
        cards = n * FAMILY_SIZE
        self.revealed = [False] * cards
        self.points = [0] * cards
        self.corrupt = [-1] * cards
        self.influence = [0] * n
        self.start = [0] * n
        self.gained = [0] * n
        self.lost = [0] * n
        self.stolen = [0] * n
        self.card_in = 0
        self.card_out = 0
        self.first_player = 0
        self.turn = 0
        self.phase = PLACEMENT
        self.placed = 0
        self.cursor = 0
        self.decisions = DecisionStack()

    # -- whose turn -----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLACEMENT:
            return (self.first_player + self.placed) % self.n
        if phase == OVER:
            return TERMINAL
        top = self.decisions.top
        return top.player if top is not None else CHANCE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return list(self.influence)

    def winners(self) -> list[int]:
        return self.ranking()[0] if self.phase == OVER else []

    def ranking(self) -> tuple[list[int], str]:
        """The leading seats and how they were decided: ``influence``, ``cards`` or ``shared``."""
        best = max(self.influence)
        leaders = [p for p in range(self.n) if self.influence[p] == best]
        if len(leaders) == 1:
            return leaders, "influence"
        counts = self.family_cards_in_line()
        most = max(counts[p] for p in leaders)
        leaders = [p for p in leaders if counts[p] == most]
        return leaders, "cards" if len(leaders) == 1 else "shared"

    def family_cards_in_line(self, events: list[Event] | None = None) -> list[int]:
        """Per seat, its family's cards in the line (``oriflamme.tie_counts_covered``, ``oriflamme.corrupted_card_family``);
        a corrupted card counted for its corrupter is told in ``events`` when given."""
        counts = [0] * self.n
        told: list[Event] = [] if events is None else events
        for stack in self.line:
            for card in (stack if self.game.tie_counts_covered else stack[-1:]):
                counts[line.counted_family(self, card, told)] += 1
        return counts

    # -- helpers the abilities call -------------------------------------------------------
    def owner_on_leaving(self, card: int) -> int:
        """In front of whom ``card`` goes when it leaves the line (``oriflamme.corrupted_card_leaves_to``)."""
        corrupter = self.corrupt[card]
        return corrupter if corrupter >= 0 and self.game.leaves_to_corrupter else card // FAMILY_SIZE

    def corrupt_leaving(self, card: int) -> None:
        self.corrupt[card] = -1

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        current = self.current_player()
        if current == CHANCE:
            return [dict(RESOLVE)] if player is None else []
        if player is not None and player != current:
            return []
        if phase == PLACEMENT:
            return [self._place_action(current, card, spot) for card in self.hands[current]
                    for spot in self._spots(current)]
        return list(decisions.options(self.decisions.top))

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(dict(RESOLVE), 1.0)] if self.current_player() == CHANCE else []

    def _spots(self, player: int) -> list:
        """Where ``player`` may place: ``"center"`` on an empty line, else both ends, then own stacks (top card ids)."""
        stacks = self.line
        if not stacks:
            return ["center"]
        corrupt = self.corrupt
        spots = ["start", "end"]
        for stack in stacks:
            top = stack[-1]
            owner = corrupt[top]
            if (owner if owner >= 0 else top // FAMILY_SIZE) == player:
                spots.append(top)
        return spots

    @staticmethod
    def _place_action(player: int, card: int, spot) -> Action:
        return {"type": "place", "player": player, "card": NAMES[card % FAMILY_SIZE],
                "at": spot if isinstance(spot, str) else card_ref(spot)}

    def random_action(self, rng) -> Action:
        """The reference draw (``rng.choice`` over the legal actions) without building the list of placements.

        ``rng._randbelow(k)`` is the draw ``rng.choice`` makes on a sequence of
        length ``k``, so seeded playouts are the same games either way.
        """
        if self.phase == PLACEMENT:
            player = (self.first_player + self.placed) % self.n
            spots = self._spots(player)
            hand = self.hands[player]
            index = rng._randbelow(len(hand) * len(spots))
            return self._place_action(player, hand[index // len(spots)], spots[index % len(spots)])
        decision = self.decisions.top
        if decision is not None:
            answers = decisions.choices(decision)
            return decisions.action(decision, answers[rng._randbelow(len(answers))])
        return dict(RESOLVE) if self.phase == RESOLUTION else rng.choice(self.legal_actions())

    def random_step(self, rng) -> tuple[Action, list[Event]]:
        """``apply(random_action(rng))`` without parsing the action just built: same action, events and draws."""
        events: list[Event] = []
        if self.phase == PLACEMENT:
            player = (self.first_player + self.placed) % self.n
            spots = self._spots(player)
            hand = self.hands[player]
            count = len(spots)
            index = rng._randbelow(len(hand) * count)
            card, spot = hand[index // count], spots[index % count]
            self._do_place(player, card, spot, events)
            return {"type": "place", "player": player, "card": NAMES[card % FAMILY_SIZE],
                    "at": spot if spot.__class__ is str else card_ref(spot)}, events
        decision = self.decisions.top
        if decision is not None:
            if decision.kind == FACE_DOWN:  # most decisions: skip the generic dispatch
                answer = FACE_DOWN_OPTIONS[rng._randbelow(2)]
                self.decisions.pop()
                if answer == "influence":
                    self._place_influence(decision.data["source"], decision.player, events)
                else:
                    self._reveal(decision.data["source"], decision.player, events)
                self.run(events)
                return {"type": answer, "player": decision.player}, events
            answers = decisions.choices(decision)
            answer = answers[rng._randbelow(len(answers))]
            self._do_decide(decision, answer, events)
            return decisions.action(decision, answer), events
        action = self.random_action(rng)
        return action, self.apply(action)

    # -- apply ----------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise ValueError(f"action: expected a JSON object with a 'type', got {type(action).__name__}")
        kind = action.get("type")
        if self.phase == OVER:
            PHASES.check(kind, PHASE_NAMES[OVER])  # a ValueError for an unknown type
            return [rejection("game_over", "The game is over: it lasts 6 turns.", rules.SIX_TURNS)]
        wrong_phase = PHASES.check(kind, PHASE_NAMES[self.phase])
        if wrong_phase is not None:
            return [wrong_phase]
        current = self.current_player()
        if current == CHANCE:
            if kind != "resolve":
                return [rejection("wrong_phase", "The resolution continues along the line first.", rules.RESOLUTION_ORDER)]
            events: list[Event] = []
            self.run(events)
            return events
        if kind == "resolve":
            return [rejection("decision_pending", f"Player {current} decides first.", rules.MANDATORY)]
        claimed = action.get("player", current)
        if claimed != current:
            return [rejection("wrong_turn", f"It is player {current}'s decision, not player {claimed}'s.",
                              rules.PLACEMENT if self.phase == PLACEMENT else rules.RESOLUTION_ORDER,
                              player=claimed, current_player=current)]
        if self.phase == PLACEMENT:
            return self._place(current, action)
        return self._decide(self.decisions.top, kind, action)

    def _place(self, player: int, action: Action) -> list[Event]:
        card = player * FAMILY_SIZE + kind_of(action.get("card"))
        if card not in self.hands[player]:
            return [rejection("not_in_hand", f"{NAMES[card % FAMILY_SIZE]} is not in player {player}'s hand.",
                              rules.PLACEMENT, card=NAMES[card % FAMILY_SIZE])]
        spot = action.get("at")
        if spot == "between":  # a place the rules do not give: only either end, or on a card of one's own family
            return [rejection("not_an_end", "A card goes at either end of the line or on a card of your own family, "
                              "never between two cards.", rules.PLACEMENT)]
        if spot in _ENDS:
            if self.line and spot == "center":
                return [rejection("line_not_empty", "Only the first card goes to the centre; then at either end.",
                                  rules.PLACEMENT)]
            if not self.line:
                spot = "center"
        else:
            if spot is None:
                raise ValueError("action.at: expected 'start', 'end', 'center' or a card of yours ({card, owner}), got None")
            target = parse_ref(spot, self.n, "action.at", player)
            index = line.index_of(self, target)
            if index < 0:
                if line.stack_of(self, target) >= 0:
                    return [rejection("covered_card", "That card is covered: place on the top of the pile.",
                                      rules.COVERED_NOTHING)]
                return [rejection("not_in_line", "That card is not in the line.", rules.STACK_ON_OWN)]
            if line.family(self, target) != player:
                return [rejection("not_own_card", "A card goes at either end of the line or on a card of your own family.",
                                  rules.PLACEMENT)]
            spot = target
        events: list[Event] = []
        self._do_place(player, card, spot, events)
        return events

    def _do_place(self, player: int, card: int, spot, events: list[Event]) -> None:
        self.hands[player].remove(card)
        stacks = self.line
        if spot == "end" or spot == "center":
            stacks.append([card])
            citation = rules.EMPTY_LINE if spot == "center" else rules.PLACEMENT
            at = spot
        elif spot == "start":
            stacks.insert(0, [card])
            citation, at = rules.PLACEMENT, spot
        else:
            stacks[line.index_of(self, spot)].append(card)
            citation, at = rules.STACK_COVERS, f"on {NAMES[spot % FAMILY_SIZE]}"
        events.append(Event("card_placed", _PLACED, citation,
                            {"player": player, "card": NAMES[card % FAMILY_SIZE], "at": at, "hand": len(self.hands[player])}))
        self.placed += 1
        if self.placed == self.n:
            self.phase = RESOLUTION
            self.cursor = 0
            events.append(Event("resolution_started", _RESOLUTION, rules.RESOLUTION_ORDER, {"turn": self.turn + 1}))
            self.run(events)

    def _decide(self, decision: Decision, kind: str, action: Action) -> list[Event]:
        if decision.kind == FACE_DOWN:
            if kind not in FACE_DOWN_OPTIONS:
                return [rejection("wrong_decision", "A face-down card: place an influence point on it or reveal it.",
                                  rules.FACE_DOWN_OPTIONS, expected=list(FACE_DOWN_OPTIONS))]
            option = kind
        elif kind != "choose":
            return [rejection("wrong_decision", "A choice is awaited (type 'choose').", rules.MANDATORY)]
        elif decision.kind == POINT:
            option = action.get("option")
            if option not in POINT_OPTIONS:
                option = _POINT_NAMES.canonical(option, "action.option")
        else:
            option = parse_ref(action.get("target"), self.n, "action.target")
            if option not in decision.data["targets"]:
                covered = line.stack_of(self, option) >= 0 and line.index_of(self, option) < 0
                return [rejection("covered_card" if covered else "illegal_choice",
                                  f"{NAMES[option % FAMILY_SIZE]} of player {option // FAMILY_SIZE} is not a target of "
                                  f"{NAMES[decision.data['source'] % FAMILY_SIZE]}.",
                                  rules.COVERED_NOTHING if covered else decision.citation,
                                  options=[card_ref(o) for o in decision.data["targets"]])]
        events: list[Event] = []
        self._do_decide(decision, option, events)
        return events

    def _do_decide(self, decision: Decision, option, events: list[Event]) -> None:
        self.decisions.pop()
        kind = decision.kind
        if kind == FACE_DOWN:
            if option == "influence":
                self._place_influence(decision.data["source"], decision.player, events)
            else:
                self._reveal(decision.data["source"], decision.player, events)
        elif kind == POINT:
            self.decisions.push(decision)
            abilities.machination_point(self, decision, option, events)
        elif kind == ACTIVATE:
            abilities.activate(self, decision.data["source"], decision.player, option, events)
        else:
            abilities.hit(self, decision.data["source"], decision.player, option, events)
        self.run(events)

    def _place_influence(self, card: int, player: int, events: list[Event]) -> None:
        points = self.points[card] = self.points[card] + 1
        self.card_in += 1
        events.append(Event("influence_placed", _INFLUENCE, rules.PLACE_INFLUENCE,
                            {"player": player, "card": NAMES[card % FAMILY_SIZE], "points": points}))

    def _reveal(self, card: int, player: int, events: list[Event]) -> None:
        self.revealed[card] = True
        kind = card % FAMILY_SIZE
        game = self.game
        events.append(Event("card_revealed", _REVEALED, rules.FACE_DOWN_OPTIONS,
                            {"player": player, "card": NAMES[kind]}, (A.FACE_DOWN_SECOND_OPTION.id,)))
        points = self.points[card]
        if points and kind != MACHINATION and kind != GUET_APENS:
            self.points[card] = 0
            self.card_out += points
            if game.points_gained_on_reveal:
                line.gain(self, player, points, line.POINTS_ON_CARD, rules.FACE_DOWN_OPTIONS, events,
                               (A.POINTS_ON_REVEAL.id,))
            else:
                events.append(Event("points_discarded", _POINTS_DISCARDED,
                                    rules.FACE_DOWN_OPTIONS, {"amount": points, "player": player}, (A.POINTS_ON_REVEAL.id,)))
        if game.apply_on_reveal:
            abilities.resolve(self, card, player, events, revealing=True)
        elif kind == PRINCE:
            abilities.place_twin(self, card, events)

    # -- the walk along the line ----------------------------------------------------------
    def run(self, events: list[Event]) -> None:
        """Resolve along the line until a decision is awaited, the turn ends or the game ends."""
        stacks = self.line
        stack = self.decisions
        revealed = self.revealed
        while True:
            top = stack.top
            if top is not None:
                if top.kind != POINT:
                    return
                source = top.data["source"]
                if self.points[source] and line.index_of(self, source) >= 0:
                    return
                stack.pop()
                abilities.finish_machination(self, top, events)
                continue
            if self.cursor >= len(stacks):
                self._end_turn(events)
                return
            card = stacks[self.cursor][-1]
            self.cursor += 1
            if not revealed[card]:
                stack.push(decisions.face_down(card))
                return
            actor = line.family(self, card)
            events.append(Event("card_resolves", _RESOLVES, rules.REVEALED_APPLIES,
                                {"player": actor, "card": NAMES[card % FAMILY_SIZE]}))
            abilities.resolve(self, card, actor, events)

    def _end_turn(self, events: list[Event]) -> None:
        if self.turn == TURNS - 1:
            self.phase = OVER
            self._final_ranking(events)
            return
        previous = self.first_player
        self.first_player = (previous + 1) % self.n
        self.turn += 1
        self.phase = PLACEMENT
        self.placed = 0
        self.cursor = 0
        events.append(Event("first_player_passed", _TILE, rules.TILE_PASSES,
                            {"from": previous, "to": self.first_player, "turn": self.turn + 1}))

    def _final_ranking(self, events: list[Event]) -> None:
        left_on_cards = sum(self.points)
        if left_on_cards:
            events.append(Event("points_on_cards_ignored", _IGNORED, rules.POINTS_ON_CARDS_IGNORED,
                                {"amount": left_on_cards}))
        winners, decided_by = self.ranking()
        if decided_by != "influence":
            cards = self.family_cards_in_line(events)
            events.append(Event("tie_break", _TIE_BREAK, rules.TIE_BREAK,
                                {"cards": cards, "winners": winners, "shared": decided_by == "shared"},
                                (A.TIE_COUNTS_COVERED.id, A.CORRUPTED_FAMILY.id)
                                + ((A.TIE_AFTER_CARDS.id,) if decided_by == "shared" else ())))
        events.append(Event("game_over", _GAME_OVER, rules.SIX_TURNS_GOAL,
                            {"winners": winners, "influence": self.influence[winners[0]], "scores": list(self.influence)}))

    # -- positions ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return position.state_to_dict(self)

    def observation(self, player: int) -> dict[str, Any]:
        return position.observation(self, player)

    def invariant_violations(self) -> list[str]:
        return position.invariant_violations(self)

    def clone(self) -> "OriflammeState":
        other = OriflammeState.__new__(OriflammeState)
        other.__dict__.update(self.__dict__)
        for name in ("revealed", "points", "corrupt", "influence", "start", "gained", "lost", "stolen", "twins"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("hands", "aside", "discards", "line"):
            setattr(other, name, [list(part) for part in getattr(self, name)])
        other.decisions = self.decisions.copy()
        return other


_ENDS = ("start", "end", "center")
