"""Splendor positions for a take of two after earlier takes: what the pile holds now, from the set-up and the gems
the question says were taken from it.

"3-player game. On turn one my opponent took 2 red gems, and nobody has put any red back since. Can I take 2
reds?", « Partie à 2 : Paul a pris 2 jetons bleus au tour précédent. Je peux prendre 2 bleus ? » become the
asker's turn with that pile at the set-up count for the number of players (« À 2, on garde 4 jetons par couleur
de pierre … ; à 3, 5 jetons par couleur », 7 at 4 under ``splendor.four_player_setup``) less the gems said taken; the
asker's take of two is tried, and the engine accepts it or refuses it with the 4-token rule.

The number of players, when unsaid, is a reading per count (2, 3, 4): "it depends" when the pile then moves the
verdict. Refused: 4 players stated (the 4-player set-up is a named assumption, not the rulebook's), gems said given back to the bank (unless said never: "nobody has put any back"), a pile stated
(the action reader reads those), a take of the asker that is not two of one colour.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BANK_WORDS", "compile_bank_take"]

BANK_WORDS = frozenset({"took", "given_back", "never", "time_word"})
"""The words this reader looks for, in the ``asking`` section of corpus/splendor/lexicon.yaml (no facts)."""
_SETUP = {2: 4, 3: 5, 4: 7}
_TAKE_TWO = "prendre_deux_jetons"
_PLAYERS = (2, 3, 4)
_ASSUMED = 4


def compile_bank_take(frame: Any) -> dict[str, Any] | None:
    """The runs that answer "can I take two of a colour after these takes?" (module docstring), or None."""
    asked = frame.asked
    if asked is None or asked.what != "take" or frame.form != "polar" or frame.vague:
        return None
    asking = next((c for c in frame.clauses if c[0] <= asked.at < c[1]), None)
    if asking is None:
        return None
    colour = _asked_colour(frame, asking)
    if colour is None:
        return None
    taken = _taken_before(frame, asking[0], colour)
    if not taken:
        return None
    for clause in frame.clauses:
        if _said_in(frame, "given_back", clause) and not _said_in(frame, "never", clause):
            return None  # gems went back to the bank: the pile is not the set-up less the takes
    counts = (frame.player_count,) if frame.player_count else _PLAYERS
    if counts == (_ASSUMED,) or any(n not in _SETUP for n in counts):
        return None  # at 4 the set-up is a named assumption (the rulebook gives 2 and 3 only): no verdict on it
    variants = []
    for players in counts:
        pile = _SETUP[players] - taken
        if pile < 0:
            return None
        reading = {} if players == counts[0] else {
            "number of players": f"{players} (7 per colour: splendor.four_player_setup)" if players == _ASSUMED else players}
        position = {"players": [{} for _ in range(players)], "current_player": 0,
                    "bank": {colour: pile}}
        step = {"type": "take_same", "player": 0, "color": colour, "try": True}
        variants.append({"reading": reading, "scenario": {
            "game": "splendor", "title": "the asker's take after the takes said", "players": players,
            "position": position, "steps": [step]}})
    facts = [{"fact": f"{taken} {colour} gem(s) taken from the bank before the asker's turn", "source": "stated"},
             {"fact": f"the asker takes 2 {colour}", "source": "stated"},
             {"fact": f"the {colour} pile started at the set-up count", "source": "default"}]
    if not frame.player_count:
        facts.append({"fact": f"{counts[0]} players", "source": "default", "varies": "number of players"})
    return {"title": "the asker's take after the takes said", "verdict": "yes_no", "modal": False, "unit": None,
            "players": {}, "variants": variants, "then": None,
            "read": lambda events: any(e["kind"] == "tokens_taken" for e in events)
            and not any(e["kind"] == "rejected" for e in events),
            "reads": ("tokens_taken", "rejected"), "facts": facts}


def _asked_colour(frame, asking) -> str | None:
    """The colour of the asker's take of two said in the asking clause ("take 2 reds", « prendre 2 bleus »)."""
    takes = [e for e in frame.entities if e.value == _TAKE_TWO and asking[0] <= e.start < asking[1]]
    if len(takes) != 1:
        return None
    colours = {e.attributes.get("colour") for e in frame.entities
               if e.kind == "token" and e.attributes.get("colour") and takes[0].start <= e.start < asking[1]}
    return colours.pop() if len(colours) == 1 else None


def _taken_before(frame, before: int, colour: str) -> int:
    """Gems of ``colour`` said taken in the clauses before the asking one ("my opponent took 2 red gems"); 0 when a
    number there cannot be placed (a time said is no count)."""
    taken = 0
    for number in (e for e in frame.entities if e.kind == "number" and e.start < before):
        said_colour = next((e.attributes.get("colour") for e in frame.entities if e.kind == "token"
                            and e.attributes.get("colour") and number.end <= e.start <= number.end + 12), None)
        clause = next((c for c in frame.clauses if c[0] <= number.start < c[1]), (0, before))
        if _is_time(frame, number):
            continue
        if said_colour is None or not _said_in(frame, "took", (clause[0], number.start)):
            return 0  # a number that is no take of a colour: a fact this reader cannot place
        if said_colour == colour and number.end < len(frame.text):
            taken += number.value
    for take in (e for e in frame.entities if e.value == _TAKE_TWO and e.start < before):
        # « Léa prend 2 jetons rouges »: the game's own take of two, said before the asking clause
        said_colour = next((e.attributes.get("colour") for e in frame.entities if e.kind == "token"
                            and e.attributes.get("colour") and take.end <= e.start <= take.end + 12), None)
        if said_colour is None:
            return 0
        if said_colour == colour:
            taken += 2
    return taken


def _said_in(frame, term: str, span: tuple[int, int]) -> bool:
    return any(said.term == term and span[0] <= said.start < span[1] for said in frame.asking_words)


def _is_time(frame, number) -> bool:
    """"au tour 2", "turn 3 ", « 2e manche »: a time word right before or right after the number."""
    return any(said.term == "time_word" and (number.start - 8 <= said.start < number.start
                                             or number.end <= said.start <= number.end + 4) for said in frame.asking_words)
