"""How players tell where Oriflamme cards sit and which card is which (engine/oriflamme/reading.py): a card's side of
another named card, a list of cards, "one of my cards", a described card named again, a round number as a heading;
how many they are ("three of us", frame_turns.py); and what a player has left ("combien il reste de points à Sam ?",
the lexicon's ``left``: what the question says they held, with the resolution's gains and losses).

Each sentence is written for this test, in both languages; the grounder cases check the engine's verdict on the
position read, against the rules (rules.md › Le félon: one point per card of one's family adjacent; ÉLIMINER UNE
CARTE: one point per card eliminated).
"""

import pytest

from engine.oriflamme.frame_trace import ignored
from engine.oriflamme.reading import read_table
from tests.engine.oriflamme.test_frames import _Frame, grounder  # noqa: F401 - the module's grounder fixture


def _cards(table):
    return [(c.kind, c.owner, c.revealed) for c in table.cards]


@pytest.mark.parametrize("text", [
    "Le félon révélé de Tom est juste à gauche de ma reine.",
    "Tom's revealed Felon sits right to the left of my Queen.",
    "Tom's revealed Felon is on the left of my Queen.",
])
def test_a_side_of_a_named_card_makes_them_neighbours(text):
    table = read_table(_Frame(text, ("Tom",)))
    assert _cards(table) == [("Félon", "Tom", True), ("Reine", "self", None)]
    assert table.adjacent == [(0, 1)]


def test_a_denied_side_is_no_neighbour():
    table = read_table(_Frame("Le félon révélé de Tom n'est pas à gauche de ma reine.", ("Tom",)))
    assert table.adjacent == []


@pytest.mark.parametrize("text", [
    "Le félon révélé de Léa est juste à droite de la carte cachée de Tom, et la reine de Léa juste à gauche.",
    "Léa's revealed Felon is to the right of Tom's face-down card, and Léa's Queen on the left.",
])
def test_the_other_side_told_after_puts_the_named_card_between(text):
    table = read_table(_Frame(text, ("Léa", "Tom")))
    assert _cards(table) == [("Félon", "Léa", True), (None, "Tom", False), ("Reine", "Léa", None)]
    assert set(table.adjacent) == {(0, 1), (1, 2)}
    assert table.between == [(0, 1, 2)]


def test_the_same_side_twice_places_nothing_more():
    """"… à droite de la carte de Tom et la reine juste à droite": of which card is unsaid; the Reine is not placed."""
    table = read_table(_Frame("Le félon révélé de Léa est juste à droite de la carte cachée de Tom, et la reine de Léa "
                              "juste à droite.", ("Léa", "Tom")))
    assert table.adjacent == [(0, 1)] and table.between == []


@pytest.mark.parametrize("text, players", [
    ("Mon félon révélé est entre une de mes cartes et la reine de Tom.", ("Tom",)),
    ("My revealed Felon is between another of my cards and Tom's Queen.", ("Tom",)),
])
def test_one_of_my_cards_is_a_card_on_the_table(text, players):
    table = read_table(_Frame(text, players))
    assert _cards(table) == [("Félon", "self", True), (None, "self", None), ("Reine", "Tom", None)]
    assert set(table.adjacent) == {(0, 1), (0, 2)}


def test_state_words_of_a_listed_card_stay_with_it():
    """"carte cachée d'Inès, apothicaire révélé de Marc": the Apothicaire is revealed, not face down."""
    table = read_table(_Frame("La file dans l'ordre : carte cachée d'Inès, apothicaire révélé de Marc, reine révélée de "
                              "Marc.", ("Inès", "Marc")))
    assert _cards(table) == [(None, "Inès", False), ("Apothicaire", "Marc", True), ("Reine", "Marc", True)]


def test_a_described_card_named_again_is_the_same_card():
    """"Ma carte est face cachée … élimine ma carte (c'était mon félon)": one card, my face-down Félon."""
    table = read_table(_Frame("Ma carte est face cachée avec 2 points d'influence dessus. Le coupe-jarret révélé de "
                              "Zoé est juste à droite de ma carte. Il élimine ma carte (c'était mon félon).", ("Zoé",)))
    assert [(c.kind, c.owner, c.revealed, c.points) for c in table.cards] == [
        ("Félon", "self", False, 2), ("Coupe-jarret", "Zoé", True, None)]
    assert table.adjacent == [(0, 1)]


