"""Oriflamme questions about several turns, played turn by turn by the engine.

Three moments span more than one resolution:

- :func:`card_over_turns`: what a card gives its owner over the turns asked
  ("la reine de Léa, révélée au tour 2 : combien sur les tours 4, 5 et 6 ?"):
  a revealed card applies its ability at every resolution (rules.md "Phase de
  résolution"), a card revealed during the first turn asked gains at its reveal;
  "how many points are on my face-down card after 3 turns?": one point from the
  reserve each turn it stays face down.
- :func:`first_player_over_turns`: who holds the first player tile at turn N,
  from the seats the question gives ("Ben est à la gauche d'Anna") and who held
  it at an earlier turn: the tile passes to the left at every new turn.

The run starts at the resolution of the first turn asked with that card alone in
the line; in each later turn every player places a card with no effect face down
at the end of the line, and every face-down card takes a point. Nothing else
happens, so a question that states something else happening in those turns (a
stack, another card) is not answered here. Plain data as
:mod:`engine.oriflamme.frames` returns it; None when the question does not state
what the moment needs.
"""

from __future__ import annotations

import re
from typing import Any

from engine.oriflamme.frame_trace import decisive, ignored, question_start
from engine.oriflamme.reading import OTHER, SELF, Card, read_table
from language import fold_same_length as fold

__all__ = ["asked_turns", "card_over_turns", "first_player_over_turns"]

_LAST_TURN = 6
_FILLERS = ("Félon", "Apothicaire", "Coupe-jarret", "Corruption", "Usurpation", "Machination")
_GAINS_EACH_TURN = ("Reine", "Jumeau", "Prince", "Intrigante")
_TURN = r"(?:tours?|rounds?|turns?|manches?)"
_NUMBER = r"(\d|un|une|deux|trois|quatre|cinq|six|one|two|three|four|five|six)"
_WORDS = {"un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4,
          "cinq": 5, "five": 5, "six": 6}
_LIST = re.compile(rf"\b{_TURN}\s+(\d)((?:\s*(?:,|et|and|&)\s*\d)+)\b")
_RANGE = re.compile(rf"\b(?:(?:du|from|de|entre|between)\s+)?(?:le\s+|the\s+)?{_TURN}\s+(\d)\s*(?:a|au|to|through|until|-|et le|and)\s*(?:{_TURN}\s+)?(\d)\b")
_SPAN = re.compile(
    rf"\b(?:pendant|durant|sur|for|over|during|in)\s+(?:les\s+|the\s+)?{_NUMBER}\s+(?:prochains?\s+|next\s+|derniers?\s+|last\s+)?"
    rf"(?:{_TURN}|tours? de jeu)\b|\b{_NUMBER}\s+{_TURN}\s+(?:de suite|d['’ ]affilee|in a row|straight)\b"
)
_AT_TURN = re.compile(rf"\b(?:au|in|at|during|lors du|pendant le|du|since|depuis le)\s+(?:premier\s+{_TURN}|first\s+{_TURN}|{_TURN}\s+(\d))")
_EACH_TIME = re.compile(r"\b(?:a chaque fois|chaque fois|a chaque tour|each time|every time|each round|every round|each turn|every turn)\b")
_UNTOUCHED = re.compile(
    r"\b(?:(?:elle|il|it|she|he|la carte|the card)\s+)?(?:n['’ ]a|has)\s*(?:jamais|never)\s+(?:ete\s+|been\s+)?"
    r"(?:recouverte?|covered|eliminee?|eliminated)(?:\s+(?:ni|nor|or)\s+(?:recouverte?|covered|eliminee?|eliminated))?"
    r"|\bnothing (?:has )?(?:touched|happened to) (?:her|him|it)\b|\brien ne (?:l['’ ]a|lui est) (?:touchee?|arrive)\b"
    r"|\b(?:nobody|no one|personne n['’ ]a)\s+(?:has\s+)?(?:ever\s+|jamais\s+)?(?:covered|eliminated|recouverte?|eliminee?)"
    r"(?:\s+(?:or|nor|ni)\s+(?:covered|eliminated|recouverte?|eliminee?))?(?:\s+(?:it|her|him))?\b"
    r"|\b(?:never|jamais)\s+(?:had|eu|eue)\s+(?:de\s+|a\s+|any\s+)?(?:pile|stack)s?\s+(?:next to it|a cote(?: d['’ ]elle)?|beside it)"
    r"|\bn['’ ]est a cote d['’ ]aucune pile\b|\bnot next to any stack\b|\bno stack next to it\b"
)
_NO_PILE = re.compile(r"\b(?:pile|stack)s?\b")
_ON_IT = re.compile(r"\b(?:dessus|sur (?:elle|lui|la carte|cette carte)|on it|on the card|on that card)\b")
_LEFT_OF = re.compile(
    r"\b([a-z]+)\s+(?:est\s+|is\s+|sits?\s+|est assise?\s+|is sitting\s+|is seated\s+)?(?:assise?\s+)?"
    r"(?:a (?:la )?gauche (?:de\s+|d['’]\s*)|to the left of|on the left of|left of|to|on)\s*([a-z]+)(?:['’]s left)?\b"
)
_HOLDER = re.compile(
    r"\b([a-z]+)\s+(?:avait|a eu|a|had|has|held|holds|got|gets|commence|starts|started|began)\b[^.;?]*?"
    r"(?:tuile(?: du)? premier joueur|first[- ]player tile|first player|start player tile|premier joueur|la partie|the game)?"
)
_TILE = re.compile(r"\b(?:tuile(?: du)? premier joueur|premier joueur|first[- ]player(?: tile| token| marker)?|start(?:ing)? player)\b")
_COUNT = re.compile(r"\b(?:on est|on joue a|nous sommes|we are|we're|we play|playing|there are|there're)\s+(?:a\s+|with\s+)?"
                    r"(\d|deux|trois|quatre|cinq|two|three|four|five)\b(?:\s+of us\b)?"
                    r"|\b(\d|deux|trois|quatre|cinq|two|three|four|five)\s+(?:joueurs|players|of us)\b")


