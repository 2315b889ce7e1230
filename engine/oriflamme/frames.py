"""Oriflamme positions compiled from question frames (the grounding plug-in contract, docs/grounding.md).

``compile(frame)`` reads the table the question describes (:mod:`.reading`)
and builds the moment it asks about: the resolution reaching one card (the
*acting* card: the Coupe-jarret that eliminates, the Félon that resolves, the
Intrigante, the Machination the asker reveals...), with the cards around it
where the question puts them. The asker sits at seat 0, each named player at
the next seats, an unnamed opponent at one more. The run resolves that card
(revealing it first when the question says it is revealed now), branches over
its owner's choices (only the target the question names, when it names one),
and reads the asked quantity off the events of that card's resolution (the
cards after it are not read). Two more moments: the end of the 6th turn ("who
wins?", from the influence and family cards stated) and placing a card on
another player's card ("can I put my card on Hugo's?").

Never a run on a position nobody described: a card of the line with no owner,
a card whose place beside the acting card is unsaid (for an ability that reads
its neighbours), two cards of one name in one family, or a question whose
asked quantity no reader answers gives None. What the question leaves unsaid
and the rules do not need is given a neutral default listed in ``facts``: the
cards the question does not name are face-down cards without an effect when
eliminated; nothing lies beyond the cards stated; every player has 5 influence.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from engine.oriflamme.frame_hand import cards_left_in_hand
from engine.oriflamme.frame_moments import end_of_game, final_score, game_over, placement
from engine.oriflamme.frame_piles import covered_card_gain
from engine.oriflamme.frame_reveal import face_down_choice
from engine.oriflamme.frame_trace import Ignored, decisive, describe, ignored, question_start
from engine.oriflamme.frame_turns import asked_turns, card_over_turns, first_player_over_turns
from engine.oriflamme.line import POINTS_ON_CARD
from engine.oriflamme.reading import GLOSSARY_NAMES, OTHER, SELF, Card, Table, read_table
from engine.oriflamme.reading import TERMS as READ_TERMS
from language import first_person
from language import fold_same_length as fold

__all__ = ["ACTIONS", "ASKING", "ASKS", "TERMS", "compile"]

ACTIONS = frozenset({"eliminate", "reveal", "resolve"})
ASKING = frozenset({"permission", "resolving", "line_head"})
"""The lexicon's ``asking`` words: a question that only asks whether the move told before it is allowed
(``permission``); a card said to resolve (``resolving``: the card named right before it acts); a line listed
without a colon (``line_head``, read by :mod:`.reading`)."""
TERMS = READ_TERMS
"""The lexicon's ``terms`` (corpus/oriflamme/lexicon.yaml): a card's sides and a corruption's verb, read by
:mod:`.reading`."""
ASKS = frozenset({"gain", "lose", "discard", "eliminated", "target", "trigger", "steal", "skip", "win", "place", "replace",
                  "reveal", "enter", "left"})

_MAX_PLAYERS = 5
_INFLUENCE = 5
_ACTING = ("Coupe-jarret", "Apothicaire", "Usurpation", "Félon", "Intrigante", "Machination", "Corruption")
_REVEALED_NOW_ONLY = ("Prince", "Jumeau", "Reine", "Guet-apens")
"""Cards that act in a question only when it says they are revealed now (else they are the cards acted on)."""
_TOKEN = re.compile(r"\b(?:jeton|token)\b")
_ELIMINATORS = ("Coupe-jarret", "Apothicaire", "Usurpation")
_ASKED_ACTOR = {"lose": ("Félon",), "trigger": ("Machination",), "steal": _ELIMINATORS, "eliminated": _ELIMINATORS,
                "target": _ELIMINATORS, "place": ("Corruption",), "enter": ("Prince", "Usurpation")}
"""With several cards that could act, the one the asked quantity is about: only a Félon makes a player lose, only a
Corruption places a token (the frame reads "place" only when a token is placed)."""
_READS_NEIGHBOURS = ("Coupe-jarret", "Usurpation", "Félon", "Intrigante")
_READS_PLACES = (*_READS_NEIGHBOURS, "Apothicaire")
"""Abilities whose outcome hangs on where the cards sit: a card whose place is unsaid is tried elsewhere too."""
_FILLERS = ("Félon", "Apothicaire", "Intrigante", "Coupe-jarret", "Corruption", "Usurpation", "Machination")
"""Kinds given to cards the question does not name: none has an effect when it is eliminated face down."""
_CARDS_UNIT = {"fr": "carte(s)", "en": "card(s)"}
_CARDS_COUNTED = re.compile(r"\b(?:how many (?:\w+\s+)?cards|combien de cartes)\b")
"""A count of cards asked ("how many cards get eliminated?"), not of points."""
_POINTS_UNIT = {"fr": "point(s) d’influence", "en": "Influence point(s)"}
_ELIMINATE_VERB = re.compile(r"\b(?:elimine|eliminer|eliminent|eliminates?|eliminated|kills?|killed|tue|takes? out|took out"
                             r"|knocks? out|knocked out|degage|degager)\b")
_REVEAL_NOW = re.compile(
    r"\b(?:je (?:la |le |l['’ ]?)?revele|(?:i|she|he) (?:reveal|reveals|flip|flips)\b|ce tour[- ]ci je (?:la |le |l['’ ]?)?revele"
    r"|this (?:round|turn) (?:i|she|he) reveals?\b|(?:reveal|reveals) (?:it|her|his|my)\b"
    r"|(?:is|est|was|has been|got|gets|a ete|etait) (?:revealed|revelee?) (?:now|maintenant|this (?:round|turn)|ce tour(?:[- ]ci)?|cette manche)"
    r"|is being revealed|vient d['’ ]etre revelee?"
    r"|(?:revele|retourne|reveals|flips|just flipped|flips over|turns over|vient de reveler|vient de retourner)"
    r" (?:sa|son|ma|mon|his|her|my|their) )"
)
_ENTERS = re.compile(
    r"\b(?:(?:come|comes|coming|go|goes|get|gets) (?:into|in|onto) the (?:line|queue)|enters? the (?:line|queue)"
    r"|joins? the (?:line|queue)|(?:is|get|gets) (?:placed|put) (?:in|into) the (?:line|queue)"
    r"|(?:entre|arrive|vient|rentre|va)(?:-t-(?:il|elle))? (?:\w+ )?dans la file|(?:est|sera) (?:place|pose)e? dans la file)\b"
)
"""A card asked to enter the line (the Jumeau the Prince brings, the Usurpation's replacement)."""
_PRONOUN_START = re.compile(r"\s*(?:elle|il|it|she|he)\b")
_FIRST_PERSON = first_person()
_POINTS_SUBJECT = re.compile(r"\b(?:points?|influence)\b.*\b(?:perdus?|lost)\b|\bwhat happens to\b.*\d")
_SURVIVES = re.compile(r"\b(?:reste|restent|survit|stays?|survives?|remains?)\b")


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The runs that answer ``frame``, or None when it does not describe an Oriflamme position the engine can play."""
    tile = first_player_over_turns(frame)
    if tile is not None:
        return tile
    hand = cards_left_in_hand(frame)
    if hand is not None:
        return hand
    frame = _win_or_gain(_passive_get(frame))
    asked = frame.asked
    if asked is not None and asked.what in ("reveal", "place") and _ENTERS.search(fold(asked.said)):
        frame = replace(frame, asked=replace(asked, what="enter"))  # "when I reveal my Prince, does my Twin come in?"
        asked = frame.asked
    if _over_turns(frame):
        return card_over_turns(frame)  # never one resolution's answer to a question about several turns
    if asked is None or asked.what not in ASKS:
        return None
    if not _asked_in_question(frame):
        return None
    if asked.what == "win":
        return end_of_game(frame)
    if asked.what == "gain":
        scored = final_score(frame)
        if scored is not None:
            return scored
    if asked.what == "reveal":
        return face_down_choice(frame)
    if asked.what == "place" and not _TOKEN.search(fold(frame.text)):
        return placement(frame)
    table = read_table(frame)
    if table is not None:
        absent = [m.span() for m in _NO_PILE_BESIDE.finditer(fold(frame.text))]
        table = _without(table, {i for i, c in enumerate(table.cards)
                                 if c.kind is None and any(s <= c.start < e for s, e in absent)})
    if table is not None and asked.what == "place":
        table = _with_asked_token(table, fold(frame.text))
    if table is None or _unread_facts(frame, table):
        return None  # a referee does not answer a question whose facts it has not all read
    if asked.what in ("gain", "trigger", "target"):
        covered = covered_card_gain(frame, table)
        if covered is not None:
            return covered
    if asked.what == "enter":
        _twin_still_aside(table)
    seats = _seats(table)
    if seats is None:
        return None
    acting = _acting(table, frame)
    if acting is None:
        return None
    actor, target, revealing = acting
    if (target is not None and table.cards[actor].kind in _ELIMINATES_ADJACENT
            and not any(actor in pair or -1 in pair for pair in table.adjacent)):
        table.adjacent.append((actor, target))  # "mon usurpation élimine le coupe-jarret de Chloé": it eliminates an adjacent card
    told_elimination = target is not None and asked.what not in ("target", "skip", "place")
    if told_elimination and table.cards[actor].kind == "Apothicaire":
        table = None if _NOTHING_ELSE.search(fold(frame.text)) else _with_family_beside(table, actor, target)
        if table is None:  # "I have no other card in the line": the elimination told cannot happen
            return None
    alone = table.cards[actor].kind == "Intrigante" and bool(_NO_PILE_BESIDE.search(fold(frame.text)))
    replacement = _unplaced_replacement(asked, table, actor)
    if replacement is not None:
        table.cards[replacement].in_hand = True  # the neutral reading: in hand, not among the cards it may come from
    line = _line(table, actor, alone=alone)
    if line is None:
        return None
    stacks, gap_seat = line
    players = max(2, len(seats) + (gap_seat is not None))
    stated = _PLAYER_COUNT.search(fold(frame.text))
    if stated:
        count = _number(stated.group(1) or stated.group(2))
        if count < players - (gap_seat is not None):
            return None  # fewer players than the question names (a face-down card between the stated ones is
            # then a named player's: the last seat's, see _position)
        players = count
    if players > _MAX_PLAYERS:
        return None
    actor_seat = seats[table.cards[actor].owner]
    reader = _reader(frame, table, seats, actor, actor_seat)
    if reader is None:
        return None
    read, reads, verdict = reader
    try:
        position = _position(table, seats, stacks, actor, revealing, players, gap_seat)
    except ValueError:
        return None
    elsewhere = []
    for layout in ("after", "before"):
        other = _line(table, actor, layout, alone)
        if other is not None:
            try:
                elsewhere.append((other[0], _position(table, seats, other[0], actor, revealing, players,
                                                      gap_seat if other[1] is None else -1)))
            except ValueError:
                return None
    held = _stated_influence(fold(frame.text), seats)
    position = _with_influence(position, held)
    steps = [{"type": "resolve"}] + ([{"type": "reveal"}] if revealing else [])
    then: dict[str, Any] = {"type": "choose", "player": actor_seat}
    aimed = told_elimination
    scenario = {"game": "oriflamme", "title": _title(frame), "players": players, "position": position, "steps": steps}
    variants = [{"reading": {}, "scenario": scenario}] + _open_assumptions(scenario, table, actor, revealing, held) + \
        _unsaid_cards(frame, table, stacks, actor, lambda overrides: _with_influence(
            _position(table, seats, stacks, actor, revealing, players, gap_seat, overrides), held), scenario)
    if replacement is not None:
        aside = replace(table, cards=[replace(card, in_hand=False, set_aside=True) if index == replacement else card
                                      for index, card in enumerate(table.cards)])
        other = _line(aside, actor, alone=alone)
        if other is None:
            return None
        reading = {_whose_card(table.cards[replacement], getattr(frame, "language", "fr") == "en"):
                   "set aside or discarded" if getattr(frame, "language", "fr") == "en" else "écartée ou défaussée"}
        variants.append({"reading": reading, "scenario": {**scenario, "position": _with_influence(
            _position(aside, seats, other[0], actor, revealing, players, gap_seat), held)}})
    beside = _apothecary_reach(frame, table, actor)
    if beside is not None:
        other = _line(beside, actor, alone=alone)
        if other is None:
            return None
        english = getattr(frame, "language", "fr") == "en"
        stand_in = beside.cards[-1]
        reading = ({"the other neighbour of the card asked": f"a face-down card of {_whose(stand_in.owner, True)} family"}
                   if english else {"l'autre voisine de la carte demandée": f"une carte face cachée {_whose(stand_in.owner, False)}"})
        variants.append({"reading": reading, "scenario": {**scenario, "position": _with_influence(
            _position(beside, seats, other[0], actor, revealing, players, gap_seat), held)}})
    if aimed:
        variants = [{**variant, "then": _aimed_at(then, target, stacks, variant["scenario"]["position"])}
                    for variant in variants]
    for index, (other_stacks, other) in enumerate(elsewhere):
        variant = {"reading": _elsewhere(frame, table.cards[actor].kind, index),
                   "scenario": {**scenario, "position": _with_influence(other, held)}}
        variants.append({**variant, "then": _aimed_at(then, target, other_stacks, other)} if aimed else variant)
    if any("then" in variant and variant["then"] is None for variant in variants):
        return None
    return {
        "title": _title(frame),
        "verdict": verdict,
        "modal": bool(asked.modal) or asked.what in ("target", "skip", "place"),
        "unit": (_CARDS_UNIT if asked.what in ("eliminated", "discard") else _POINTS_UNIT) if verdict == "number" else None,
        "players": {seat: name for name, seat in seats.items() if name not in (SELF, OTHER)},
        "variants": variants,
        "then": then,
        "read": _settled(_within(_told(read, seats[table.cards[target].owner]) if aimed else read,
                                 table.cards[actor].kind, actor_seat, revealing)),
        "reads": reads,
        "facts": _facts(table, actor, revealing),
    }


_LEFT_VERB = re.compile(r"\b(?:left|kept)\s+(?:a|an|it|the|his|her|my|their|them|one)\b")
""""Hugo left a card face down": the verb, not the side of the line."""
_ELIMINATES_ADJACENT = frozenset({"Coupe-jarret", "Usurpation"})
"""Cards whose ability eliminates an adjacent card (rules.md): a stated elimination by one places its target beside it."""
_GET_TO = re.compile(r"\b(?:get|gets|got)\s+to\s+(\w+)")
_GAIN_VERB = re.compile(r"(?:gain|earn|score|keep|pocket|collect)")
_GET_DONE = re.compile(r"\b(?:get|gets|got|getting)\s+(discarded|eliminated|removed|killed|taken out)\b")


def _passive_get(frame):
    """"Does it get discarded?" asks about a discard, not a gain ("get" is also a gain word); "do I get to replace
    it?" asks whether I may replace it (an English modal "get to"): a gain only when the verb after it is one."""
    asked = frame.asked
    said = _GET_DONE.search(fold(asked.said)) if asked is not None and asked.what == "gain" else None
    allowed = _GET_TO.search(fold(asked.said)) if asked is not None and asked.what == "gain" else None
    if allowed is not None and not _GAIN_VERB.match(allowed.group(1)):
        what = "replace" if allowed.group(1).startswith("replac") else None
        return replace(frame, asked=replace(asked, what=what, modal=True) if what else None)
    if said is None:
        return frame
    what = "discard" if said.group(1) == "discarded" else "eliminated"
    return replace(frame, asked=replace(asked, what=what))


def _win_or_gain(frame):
    """"C'est moi qui gagne les 2 points ?" asks a gain (influence points named after the asking word), not who wins the
    game; "Qui a gagné ?" or "Est-ce que je gagne ?" once the game is over asks who won it, not who gained points."""
    asked = frame.asked
    if asked is None or asked.what not in ("win", "gain") or asked.at is None:
        return frame
    points_asked = any(e.kind == "token" and e.value == "point_d_influence" and e.start >= asked.at for e in frame.entities)
    if asked.what == "win" and points_asked:
        return replace(frame, asked=replace(asked, what="gain"))
    if asked.what == "gain" and frame.form in ("who", "polar") and not points_asked and asked.number is None \
            and game_over(frame):  # "Fin de partie … Est-ce que je gagne ?": the game, not a point
        return replace(frame, asked=replace(asked, what="win"))
    return frame


def _over_turns(frame) -> bool:
    """Whether the question asks about several turns: a list, range or number of turns in its own words, or the
    points on a card said to have been left face down over several turns."""
    text = fold(frame.text)
    start = question_start(text, 0)
    _, count, spans = asked_turns(text)
    if count is None:
        return False
    return spans[0][0] >= start or bool(re.search(r"\b(?:dessus|on it|sur (?:elle|lui|la carte))\b", text[start:]))


_HOLDS = re.compile(
    r"\b(j['’ ]\s*ai|j['’ ]\s*avais|i have|i had|i've got|i'm at|je suis a|[a-z]+ a|[a-z]+ avait|[a-z]+ has|[a-z]+ had|[a-z]+ is at"
    r"|[a-z]+ est a)\s+"
    r"(?:(?:deja|already|still|encore|only|seulement|now|maintenant|juste|just)\s+)?(\d+)\s+"
    r"(?:points? d['’ ]influence|points?|influence|pts?)\b(?!\s+(?:dessus|sur (?:elle|lui|la carte)|on (?:it|the card)))"
    r"(?:\s+(?:devant (?:lui|elle|moi|soi)|in front of (?:him|her|me|them)))?"
)


def _asked_in_question(frame) -> bool:
    """Whether the asking word stands in the question itself, not in a fact stated before it in the same sentence
    ("I eliminate his Felon: does my Felon take its place?" asks about the replacement, not the elimination), or
    the question only asks whether the move told just before is allowed ("Je veux poser ma carte sur le félon de
    Jeanne. C'est permis ?": the lexicon's ``permission`` words, and nothing else but a word or two)."""
    if frame.asked.at is None or frame.asked.at >= question_start(frame.text, frame.asked.at):
        return True
    start = question_start(frame.text, frame.asked.at or 0)
    end = frame.text.find("?", start)
    own = frame.text[start : len(frame.text) if end < 0 else end]
    said = [w for w in getattr(frame, "asking_words", ()) if w.term == "permission" and start <= w.start]
    return frame.asked.modal and len(said) == 1 and len(re.findall(r"[\w'’]+", own)) - len(said[0].said.split()) <= 2



def trace(frame: Any) -> dict[str, Any] | None:
    """What the frame read and what it ignored (the stated facts no part of the position came from)."""
    table = read_table(frame)
    if table is None:
        return None
    items = _ignored(frame, table)
    start = question_start(frame.text, frame.asked.at if frame.asked and frame.asked.at else 0)
    return {"cards": [(c.kind, c.owner, c.revealed, c.covered, c.points, c.set_aside, c.pile) for c in table.cards],
            "adjacent": table.adjacent, "ignored": describe(items), "decisive": describe(decisive(items, start))}


def _ignored(frame, table: Table) -> list[Ignored]:
    text = fold(frame.text)
    used = list(table.used)
    for pattern in (_ELIMINATE_VERB, _REVEAL_NOW, _HOLDS, _NOTHING_ELSE, _NO_NAMESAKE, _PLAYER_COUNT, _NO_PILE_BESIDE,
                    _LEFT_VERB):
        used += [match.span() for match in pattern.finditer(text)
                 if not (pattern is _ELIMINATE_VERB and _PASSIVE.search(text, 0, match.start()))]
    for name in table.names:  # a described player ("my left neighbour") says no relation between cards
        if " " in name:
            used += [match.span() for match in re.finditer(rf"\b{re.escape(fold(name))}\b", text)]
    asked = frame.asked
    if asked is not None and asked.number_at is not None:
        used.append((asked.number_at, asked.number_at + len(str(asked.number))))
    on_cards = {card.points for card in table.cards if card.points}
    for match in _NUMBER_OF_POINTS.finditer(text):
        if _number(match.group(1)) in on_cards:
            used.append(match.span())  # "ses 3 points": the points on a card, said again
    if on_cards:
        used += [match.span() for match in _DURATION.finditer(text)]  # how those points got there
    cards = [(e.start, e.end, e.value) for e in frame.entities if e.kind == "card"]
    return ignored(text, used, cards)


_PASSIVE = re.compile(r"\b(?:was|were|been|is|are|a ete|ont ete|est|sont|etait|deja)\s+$")
_NOTHING_ELSE = re.compile(
    r"\b(?:no|aucune?|pas d['’ ]?|sans|nor)\s+(?:other\s+|autres?\s+|single\s+)?(?:cards?|cartes?|stacks?|piles?)\b"
    r"(?:\s+(?:of mine|a moi|de ma famille|of my family|anywhere|nulle part|dans la file|in the line|next to|beside|a cote(?: d[eu'’])?)\b)*"
    r"|\b(?:(?:and|et)\s+)?(?:nothing else|rien d['’ ]autre)(?:\s+(?:of (?:his|hers|mine|theirs)|de (?:lui|elle|moi|sa famille)))?"
    r"(?:\s+(?:touches it|is next to it|next to it|beside it|a cote|ne la touche|ne le touche))?\b"
    r"|\b(?:nobody|no one|personne)\s+(?:has\s+|n['’ ]a\s+)?(?:ever\s+|jamais\s+|rien\s+)?(?:stacked|empile)\w*(?:\s+(?:anything|any cards?))?"
)
"""A stated absence of more cards or piles ("I have no other card next to…", "no stack anywhere"): the position
holds only the cards stated, so it holds that fact."""
_NO_NAMESAKE = re.compile(
    r"\b(?:no|aucune?|nor)\s+(?:other|autres?)\s+(?!cards?\b|cartes?\b)[\w-]+\s+(?:(?:is|are|n['’ ]?est|ne sont|n['’ ]?a ete)\s+)?"
    r"(?:(?:yet|encore|deja|already)\s+)?(?:revealed|revelee?s?|face up|visible)"
    r"(?:\s+(?:anywhere|elsewhere|in the line|nulle part|ailleurs|dans la file|plus loin|pour l['’ ]instant|so far))*\b"
)
"""A stated absence of a revealed namesake ("no other Apothecary is revealed anywhere", « aucune autre Reine n'est
révélée »): the position holds only the cards stated, so it holds that fact (it matters to the Coupe-jarret, which
also eliminates the revealed opposing cards of its target's name, rules.md Le coupe-jarret)."""
_PLAYER_COUNT = re.compile(
    r"\b(?:on joue a|on est|nous sommes|we(?:'re| are) playing with|we(?:'re| are)|playing with|partie a|there are)\s+"
    r"(\d|deux|trois|quatre|cinq|two|three|four|five)\b(?:\s+(?:joueurs|players|of us))?"
    r"|\b(\d|deux|trois|quatre|cinq|two|three|four|five)[ -](?:joueurs|players|of us|player game|player table)\b"
)
_NUMBER_WORDS = {"un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4,
                 "cinq": 5, "five": 5, "six": 6}
_NUMBER_OF_POINTS = re.compile(r"\b(\d+|deux|trois|quatre|cinq|six|two|three|four|five)\s+(?:points?|influence)\b")
_DURATION = re.compile(r"\b(?:(?:pendant|durant|depuis|for)\s+)?(?:\d+|deux|trois|quatre|cinq|two|three|four|five)\s+(?:tours|manches|rounds|turns)\b")
"""How long a card stayed face down ("pendant trois tours", "resté caché trois tours"): how its points got there."""


def _number(said: str) -> int:
    return _NUMBER_WORDS.get(said) or int(said)


def _unread_facts(frame, table: Table) -> list[Ignored]:
    """The precision rule: the stated facts the position did not take and the verdict could rest on."""
    return decisive(_ignored(frame, table), question_start(fold(frame.text), frame.asked.at or 0))


def _with_influence(position: dict, held: dict[int, int]) -> dict:
    for seat, value in held.items():
        position["players"][seat]["influence"] = value
    return position


def _stated_influence(text: str, seats) -> dict[int, int]:
    """"J'ai 0 point d'influence", "Hugo has 2 influence": what a player holds (not the points on a card)."""
    held = {}
    folded = {fold(name): seat for name, seat in seats.items() if name not in (SELF, OTHER)}
    for match in _HOLDS.finditer(text):
        who = match.group(1).split()[0]
        seat = 0 if who.startswith("j") or who == "i" or who == "i've" or who == "i'm" or who == "je" else folded.get(who)
        if seat is not None:
            held[seat] = int(match.group(2))
    return held


def _open_assumptions(scenario: dict, table: Table, actor: int, revealing: bool, held: dict[int, int]) -> list[dict]:
    """One variant per named assumption this position can hang on (the rulebook is silent there), its other option.

    Only those the stated cards reach: the Reine's extra point when a Coupe-jarret
    may eliminate her alone, covered cards among its same-name victims, the points
    on a card revealed now, influence below zero (and a theft larger than what
    is held) when a player is said to hold fewer than 3 points.
    """
    kind = table.cards[actor].kind
    kinds = {card.kind for card in table.cards}
    other = []
    if kind == "Coupe-jarret" and "Reine" in kinds:
        other.append(("oriflamme.queen_bonus_single_cutthroat", "not_gained"))
    if kind == "Coupe-jarret" and any(card.covered for card in table.cards):
        other.append(("oriflamme.cutthroat_same_name_covered", "included"))
    if kind == "Intrigante" and any(card.pile for card in table.cards):
        other.append(("oriflamme.intrigante_discard", "the_adjacent_pile"))
    if revealing and table.cards[actor].points and kind not in ("Machination", "Guet-apens"):
        other.append(("oriflamme.points_on_reveal", "discarded"))
    if held and min(held.values()) < 3:
        other += [("oriflamme.influence_below_zero", "negative_allowed"), ("oriflamme.steal_more_than_held", "full_amount")]
    return [{"reading": {assumption: option}, "scenario": {**scenario, "assumptions": {assumption: option}}}
            for assumption, option in other]


_ELIMINATION_EFFECTS = ("Reine", "Guet-apens", "Prince", "Jumeau")
"""Cards whose elimination does something more (the Reine's point, the trap, the partner's discard)."""
_ENGLISH = {"Prince": "Prince", "Jumeau": "Twin", "Reine": "Queen", "Coupe-jarret": "Cutthroat", "Apothicaire": "Apothecary",
            "Félon": "Felon", "Intrigante": "Schemer", "Usurpation": "Usurpation", "Machination": "Machination",
            "Guet-apens": "Ambush", "Corruption": "Bribery"}


def _unsaid_cards(frame, table: Table, stacks, actor: int, build: Callable[[dict], dict], scenario: dict) -> list[dict]:
    """One variant per unsaid fact of a card the verdict may hang on: what an unnamed card of the line is (when the
    acting card eliminates: a Reine, a Guet-apens, a partner or a namesake of a card of the table), and whether a
    named card whose state is unsaid is face down. The verdict is stated only when none moves it."""
    english = getattr(frame, "language", "fr") == "en"
    tops = [stack[-1] for stack in stacks if isinstance(stack[-1], int)]
    kinds_named = {card.kind for card in table.cards if card.kind is not None}
    variants = []
    for index in tops:
        card = table.cards[index]
        if index == actor:
            continue
        if card.kind is None and table.cards[actor].kind in _ELIMINATORS:
            partners = {"Prince": "Jumeau", "Jumeau": "Prince"}
            tried = [k for k in _ELIMINATION_EFFECTS if k in ("Reine", "Guet-apens") or partners[k] in kinds_named]
            tried += sorted(kinds_named - set(tried))
            for kind in tried:
                option = f"{'an' if _ENGLISH[kind][0] in 'AEIOU' else 'a'} {_ENGLISH[kind]}" if english else f"{'une' if kind in _FEMININE else 'un'} {kind}"
                variants.append(({index: {"kind": kind}}, {_unnamed(card, english): option}))
        elif card.kind is not None and card.revealed is None:
            what = f"{_whose(card.owner, english)} {_ENGLISH[card.kind]}" if english else f"{card.said} {_whose(card.owner, english)}"
            variants.append(({index: {"revealed": False}}, {what: "face down" if english else "face cachée"}))
    found = []
    for overrides, reading in variants:
        try:
            found.append({"reading": reading, "scenario": {**scenario, "position": build(overrides)}})
        except ValueError:
            continue  # that kind is already a card of this family: not a reading
    return found


def _unplaced_replacement(asked, table: Table, actor: int) -> int | None:
    """"Does Sarah put her own Prince in its place?": the Usurpation replaces an opposing character with the same one
    from its owner's set-aside, discarded or eliminated cards (rules.md, Usurpation). A card of the actor's family
    the question names with no place nor state may be there or in hand: both are played (a reading each)."""
    if asked.what not in ("replace", "enter") or table.cards[actor].kind != "Usurpation":
        return None
    placed = {i for pair in (*table.adjacent, *table.between) for i in pair} | table.far | table.at_end
    found = [i for i, card in enumerate(table.cards)
             if i != actor and card.kind is not None and card.owner == table.cards[actor].owner and i not in placed
             and card.revealed is None and card.points is None
             and not (card.set_aside or card.in_hand or card.gone or card.covered or card.pile or card.on_top)]
    return found[0] if len(found) == 1 else None


def _apothecary_reach(frame, table: Table, actor: int) -> Table | None:
    """"Can my Apothecary eliminate Sam's Prince?": the Apothicaire eliminates "une carte adjacente à une autre carte de
    votre famille" (rules.md, L'apothicaire), so the card asked is in reach when a card of the Apothicaire's family is
    beside it. When the question leaves a side of that card unsaid, that side is played with such a card too (a
    reading), never left empty in silence. None when no side is free or it is not that question."""
    if table.cards[actor].kind != "Apothicaire" or frame.asked.what not in ("target", "eliminated"):
        return None
    asked = _asked_card(table, frame.asked, actor, fold(frame.text))
    if asked is None or asked in table.at_end or table.cards[asked].covered or table.chain or table.listed \
            or _NOTHING_ELSE.search(fold(frame.text)):
        return None  # a side said empty: at an end, the line listed whole, "no other card of mine"
    cards = table.cards
    owner = cards[actor].owner
    told = {b if a == asked else a for a, b in table.adjacent if asked in (a, b)}
    if len(told) >= 2 or any(i not in (-1, actor) and cards[i].owner == owner for i in told):
        return None  # both sides told, or one of the family's cards already beside it
    at = cards[asked].end
    stand_in = Card(None, owner, at, at, "", revealed=False, implied=True)
    return replace(table, cards=[*cards, stand_in], adjacent=[*table.adjacent, (asked, len(cards))])


def _whose_card(card: Card, english: bool) -> str:
    return f"{_whose(card.owner, True)} {_ENGLISH[card.kind]}" if english else f"{card.said} {_whose(card.owner, False)}"


_FEMININE = frozenset({"Reine", "Intrigante", "Usurpation", "Machination", "Corruption"})


def _whose(owner: str | None, english: bool) -> str:
    if owner == SELF:
        return "your" if english else "à toi"
    if owner == OTHER or owner is None:
        return "the opponent's" if english else "adverse"
    return f"{owner}'s" if english else f"de {owner}"


def _unnamed(card: Card, english: bool) -> str:
    """A card the question does not name, as a reading names it: "Hugo's face-down card"."""
    state = "" if card.revealed else ("face-down " if english else " face cachée")
    if english:
        return f"{_whose(card.owner, True)} {state}card"
    return f"la carte{state} {_whose(card.owner, False)}"


def _elsewhere(frame, kind: str, index: int) -> dict[str, str]:
    if getattr(frame, "language", "fr") == "en":
        return {"the cards whose place is unsaid": f"next to the {_ENGLISH[kind]} ({index + 1})"}
    return {"les cartes dont la place n'est pas dite": f"à côté de {kind} ({index + 1})"}


def _seats(table: Table) -> dict[Any, int] | None:
    seats: dict[Any, int] = {SELF: 0}
    for name in table.names:
        seats[name] = len(seats)
    if any(card.owner == OTHER for card in table.cards):
        seats[OTHER] = len(seats)
    if any(card.owner not in seats for card in table.cards if card.owner is not None):
        return None
    return seats


def _acting(table: Table, frame) -> tuple[int, int | None, bool] | None:
    """The acting card, the card its ability is said to eliminate (or None), and whether it is revealed now."""
    text = fold(frame.text)
    cards = table.cards
    candidates = [i for i, c in enumerate(cards) if c.kind in _ACTING and not c.set_aside and not c.in_hand and not c.gone
                  and not c.covered]
    if not candidates:
        candidates = [i for i, c in enumerate(cards) if c.kind in _REVEALED_NOW_ONLY and c.owner is not None
                      and not c.set_aside and not c.in_hand and not c.gone and _revealed_now(text, c, cards)]
    told = table.eliminated_span
    verb = next((m for m in _ELIMINATE_VERB.finditer(text) if not _PASSIVE.search(text, 0, m.start())
                 and not (told and told[0] <= m.start() < told[1])), None)
    target = None
    if verb and (frame.asked.what == "target" or frame.form == "which") and _asks_the_target(frame, text, verb, cards):
        verb = None  # « la carte de qui il peut éliminer ? »: the verb is the question, not an elimination told
    if verb:
        wielded = _INSTRUMENT.match(text, verb.end())
        eliminators = [i for i in candidates if cards[i].kind in _ELIMINATORS
                       and (cards[i].start < verb.start() or (wielded is not None and cards[i].start == wielded.end()))]
        sentence = text[max(text.rfind(".", 0, verb.start()), text.rfind(";", 0, verb.start())) + 1 : verb.start()]
        if not any(verb.start() - len(sentence) <= m < verb.start() for i in eliminators for m in cards[i].mentions) \
                and len(eliminators) != 1:
            return None  # "Léa vient d'éliminer le prince": by which card is unsaid
        after = sorted((m, i) for i, c in enumerate(cards) for m in c.mentions
                       if m > verb.end() and not c.set_aside and i not in eliminators)
        after = [i for _, i in after]
        before_verb = text[max(0, verb.start() - 6) : verb.start()]
        pronoun = re.search(r"\bl['’ ]?\s*$", before_verb) or re.match(r"\s+(?:it|them|him|her)\b", text[verb.end() :])
        if after and not pronoun:
            target = after[0]
        elif pronoun:
            sentence_start = verb.start() - len(sentence)
            limit = sentence_start if _PRONOUN_START.match(sentence) else verb.start()
            previous = [i for i, c in enumerate(cards) if c.end <= limit and cards[i].kind not in _ELIMINATORS]
            target = previous[-1] if previous else None
        candidates = eliminators or [i for i in candidates if cards[i].kind in _ELIMINATORS] or candidates
    if verb is None and table.eliminated_by is not None:
        eliminated, eliminator = table.eliminated_by  # "mon guet-apens est éliminé par le coupe-jarret de Zoé"
        if eliminator in candidates and cards[eliminator].kind in _ELIMINATORS:
            target, candidates = eliminated, [eliminator]  # an Apothicaire's: see _with_family_beside
        else:
            return None
    if verb and target is None:
        return None  # "mon coupe-jarret élimine une carte": which card is unsaid
    if target is not None and target in candidates:
        candidates.remove(target)
    resolving = _said_to_resolve(frame, text, cards)
    if resolving is not None and len(candidates) != 1 and (resolving in candidates or not candidates):
        candidates = [resolving]  # "quand son intrigante se résout, elle gagne ?": the card the question says resolves
    if len(candidates) > 1 and frame.asked.what in _ASKED_ACTOR:
        candidates = [i for i in candidates if cards[i].kind in _ASKED_ACTOR[frame.asked.what]]
    if len(candidates) > 1:
        clause = fold(frame.asked.said)
        whose = frame.asked.player if frame.asked.player else (SELF if _FIRST_PERSON.search(clause) else None)
        candidates = [i for i in candidates if cards[i].owner == whose] if whose else candidates
    if len(candidates) != 1 or any(c.owner is None for c in cards if not c.set_aside):
        return None
    actor = candidates[0]
    card = cards[actor]
    revealing = _revealed_now(text, card, cards)
    if card.revealed is False and not revealing:
        return None  # a face-down card does not act
    return actor, target, revealing


_INSTRUMENT = re.compile(r"[^.;:?!]{0,40}?\b(?:avec|with|using|grace a)\s+"
                         r"(?:(?:mon|ma|son|sa|leur|my|his|her|their|its|the|le|la|l['’])\s*)?")
""""Sophie l'élimine avec son usurpation", "Marc élimine ma reine avec son apothicaire", "Bob eliminates it with his
Apothecary": the eliminating card named after the verb, in its clause, as the means of the elimination."""


_REVEAL_IT = re.compile(r"\s*(?:(?:this|ce|cette) (?:round|turn|tour(?:[- ]ci)?|manche),?\s+|now,?\s+|maintenant,?\s+)?"
                        r"(?:i reveal (?:it|her|him)|i flip (?:it|her|him)(?: over)?|je (?:la|le|l['’])\s*(?:revele|retourne))\b")


def _revealed_now(text: str, card: Card, cards: list[Card]) -> bool:
    """Whether the question reveals ``card`` now: in its own sentence ("ce tour-ci je révèle ma reine"), or in the
    next one by a pronoun when it is the only card said before ("My Queen is face down. This round I reveal it.")."""
    if _REVEAL_NOW.search(_sentence_of(text, card)):
        return True
    end = min([p for p in (text.find(".", card.end), text.find(";", card.end)) if p >= 0] or [len(text)])
    return bool(_REVEAL_IT.match(text, end + 1)) and all(other is card or other.start > end for other in cards)


def _asks_the_target(frame, text: str, verb, cards: list[Card]) -> bool:
    """Whether the elimination verb is the asking clause's own and names no card after it ("whose card can he
    eliminate?", « quelle carte peut-il éliminer ? »)."""
    said = fold(frame.asked.said)
    at = text.rfind(said) if said else -1
    if at < 0 or not at <= verb.start() < at + len(said):
        return False
    return not any(verb.end() < m < at + len(said) for c in cards for m in c.mentions)


def _said_to_resolve(frame, text: str, cards: list[Card]) -> int | None:
    """The one card the question says resolves (the lexicon's ``resolving`` words right after its name, a word or two
    between: "when my Felon resolves", "quand la reine se résout", "the Felon's ability goes off"): a card on the line,
    neither covered nor face down; None when no card, or several, are said to."""
    said = set()
    for word in getattr(frame, "asking_words", ()):
        if word.term != "resolving":
            continue
        before = [(m, i) for i, c in enumerate(cards) for m in c.mentions if m < word.start]
        if not before:
            continue
        mention, index = max(before)
        end = cards[index].ends.get(mention, cards[index].end if mention == cards[index].start else mention + 1)
        if re.fullmatch(r"\s*(?:[\w'’-]+\s+){0,2}", text[end : word.start]):
            said.add(index)
    if len(said) != 1:
        return None
    index = said.pop()
    card = cards[index]
    if card.covered or card.revealed is False or card.set_aside or card.in_hand or card.gone or card.owner is None:
        return None
    return index


_MY_TOKEN = re.compile(r"\b(?:my|mon|ma)\s+(?:bribery token|corruption token|jeton (?:de )?corruption)\b")


def _with_asked_token(table: Table, text: str) -> Table:
    """"Can I put my Bribery token on Léa's face-down card?": only the asker's Corruption places that token, so the
    question is its resolution (the Corruption is discarded after it: it resolves the turn it is revealed)."""
    said = _MY_TOKEN.search(text)
    if said is None or any(card.kind == "Corruption" for card in table.cards):
        return table
    token = Card("Corruption", SELF, said.start(), said.end(), said.group(), revealed=True, mentions=[said.start()])
    cards = sorted([*table.cards, token], key=lambda card: card.start)
    index = {old: cards.index(card) for old, card in enumerate(table.cards)}
    index[-1] = -1
    return replace(table, cards=cards, adjacent=[(index[a], index[b]) for a, b in table.adjacent],
                   between=[tuple(index[i] for i in t) for t in table.between], far={index[i] for i in table.far},
                   at_end={index[i] for i in table.at_end}, used=[*table.used, said.span()],
                   eliminated_by=None if table.eliminated_by is None else tuple(index[i] for i in table.eliminated_by))


def _aimed_at(then: dict[str, Any], target: int, stacks, position: dict) -> dict[str, Any] | None:
    """The choice of the card the question says is eliminated, as this variant's position names it (an unnamed card
    is a stand-in, or a Reine in one reading: the choice must name what the engine offers)."""
    for row, stack in enumerate(stacks):
        for depth, item in enumerate(stack):
            if item == target:
                entry = position["line"][row][depth]
                return {**then, "target": {"card": entry["card"], "owner": entry["owner"]}}
    return None  # the card the question eliminates is not in the line


def _twin_still_aside(table: Table) -> None:
    """"Quand Tom révèle son prince, son jumeau entre-t-il dans la file ?": a Jumeau the question puts nowhere is still
    set aside face up, as at the set-up: only the Prince's reveal, which the question tells now, places it."""
    placed = {i for pair in (*table.adjacent, *table.between) for i in pair} | table.far | table.at_end
    for index, card in enumerate(table.cards):
        if card.kind == "Jumeau" and index not in placed and not (card.covered or card.gone or card.in_hand or card.pile):
            card.implied = not card.set_aside
            card.set_aside = True


def _with_family_beside(table: Table, actor: int, target: int) -> Table | None:
    """"Mon apothicaire élimine la reine de Zoé": the Apothicaire eliminates "une carte adjacente à une autre carte de
    votre famille" (rules.md, L'apothicaire), so a stated elimination says such a card is there. When the question
    puts none beside the target and leaves a side of it free, a face-down card of the Apothicaire's family goes there
    (a stand-in, listed among the facts); None when both sides of the target are told and neither is of that family."""
    cards = table.cards
    owner = cards[actor].owner
    beside = [b if a == target else a for a, b in table.adjacent if target in (a, b)]
    if any(i not in (-1, actor) and cards[i].owner == owner for i in beside):
        return table
    if len(beside) >= 2 or any(target in trio for trio in table.between if trio[0] == target):
        return None
    at = cards[target].end
    stand_in = Card(None, owner, at, at, "", revealed=False, implied=True)
    return replace(table, cards=[*cards, stand_in], adjacent=[*table.adjacent, (target, len(cards))])


def _told(read: Callable, owner_seat: int) -> Callable:
    """No verdict off a run where the elimination the question states did not happen (a position that did not let the
    acting card reach its target is not the position described)."""
    def told(events):
        if not any(e["kind"] == "card_eliminated" and e["data"]["owner"] == owner_seat for e in events):
            return None
        return read(events)
    return told


def _settled(read: Callable) -> Callable:
    """No verdict off a line of play left at a choice nobody made (the choice the question states matched no legal
    action): the run did not play what the question says."""
    def settled(events):
        if events and events[-1]["kind"] == "choice_required":
            return None
        return read(events)
    return settled


def _sentence_of(text: str, card: Card) -> str:
    start = max(text.rfind(".", 0, card.start), text.rfind(";", 0, card.start)) + 1
    end = min([p for p in (text.find(".", card.end), text.find("?", card.end)) if p >= 0] or [len(text)])
    return text[start:end]


_NO_PILE_BESIDE = re.compile(
    r"\b(?:n['’ ]est|is not|isn['’]t|not|jamais)\s+(?:\w+\s+)?(?:a cote|next to|adjacent to|beside|touching)\s+(?:d['’ ]\s*|de\s+)?"
    r"(?:aucune|any|une|a|la|the|[a-z]+['’]s)\s+(?:pile|stack)(?:\s+(?:de|d['’])\s*[a-z]+)?"
    r"|\bno (?:stack|pile) (?:next to|beside|adjacent to) (?:it|her)\b|\baucune pile (?:a cote|adjacente|n['’ ]est a cote)"
    r"|\b(?:next to|beside|adjacent to|a cote d['’ ]?\s*)\s*(?:no|aucune) (?:stack|pile)s?\b"
)
"""A Schemer said to be beside no stack: its neighbours, whatever they are, decide nothing more."""


def _without(table: Table, dropped: set[int]) -> Table | None:
    """The table less the cards a stated absence described ("not next to any stack"); None when one of them has a
    place in the line."""
    if not dropped:
        return table
    places = [*table.adjacent, *table.between, *([i] for i in (*table.far, *table.at_end))]
    if any(i in dropped for place in places for i in place):
        return None
    index = {old: new for new, old in enumerate(i for i in range(len(table.cards)) if i not in dropped)}
    index[-1] = -1
    return replace(table, cards=[c for i, c in enumerate(table.cards) if i not in dropped],
                   adjacent=[(index[a], index[b]) for a, b in table.adjacent],
                   between=[tuple(index[i] for i in t) for t in table.between],
                   far={index[i] for i in table.far}, at_end={index[i] for i in table.at_end})


def _line(table: Table, actor: int, layout: str = "gap", alone: bool = False) -> tuple[list[list[int | tuple]], int | None] | None:
    """The stacks in line order (card indices; ``("filler", owner, n)`` for unnamed cards under or in a pile).

    ``layout`` places the cards whose place is unsaid: ``gap`` (the neutral reading: after a face-down card
    of nobody in the question), ``after`` (right after the acting card's group, the acting card last in it)
    or ``before`` (right before it); None when that layout is not a reading of the question.
    """
    cards = table.cards
    on_line = [i for i, c in enumerate(cards) if not c.set_aside and not c.in_hand and not c.gone]
    piles = _piles(table, on_line)
    if piles is None:
        return None
    stacks, top_of = piles
    neighbours: dict[int, set[int]] = {top: set() for top in stacks}
    for a, b in table.adjacent:
        a, b = top_of.get(actor if a == -1 else a), top_of.get(actor if b == -1 else b)
        if a is not None and b is not None and a != b:
            neighbours[a].add(b)
            neighbours[b].add(a)
    if any(len(n) > 2 for n in neighbours.values()):
        return None
    actor_top = top_of[actor]
    kind = cards[actor].kind
    if kind in _READS_NEIGHBOURS and not neighbours[actor_top] and not alone:
        return None  # its ability reads its neighbours, and the question gives none
    components = _components(neighbours)
    first = next(c for c in components if actor_top in c)
    far = {top_of[i] for i in table.far if i in top_of}
    unplaced = [c for c in components if c is not first and not c & far]
    at_end = actor in table.at_end or -1 in table.at_end or actor_top in {top_of.get(i) for i in table.at_end}
    if unplaced and kind in _READS_NEIGHBOURS and (len(unplaced) > 1 or at_end or len(neighbours[actor_top]) > 1):
        return None  # where these cards sit beside the acting card is unsaid, and its ability reads its neighbours
    path = _path(first, neighbours, actor_top if at_end else None)
    if path is None:
        return None
    if path[-1] == actor_top and len(path) > 1:
        path.reverse()  # the acting card at the line's start: nothing the question did not state beside it
    if layout != "gap":
        if not unplaced or kind not in _READS_PLACES or (layout == "before" and kind in _READS_NEIGHBOURS):
            return None
        joined = [top for component in unplaced for top in (_path(component, neighbours, None) or [None])]
        if None in joined:
            return None
        if kind in _READS_NEIGHBOURS:
            path.reverse()  # the acting card last, its free side next to the cards placed after it
        path = path + joined if layout == "after" else joined + path
        for component in unplaced:
            first = first | component
    order = [stacks[top] for top in path]
    gap_seat = None
    for component in components:
        if component <= first:
            continue
        sub = _path(component, neighbours, None)
        if sub is None:
            return None
        gap_seat = -1
        order += [[("gap",)]] + [stacks[top] for top in sub]
    return order, gap_seat


def _piles(table: Table, on_line: list[int]):
    """Stacks keyed by their top: a covered card under the card said to be on it (or an unnamed one), a pile."""
    cards = table.cards
    stacks: dict[int, list] = {}
    top_of: dict[int, int] = {}
    members: set[int] = set()
    for index in on_line:
        card = cards[index]
        if card.kind is None and card.pile and not card.covered:
            inside = [j for j in on_line if j > index and (cards[j].covered or cards[j].on_top)
                      and cards[j].owner in (None, card.owner) and cards[j].start - card.end < 160]
            if inside:
                under = [j for j in inside if cards[j].covered]
                over = [j for j in inside if not cards[j].covered]
                if len(over) > 1:
                    return None
                top = over[0] if over else index
                stacks[top] = [*under, top]
                for j in inside:
                    cards[j].owner = cards[j].owner or card.owner
                    members.add(j)
                    top_of[j] = top
                top_of[index] = top
                members.add(index)
            else:
                stacks[index] = [("filler", card.owner, 1), index]
                top_of[index] = index
                members.add(index)
    for index in on_line:
        if index in members:
            continue
        card = cards[index]
        if card.covered:
            cover = next((j for j in on_line if j != index and cards[j].owner == card.owner and cards[j].on_top
                          and j not in members), None)
            if cover is None:
                stacks[index] = [index, ("filler", card.owner, 1)]
                top_of[index] = index
            else:
                stacks[cover] = [index, cover]
                top_of[index] = top_of[cover] = cover
                members.add(cover)
            members.add(index)
            continue
        stacks.setdefault(index, [index])
        top_of.setdefault(index, index)
    return stacks, top_of


def _components(neighbours: dict[int, set[int]]) -> list[set[int]]:
    seen: set[int] = set()
    found = []
    for start in neighbours:
        if start in seen:
            continue
        component, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node in component:
                continue
            component.add(node)
            todo += list(neighbours[node])
        seen |= component
        found.append(component)
    return found


def _path(component: set[int], neighbours, start: int | None) -> list[int] | None:
    ends = [n for n in component if len(neighbours[n] & component) <= 1]
    if not ends:
        return None  # a cycle: no line
    if start is not None and start not in ends:
        return None
    node, previous, path = start if start is not None else min(ends), None, []
    while node is not None:
        path.append(node)
        following = [n for n in neighbours[node] if n != previous and n not in path]
        previous, node = node, (following[0] if following else None)
    return path if len(path) == len(component) else None


def _position(table: Table, seats, stacks, actor: int, revealing: bool, players: int, gap_seat,
              overrides: dict[int, dict] | None = None) -> dict[str, Any]:
    """The position of ``stacks``; ``overrides`` sets a card's unsaid kind or state (a reading), by card index."""
    cards = table.cards
    overrides = overrides or {}
    named = {card.kind for card in cards if card.kind is not None} | {o["kind"] for o in overrides.values() if "kind" in o}
    gap = players - 1 if gap_seat is not None else None
    used: dict[int, set[str]] = {}
    for index, card in enumerate(cards):
        kind = overrides.get(index, {}).get("kind", card.kind)
        if kind is not None and card.owner in seats:
            seat = seats[card.owner]
            if kind in used.setdefault(seat, set()):
                raise ValueError(f"two {kind} in one family")
            used[seat].add(kind)

    def filler(seat: int) -> str:
        # a stand-in shares no name with a card of the table (a Coupe-jarret's same-name victims read names)
        free = [k for k in _FILLERS if k not in used.setdefault(seat, set())]
        kind = next((k for k in free if k not in named), free[0])
        used[seat].add(kind)
        return kind

    line = []
    cursor = None
    for stack in stacks:
        entries = []
        for item in stack:
            if isinstance(item, tuple):
                seat = gap if item[0] == "gap" else seats[item[1]]
                entries.append({"card": filler(seat), "owner": seat})
                continue
            card = cards[item]
            seat = seats[card.owner]
            kind = overrides.get(item, {}).get("kind") or card.kind or filler(seat)
            revealed = card.revealed if card.revealed is not None else card.kind is not None
            revealed = overrides.get(item, {}).get("revealed", revealed)
            if item == actor:
                revealed = not revealing
                cursor = len(line)
            entry = {"card": kind, "owner": seat, "revealed": bool(revealed)}
            if card.corrupted_by is not None:
                entry["corrupted_by"] = seats[card.corrupted_by]
            if card.points:
                entry["points"] = card.points
            entries.append(entry)
        line.append(entries)
    player_rows = [{"influence": _INFLUENCE} for _ in range(players)]
    for card in cards:
        if card.set_aside and card.kind == "Jumeau" and card.owner in seats:
            player_rows[seats[card.owner]]["twin_aside"] = True  # set aside face up at the set-up, apart from the 3
        elif card.set_aside and card.kind is not None and card.owner in seats:
            player_rows[seats[card.owner]].setdefault("set_aside", []).append(card.kind)
        if card.gone and card.kind is not None and card.owner in seats:
            player_rows[seats[card.owner]].setdefault("discard", []).append(card.kind)
        elif card.gone:
            raise ValueError("a card gone from the line without a name")
    return {"turn": 3, "phase": "resolution", "first_player": 0, "cursor": cursor, "line": line, "players": player_rows}


def _reader(frame, table: Table, seats, actor: int, actor_seat: int) -> tuple[Callable, tuple[str, ...], str] | None:
    asked = frame.asked
    what = asked.what
    clause = fold(asked.said)
    asked_card = _asked_card(table, asked, actor, fold(frame.text))
    unnamed = clause
    for name in seats:
        if name not in (SELF, OTHER):
            unnamed = re.sub(rf"\b{re.escape(fold(name))}\b", " ", unnamed)  # a player called Max asks no maximum
    if re.search(r"\b(?:maximum|max|au plus|at most|at best|au mieux)\b", unnamed) \
            or re.search(r"\b(?:the|le|au|du|en|a|my|mon|son|his|her)\s+max\b", clause):  # "the max I can gain": a word
        return None  # the best line of play: no reader picks among the asker's choices
    if frame.form == "polar" and re.match(r"\s*(?:what|que|qu['’ ]|quoi|how|comment)\b", clause):
        return None  # "What my Schemer gives me?" read as yes/no: no "yes" to an open question
    subject = _subject(asked, _asking_part(asked, frame.text), seats, actor_seat)

    def seat_of(card: Card) -> int | None:
        return seats.get(card.owner)

    if what == "gain" and frame.form == "who":
        return _only_gainer, ("influence_gained", "influence_stolen"), "player"
    if what == "gain":
        source = _source_asked(clause)  # "le point supplémentaire de la reine": that point only, not every gain
        if source is None and _GET_BACK.search(clause) and (_POINTS_ON_IT.search(clause) or any(
                card.points and seats.get(card.owner) == subject and index != actor for index, card in enumerate(table.cards))):
            source = POINTS_ON_CARD  # "je récupère mes 3 points ?": the points that lay on the card, not every gain
        if source is not None:
            def amount(events):
                return sum(e["data"]["amount"] for e in events if e["kind"] == "influence_gained"
                           and e["data"]["player"] == subject and e["data"].get("source") == source)
            on_card = ("points_lost", "points_discarded") if source == POINTS_ON_CARD else ()
            return _amount_or_check(frame, amount, (*on_card, "influence_gained", "card_eliminated"))

        def amount(events):
            return sum(e["data"]["amount"] for e in events if e["kind"] == "influence_gained" and e["data"]["player"] == subject) + sum(
                e["data"]["amount"] for e in events if e["kind"] == "influence_stolen" and e["data"]["thief"] == subject)
        return _amount_or_check(frame, amount, ("influence_gained", "influence_stolen", "no_elimination_point"))
    if what == "lose":
        if _POINTS_SUBJECT.search(clause) and not _FIRST_PERSON.search(clause.split("perdu")[0].split("lost")[0]):
            return (lambda events: any(e["kind"] == "points_lost" for e in events)), ("points_lost",), "yes_no"
        if frame.form == "polar":
            return (lambda events: any(e["kind"] in ("influence_lost", "influence_stolen") and e["data"]["player"] == subject
                                       and e["data"]["amount"] > 0 for e in events)), ("influence_lost", "influence_stolen"), "yes_no"
        if frame.form in ("count", "open"):
            return (lambda events: sum(e["data"]["amount"] for e in events if e["kind"] in ("influence_lost", "influence_stolen")
                                       and e["data"]["player"] == subject)), ("influence_lost",), "number"
        if frame.form == "who":
            return _only_loser, ("influence_lost", "influence_stolen"), "player"
        return None
    if what == "place" and table.cards[actor].kind == "Corruption" and asked_card is not None:
        owner = seat_of(table.cards[asked_card])
        kind = table.cards[asked_card].kind
        return (lambda events: any(e["kind"] == "card_corrupted" and e["data"]["owner"] == owner
                                   and (kind is None or e["data"]["card"] == kind) for e in events)), (
            "card_corrupted", "no_target"), "yes_no"
    if what in ("eliminated", "discard") and frame.form == "count" and _CARDS_COUNTED.search(clause):
        kind = "card_eliminated" if what == "eliminated" else "card_discarded"  # "how many cards get eliminated?"
        return (lambda events: sum(1 for e in events if e["kind"] == kind)), (kind, "no_target"), "number"
    if what in ("eliminated", "target") and frame.form == "which" and asked_card in (None, actor):
        told = {b if a == actor else a for a, b in table.adjacent if actor in (a, b)} - {-1}
        at_end = actor in table.at_end or -1 in table.at_end
        if len(told) == 1 and at_end:  # its one neighbour said, at an end: no unsaid neighbour, no choice between two
            return _card_eliminated, ("card_eliminated", "no_target"), "card"  # "which card does it eliminate?"
        return None
    if what in ("eliminated", "target") and frame.form == "who":
        return _owner_eliminated, ("card_eliminated", "no_target"), "player"  # « la carte de qui il peut éliminer ? »
    if what in ("discard", "eliminated", "target") and asked_card is not None:
        kind, owner = table.cards[asked_card].kind, seat_of(table.cards[asked_card])
        if owner is None:
            return None
        named = {c.kind for c in table.cards if c.kind is not None and c.owner == table.cards[asked_card].owner}
        kinds = {"discard": ("card_discarded",), "eliminated": ("card_eliminated",), "target": ("card_eliminated",)}[what]
        stays = what == "discard" and bool(_SURVIVES.search(clause))
        if stays:
            kinds = ("card_discarded", "card_eliminated")

        def same(card: str) -> bool:
            return card == kind if kind is not None else card not in named  # a card not named: its stand-in

        def hit(events):
            found = any(e["kind"] in kinds and same(e["data"]["card"]) and e["data"]["owner"] == owner for e in events)
            return not found if stays else found
        out_of_reach = ("covered_out_of_reach",) if what == "target" and table.cards[asked_card].covered else ()
        return hit, (*kinds, "partner_covered", "no_target", *out_of_reach), "yes_no"
    if what == "trigger":
        if asked_card is not None and table.cards[asked_card].kind == "Guet-apens":
            return (lambda events: any(e["kind"] == "trap_sprung" for e in events)), ("trap_sprung", "card_eliminated"), "yes_no"
        if asked_card is not None and table.cards[asked_card].kind is not None:
            kind = table.cards[asked_card].kind
            return (lambda events: any(e["kind"] == "machination_activates" and e["data"]["card"] == kind for e in events)), (
                "machination_activates", "card_corrupted"), "yes_no"
        return None
    if what == "enter" and asked_card is not None and table.cards[asked_card].kind is not None:
        kind, owner = table.cards[asked_card].kind, seat_of(table.cards[asked_card])

        def entered(events):
            if kind == "Jumeau":
                return any(e["kind"] == "twin_placed" and e["data"]["player"] == owner for e in events)
            return any(e["kind"] == "card_replaced" and e["data"]["card"] == kind and e["data"]["player"] == owner
                       for e in events)
        return entered, ("twin_placed", "card_replaced", "no_replacement", "replacement_not_due"), "yes_no"
    if what == "replace" and frame.form == "which":
        # "quelle carte je mets à la place ?": the character the engine puts in the eliminated one's place (None: none)
        return (lambda events: next((e["data"]["card"] for e in events if e["kind"] == "card_replaced"), None)), (
            "card_replaced", "no_replacement", "replacement_not_due"), "card"
    replaced = {table.cards[asked_card].kind} if asked_card is not None else _kinds_in(table, asked, fold(frame.text))
    if what == "replace" and len(replaced) == 1 and None not in replaced:
        kind = replaced.pop()  # "does Léa's Queen take my Queen's place?": one name, the replacement's
        return (lambda events: any(e["kind"] == "card_replaced" and e["data"]["card"] == kind for e in events)), (
            "card_replaced", "no_replacement", "replacement_not_due"), "yes_no"
    own_only = all(card.owner == table.cards[actor].owner for card in table.cards)
    if what == "replace" and not replaced and frame.form == "polar" and own_only:
        # "can I replace it (with a card from my discards)?" when only my own cards are on the table: no opposing
        # character is eliminated, so nothing may replace it whatever my discards hold (which the question leaves unsaid)
        return (lambda events: any(e["kind"] == "card_replaced" for e in events)), (
            "card_replaced", "no_replacement", "replacement_not_due"), "yes_no"
    if what == "steal" and frame.form in ("count", "open"):
        verb = re.search(r"\b(?:vol\w*|steal\w*|stole\w*)\b", clause)
        before_verb = clause[: verb.start()] if verb else clause
        after_verb = clause[verb.end():] if verb else ""
        # the asker as the object ("combien de points me vole Léa", "does Léa steal from me") is the one robbed
        robbed = bool(_SELF_OBJECT_BEFORE.search(before_verb) or _SELF_OBJECT_AFTER.search(after_verb))
        named = asked.player if asked.player in seats else None
        if robbed:
            thief = seats[named] if named is not None else None
        else:
            # the thief is who is said before the verb ("je vole à Hugo", "does Léa steal"), never the one robbed after it
            thief = 0 if _SELF_SUBJECT.search(before_verb) else (
                seats[named] if named is not None and fold(named) in before_verb else None)
        return (lambda events: sum(e["data"]["amount"] for e in events if e["kind"] == "influence_stolen"
                                   and thief in (None, e["data"]["thief"]) and (not robbed or e["data"]["player"] == 0))), (
            "influence_stolen", "trap_sprung"), "number"
    if what == "steal":
        return (lambda events: any(e["kind"] == "influence_stolen" for e in events)), ("influence_stolen", "trap_sprung"), "yes_no"
    if what == "skip":
        return (lambda events: not any(e["kind"] in _ABILITY_EVENTS for e in events)), ("card_resolves", *_ABILITY_EVENTS), "yes_no"
    if what == "left" and frame.form in ("count", "open"):
        return _influence_left(frame, seats, clause)
    return None


def _card_eliminated(events: list[dict]) -> str | None:
    """The one card the resolution eliminates (its rulebook name), else None (none, or several)."""
    cards = [e["data"]["card"] for e in events if e["kind"] == "card_eliminated"]
    return cards[0] if len(cards) == 1 else None


def _owner_eliminated(events: list[dict]) -> int | None:
    """Whose card the resolution eliminates: the one owner of the cards eliminated, else None (none, or several)."""
    owners = {e["data"]["owner"] for e in events if e["kind"] == "card_eliminated"}
    return owners.pop() if len(owners) == 1 else None


def _influence_left(frame, seats, clause: str) -> tuple[Callable, tuple[str, ...], str] | None:
    """"Combien il reste de points à Sam ?", "how many points do I have left?": the influence the question says that
    player held, with what the resolution gave and took; no reader when it does not say what they held (or whose)."""
    asked = frame.asked
    whose = seats[asked.player] if asked.player in seats else (0 if _FIRST_PERSON.search(clause) else None)
    held = _stated_influence(fold(frame.text), seats)
    if whose is None or whose not in held:
        return None

    def left(events):
        total = held[whose]
        for event in events:
            data = event["data"]
            if event["kind"] in ("influence_gained", "influence_lost") and data["player"] == whose:
                total += data["amount"] if event["kind"] == "influence_gained" else -data["amount"]
            elif event["kind"] == "influence_stolen":
                total += (data["amount"] if data["thief"] == whose else 0) - (data["amount"] if data["player"] == whose else 0)
        return total
    return left, ("influence_gained", "influence_lost", "influence_stolen"), "number"


_SELF_SUBJECT = re.compile(r"\b(?:je|j['’ ]|i|moi je)\b(?!['’])")
_SELF_OBJECT_BEFORE = re.compile(r"\b(?:me|m['’ ])\s*(?:a\s+|ont\s+|va\s+|vont\s+|peut\s+|peuvent\s+)?$")
_SELF_OBJECT_AFTER = re.compile(r"^\s*(?:\w+\s+){0,3}?(?:from me|a moi|de moi)\b")
"""Who steals in a steal question: the asker as its subject ("je vole", "do I steal") or as its object, robbed ("me
vole", "m'a volé", "steal from me")."""
_EXTRA_POINT = re.compile(r"\b(?:supplementaire|extra|bonus|additional|en plus|de plus)\b")
_ELIMINATION_POINT = re.compile(r"\b(?:point d['’ ]elimination|elimination point|point for (?:the )?elimination"
                                r"|point pour l['’ ]elimination)\b")


_GET_BACK = re.compile(r"\b(?:recuper\w*|get (?:\w+ )?back|gets (?:\w+ )?back|got (?:\w+ )?back|take (?:\w+ )?back"
                       r"|takes (?:\w+ )?back|recover\w*|regain\w*|win (?:\w+ )?back)\b")
_POINTS_ON_IT = re.compile(
    r"\b(?:ces|ses|mes|tes|leurs|nos|vos|those|these|his|her|my|their|your)\s+(?:\d+\s+|deux\s+|trois\s+|quatre\s+|two\s+|three\s+|four\s+)?"
    r"(?:points?|influence)\b|\b(?:points?|influence)\s+(?:qui (?:etai(?:en)?t|sont|etaient)\s+)?(?:dessus|sur (?:elle|lui|la carte|sa carte|ma carte))"
    r"|\b(?:points?|influence)\s+(?:that (?:was|were) |which (?:was|were) )?on (?:it|the card|that card|her card|his card|my card)\b")
"""Getting back the points that lay on a card ("je récupère mes 3 points ?", "Léo récupère combien de ces points ?",
"do I get the points on it back?"): the asked gain is those points only (rules.md, ÉLIMINER UNE CARTE: they are lost
when the card is eliminated face down)."""


def _source_asked(clause: str) -> str | None:
    """The one source of influence the asking clause names: the Reine's extra point, or the elimination point."""
    if _EXTRA_POINT.search(clause):
        return "Reine"  # the rules give one extra point: the Reine's, to the opponent who eliminates her
    if _ELIMINATION_POINT.search(clause):
        return "elimination"
    return None


def _only_gainer(events) -> int | None:
    """The one player who gains influence, stolen included (None when several do or nobody does)."""
    gainers = {e["data"]["player"] for e in events if e["kind"] == "influence_gained" and e["data"]["amount"] > 0}
    gainers |= {e["data"]["thief"] for e in events if e["kind"] == "influence_stolen" and e["data"]["amount"] > 0}
    return gainers.pop() if len(gainers) == 1 else None


def _only_loser(events) -> int | None:
    """The one player who loses influence (None when several do: a single name would not answer)."""
    losers = {e["data"]["player"] for e in events if e["kind"] in ("influence_lost", "influence_stolen") and e["data"]["amount"] > 0}
    return losers.pop() if len(losers) == 1 else None


_ABILITY_EVENTS = ("card_eliminated", "influence_gained", "influence_lost", "card_discarded", "card_corrupted",
                   "machination_activates", "beside_pile")


def _kinds_in(table: Table, asked, text: str) -> set[str | None]:
    """The names of the cards mentioned in the question's own words."""
    start = text.rfind(fold(asked.said.strip())[:20]) if asked.said else -1
    if start < 0:
        return set()
    return {c.kind for c in table.cards if any(m >= start for m in c.mentions)}


_LEAD_IN = r"\s*(?:(?:\w+[\s'’]+){0,3}\w+\s*,\s*)?"
"""A few words and a comma before the asking pronoun ("dans ce cas, il saute ?", "so, is it discarded?")."""


def _asked_card(table: Table, asked, actor: int, text: str) -> int | None:
    clause_start = text.rfind(fold(asked.said.strip())[:20]) if asked.said else -1
    if clause_start >= 0:
        colon = text.rfind(":", clause_start, clause_start + len(asked.said))
        start = colon + 1 if colon >= 0 else clause_start
        end = clause_start + len(asked.said)  # a card told after the asking clause ("It's next to my Felon") is no object
        inside = [i for i, c in enumerate(table.cards) if any(start <= m < end for m in c.mentions) and i != actor]
        if len(inside) == 1:
            return inside[0]
        subject = _subject_of_ask(table, inside, asked, text)
        if subject is not None:
            return subject  # "si mon coupe-jarret élimine le félon d'Hugo, mon félon saute aussi ?": the asking verb's subject
        if not inside and any(m >= start for m in table.cards[actor].mentions):
            return actor  # "Is Bob's Cutthroat discarded?": the acting card itself
        if not inside and re.match(_LEAD_IN + r"(?:il|elle|it|he|she)\b", text[start:]):
            before = [i for i, c in enumerate(table.cards) if c.start < start and i != actor]
            return before[-1] if before else None
        if not inside and re.match(_LEAD_IN + r"(?:does|did|will|would|is|was|can|est[- ]ce qu['’ ]?)\s*(?:il|elle|it|he|she)\b",
                                   text[start:]):
            said = [i for i, c in enumerate(table.cards) if c.start < start]
            return said[0] if len(said) == 1 else None  # "does it get discarded?": only when one card was said
        owned = _THE_ONE_OF.match(text, start)
        if not inside and owned is not None and asked.player is not None:
            theirs = [i for i, c in enumerate(table.cards) if c.owner == asked.player and i != actor and not c.set_aside]
            return theirs[0] if len(theirs) == 1 else None  # "Celle de Max est-elle éliminée ?": Max's one card
        if inside:
            return None
    if asked.card is None:
        return None
    start = asked.card.start
    found = next((i for i, c in enumerate(table.cards) if c.start == start), None)
    if found is None:
        same = [i for i, c in enumerate(table.cards) if c.kind == GLOSSARY_NAMES.get(asked.card.card) and i != actor]
        found = same[-1] if len(same) == 1 else None
    return found




_THE_ONE_OF = re.compile(r"\s*(?:et\s+|and\s+|what about\s+|quid de\s+)?(?:celle|celui|celles|ceux)\s+(?:de|d['’])\s*")
""""Celle de Max", "celui d'Ana": the card of that player's the question has told (one only, or none is asked)."""


def _subject_of_ask(table: Table, inside: list[int], asked, text: str) -> int | None:
    """Of several cards in the asking clause, the one named right before the asking word (one word at most between)."""
    if asked.at is None or len(inside) < 2:
        return None
    before = [(m, i) for i in inside for m in table.cards[i].mentions if m < asked.at]
    if not before:
        return None
    mention, index = max(before)
    end = table.cards[index].ends.get(mention, mention + 1)
    return index if re.fullmatch(r"[\s,]*(?:[\w'’-]+\s+)?", text[end : asked.at]) else None


def _subject(asked, clause: str, seats, actor_seat: int) -> int:
    if asked.player in seats:
        return seats[asked.player]
    if _FIRST_PERSON.search(clause):
        return 0
    return actor_seat


def _asking_part(asked, text: str) -> str:
    """The words that say whose gain or loss is asked, folded: the asking clause's last part before its asking word
    ("Ma Reine se fait éliminer par l'Apothicaire de Théo : il gagne combien ?" asks Théo's gain, not mine: "il"),
    or the whole asking clause when the asking word's place is unknown."""
    if asked.at is None:
        return fold(asked.said)
    part = fold(re.split(r"[:;,.!?]", text[:asked.at])[-1])
    if _TAKING.match(fold(text), asked.at):
        part = _TAKEN_FROM.sub(" ", part)  # "il me prend combien ?": I am who it is taken from, not who gains
    told_to = _OBJECT_AFTER.match(fold(text), asked.at)
    return part + " " + told_to.group(1) if told_to else part  # "how many points does he give me?": mine


_TAKING = re.compile(r"(?:prend|prends|prennent|prendre|vole|voles|volent|voler|pique|piquent|retire|enleve)\b")
_TAKEN_FROM = re.compile(r"(?:\bme\s+|\bm['’]\s*)$")
"""A clitic "me" right before a verb of taking ("il me prend", "elle m'enlève"): the asker is the one taken from."""
_OBJECT_AFTER = re.compile(r"[\w'’-]+\s+(me)\b")
""""gives me", "cost me": an English first person right after the asking verb is whose gain or loss is asked (the one
before it, "il me donne", is in the part already)."""


def _amount_or_check(frame, amount, reads):
    if frame.form in ("count", "open"):
        return amount, reads, "number"
    if frame.form != "polar":
        return None
    if frame.asked.number is None:
        return (lambda events: amount(events) > 0), reads, "yes_no"
    expected = frame.asked.number
    return (lambda events: amount(events) == expected), reads, "yes_no"


def _within(read, kind: str, seat: int, revealing: bool):
    """Read only the acting card's resolution: from its reveal (or its turn) to the next card's."""

    def reader(events):
        started, mine = False, []
        for event in events:
            data = event.get("data") or {}
            if not started:
                started = event["kind"] in ("card_revealed", "card_resolves") and data.get("card") == kind
                if started:
                    mine.append(event)
                continue
            if event["kind"] in ("card_resolves", "card_revealed", "influence_placed", "first_player_passed"):
                break
            mine.append(event)
        return read(mine) if started else None
    return reader


def _facts(table: Table, actor: int, revealing: bool) -> list[dict]:
    facts = []
    for index, card in enumerate(table.cards):
        state = "set aside" if card.set_aside else ("covered" if card.covered else
                                                     "revealed" if card.revealed else "face down" if card.revealed is False else "state unsaid")
        facts.append({"fact": f"{card.kind or 'a card'} of {card.owner}: {state}"
                      + (f", {card.points} influence on it" if card.points else ""), "source": "stated", "said": card.said})
        if card.implied and card.kind is None:
            facts[-1] = {"fact": f"a face-down card of {card.owner} beside the card eliminated: the Apothicaire's target "
                                 "sits beside another card of its family, so the stated elimination says it is there",
                         "source": "default"}
        elif card.implied:
            facts[-1] = {"fact": f"{card.kind} of {card.owner}: still set aside face up, as at the set-up (only the "
                                 "Prince's reveal, told now, places it)", "source": "default"}
        elif card.kind is None:
            facts.append({"fact": "the card not named is a card with no effect when eliminated", "source": "default"})
    facts.append({"fact": f"{table.cards[actor].kind} {'is revealed now' if revealing else 'resolves'}", "source": "stated"})
    facts.append({"fact": "no other card beside the cards stated; every player has 5 influence", "source": "default"})
    return facts


def _title(frame) -> str:
    return f"position described by the question ({frame.asked.what})"
