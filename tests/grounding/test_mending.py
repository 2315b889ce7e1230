"""The grounder reads a question with its lower-case names capitalised and its slips mended (grounding/mending.py)."""

from __future__ import annotations

import pytest

from service.grounding.mending import QuestionMender
from tests.grounding.conftest import CORPUS

# Each pair: a question as written with care, and the same typed fast; the engine's verdict must not change.
SAME_QUESTION = [
    ("for-a-crown",
     "Galerie, de droite à gauche : Anna, Ben, Chloé, Dan. Un Coup de pouce magique est révélé. Qui lance le dé ?",
     "galerie, de droite à gauche : anna, ben, chloé, dan. un coup de pouce magique est révélé. qui lance le dé ?"),
    ("for-a-crown",
     "C'est Ben qui retourne les cartes. Il retourne un Mercenaire Rubis glissé dans un protège-carte au blason "
     "de Chloé. Qui gagne le Rubis ?",
     "C'est Ben qui retourne les cartes. Il retourne un Mercneaire Rubis glissé dans un protège-carte au blason "
     "de Chloé. Qui gagne le Rubis ?"),
    ("emblemes",
     "Ma propre Voleuse est déjà au Château. Je révèle mon Roi et je le pose au Château : il est défaussé alors "
     "que la Voleuse est à moi ?",
     "Ma propre Voleuse est déjà au Château. Je révèle mon Roi et je le pose au Château : il est défuassé alors "
     "que la Voleuse est à moi ?"),
    ("splendor",
     "We play with two players, it is the first turn and nobody took rubies yet. I can take 2 rubies?",
     "We play with two plyaers, it is the first turn and nobody took rubies yet. I can take 2 rubies?"),
]


@pytest.mark.parametrize(("game", "careful", "fast"), SAME_QUESTION)
def test_a_question_typed_fast_gets_the_same_verdict(grounder, game: str, careful: str, fast: str) -> None:
    clean = grounder.check(careful, game)
    assert clean is not None
    typed = grounder.check(fast, game)
    assert typed is not None, f"not reached: {fast}"
    assert (typed.raw, typed.verdict) == (clean.raw, clean.verdict)


def test_the_frame_reads_the_mended_question(grounder) -> None:
    frame = grounder.frame("un cambriolage : ben a 3 ratons voleurs, anna 3 aussi. qui perd ?", "for-a-crown")
    assert frame.text.startswith("un cambriolage : Ben a 3")
    assert {"Anna", "Ben"} <= set(frame.players)


def test_an_unknown_game_is_left_as_typed() -> None:
    mender = QuestionMender.from_corpus(CORPUS)
    assert mender.mend("anna a disacrded", "no-such-game") == "anna a disacrded"
    assert mender.mend("Which card gets disacrded?", "emblemes") == "Which card gets discarded?"


def test_a_common_word_is_no_slip_of_a_card_name(grounder) -> None:
    theft = [e for e in grounder.entities("my card lands on a 'Theft' place", "emblemes") if e.kind == "card"]
    assert theft == []  # "theft" is an English word, not "Thief" mistyped
    bought = [e.value for e in grounder.entities("J'achète la carte", "splendor") if e.kind == "action"]
    assert bought == ["acheter"]  # an inflection of the glossary's word still is it


def test_a_quoted_word_and_a_term_are_no_players(grounder) -> None:
    frame = grounder.frame("5-player game: my card lands on a 'Theft' place. How much do I win in total?", "emblemes")
    assert frame.players == ()
    assert grounder.frame("Bob's Princess is in the Castle. Who wins?", "emblemes").players == ("Bob",)


@pytest.mark.parametrize("question", [
    "Je révèle mon Roi et je le pose au Château, où ma propre Voleuse est déjà : il est défaussé alors que la "
    "Voleuse est à moi ?",
    "Si je pose mon Chasseur au Château, alors qu'il y a mon Roi et le Garde de Paul au Château, c'est mon propre "
    "Roi qui saute ?",
])
def test_a_card_named_again_in_its_clause_with_the_is_the_same_card(grounder, question: str) -> None:
    frame = grounder.frame(question, "emblemes")
    named = [card.card for card in frame.cards]
    assert len(named) == len(set(named))
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.raw is True