def _number(said: str) -> int:
    return _WORDS.get(said) or int(said)


def asked_turns(text: str) -> tuple[list[int] | None, int | None, list[tuple[int, int]]]:
    """The turns the question spans: a list or range of turns (``[4, 5, 6]``), or only their number ("for 3
    rounds"), with the spans read; ``(None, None, [])`` for a question about one moment."""
    for match in _LIST.finditer(text):
        turns = [int(match.group(1)), *map(int, re.findall(r"\d", match.group(2)))]
        if turns == list(range(turns[0], turns[0] + len(turns))):
            return turns, len(turns), [match.span()]
    for match in _RANGE.finditer(text):
        first, last = int(match.group(1)), int(match.group(2))
        if first < last:
            return list(range(first, last + 1)), last - first + 1, [match.span()]
    for match in _SPAN.finditer(text):
        count = _number(match.group(1) or match.group(2))
        if count >= 2:
            return None, count, [match.span()]
    return None, None, []


def card_over_turns(frame: Any) -> dict[str, Any] | None:
    """What one card gives over several turns: its ability's gains, or the points put on it face down."""
    text = fold(frame.text)
    turns, count, used = asked_turns(text)
    if count is None:
        return None
    table = read_table(frame)
    if table is None:
        return None
    untouched = [m.span() for m in _UNTOUCHED.finditer(text)]
    cards = [card for card in table.cards if not (card.kind is None and _inside_any(card.start, untouched))]
    cards = cards or _unnamed_card(frame, text)
    if len(cards) != 1:
        return None  # another card in the line could change what happens in those turns
    card = cards[0]
    if card.owner is None or card.covered or card.set_aside or card.in_hand or card.gone or card.points:
        return None
    reveal_turn = _turn_of(text, card, _REVEAL_WORD)
    placed_turn = _turn_of(text, card, _PLACE_WORD)
    face_down = card.revealed is False or (card.kind is None and card.revealed is None)
    on_it = bool(_ON_IT.search(text[question_start(text):]))
    if face_down and on_it:
        kind = card.kind or _FILLERS[0]
        first = turns[0] if turns else (placed_turn or 1)
        revealing = False
    elif card.kind in _GAINS_EACH_TURN and card.revealed and not on_it and frame.asked and frame.asked.what == "gain":
        kind = card.kind
        first = turns[0] if turns else None
        if first is None:
            return None  # "for the next 3 turns": from which turn is unsaid, and the last turn ends the count
        if reveal_turn is not None and reveal_turn > first:
            return None
        revealing = reveal_turn == first
        if kind == "Intrigante" and not _UNTOUCHED.search(text):
            return None  # whether a stack comes next to it in those turns is unsaid, and it decides
    else:
        return None
    last = first + count - 1
    if turns is not None and turns[-1] != last or last > _LAST_TURN or first < 1:
        return None
    used += _card_spans(table) + [(card.start, card.end)] + [m.span() for m in _UNTOUCHED.finditer(text)]
    if face_down:
        used += [m.span() for m in _FACE_DOWN_WORD.finditer(text)]
    used += [m.span() for m in _EACH_TIME.finditer(text)] + [m.span() for m in _AT_TURN.finditer(text)]
    used += [m.span() for m in _ON_IT.finditer(text)] + [m.span() for m in _LEFT_FACE_DOWN.finditer(text)]
    if _unread(frame, text, used):
        return None
    owner_seat = 0 if card.owner == SELF else 1
    names = {1: card.owner} if card.owner not in (SELF, OTHER) else {}
    line = [{"card": kind, "owner": owner_seat, "revealed": not face_down and not revealing}]
    scenario = _scenario(2, first, last, line, first_player=0, face_down_start=face_down, revealing=revealing,
                         exclude=kind)
    variants = [{"reading": {}, "scenario": scenario}]
    facts = [{"fact": f"{card.kind or 'a card'} of {card.owner}: {'face down' if face_down else 'revealed'}",
              "source": "stated", "said": card.said},
             {"fact": f"turns {first} to {last}", "source": "stated"},
             {"fact": "nothing else happens to that card in those turns (no stack on it, no elimination)",
              "source": "default"}]
    if face_down:
        read, reads = _points_on(kind, owner_seat), ("influence_placed",)
    else:
        read, reads = _gains(kind, owner_seat), ("influence_gained", "card_resolves", "card_revealed")
        for assumption, option in _open_assumptions(kind, revealing):
            variants.append({"reading": {assumption: option}, "scenario": {**scenario, "assumptions": {assumption: option}}})
    return {
        "title": f"{kind} over turns {first} to {last}",
        "verdict": "number",
        "modal": False,
        "unit": {"fr": "point(s) d’influence", "en": "Influence point(s)"},
        "players": names,
        "variants": variants,
        "then": None,
        "read": read,
        "reads": reads,
        "facts": facts,
    }


