"""Oriflamme rule classes of session 11 (issue 11), read however the position is told.

- a card's neighbours told as its sides (the lexicon's ``side``, ``other_side`` and ``flanked`` terms): "à sa
  gauche … à sa droite", "on one side … on the other side" across sentences, "X on its left and Y on its right",
  "entouré par", "flanked by";
- beside said between commas after a card ("Le coupe-jarret de Léa, juste à côté, l'élimine"), the turn it is now
  ("on est au tour 3": the table holds what happened, not its date), a stack said first and told after a colon, a
  move told and then only asked whether it is allowed ("C'est permis ?", the lexicon's ``asking`` words);
- a corruption told by its verb (the lexicon's ``bribed`` term): "Ana's Queen, which I bribed", "Nina a corrompu la
  reine de Paul", "bribed by Tom": the card counts for the corrupter (« Ce personnage est dorénavant de votre
  famille »), so the Félon's loss goes to the corrupter.

The questions are paraphrases written from the rulebook, not the probe's wordings; the refused ones leave a side or a
corrupter unsaid.
"""

import pytest

from service.grounding.frame import reading_order

from tests.engine.oriflamme.test_frame_classes import grounder  # noqa: F401 - the module's grounder fixture
from tests.engine.oriflamme.test_frame_classes import test_position_not_fully_told_gets_no_frame_check as refused
from tests.engine.oriflamme.test_frame_classes import test_rule_class_gets_the_rules_verdict_from_a_frame as answered

ANSWERED = [
    # the sides said before the cards, in one sentence or across two
    ("Mon félon révélé a, à sa gauche, la reine de Tom et, à sa droite, mon prince. Combien de points perd Tom ?", 1),
    ("Le félon de Léa est révélé, avec à sa gauche ma reine et à sa droite mon prince. Combien je perds quand il se "
     "résout ?", 2),
    ("My Felon is revealed. On one side there is Ana's face-down card; on the other side is Tom's Queen. How many "
     "points does Tom lose when my Felon resolves?", 1),
    ("Mon coupe-jarret est révélé. D'un côté il y a la reine révélée de Tom ; de l'autre côté la carte cachée de "
     "Tom. Il peut éliminer la reine de Tom ?", True),
    # the sides said after the cards
    ("My revealed Felon sits with Tom's Queen on its left and my Prince on its right. How many points do I lose?", 1),
    ("Mon intrigante révélée a la reine de Zoé à sa gauche et le félon de Zoé à sa droite. Combien de points elle me "
     "rapporte ?", 2),
    ("Mon félon révélé : la reine de Tom à sa gauche, mon prince à sa droite. Combien de points perd Tom ?", 1),
    # flanked by two cards
    ("Le félon de Tom est révélé, entouré par ma reine et mon prince. Combien de points je perds ?", 2),
    ("Ana's revealed Felon is flanked by her own Queen and my Twin. How many influence points does Ana lose?", 1),
    # a corruption told by its verb: the corrupted card counts for its corrupter
    ("My Felon is revealed. On one side is Tom's Queen, which I bribed last round; on the other side is Tom's "
     "Prince. When my Felon resolves, how many points do I lose?", 1),
    ("Nina a corrompu la reine de Paul. Le félon révélé de Nina est juste à côté de cette reine. Combien de points "
     "perd Nina ?", 1),
    ("Nina a corrompu la reine de Paul. Le félon révélé de Nina est juste à côté de cette reine. Combien de points "
     "perd Paul ?", 0),
    # beside said between commas after a card, and the turn it is now
    ("On est au tour 4. La reine de Tom est face cachée avec 2 points dessus. Mon coupe-jarret révélé, juste à côté, "
     "l'élimine. Tom récupère ses 2 points ?", False),
    ("We're on round 3. Tom's face-down Queen has 2 influence on it. My revealed Cutthroat, right next to it, "
     "eliminates it. How many points does Tom get back?", 0),
    # a stack said first, then told after a colon
    ("Mon intrigante révélée est à côté d'une pile : Lisa a posé sa reine sur son propre apothicaire. Je gagne les 2 "
     "points ?", False),
    ("My revealed Schemer sits next to a stack: Lisa put her Queen on top of her own Apothecary. Do I gain the 2 "
     "Influence points?", False),
    # a move told, then only asked whether it is allowed
    ("Je veux poser ma carte sur le félon de Jeanne qui est déjà dans la file. C'est permis ?", False),
    ("I want to put my card on top of my own revealed Felon. Is that allowed?", True),
]

REFUSED = [
    # three sides told of one card: no line holds that
    "Mon félon révélé a la reine de Tom à sa gauche, le prince de Tom à sa droite et la reine d'Ana à sa gauche. "
    "Combien de points perd Tom ?",
    # the permission asked with more than a tag: the question's own words ask something else
    "Je veux poser ma carte sur le félon de Jeanne. C'est permis si Jeanne est d'accord avec moi ?",
    # a corruption whose corrupter is unsaid ("the bribed Queen" told nowhere else)
    "My revealed Felon is right next to the bribed Queen of Tom. How many points does Tom lose?",
]


@pytest.mark.parametrize(("question", "expected"), ANSWERED, ids=lambda value: str(value)[:50])
def test_rule_class_gets_the_rules_verdict_from_a_frame(grounder, question, expected):
    answered(grounder, question, expected)


@pytest.mark.parametrize("question", REFUSED, ids=lambda value: value[:50])
def test_position_not_as_told_gets_no_frame_check(grounder, question):
    refused(grounder, question)


def test_a_corruption_told_by_its_verb_cites_the_sentence_that_settles_the_family(grounder):
    grounded = grounder.check("Mon félon révélé est à côté de la reine de Tom, que j'ai corrompue au tour dernier. "
                              "Combien de points je perds ?", "oriflamme")
    assert grounded is not None and grounded.check.method == "frame" and grounded.verdict == 1
    assert "Ce personnage est dorénavant de votre famille." in [citation.quote for citation in grounded.citations]


def test_the_longest_entry_of_an_id_is_read_first_whatever_the_set_order():
    entries = frozenset({"on the other", "on the other side", "other"})
    assert reading_order(entries) == ["on the other side", "on the other", "other"]
