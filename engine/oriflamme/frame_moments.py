"""Two more moments an Oriflamme question can describe: the end of the 6th turn, and a placement.

- :func:`end_of_game`: "who wins?" with each player's influence stated ("I
  have 9", "égalité à 12 points entre Léa et Hugo") and, for a tie, their
  family cards left in the line; points said to lie on cards are put on a card.
  The 6th turn's resolution ends and the engine ranks the players. A corrupted
  card counts for its corrupter: « Ce personnage est dorénavant de votre
  famille » settles it, so that reading is not varied (a fact of source "rule").
- :func:`placement`: "can I put my card on Hugo's face-down card?": the line
  holds that card, the asker places, and the run says whether any placement
  lands on it.

Plain data as :mod:`engine.oriflamme.frames` returns it; None when the
question does not state what the moment needs.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.events import REJECTED
from language import fold_same_length

from engine.oriflamme.reading import OTHER, SELF, read_table
from engine.oriflamme.rules import CORRUPTION_FAMILY

__all__ = ["end_of_game", "final_score", "game_over", "placement"]

_FILLERS = ("Félon", "Apothicaire", "Intrigante", "Coupe-jarret", "Corruption", "Usurpation", "Machination")
_NAME = re.compile(r"\b([A-ZÀ-Ý][a-zà-ÿ]+)\b")
_ON_CARDS = re.compile(r"\b(?:dessus|sur (?:ses|mes|sa|ma|une|la) cartes?|on (?:it|them|his cards?|my cards?|her cards?)|in the line with)\b")
_NOTHING_ON = re.compile(r"\b(?:nothing on|rien sur|aucun point sur)\b")
_SELF_WORDS = re.compile(r"\b(?:i|je|j['’ ]|moi|me)\b")
_FUNCTION = {"round", "fin", "tour", "who", "qui", "the", "la", "le", "les", "est", "il", "elle", "on", "nous", "last",
             "situation", "question", "end", "partie", "game", "if", "si", "and", "et", "my", "mon", "ma", "what",
             "quand", "when", "after", "apres", "at", "au", "both", "chez", "egalite", "tie", "hier"}


_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10}
_COUNT_WORD = re.compile(rf"\b({'|'.join(_COUNT_WORDS)})\b")
_ONE = re.compile(r"\b()(?:one|une?)(?=\s+(?:(?:family\s+)?(?:cards?|cartes?)|points?|influence)\b)"
                  r"|\b(?:has|have|had|just|only|juste|seulement)\s+()(?:one|une?)(?=\s*(?:[.,;!?]|$|\s(?:left|in)\b))")
"""'one' as a count: before a unit ("one card", « une carte ») or as the whole object of a count ("Noah has just
one"); elsewhere it is an article or a pronoun ("one of them", « une de ses cartes »)."""


def _digits(text: str) -> str:
    """The counts a player says in words ("two cards", « trois points ») as digits, padded to the same length so that
    entity offsets still hold."""
    text = _COUNT_WORD.sub(lambda m: str(_COUNT_WORDS[m.group(1)]).ljust(len(m.group(1))), text)
    def one(match: re.Match) -> str:
        start = match.start(1) if match.group(1) is not None else match.start(2)
        said = match.group()[start - match.start():]
        return match.group()[: start - match.start()] + "1".ljust(len(said))
    return _ONE.sub(one, text)


_WE = re.compile(r"\b(?:we|we're|nous|both of us|tous les deux|toutes les deux)\b")
"""The asker and the other player together ("we tie at 9 each"): read so only when one other player is named."""


def end_of_game(frame: Any) -> dict[str, Any] | None:
    text = _digits(fold_same_length(frame.text))
    names = _names(frame)
    influence: dict[str, int] = {}
    cards_in_line: dict[str, int] = {}
    on_cards: dict[str, int] = {}
    for sentence in re.finditer(r"[^.!?]+", text):  # "I have 2 cards; Ana has 3": one count after the other
        part = sentence.group()
        if re.search(r"\bround 6 is over|tour 6|6e tour|fin de partie|end of the game|game over|\bover\b", part) and not re.search(r"\d+\s+(?:influence|points?|cartes?|cards?)", part):
            continue
        _read_sentence(part, names, influence, cards_in_line, on_cards)
    tied_unsaid = not influence and _tie_unsaid(text, names)
    if tied_unsaid:
        influence = {holder: _TIED_AT for holder in tied_unsaid}  # any equal value ranks them alike
    holders = set(influence) | set(cards_in_line)
    if len(influence) < 2 or holders - set(influence):
        return None
    bribe = _bribe(frame, text, names)
    if bribe is False:
        return None
    beside_count = bool(bribe) and bool(_EXCLUDED.search(text))
    if bribe and (not {bribe[0], bribe[1]} <= set(cards_in_line) or not (beside_count or _INCLUDED.search(text))):
        return None  # whose stated count holds the corrupted card is unsaid
    seats = {holder: seat for seat, holder in enumerate(sorted(influence, key=lambda h: (h != SELF, h)))}
    best = max(influence.values())
    leaders = [h for h, v in influence.items() if v == best]
    if len(leaders) > 1 and any(h not in cards_in_line for h in leaders):
        return None  # a tie the question gives no family cards for
    line = []
    for holder, seat in seats.items():
        count = cards_in_line.get(holder, 1) + (beside_count and bribe[1] == holder)
        kinds = [k for k in _FILLERS if not bribe or bribe[1] != holder or k != bribe[2]]
        for index in range(count):
            entry = {"card": kinds[index % len(kinds)], "owner": seat, "revealed": False}
            if bribe and bribe[1] == holder and index == 0:
                entry = {"card": bribe[2], "owner": seat, "revealed": True, "corrupted_by": seats[bribe[0]]}
            if index == 0 and on_cards.get(holder):
                entry["points"] = on_cards[holder]
            line.append(entry)
    players = len(seats)
    if not 2 <= players <= 5:
        return None
    position = {"turn": 6, "phase": "resolution", "first_player": 0, "cursor": len(line), "line": line,
                "players": [{"influence": influence[h]} for h in seats]}
    scenario = {"game": "oriflamme", "title": "end of the 6th turn", "players": players, "position": position,
                "steps": [{"type": "resolve"}]}
    facts = []
    if bribe:
        corrupter, victim, kind = bribe
        where = (f"is in the line besides {victim}'s stated cards" if beside_count
                 else f"is one of {victim}'s cards stated in the line")
        facts += [{"fact": f"{kind} of {victim}, corrupted by {corrupter}, {where}", "source": "stated"},
                  {"fact": f"{kind} of {victim} counts for {corrupter}'s family: « {CORRUPTION_FAMILY.quote} » "
                           f"({CORRUPTION_FAMILY.section})", "source": "rule"}]
    if tied_unsaid:
        facts.append({"fact": f"the tied players hold {_TIED_AT} influence each (any equal value ranks them alike)",
                      "source": "default"})
    verdict, read = "player", _winner
    if frame.form == "polar":  # "Do I win?", "Est-ce que Léa gagne ?": is the player asked about the only winner
        subject = frame.asked.player if frame.asked.player in seats else SELF if frame.asked.player in (None, SELF) else None
        if subject not in seats:
            return None
        verdict, read = "yes_no", _won_by(seats[subject])
    return {
        "title": "end of the 6th turn: who wins",
        "verdict": verdict,
        "modal": False,
        "unit": None,
        "players": {seat: holder for holder, seat in seats.items() if holder not in (SELF, OTHER)},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": read,
        "reads": ("game_over", "points_on_cards_ignored", "tie_break", "corrupted_card_counted"),
        "facts": [{"fact": f"{h}: {v} influence", "source": "stated"} for h, v in influence.items() if not tied_unsaid]
        + [{"fact": f"{h}: {n} family cards in the line", "source": "stated"} for h, n in cards_in_line.items()] + facts
        + [{"fact": "one face-down card per player in the line when the question gives no count", "source": "default"}],
    }


_TIED_AT = 10
_TIE_WORDS = re.compile(r"\b(?:tied|tie|egalite|ex[ -]aequo|same (?:influence|score|number of (?:influence )?points)"
                        r"|meme (?:score|nombre de points|influence))\b")
_BRIBED = re.compile(
    r"\b(?:corromp\w*|bribe[ds]?|bribing|(?:put|puts|placed|a mis|a pose|met|pose)\s+(?:his|her|their|my|son|sa|mon|ma)\s+"
    r"(?:bribery\s+|corruption\s+)?(?:token|jeton)(?:\s+(?:de\s+)?corruption)?\s+(?:on|sur))\b"
)
_NAMED_BRIBED = re.compile(
    r"\b(?:la|le|les|sa|son|ses|the|his|her|their|cette|ce|this|that|une?|reine|prince|jumeau|felon|apothicaire"
    r"|intrigante|coupe-jarret|queen|twin|cutthroat|apothecary|schemer|personnage|character|carte|card)s?\s+$"
)
""""la reine corrompue", "the bribed Queen": a corrupted card named again, not a corruption told."""
_EXCLUDED = re.compile(r"\b(?:not counting|without counting|sans compter|sans (?:le|la|les) compter|en plus d[eu']"
                       r"|besides|apart from|aside from|other than|excluding|hormis|outre)\b")
"""The corrupted card left out of its printed owner's stated count ("Not counting that Felon, Sam has 3", "Paul a 3
cartes sans compter cette reine"): it is in the line beside them. Read before :data:`_INCLUDED` ("counting")."""
_INCLUDED = re.compile(r"\b(?:one of them|one of those|en comptant|including|counting|dont|parmi (?:elles|eux|lesquelles)"
                       r"|among them)\b")
"""The corrupted card counted in its printed owner's stated cards ("3 cards, but one of them is her Queen, which Sam
bribed", "3 cartes de Paul en comptant cette reine")."""
_CHARACTERS = {"prince": "Prince", "jumeau": "Jumeau", "reine": "Reine", "coupe_jarret": "Coupe-jarret",
               "apothicaire": "Apothicaire", "felon": "Félon", "intrigante": "Intrigante"}


def _tie_unsaid(text: str, names: dict[str, str]) -> list[str]:
    """"Sam and Priya end the game tied on influence": the players of the one sentence that says a tie with no number."""
    for sentence in re.finditer(r"[^.;!?]+", text):
        part = sentence.group()
        if _TIE_WORDS.search(part) and not re.search(r"\d", part):
            tied = [names[n] for n in names if re.search(rf"\b{re.escape(n)}\b", part)]
            tied += [SELF] if _SELF_WORDS.search(part) else []
            return tied if len(tied) >= 2 else []
    return []


def _bribe(frame: Any, text: str, names: dict[str, str]):
    """"Nina a corrompu la reine de Paul", "her Queen, which Sam bribed": (corrupter, printed owner, character); None
    when no corruption is told, False when one is told that this cannot read (two of them, or whose is unsaid)."""
    said = [m for m in _BRIBED.finditer(text) if not _NAMED_BRIBED.search(text, max(0, m.start() - 30), m.start())]
    if not said:
        return None
    if len(said) > 1:
        return False
    match = said[0]
    start = max(text.rfind(mark, 0, match.start()) for mark in ".;!?") + 1
    end = min([p for p in (text.find(mark, match.end()) for mark in ".;!?") if p >= 0] or [len(text)])
    mentions = sorted([(m.start(), names[n]) for n in names for m in re.finditer(rf"\b{re.escape(n)}\b", text[start:end])]
                      + [(m.start(), SELF) for m in _SELF_WORDS.finditer(text[start:end])])
    before = [holder for at, holder in mentions if start + at < match.start()]
    if not before:
        return False
    corrupter = before[-1]
    others = {holder for _, holder in mentions} - {corrupter}
    if len(others) != 1:
        return False
    kinds = [_CHARACTERS[e.value] for e in frame.entities
             if e.kind == "card" and e.value in _CHARACTERS and start <= e.start < end]
    if len(set(kinds)) > 1:
        return False
    return corrupter, others.pop(), kinds[0] if kinds else "Félon"


_FINAL_SCORE = re.compile(r"\b(?:final score|end score|score final|score de fin|score a la fin|final total|total final)\b")
_LAST_TURN_OVER = re.compile(
    r"\b(?:(?:apres|a la fin) (?:du|le) (?:6e|6eme|sixieme|dernier) tour|fin du (?:6e|6eme|sixieme|dernier) tour"
    r"|(?:after|at the end of) the (?:6th|sixth|last|final) (?:round|turn)|end of (?:the )?(?:6th|sixth|last|final) (?:round|turn)"
    r"|(?:6th|sixth|last|final) (?:round|turn) is (?:done|over)|(?:round|turn|tour) 6 (?:is over|is done|est fini|est termine)"
    r"|(?:6e|sixieme|dernier) tour (?:est )?(?:fini|termine))\b"
)
"""Oriflamme's own words for the end of the game: its 6th (last) turn over. "The game is over" in any game is the
``end_of_game`` marker of ``service/grounding/entities.py``."""
_HIS = re.compile(r"\b(?:his|her|their|son|sa)\b")


def game_over(frame: Any) -> bool:
    """Whether the question says the game is over: the shared ``end_of_game`` marker, or its 6th (last) turn over."""
    return "end_of_game" in frame.markers or bool(_LAST_TURN_OVER.search(fold_same_length(frame.text)))


def final_score(frame: Any) -> dict[str, Any] | None:
    """"Game's over. Hugo has 8 influence in front of him and 3 on his face-down Ambush: his final score?": the 6th
    turn's resolution ends and the engine scores the influence each player holds (points on cards do not count).
    Only for a question that says the game is over and asks a final score; the player asked is the asker ("my"),
    the one the asking clause names, or, with "his"/"her", the only player whose influence is stated."""
    clause = fold_same_length(frame.asked.said)
    text = fold_same_length(frame.text)
    if not _FINAL_SCORE.search(clause) or not game_over(frame):
        return None
    names = _names(frame)
    influence: dict[str, int] = {}
    cards_in_line: dict[str, int] = {}
    on_cards: dict[str, int] = {}
    for sentence in re.finditer(r"[^.;!?]+", text):
        if sentence.start() >= text.find(clause) >= 0:
            break  # the asking clause states nothing
        _read_sentence(sentence.group(), names, influence, cards_in_line, on_cards)
    if not influence or set(on_cards) - set(influence) or cards_in_line:
        return None
    asked_name = frame.asked.player
    if asked_name is not None:
        subject = asked_name if asked_name in influence else None
    elif _SELF_WORDS.search(clause) or re.search(r"\b(?:my|mon|ma)\b", clause):
        subject = SELF if SELF in influence else None
    elif _HIS.search(clause) and len(influence) == 1:
        subject = next(iter(influence))
    else:
        subject = None
    if subject is None:
        return None
    holders = sorted(influence, key=lambda h: (h != SELF, h))
    if len(holders) == 1:
        holders.append(OTHER)  # an opponent holding nothing stated: the asked score does not read it
    seats = {holder: seat for seat, holder in enumerate(holders)}
    line = []
    for holder, seat in seats.items():
        entry = {"card": _FILLERS[0], "owner": seat, "revealed": False}
        if on_cards.get(holder):
            entry["points"] = on_cards[holder]
        line.append(entry)
    position = {"turn": 6, "phase": "resolution", "first_player": 0, "cursor": len(line), "line": line,
                "players": [{"influence": influence.get(h, 0)} for h in seats]}
    scenario = {"game": "oriflamme", "title": "end of the 6th turn", "players": len(seats), "position": position,
                "steps": [{"type": "resolve"}]}
    seat = seats[subject]

    def score(events: list[dict]) -> int | None:
        over = [e for e in events if e["kind"] == "game_over"]
        return over[-1]["data"]["scores"][seat] if over else None
    return {
        "title": "end of the 6th turn: a final score",
        "verdict": "number",
        "modal": False,
        "unit": {"fr": "point(s) d’influence", "en": "Influence point(s)"},
        "players": {s: h for h, s in seats.items() if h not in (SELF, OTHER)},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": score,
        "reads": ("points_on_cards_ignored", "game_over"),
        "facts": [{"fact": f"{h}: {v} influence", "source": "stated"} for h, v in influence.items()]
        + [{"fact": f"{h}: {v} influence on a card of the line", "source": "stated"} for h, v in on_cards.items()],
    }


def _winner(events: list[dict]) -> int | None:
    over = [e for e in events if e["kind"] == "game_over"]
    if not over or len(over[-1]["data"]["winners"]) != 1:
        return None
    return over[-1]["data"]["winners"][0]


def _won_by(seat: int):
    def read(events: list[dict]) -> bool | None:
        over = [e for e in events if e["kind"] == "game_over"]
        return None if not over else over[-1]["data"]["winners"] == [seat]
    return read


def _names(frame) -> dict[str, str]:
    found = {fold_same_length(name): name for name in frame.players}
    for match in _NAME.finditer(frame.text):
        word = fold_same_length(match.group(1))
        if word in _FUNCTION or word in found:
            continue
        if re.match(r"\s+(?:has|a|ends|finit|termine|avec|with|is|est)\b", frame.text[match.end():]) or re.search(
                r"\b(?:entre|between|and|et)\s+$", frame.text[: match.start()]):
            found[word] = match.group(1)
    return found


_THIRD_PERSON = re.compile(r"\b(?:she|he|elle|il|lui)\s+(?:still\s+|only\s+|en\s+|n['’ ]en\s+)?(?:has|had|a|avait|possede|garde|keeps)\b")
"""A player said by a pronoun as a count's subject ("she has 2", « elle en a 2 »)."""
_CARDS_AFTER = r"\s*(?:of (?:his|her|my|their) (?:own )?|de (?:ses|mes|leurs) (?:propres )?)?(?:family\s+)?(?:cartes?|cards?)\b"
"""A count of cards: "3 cards", "3 of his own cards", "4 de ses cartes"."""


def _read_sentence(part: str, names: dict[str, str], influence, cards_in_line, on_cards) -> None:
    tie = re.search(r"\b(?:egalite|tied|tie|both)\b\D*?(\d+)|\b(?:a|at|with|avec|on|ont|avons|avez|have|has)\s+(\d+)\s+(?:points?\s+)?"
                    r"(?:d['’ ]influence\s+|influence\s+)?(?:points?\s+)?(?:chacun|chacune|each|apiece)\b", part)
    if tie:
        tied = [names[n] for n in names if re.search(rf"\b{re.escape(n)}\b", part)]
        if _SELF_WORDS.search(part):
            tied.append(SELF)
        if not tied and len(names) == 1 and _WE.search(part):
            tied = [SELF, *names.values()]
        for holder in tied:
            influence[holder] = int(tie.group(1) or tie.group(2))
    holder, last_unit = None, None
    for match in re.finditer(r"\b(\d+)\b", part):
        before = part[: match.start()]
        named = [(m.start(), names[n]) for n in names for m in re.finditer(rf"\b{re.escape(n)}\b", before)]
        selfs = [(m.start(), SELF) for m in _SELF_WORDS.finditer(before)]
        others = [(m.start(), *names.values()) for m in _THIRD_PERSON.finditer(before)] if len(names) == 1 else []
        mentions = sorted(named + selfs + others)  # "I have 3 cards, she has 2": "she" is the one player named
        holder = mentions[-1][1] if mentions else holder
        value, rest = int(match.group(1)), part[match.end():]
        owner_after = re.match(r"\s*(?:cartes?\s+)?(?:de\s+|d['’ ]\s*)([a-z]+)\b", rest)
        if owner_after and owner_after.group(1) in names:
            holder = names[owner_after.group(1)]  # "il reste 2 cartes de Nina"
        if holder is None or (tie and match.group(1) == (tie.group(1) or tie.group(2))):
            continue
        bare = not re.match(r"\s*(?:family\s+)?(?:cartes?|cards?|points?|influence|pts?)\b", rest) and not re.match(_CARDS_AFTER, rest)
        if re.match(_CARDS_AFTER, rest) or (bare and last_unit == "cards"):
            cards_in_line[holder], last_unit = value, "cards"
        elif re.match(r"\s*(?:more\s+|de plus\s+)?(?:points?\s+)?(?:d['’ ]influence\s+|influence\s+)?(?:points?\s+)?"
                      r"(?:sitting\s+|lying\s+|posee?s?\s+)?(?:dessus|on it|sur (?:elle|lui|la carte)"
                      r"|on (?:his|her|my|their|a) (?:[\w-]+\s+){0,2}(?:card|ambush|queen|felon|twin|prince|[a-z]+)\b"
                      r"|sur (?:sa|son|ma|mon|une|un) )", rest) \
                or re.search(r"\b(?:with|avec)\s+$", before):
            on_cards[holder] = value
        else:
            influence.setdefault(holder, value)
            last_unit = "influence"


def placement(frame: Any) -> dict[str, Any] | None:
    """"Can I put my card on X's card?": the line holds X's card; does a placement of the asker land on it?"""
    if not frame.asked.modal:
        return None
    table = read_table(frame)
    text = fold_same_length(frame.text)
    verb = re.search(r"\b(?:poser|pose|placer|mettre|glisser|inserer|intercaler|caser|put|place|play|lay|slip|slide|insert"
                     r"|squeeze|wedge)\b", text)
    if table is None or verb is None or re.search(r"\b(?:jeton|token)\b", text):
        return None
    asked_at = text.find(fold_same_length(frame.asked.said)) if frame.asked.said else -1
    verb = re.compile(verb.re.pattern).search(text, max(asked_at, 0)) or verb  # the asked clause's verb, not a told one
    targets = [c for c in table.cards if any(
        m > verb.end() and re.search(r"\b(?:sur|on|onto|on top of|par-dessus|par dessus|over)\s+(?:\S+\s+){0,4}$", text[max(0, m - 40): m])
        for m in c.mentions)]
    said_at = {spot: match.start() for spot, pattern in _SPOTS.items() if (match := pattern.search(text, verb.end()))}
    spots = set(said_at)
    if len(targets) == 1 and all(at > min(m for m in targets[0].mentions if m > verb.end()) for at in said_at.values()):
        spots = set()  # "sur une carte de Julie au milieu de la file": where her card lies, not a second place
    if not targets and len(spots) == 1:
        return _placed_at(frame, table, spots.pop(), verb.end())
    if len(targets) != 1 or targets[0].owner is None or spots:
        return None
    target = targets[0]
    owner_seat = 0 if target.owner == SELF else 1
    kind = target.kind or "Félon"
    players = 2
    line = [{"card": kind, "owner": owner_seat, "revealed": bool(target.revealed)}]
    hand = [k for k in _FILLERS if k != kind][:2]
    position = {"turn": 2, "phase": "placement", "first_player": 0, "placed": 0, "line": line,
                "players": [{"influence": 3, "hand": hand}, {"influence": 3}]}
    scenario = {"game": "oriflamme", "title": "placing a card", "players": players, "position": position, "steps": []}
    names = {1: target.owner} if target.owner not in (SELF, OTHER) else {}
    return {
        "title": "placing a card on a card of the line",
        "verdict": "yes_no",
        "modal": True,
        "unit": None,
        "players": names,
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": {"type": "place", "player": 0},
        "read": lambda events: any(e["kind"] == "card_placed" and str(e["data"]["at"]).startswith("on ") for e in events),
        "reads": ("card_placed",),
        "facts": [{"fact": f"{target.kind or 'a card'} of {target.owner} in the line", "source": "stated", "said": target.said},
                  {"fact": "the asker holds two other cards", "source": "default"}],
    }


_SPOTS = {
    "start": re.compile(r"\b(?:au debut|en tete|at the (?:start|beginning|front|head)|in front of the line|first in the line)\b"),
    "end": re.compile(r"\b(?:a la fin|au bout|en fin|en queue|at the end|at the back|at the tail|last in the line)\b"),
    "middle": re.compile(r"\b(?:au milieu|au centre de la file|en plein milieu|(?:in|into) the middle|between (?:two|2)\b|entre (?:deux|2)\b"
                         r"|in between|between (?:his|her|their|[a-z]+['’]s) (?:two )?cards|entre (?:les )?(?:deux )?cartes d"
                         r"|between (?:the two|both) of them|between them|entre les deux|entre elles|entre ces deux cartes"
                         r"|(?:entre|between) [^?.!;]{1,50}? (?:et|and) )\b"),
}
"""Where in the line a question places a card: either end (rules.md "Tour de jeu") or somewhere the rules give no spot."""


_OBJECT = re.compile(r"\s*(?:(?:ma|mon|sa|son|la|le|l['’]|my|his|her|their|the|a|an|une?|this|cette|ce)\s*)?"
                     r"(?:(?:new|nouvelle|nouveau|own|propre)\s+)?")
"""The words between a placing verb and its object ("poser ma [Reine]", "put my new [card]")."""


def _placed_at(frame: Any, table, spot: str, verb_end: int) -> dict[str, Any] | None:
    """"Can I put my card at the start of the line / between two cards?": the engine's placements, from the line the
    question describes (its cards in the order said, the asker's own included; two face-down cards of other players
    when it names none); yes when one of them puts the card there. What the cards are does not move where a card may
    go (rules.md "Tour de jeu": either end, or on a card of one's own family)."""
    text = fold_same_length(frame.text)
    object_at = verb_end + _OBJECT.match(text, verb_end).end() - verb_end
    if any(card.kind is not None and object_at in card.mentions for card in table.cards):
        return None  # "Puis-je poser ma Reine au début ?": the card placed is named, a move the legal actions answer
    cards = [card for card in table.cards if not (card.set_aside or card.in_hand or card.gone)]
    if any(card.owner not in (None, OTHER, SELF) and card.owner not in table.names for card in cards):
        return None
    others = list(dict.fromkeys(card.owner for card in cards if card.owner not in (None, SELF)))
    if len(others) > 3:
        return None
    if len(cards) < 2:
        owner = others[0] if others else None
        cards, others = [None, None], others or [None]  # "between two cards": two face-down cards of another player
        owners = [owner, owner]
    else:
        owners = [card.owner for card in cards]
    seat = {owner: 1 + index for index, owner in enumerate(others)}
    seat[SELF] = 0
    seat.setdefault(None, 1)
    taken: dict[int, set[str]] = {}
    line = []
    for card, owner in zip(cards, owners):
        owner_seat = seat[owner]
        kind = card.kind if card is not None and card.kind else None
        if kind is None or kind in taken.setdefault(owner_seat, set()):
            taken.setdefault(owner_seat, set())
            kind = next(k for k in _FILLERS if k not in taken[owner_seat])
        taken[owner_seat].add(kind)
        revealed = bool(card.revealed) if card is not None and card.revealed is not None else card is not None and card.kind is not None
        line.append({"card": kind, "owner": owner_seat, "revealed": revealed})
    hand = [k for k in _FILLERS if k not in taken.get(0, set())][:2]
    players = 1 + max(1, len(others))
    position = {"turn": 2, "phase": "placement", "first_player": 0, "placed": 0, "line": line,
                "players": [{"influence": 3, "hand": hand}, *({"influence": 3} for _ in range(players - 1))]}
    scenario = {"game": "oriflamme", "title": "placing a card", "players": players, "position": position, "steps": []}
    then: dict[str, Any] | None = {"type": "place", "player": 0}
    if spot == "middle":  # the move as the question states it, tried: the engine says why it is refused
        scenario["steps"] = [{"type": "place", "player": 0, "card": hand[0], "at": "between", "try": True}]
        then = None

    def read(events):
        if spot == "middle":
            return not any(e["kind"] == REJECTED for e in events)
        placed = [e for e in events if e["kind"] == "card_placed"]
        return any(e["data"]["at"] == spot for e in placed)
    return {
        "title": f"placing a card: {spot}",
        "verdict": "yes_no",
        "modal": True,
        "unit": None,
        "players": {seat[name]: name for name in others if name not in (None, OTHER)},
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": then,
        "read": read,
        "reads": (REJECTED, "card_placed") if spot == "middle" else ("card_placed",),
        "facts": [{"fact": f"placing a card: {spot}", "source": "stated"},
                  *({"fact": f"{card.kind or 'a card'} of {card.owner} in the line", "source": "stated", "said": card.said}
                    for card in cards if card is not None),
                  {"fact": "the cards whose kind or state is unsaid are face-down cards; the asker holds two other "
                           "cards" if cards[0] is not None else "the line holds two face-down cards of another player",
                   "source": "default"}],
    }