def first_player_over_turns(frame: Any) -> dict[str, Any] | None:
    """Who holds the first player tile at the turn asked, from the seats and an earlier holder the question gives."""
    text = fold(frame.text)
    start = question_start(text)
    if not (_TILE.search(text) or _FIRST_TO_PLACE.search(text)) or not re.search(r"\b(?:qui|who|whose)\b", text[start:]):
        return None
    asked = list(re.finditer(rf"\b{_TURN}\s+(\d)\b|\b(\d)(?:e|eme|th|rd|nd)\s+{_TURN}\b", text[start:]))
    following = list(_NEXT_TURN.finditer(text, start))
    if len(asked) + len(following) != 1:
        return None
    said = asked[0] if asked else following[0]
    target_turn = int(said.group(1) or said.group(2)) if asked else None  # None: the turn after the holder's
    names = {fold(name): name for name in _player_names(frame)}
    left_of: dict[str, str] = {}
    used: list[tuple[int, int]] = [(start + said.start(), start + said.end()) if asked else said.span()]
    clockwise = _clockwise_seats(text[:start], names)
    if clockwise is not None:
        seated, span = clockwise
        left_of.update({a: b for a, b in zip(seated, seated[1:])})  # b plays after a: b sits at a's left
        used.append(span)
    for match in _LEFT_OF.finditer(text[:start]):
        a, b = match.group(1), match.group(2)
        if a in names and b in names:
            left_of[b] = a  # a sits at b's left: the tile goes from b to a
            used.append(match.span())
    holder = None
    for match in re.finditer(r"[^.;!?]+", text[:start]):
        part = match.group()
        if not _TILE.search(part) and not re.search(r"\b(?:commence|starts|started|began)\b", part):
            continue
        who = [n for n in names if re.search(rf"\b{re.escape(n)}\b", part)]
        turn = re.search(rf"\b{_TURN}\s+(\d)\b|\b(?:premier|first|1er|1st)\s+{_TURN}\b|\b(\d)(?:e|eme|th|rd|nd)\s+{_TURN}\b", part)
        now = _THIS_TURN.search(part) if turn is None and target_turn is None else None
        if len(who) == 1 and (turn or now):
            holder = (who[0], int(turn.group(1) or turn.group(2) or 1) if turn else 1)
            used.append(match.span())
    if holder is not None and target_turn is None:
        target_turn = holder[1] + 1  # "ce tour-ci … au tour suivant": the turn told now taken as the 1st, the tile
        # passes alike at every turn's end before the 6th (rules.md NOUVEAU TOUR DE JEU)
    if holder is None or holder[1] >= target_turn or target_turn > _LAST_TURN:
        return None
    order = [holder[0]]
    while order[-1] in left_of and left_of[order[-1]] not in order:
        order.append(left_of[order[-1]])
    stated = _COUNT.search(text)
    players = _number(stated.group(1) or stated.group(2)) if stated else len(names)
    if stated:
        used.append(stated.span())
    if set(order) != set(names) or not 2 <= len(order) <= players <= 5:
        return None  # a player whose seat the question leaves unsaid
    if len(order) < players and target_turn - holder[1] >= len(order):
        return None  # the tile would reach a seat the question does not name
    if _unread(frame, text, used):
        return None
    seats = {name: seat for seat, name in enumerate(order)}
    scenario = _scenario(players, holder[1], target_turn - 1, [], first_player=0, face_down_start=False,
                         revealing=False, exclude=None)

    def read(events):
        passed = [e for e in events if e["kind"] == "first_player_passed" and e["data"]["turn"] == target_turn]
        return passed[-1]["data"]["to"] if passed else None
    return {
        "title": f"the first player tile at turn {target_turn}",
        "verdict": "player",
        "modal": False,
        "unit": None,
        "players": {seat: names[name] for name, seat in seats.items()},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": read,
        "reads": ("first_player_passed",),
        "facts": [{"fact": f"{names[a]} sits at the left of {names[b]}", "source": "stated"} for b, a in left_of.items()]
        + [{"fact": f"{names[holder[0]]} holds the tile at turn {holder[1]}", "source": "stated"}],
    }


