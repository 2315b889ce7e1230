"""The end of a turn, in the rulebook's order: token limit, one noble, then the end-of-game check.

Each function appends its events to the list of the action that ended the turn.
"""

from __future__ import annotations

from engine.core.decisions import Decision
from engine.core.events import Event
from engine.splendor import rules
from engine.splendor.assumptions import NO_LEGAL_ACTION, TIE_AFTER_FEWEST_CARDS
from engine.splendor.data import NOBLE_COUNT, NOBLES
from engine.splendor.legal import noble_choice_options
from engine.splendor.seat import NOBLE, RETURN, TOKEN_LIMIT, WINNING_PRESTIGE

NOBLE_CHOICE = "noble_choice"
FEWEST_BONUSES_A_NOBLE_NEEDS = min(sum(r) for r in NOBLES.requirement[1:])
"""No printed noble can visit a player with fewer cards: skips the check on most turns of a game (not when the
position states a noble, whose requirement may be smaller)."""


def end_main_action(state, player: int, events: list[Event]) -> list[Event]:
    """Token limit first, then the noble visit, then the next player (the order the rulebook gives)."""
    seat = state.seats[player]
    excess = sum(seat.tokens) - TOKEN_LIMIT
    if excess > 0:
        state.phase = RETURN
        events.append(Event("token_limit_exceeded", f"Player {player} holds {excess + TOKEN_LIMIT} tokens and "
                            f"must return {excess}.", rules.TOKEN_LIMIT, {"player": player, "excess": excess}))
    elif len(seat.cards) < FEWEST_BONUSES_A_NOBLE_NEEDS and not state.stated_nobles:
        end_turn(state, player, events)
    else:
        visit_noble(state, player, events)
    return events


def visit_noble(state, player: int, events: list[Event]) -> None:
    """One qualifying noble visits; several open the ``noble`` phase for the player's choice."""
    bonuses = state.seats[player].bonuses
    required = state.noble_tables.requirement_items
    eligible = [n for n in state.nobles if all(bonuses[c] >= k for c, k in required[n])]
    if len(eligible) == 1:
        events.append(receive_noble(state, player, eligible[0], rules.NOBLE_VISIT_MANDATORY))
    elif eligible:
        state.phase = NOBLE
        state.decisions.push(noble_choice(player, eligible))
        events.append(Event("noble_choice_required", f"Nobles {eligible} all qualify, but only one visits per turn: "
                            f"player {player} chooses.", rules.ONE_NOBLE_PER_TURN, {"player": player, "eligible": eligible}))
        return
    end_turn(state, player, events)


def noble_choice(player: int, eligible: list[int]) -> Decision:
    """The decision of which of several qualifying nobles visits ``player`` (``data.eligible``: their ids)."""
    return Decision(NOBLE_CHOICE, player, noble_choice_options(player, eligible), rules.ONE_NOBLE_PER_TURN,
                    {"eligible": eligible})


def eligible_nobles(state) -> list[int]:
    """The nobles of the pending noble choice (empty when none is pending)."""
    decision = state.decisions.top
    return decision.data["eligible"] if decision is not None else []


def receive_noble(state, player: int, noble: int, citation) -> Event:
    """Move ``noble`` to the player (3 prestige) and say which rule brought it."""
    seat = state.seats[player]
    state.nobles.remove(noble)
    seat.nobles.append(noble)
    points = state.noble_tables.points[noble]
    seat.points += points
    name = f"Noble {noble}" if noble <= NOBLE_COUNT else "The stated noble"
    return Event("noble_visit", f"{name} visits player {player} (+{points}), drawn by card "
                 "bonuses alone.", citation, {"player": player, "noble": noble, "points": points})


def end_turn(state, player: int, events: list[Event]) -> None:
    """Pass the turn on; end the game once the round of the first 15 is complete (or nobody can move)."""
    if not state.final_round and state.seats[player].points >= WINNING_PRESTIGE:
        state.final_round = True
        events.append(Event("final_round", f"Player {player} reaches {state.seats[player].points} prestige: the "
                            "round is played out so everyone has played as often.", rules.GAME_END,
                            {"player": player, "points": state.seats[player].points}))
    state.turn += 1
    blocked = state.passes >= state.num_players
    if blocked or (state.final_round and state.turn % state.num_players == 0):
        state.terminal = True
        events.append(_game_over(state, blocked))


def _game_over(state, blocked: bool) -> Event:
    winners, decided_by = state.ranking()
    citation = {"points": rules.HIGHEST_TOTAL_WINS, "cards": rules.TIE_BREAK, "shared": rules.TIE_BREAK}[decided_by]
    assumptions = (TIE_AFTER_FEWEST_CARDS.id,) if decided_by == "shared" else ()
    if blocked:
        assumptions += (NO_LEGAL_ACTION.id,)
    how = {"points": "on prestige", "cards": "on fewest development cards", "shared": "shared"}[decided_by]
    return Event("game_over", f"Game over: player(s) {winners} win ({how}).", citation,
                 {"winners": winners, "scores": state.scores(), "decided_by": decided_by, "blocked": blocked},
                 assumptions)