@pytest.mark.parametrize("text", ["tour 4. mon felon revele est a cote de ma reine. combien je perds ?",
                                  "round 4: my revealed felon is next to my queen. how many do i lose?"])
def test_a_round_heading_is_no_ignored_fact(text):
    """The round the table is at, said as a heading, is no fact a single resolution rests on (as "on est au tour 4")."""
    assert not [item for item in ignored(text, used=[]) if item.kind in ("condition", "number")]


def test_a_round_inside_a_sentence_is_still_a_fact():
    said = [(item.kind, item.said) for item in ignored("mon felon sera revele au tour 4. combien je perds ?", used=[])]
    assert ("condition", "au tour 4") in said


@pytest.mark.parametrize("question, language, verdict", [
    # rules.md › Le félon: one point per card of one's family adjacent
    ("Tom's revealed Felon sits right to the left of my Queen. How many influence points do I lose when it resolves?",
     "en", 1),
    ("Mon félon révélé est entre une de mes cartes et la reine de Tom. Combien de points je perds ?", "fr", 1),
    ("Léa's revealed Felon is to the right of Tom's face-down card, and Léa's Queen on the left. How many points does "
     "Tom lose?", "en", 1),
    ("Le félon révélé de Léa est juste à droite de la carte cachée de Tom, et la reine de Léa juste à gauche. Combien "
     "de points perd Léa ?", "fr", 0),
    # Le coupe-jarret: one card eliminated, no elimination point
    ("Tour 4. Ma carte est face cachée avec 2 points dessus. Le coupe-jarret révélé de Zoé est juste à droite de ma "
     "carte et ma reine juste à gauche. Il élimine ma carte (c'était mon félon). Combien de points Zoé gagne ?", "fr", 0),
    # NOUVEAU TOUR DE JEU: the tile goes to the player on the left each round; "three of us" is the count
    ("Three of us: Zoe sits on Max's left and Lou on Zoe's left. Max had the first player tile in round 2. Who has it "
     "in round 4?", "en", "Lou"),
    ("Four of us at the table: Ben sits on Ana's left, Cleo on Ben's left and Dev on Cleo's left. Ana had the first "
     "player tile in round 2. Who has the first player tile in round 3?", "en", "Ben"),
    # the influence left: what the question says was held, with the resolution (Guet-apens eliminated by an opposing
    # card: steal 3)
    ("Le félon révélé de Tom est juste à gauche de ma reine. J'ai 4 points. Combien de points il me reste quand le "
     "félon se résout ?", "fr", 3),
    ("Tom's revealed Felon sits right next to my Queen. I have 3 influence. How many influence points do I have left "
     "once it resolves?", "en", 2),
    ("Ma carte face cachée, avec 1 pt dessus, est collée au coupe-jarret révélé de Léo. Léo avait 5 points devant lui. "
     "Son coupe-jarret élimine ma carte (c'était mon guet-apens). Combien il reste de points à Léo ?", "fr", 2),
])
def test_positions_told_in_players_words_get_the_rules_verdict(grounder, question, language, verdict):
    grounded = grounder.check(question, "oriflamme", language)
    assert grounded is not None and grounded.check.method == "frame" and not grounded.check.open
    assert grounded.verdict == verdict


def test_the_influence_left_needs_what_was_held(grounder):
    grounded = grounder.check("Tom's revealed Felon sits right next to my Queen. How many influence points do I have "
                              "left once it resolves?", "oriflamme", "en")
    assert grounded is None or grounded.check.method != "frame"


@pytest.mark.parametrize("text, owner", [
    ("When her Traitor resolves beside Sarah's Queen, how many points does Sarah lose?", "Sarah"),
    ("Quand son Turncoat joue à côté de la reine de Sarah, combien perd Sarah ?", "Sarah"),
])
def test_a_card_said_by_an_alias_is_no_player(text, owner):
    """A capitalised word the glossary reads as a card ("Traitor", an alias of the Félon) before a verb is not a
    player's name: "her Traitor resolves" names no player Traitor, whose cards "her" would then point to."""
    table = read_table(_Frame(text, (owner,)))
    assert "Traitor" not in table.names and "Turncoat" not in table.names
    assert {card.owner for card in table.cards} <= {owner, "other", None}