def _scenario(players: int, first: int, last: int, line: list[dict], first_player: int, face_down_start: bool,
              revealing: bool, exclude: str | None) -> dict[str, Any]:
    """The resolution of turn ``first`` from the line's first card, then each turn up to ``last``: every player
    places a card with no effect face down at the end of the line, every face-down card takes a point."""
    fillers = [kind for kind in _FILLERS if kind != exclude]
    later = last - first
    hands = [{"influence": 5, "hand": fillers[:later]} for _ in range(players)]
    position = {"turn": first, "phase": "resolution", "first_player": first_player, "cursor": 0,
                "line": [[entry] for entry in line], "players": hands}
    steps: list[dict] = [{"type": "resolve"}]
    if revealing:
        steps.append({"type": "reveal"})
    elif face_down_start:
        steps.append({"type": "influence"})
    face_down, in_line = int(face_down_start), len(line)
    for index in range(later):
        starter = (first_player + index + 1) % players
        for offset in range(players):
            spot = "end" if in_line else "center"  # the first card of an empty line goes to the centre
            steps.append({"type": "place", "player": (starter + offset) % players, "card": fillers[index], "at": spot})
            in_line += 1
        face_down += players
        steps += [{"type": "influence"}] * face_down
    return {"game": "oriflamme", "title": "several turns", "players": players, "position": position, "steps": steps}


