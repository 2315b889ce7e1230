"""Oriflamme rule classes read however the position is told (session 9, issue 11).

Each reader here is one way of stating a position, not one question: a line
listed after a colon, a card eliminated told in the passive, a stack named again
("cette pile", "that pile"), the card the Usurpation puts in the eliminated one's
place, a placement on a card named earlier in the question, a card placed "on top of it", the asker's
Corruption token placed. The questions are
written from the rulebook in wordings other than the fresh probe's; the
negative cases are positions the question does not describe fully, which get no
frame check.
"""

import pytest

from engine.oriflamme.reading import read_table

from tests.engine.oriflamme.test_frames import _Frame

_YES_NO = {"oui": True, "yes": True, "non": False, "no": False}

ANSWERED = [
    # a line listed after a colon: each card beside the next
    ("The queue at the moment: Tom's revealed Queen, my Felon, Ana's face-down card. My Felon resolves: how many "
     "influence points does Tom lose?", 1),
    ("La file en ce moment : mon félon révélé, la reine d'Hugo et la reine de Léa. Combien de points perd Léa quand "
     "mon félon se résout ?", 0),
    ("La file : la carte cachée de Zoé, mon félon révélé, la reine révélée de Zoé. Combien de points perd Zoé quand "
     "mon félon se résout ?", 2),
    # eliminated, told in the passive
    ("My face-down Ambush gets eliminated by Hugo's revealed Cutthroat. How many influence points do I steal?", 3),
    ("Mon guet-apens caché, avec 1 point dessus, a été éliminé par l'usurpation de Léa. Combien de points je vole "
     "à Léa ?", 3),
    # a stack named again
    ("Hugo a mis une carte sur sa reine : ça fait une pile. Mon intrigante révélée touche cette pile. Je gagne combien "
     "de points quand elle se résout ?", 0),
    ("Tom's Prince is covered by another of his cards. My revealed Cutthroat is right next to that stack. Can I "
     "eliminate the covered Prince?", False),
    # which card the Usurpation puts in the eliminated one's place
    ("My revealed Usurpation is next to Hugo's revealed Queen. My own Queen was eliminated earlier. Which card do I "
     "put in its place?", "Queen"),
    # placing on a card named before the asking clause
    ("The line is Tom's Apothecary, then my revealed Felon, then Ana's face-down card. It's my turn to place: may I "
     "put my card on top of my Felon?", True),
    ("The line is Tom's Apothecary, then my revealed Felon, then Ana's face-down card. It's my turn to place: may I "
     "put my card on top of Tom's Apothecary?", False),
    # a card placed "on top of it" / "dessus": the card named before it is covered
    ("Le jumeau de Tom est dans la file et Tom a posé son félon dessus. Mon coupe-jarret révélé élimine le prince "
     "révélé de Tom juste à côté. Tom doit-il défausser son jumeau ?", False),
    ("Ana's Prince sits in the line and she placed her Felon on top of it. My revealed Cutthroat eliminates Ana's "
     "revealed Twin right next to it. Does Ana have to discard her Prince?", False),
    # the asker's Corruption token: only a revealed character takes it
    ("Puis-je mettre mon jeton corruption sur la carte cachée de Hugo ?", False),
    ("Can I put my Bribery token on Hugo's revealed Queen?", True),
    ("can i put my bribery token on tom's face down card? it's the one next to my Felon", False),
    # a card revealed now, told with its owner as the subject
    ("Ana flips her Twin this round. How much influence does the Twin give her?", 1),
    ("Tom révèle sa reine ce tour-ci. Combien de points d'influence gagne-t-il ?", 2),
    # a tie told with "chacun" / "each"
    ("Tom et moi finissons à 10 points chacun ; Tom a 2 cartes de sa famille dans la file, moi 4. Qui gagne ?", "toi"),
    # a final score: the game is over, points left on cards do not count
    ("The game is over. Ana has 6 influence in front of her and 2 on her face-down Felon. What's Ana's final score?", 6),
    ("La partie est finie. J'ai 9 points d'influence et 3 points sur ma carte face cachée. Quel est mon score final ?", 9),
]

