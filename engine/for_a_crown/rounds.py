"""The end of a round (pile reformed, a new event, a 0 cost tile) and of the game (adjustment, count, winner).

A mixin of :class:`~engine.for_a_crown.state.ForACrownState`.
"""

from __future__ import annotations

from engine.core.events import Event, MessageTemplate
from engine.for_a_crown import chest, rules
from engine.for_a_crown.assumptions import COST_COLUMNS, EVENT_DECK, EVERYONE_OUT, FINAL_ADJUSTMENTS
from engine.for_a_crown.codes import COLUMNS, EVENT_BASE, NO_OWNER, OVER, OWNER_BITS, ROUNDS, insort_code
from engine.for_a_crown.galerie import influence_order

_ROUND_OVER = MessageTemplate("Round {round} is over.")
_FINAL_RUBY = MessageTemplate("Family {player}, the most influential, gains 1 Rubis before the count.")
_COUNT = MessageTemplate("Family {player} counts {total} Rubis ({rubies} in the chest{object}).")
_LAST_OUT = MessageTemplate("Every family is out; family {player}, knocked out last, is crowned.")
_WINNER = MessageTemplate("Family {player} is crowned with {total} Rubis.")
_WINNER_TIE = MessageTemplate("Families {tied} tie with {total} Rubis; family {player}, the most influential, wins.")


class RoundEnd:
    """End of round and final count (``ForACrownState``'s methods)."""

    def _end_round(self, events: list[Event]) -> None:
        events.append(Event("round_over", _ROUND_OVER, rules.THREE_PHASES, {"round": self.round}))
        if self.knocked_out_round or self.round == ROUNDS:
            self._final_count(events)
            return
        events.append(Event("end_of_round_steps", "End of the round: three steps.", rules.END_OF_ROUND_STEPS,
                            {"round": self.round}))
        self.pile = sorted(self.played)
        self.played = []
        events.append(Event("pile_reformed", f"The {len(self.pile)} played cards form the common pile again.",
                            rules.PILE_REFORMED, {"cards": len(self.pile)}))
        if self.event_draw:
            event = self.event_draw.pop()
            insort_code(self.pile, (EVENT_BASE + event) << OWNER_BITS | NO_OWNER)
            self.events_in_play += 1
            events.append(Event("event_added", "A new event card joins the common pile, unseen.", rules.NEW_EVENT,
                                {"cards": len(self.pile)}, (EVENT_DECK.id,)))
        self.gutter = ([0] + self.gutter)[:COLUMNS]
        events.append(Event("cost_tile_inserted", f"A 0 cost tile is inserted: costs {self.gutter}.",
                            rules.ZERO_COST_TILE, {"gutter": list(self.gutter)}, (COST_COLUMNS.id,)))
        self.round += 1
        self.recruit_pass = 0
        self.start_recruitment(events)

    def _final_count(self, events: list[Event]) -> None:
        self.phase = OVER
        events.append(Event("game_over", f"The game ends after round {self.round}.", rules.GAME_END,
                            {"round": self.round, "knocked_out": bool(self.knocked_out_round)}))
        order = influence_order(self.squares)
        if order and self.game.final_extra_ruby:
            self.rubies[order[0]] += 1
            self.ruby_in[order[0]] += 1
            events.append(Event("final_adjustment", _FINAL_RUBY, rules.FAQ_EXTRA_RUBY, {"player": order[0]},
                                (FINAL_ADJUSTMENTS.id,)))
        self.final = [self.total(seat) for seat in range(self.n)]
        for seat in order:
            kept = self.object_kept[seat]
            events.append(Event("rubies_counted", _COUNT, rules.OBJECT_WORTH_TEN if kept else rules.MOST_RUBIES_WINS,
                                {"player": seat, "total": self.final[seat], "rubies": self.rubies[seat],
                                 "object_counted": kept, "object_unsaid": kept and self.object_unsaid[seat],
                                 "object": (" + 10 for the Objet précieux" + (", which the question does not say was sold"
                                                                               if self.object_unsaid[seat] else "")
                                            if kept else "; a sold Objet précieux counts nothing")}))
        if not order:
            self.winner = self.last_out
            if self.last_out is not None:
                events.append(Event("winner", _LAST_OUT, rules.KNOCKED_OUT_ROUND_ENDS_GAME,
                                    {"player": self.last_out, "total": self.final[self.last_out]},
                                    (EVERYONE_OUT.id,)))
            return
        best = max(self.final[seat] for seat in order)
        tied = [seat for seat in order if self.final[seat] == best]
        self.winner = tied[0]
        if len(tied) == 1:
            events.append(Event("winner", _WINNER, rules.MOST_RUBIES_WINS, {"player": tied[0], "total": best}))
        else:
            events.append(Event("winner", _WINNER_TIE, rules.TIE_TO_INFLUENCE,
                                {"player": tied[0], "total": best, "tied": tied}))

    def total(self, seat: int) -> int:
        return self.rubies[seat] + (chest.OBJECT_VALUE if self.object_kept[seat] else 0)