def _gains(kind: str, seat: int):
    def read(events):
        return sum(e["data"]["amount"] for e in events
                   if e["kind"] == "influence_gained" and e["data"]["player"] == seat and e["data"].get("source") == kind)
    return read


def _points_on(kind: str, seat: int):
    def read(events):
        placed = [e for e in events if e["kind"] == "influence_placed" and e["data"]["card"] == kind
                  and e["data"]["player"] == seat]
        return placed[-1]["data"]["points"] if placed else None
    return read


def _open_assumptions(kind: str, revealing: bool) -> list[tuple[str, str]]:
    found = []
    if kind == "Prince":
        found.append(("oriflamme.prince_later_turns", "nothing"))
    if revealing:
        found.append(("oriflamme.face_down_second_option", "reveal_only"))
    return found


_REVEAL_WORD = re.compile(r"\b(?:revel\w*|reveal\w*|retourne\w*|flipped)\b")
_PLACE_WORD = re.compile(r"\b(?:pose\w*|place\w*|played|joue\w*|put)\b")


def _turn_of(text: str, card, verb: re.Pattern) -> int | None:
    """The turn a verb about the card is dated with ("révélée au tour 2", "revealed in round 1")."""
    for match in verb.finditer(text):
        after = _AT_TURN.match(text, match.end() + 1) or _AT_TURN.search(text[match.end(): match.end() + 30])
        if after:
            return int(after.group(1)) if after.group(1) else 1
    return None


_FACE_DOWN_WORD = re.compile(r"\b(?:face[ -]?(?:cachee|down)|cachee?|hidden)\b")
_MY_CARD = re.compile(r"\b(?:ma|my)\s+(?:carte|card)\b")
_THEIR_CARD = re.compile(r"\b([a-z]+)['’]s\s+(?:face[- ]down\s+)?card\b|\bcarte\s+(?:face cachee\s+|cachee\s+)?d['’ ]\s*(?:e\s+)?([a-z]+)\b")


def _unnamed_card(frame, text: str) -> list[Card]:
    """"ma carte", "Hugo's card": the one card a question about points put on a face-down card may only describe."""
    names = {fold(name): name for name in frame.players}
    found = [Card(None, SELF, m.start(), m.end(), m.group()) for m in _MY_CARD.finditer(text)]
    for match in _THEIR_CARD.finditer(text):
        name = names.get(match.group(1) or match.group(2))
        if name is not None:
            found.append(Card(None, name, match.start(), match.end(), match.group()))
    return found[:1] if len({card.owner for card in found}) == 1 else found


_LEFT_FACE_DOWN = re.compile(r"\b(?:i|he|she|you|we|they|and)\s+(?:left|kept)\b|\b(?:left|kept)\s+(?:it|them|her|him)\b"
                             r"|\blaisse\w*\b|\bgarde\w*\b")


def _inside_any(at: int, spans) -> bool:
    return any(start <= at < end for start, end in spans)


def _card_spans(table) -> list[tuple[int, int]]:
    return list(table.used) + [(card.start, card.end) for card in table.cards]



def _unread(frame, text: str, used: list[tuple[int, int]]) -> bool:
    """Whether the question states a fact (a number, a state, a place, a card) before its own words that was not
    read, or names a card or a number in them that was not."""
    cards = [(e.start, e.end, e.value) for e in frame.entities if e.kind == "card"]
    return bool(decisive(ignored(text, used, cards), question_start(text)))


_SEATING_LIST = r"((?:[a-z]+\s*,\s*)+[a-z]+(?:\s*,?\s*(?:et|and|puis|then)\s+[a-z]+)?|[a-z]+\s*,?\s*(?:et|and|puis|then)\s+[a-z]+)"
_CLOCKWISE_WORDS = (r"(?:sens horaire|sens des aiguilles d['’ ]une montre|ordre horaire"
                    r"|(?<![-\w])clockwise(?:\s+order)?|in clockwise order)")
