"""Oriflamme rule classes of session 10 (issue 11), read however the position is told.

- the end of the game said with the shared ``end_of_game`` marker ("the game is over") or with Oriflamme's own words
  (its 6th, last turn over), for a final score;
- who steals: the asker as the thief ("je vole", "do I steal") or as the one robbed ("me vole Léa", "steal from me");
- an elimination the question states: the Apothicaire's target sits beside another card of its family (a stand-in
  of that family goes there when the question leaves the side free), and no verdict off a run where the stated
  elimination did not happen;
- English past tenses of eliminating ("took out", "knocked out") and a stated absence ("and nothing else",
  "rien d'autre");
- where a card may be placed on any line told; a card entering the line (the Jumeau, the Usurpation's replacement);
- a tie at the end, told without a number or with a corrupted card (counted for its corrupter, as the text says);
- a covered card when the resolution reaches its pile (not resolved).

The questions are paraphrases written from the rulebook, not the probe's wordings; the refused ones describe a
position the stated facts contradict or leave open.
"""

import pytest

from tests.engine.oriflamme.test_frame_classes import grounder  # noqa: F401 - the module's grounder fixture
from tests.engine.oriflamme.test_frame_classes import test_position_not_fully_told_gets_no_frame_check as refused
from tests.engine.oriflamme.test_frame_classes import test_rule_class_gets_the_rules_verdict_from_a_frame as answered

ANSWERED = [
    # the end of the game: the shared marker, or the 6th turn over
    ("The game has ended. Tom holds 7 influence and has 3 more on his face-down Queen in the line. What is Tom's "
     "final score?", 7),
    ("Après le dernier tour, Ana a 4 points devant elle et 1 point sur sa carte face cachée. Quel est son score "
     "final ?", 4),
    ("End of the 6th round: I have 10 influence points in front of me and 2 on my face-down Ambush. What's my final "
     "score?", 10),
    # who steals: the asker robbed, or the asker stealing
    ("Mon coupe-jarret révélé élimine le guet-apens caché de Tom juste à côté. Combien de points d'influence me vole "
     "Tom ?", 3),
    ("Le coupe-jarret révélé de Tom élimine mon guet-apens caché juste à côté. Combien de points d'influence me vole "
     "Tom ?", 0),
    ("Ana's revealed Cutthroat eliminates my face-down Ambush right beside it. How much influence do I steal from "
     "Ana?", 3),
    ("My revealed Cutthroat eliminates Ana's face-down Ambush right beside it. How much influence does Ana steal "
     "from me?", 3),
    # an Apothicaire's stated elimination: its target sits beside another card of its family
    ("My revealed Apothecary eliminates Tom's revealed Queen. How much influence do I gain?", 2),
    ("L'apothicaire révélé de Tom élimine mon félon révélé. Combien de points d'influence gagne Tom ?", 1),
    ("La reine révélée de Tom est éliminée par l'apothicaire d'Ana. Combien de points gagne Ana ?", 2),
    # English past tenses of eliminating, and "nothing else"
    ("My revealed Cutthroat knocked out Ana's Felon right next to it, no other Felon anywhere. Do I get the point for "
     "the elimination?", False),
    ("Tom's revealed Cutthroat took out my face-down Ambush and nothing else. How many influence points do I steal?", 3),
    ("Mon félon révélé est entre deux cartes de Tom, et rien d'autre à côté. Combien de points perd Tom ?", 2),
    # where a card may be placed, whatever the cards of the line are: either end, never between two cards
    ("The line is my revealed Felon, then Tom's Queen, then Ana's card. Can I slide my card in between my Felon and "
     "Tom's Queen?", False),
    ("La file : la reine de Tom puis mon apothicaire. Je peux poser ma carte au début de la file ?", True),
    # the Usurpation's replacement asked as "à la place de" / "in place of"; a card set aside at the set-up
    ("Mon usurpation révélée touche le félon révélé de Tom, et mon propre félon fait partie des cartes écartées en "
     "début de partie. Mon félon arrive-t-il dans la file à la place du sien ?", True),
    ("My revealed Usurpation is next to Ana's revealed Queen; my own Queen is still in my hand. Does my Queen come "
     "into the line in place of hers?", False),
    # a card entering the line: the Jumeau the Prince brings (still set aside when its place is unsaid), the
    # Usurpation's replacement
    ("Quand Ana révèle son prince ce tour-ci, son jumeau entre-t-il dans la file ?", True),
    ("Tom reveals his Prince this round. Does his Twin come into the queue?", True),
    ("My revealed Usurpation is next to Ana's revealed Queen; my own Queen is still in my hand. Does my Queen enter "
     "the line?", False),
    # a covered card when the resolution reaches its pile: it is not resolved
    ("Ana a posé son félon sur sa reine révélée au tour dernier. Ce tour-ci, sa reine lui rapporte-t-elle 2 points ?",
     False),
    ("My revealed Twin is under my face-down Ambush. Does my Twin still earn me a point this round?", False),
    ("Ma reine révélée est recouverte par mon apothicaire. Combien de points ma reine me rapporte ce tour-ci ?", 0),
    # a card said revealed this round in the passive ("was revealed this round", "a été révélée ce tour-ci")
    ("Tom's Ambush was revealed this round with 2 influence on it. How many influence does Tom gain?", 1),
    ("Ma reine a été révélée ce tour-ci. Combien de points je gagne ?", 2),
    # a player described, not named, as a card's owner said after it
    ("Je peux poser ma carte sur la carte face cachée de mon voisin de gauche ?", False),
    # a tie told without a number
    ("Tom and Ana finish tied. Ana has 2 cards of her family in the queue, Tom has 3. Who wins?", "Tom"),
    # how long a card stayed face down, said without "pendant"/"for": how its points got there
    ("Mon apothicaire révélé élimine la carte face cachée de Tom qui est à côté de ma reine ; c'était un félon, resté "
     "caché deux tours avec 2 points d'influence dessus. Ces 2 points sont-ils perdus ?", True),
]