REFUSED = [
    # no list after the head: where the cards sit is unsaid
    "The line has Tom's revealed Queen and my Felon somewhere. My Felon resolves: how many points does Tom lose?",
    # the replacement's availability is unsaid
    "My revealed Usurpation is next to Hugo's revealed Queen. Which card takes the Queen's place?",
    # whose token is unsaid
    "Can the Bribery token go on Hugo's face-down card?",
    # a final score without the game said over: the points may still move
    "Hugo has 8 influence points. What's his final score?",
    # "his" with two players' influence stated: whose score is unsaid
    "The game is over. Hugo has 8 influence and Léa 6. What is his final score?",
]


@pytest.fixture(scope="module")
def grounder():
    from service.core.config import PROJECT_ROOT
    from service.grounding import Grounder

    grounder = Grounder(PROJECT_ROOT / "corpus")
    grounder.warm_up()
    return grounder


@pytest.mark.parametrize(("question", "expected"), ANSWERED, ids=lambda value: str(value)[:50])
def test_rule_class_gets_the_rules_verdict_from_a_frame(grounder, question, expected):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is not None and grounded.check.method == "frame", question
    assert not grounded.check.open
    said = grounded.verdict
    if isinstance(expected, bool):
        said = _YES_NO[str(said).lower()]
    assert said == expected


@pytest.mark.parametrize("question", REFUSED, ids=lambda value: value[:50])
def test_position_not_fully_told_gets_no_frame_check(grounder, question):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is None or grounded.check.method != "frame"


def test_listed_line_puts_each_card_beside_the_next():
    table = read_table(_Frame("La file : la reine de Léa, mon félon, la carte cachée d'Hugo. Combien je perds ?",
                              ("Léa", "Hugo")))
    assert [(c.kind, c.owner) for c in table.cards] == [("Reine", "Léa"), ("Félon", "self"), (None, "Hugo")]
    assert set(table.adjacent) == {(0, 1), (1, 2)}


def test_list_with_a_place_word_in_a_gap_is_no_line():
    table = read_table(_Frame("La file : la reine de Léa, et plus loin mon félon. Combien je perds ?", ("Léa",)))
    assert table.adjacent == []


def test_stack_named_again_is_the_covered_card():
    table = read_table(_Frame("Marc's Queen is covered by another of his cards. My Cutthroat is right next to that pile.",
                              ("Marc",)))
    assert [(c.kind, c.owner, c.covered) for c in table.cards] == [
        ("Reine", "Marc", True), (None, "Marc", False), ("Coupe-jarret", "self", False)]
    assert table.adjacent == [(0, 2)]


def test_an_unnamed_card_eliminated_between_two_cards_is_aimed_at_in_every_reading(grounder):
    """The Cutthroat has two neighbours, so its owner chooses: the choice names the card the variant's position
    gives the unnamed one (a stand-in, a Queen...), else no line of play eliminates it and a 0 is read off nothing."""
    grounded = grounder.check("The line is Ana's revealed Queen, then my revealed Cutthroat, then Tom's face-down "
                              "card. My Cutthroat eliminates Tom's card. How many points do I gain?", "oriflamme", "en")
    assert grounded.check.method == "frame" and grounded.check.open
    readings = {(r.about, r.option): r.verdict for r in grounded.check.readings}
    assert readings[("Tom's face-down card", "a Queen")] == 4  # both Queens go: 2 elimination points, 2 extra points


def test_a_line_of_play_stopped_at_a_choice_gives_no_verdict():
    from engine.oriflamme.frames import _settled

    read = _settled(lambda events: len(events))
    assert read([{"kind": "card_resolves", "data": {}}, {"kind": "choice_required", "data": {}}]) is None
    assert read([{"kind": "card_resolves", "data": {}}]) == 1