def test_two_cards_said_with_un_stay_two(grounder) -> None:
    frame = grounder.frame("Au Port il y a un Barde et un Barde. Je pose mon Roi au Port : combien de cartes ?",
                           "emblemes")
    assert [card.card for card in frame.cards].count("barde") == 2


@pytest.mark.parametrize(("question", "coins"), [
    ("my courtesan is worth 9 and she lands on a half value place, how many coins is that??", 5),
    ("5-player game: my card lands on a 'Theft' place and everybody has lots of coins. How much do I win in total?",
     4),
])
def test_a_stated_reward_asked_in_english(grounder, question: str, coins: int) -> None:
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.verdict == coins


@pytest.mark.parametrize(("question", "winner"), [
    ("Ana bought 8 development cards and has 2 nobles; Bob bought 9 cards and has no noble. They both end on 15. "
     "Who wins?", "Ana"),  # "Ana", first word of the question and said once, is a common first name
    ("Tom a acheté 10 cartes et en a 3 réservées, Sara a acheté 12 cartes, et ils finissent tous les deux à 16. "
     "Qui gagne ?", "Tom"),  # "à 16" is the score, not 16 more cards
])
def test_who_wins_when_the_totals_come_last(grounder, question: str, winner: str) -> None:
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.verdict == winner


def test_a_sleeve_with_a_familys_coat_of_arms_is_its_card(grounder) -> None:
    grounded = grounder.check("Ben is the one flipping the cards of the common pile this round. He flips a Ruby "
                              "Mercenary slipped into a sleeve with Chloé's coat of arms. Who gains the Ruby?",
                              "for-a-crown")
    assert grounded is not None and grounded.verdict == "Chloé"


def test_players_counts_listed_after_a_name_ending_in_s_are_no_chatter(grounder) -> None:
    # "2, Yanis 1": the word after a number is a player's name (capitalised, after a comma), not a plural noun
    # counted by chatter, so the sentence with the counts is read (it used to be blanked: a wrong "nobody")
    question = ("Round 3, four of us. Inès had 4 raccoons in front of her (the most); Margot has 2, Yanis 1, Rémi "
                "none. Inès gets knocked out mid-Reveal, and later in that same Reveal a Burglary is flipped. "
                "Who loses rubies?")
    grounded = grounder.check(question, "for-a-crown")
    assert grounded is not None and grounded.verdict == "Margot"


def test_no_lexicon_value_names_a_player():
    """The mender reads a lexicon's values as game words (its comments are notes: language.spelling.vocabulary_of),
    so a first name among a lexicon's words would stop that name being read as a player in a lower-case question."""
    from language.names import is_first_name
    from language.spelling import vocabulary_of

    for path in sorted(CORPUS.glob("*/lexicon.yaml")):
        glossary = " ".join(vocabulary_of([path.parent / "glossary.yaml"])).lower()
        names = {word for word in vocabulary_of([path]) if is_first_name(word) and word.lower() not in glossary}
        assert not names, (path, names)


def test_a_first_name_in_a_lexicon_comment_is_still_read_as_a_player(tmp_path) -> None:
    game = tmp_path / "jeu"
    game.mkdir()
    (game / "rules.md").write_text("# Règles\n\nChaque joueur prend 2 jetons.\n", encoding="utf-8")
    (game / "lexicon.yaml").write_text("# « Léa prend 2 rouges »\nactions:\n  take:\n    fr: [prend]\n",
                                       encoding="utf-8")
    assert QuestionMender.from_corpus(tmp_path).mend("léa prend 2 jetons ?", "jeu").startswith("Léa prend")
    (game / "lexicon.yaml").write_text("actions:\n  take:\n    fr: [prend, léa]\n", encoding="utf-8")
    assert QuestionMender.from_corpus(tmp_path).mend("léa prend 2 jetons ?", "jeu").startswith("léa prend"), \
        "a value's word is the game's, never a player"