CORRUPTED_TIES = [
    # the tie-break counts the corrupted card for the corrupter: « Ce personnage est dorénavant de votre famille »
    # settles it, so the printed owner is no reading to vary (oriflamme.corrupted_card_family's default is the text's)
    ("Ana et moi finissons à égalité à 8 points. J'ai corrompu le félon d'Ana avec mon jeton. J'ai 2 cartes de ma "
     "famille dans la file ; Ana en a 3, en comptant ce félon. Qui gagne ?", "toi"),
    ("Tied at 6 between Tom and Ana at the end. Tom bribed Ana's Queen earlier. Tom has 2 cards in the queue; Ana has "
     "3, one of them that Queen. Who wins?", "Tom"),
    # the corrupted card left out of its printer's stated count: it is in the line beside them
    ("Game over, Lina and Sam both have 11 influence. Lina put her Bribery token on Sam's revealed Felon earlier. Not "
     "counting that Felon, Lina has 3 cards of her family in the queue and Sam has 3. Who wins?", "Lina"),
    ("Égalité à 9 entre Paul et Nina à la fin. Nina a corrompu la reine de Paul. Nina a 2 cartes dans la file, Paul "
     "en a 2 sans compter cette reine. Qui gagne ?", "Nina"),
]
"""(question, winner): the same winner with the corrupted card counted for its corrupter; the printed owner would
change it (or tie)."""

REFUSED = [
    # the asker says no other card of the family is in the line: the Apothecary's stated elimination cannot happen
    "The line is Tom's face-down card, then my revealed Apothecary, then Ana's Queen. I have no other card in the "
    "line. My Apothecary eliminates Ana's Queen. How much influence do I gain?",
    # both neighbours of the target are told, neither of the Apothicaire's family
    "Mon apothicaire révélé élimine la reine de Tom, qui est entre la carte cachée d'Ana et le félon d'Ana. "
    "Combien de points je gagne ?",
    # whose stated count holds the corrupted card is unsaid
    "Tied at 6 between Tom and Ana at the end. Tom bribed Ana's Queen earlier. Tom has 3 cards in the queue and Ana "
    "has 2. Who wins?",
    # a final score without the game said over
    "Tom has 7 influence and 3 on his face-down Queen. What is Tom's final score?",
]


@pytest.mark.parametrize(("question", "expected"), ANSWERED, ids=lambda value: str(value)[:50])
def test_rule_class_gets_the_rules_verdict_from_a_frame(grounder, question, expected):
    answered(grounder, question, expected)


@pytest.mark.parametrize("question", REFUSED, ids=lambda value: value[:50])
def test_position_not_as_told_gets_no_frame_check(grounder, question):
    refused(grounder, question)


@pytest.mark.parametrize(("question", "winner"), CORRUPTED_TIES, ids=lambda value: str(value)[:50])
def test_a_corrupted_card_in_a_tie_counts_for_its_corrupter_as_the_text_says(grounder, question, winner):
    grounded = grounder.check(question, "oriflamme")
    assert grounded is not None and grounded.check.method == "frame"
    assert not grounded.check.open and grounded.check.verdict == winner
    assert "Ce personnage est dorénavant de votre famille." in [citation.quote for citation in grounded.citations]
    assert [fact.source for fact in grounded.explanation.provenance if "dorénavant" in fact.fact] == ["rule"]


def _frame(grounder, text: str, language: str):
    from service.grounding.forms import question_form
    from service.grounding.frame import parse_frame

    entities = grounder.entities(text, "oriflamme")
    return parse_frame(text, "oriflamme", language, question_form(text), entities, grounder._lexicons["oriflamme"])


@pytest.mark.parametrize(("text", "language"), [
    ("The game is over. Tom has 7 influence. What is his final score?", "en"),
    ("La partie se termine. Tom a 7 points. Quel est son score final ?", "fr"),
])
def test_game_over_is_the_shared_marker_and_the_final_score_reads_it(grounder, text, language):
    from engine.oriflamme.frame_moments import _LAST_TURN_OVER, final_score
    from language import fold_same_length

    frame = _frame(grounder, text, language)
    assert "end_of_game" in frame.markers
    assert not _LAST_TURN_OVER.search(fold_same_length(text))  # Oriflamme's own words are only its last turn's
    assert final_score(frame) is not None


def test_the_apothecary_stand_in_is_listed_as_a_default(grounder):
    grounded = grounder.check("Mon apothicaire révélé élimine la reine révélée de Tom. Combien de points je gagne ?",
                              "oriflamme", "fr")
    assert grounded.check.method == "frame" and grounded.verdict == 2
    defaults = [p for p in grounded.explanation.provenance if p.source == "default"]
    assert any("Apothicaire" in p.fact and "beside" in p.fact for p in defaults)


def test_no_verdict_when_the_told_elimination_does_not_happen():
    from engine.oriflamme.frames import _told

    read = _told(lambda events: len(events), owner_seat=1)
    assert read([{"kind": "card_resolves", "data": {}}]) is None
    assert read([{"kind": "card_eliminated", "data": {"owner": 1}}]) == 1
    assert read([{"kind": "card_eliminated", "data": {"owner": 2}}]) is None