_CLOCKWISE = re.compile(
    rf"\b{_SEATING_LIST}\s*,?\s+(?:(?:sont\s+)?assis\w*\s+|(?:are\s+)?(?:seated|sitting|sit)\s+)?"
    rf"(?:(?:dans|in)\s+(?:le\s+|l['’ ]\s*)?)?{_CLOCKWISE_WORDS}"
    rf"|(?<![-\w]){_CLOCKWISE_WORDS}\s*(?:[:,]|from|depuis)?\s*(?:(?:we|on|nous|they|ils)\s+[a-z]+\s*[:,]?\s*|(?:are|is|sont|c['’ ]est)\s+)?{_SEATING_LIST}\b"
)
""""Anne, Bruno et Claire dans le sens horaire", "clockwise: Ana, Ben, Cleo": the seats in play order. Placement
goes from the first player clockwise and the tile goes to the holder's left (rules.md Tour de jeu, NOUVEAU TOUR DE
JEU): the next player clockwise is the one at the left. "Counterclockwise" / "anti-horaire" is not read."""
_FIRST_TO_PLACE = re.compile(r"\b(?:places?|plays?|goes|pose|joue|commence)\s+(?:first|en premier)\b")
"""Who places first at a turn: the first player (rules.md Tour de jeu: "En commençant par le premier joueur")."""
_NEXT_TURN = re.compile(rf"\b(?:{_TURN}\s+(?:suivante?s?|d['’ ]\s*apres|prochaine?)|prochaine?\s+{_TURN}|next\s+{_TURN}"
                        rf"|following\s+{_TURN}|{_TURN}\s+after(?:\s+that)?)\b")
_THIS_TURN = re.compile(r"\b(?:ce tour(?:[- ]ci)?|cette manche|this (?:round|turn)|en ce moment|right now|currently|actuellement)\b")


def _clockwise_seats(text: str, names: dict[str, str]) -> tuple[list[str], tuple[int, int]] | None:
    """The players of a clockwise list, in order, closing the circle, and where it is said (None when no list, or a
    word of it that is not a player after the first name: "On joue à trois, Anne, Bruno et Claire ...")."""
    found = [m for m in _CLOCKWISE.finditer(text) if not re.search(r"(?:counter|anti)[- ]?$", text[: m.start()])]
    if len(found) != 1:
        return None
    match = found[0]
    listed = next(group for group in match.groups() if group)
    words = [w for w in re.split(r"\s*,\s*|\s+(?:et|and|puis|then)\s+", listed) if w]
    while words and words[0] not in names:
        words.pop(0)
    if len(words) < 2 or any(word not in names for word in words):
        return None
    return [*words, words[0]], match.span()


def _player_names(frame) -> list[str]:
    """The players the question names, and the capitalised words it seats ("Dan à la gauche de Chloé", "Anne, Bruno
    et Claire dans le sens horaire")."""
    found = list(frame.players)
    text = fold(frame.text)
    seated = {word for match in _LEFT_OF.finditer(text) for word in match.groups()}
    seated |= {word for match in _CLOCKWISE.finditer(text) for group in match.groups() if group
               for word in re.split(r"\s*,\s*|\s+(?:et|and|puis|then)\s+", group)}
    for match in re.finditer(r"\b([A-ZÀ-Ý][a-zà-ÿ]+)\b", frame.text):
        name = match.group(1)
        if name not in found and fold(name) not in _NOT_NAMES and fold(name) in seated:
            found.append(name)
    return found


_NOT_NAMES = frozenset({"on", "nous", "we", "qui", "who", "anna's", "au", "in", "le", "la", "les", "the", "il", "elle",
                        "est", "is", "a", "tour", "round", "turn", "manche", "premier", "first", "situation", "question",
                        "chez", "hier", "last", "partie", "game", "dans", "si", "if", "after", "apres", "et", "and",
                        "ben's", "quand", "when", "alors", "so"})
