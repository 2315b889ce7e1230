"""An order by a quality against a "do I go first?" question: the verdict and the referee's because-clause."""

from __future__ import annotations

from service.answers.candidates import Candidate
from service.answers.orders import Order, order_reading, rulebook_orders
from service.answers.polarity import PolarityPolicy, read_polarity
from service.answers.rulings import opens_as_yes_no, yes_no_ruling
from service.answers.wording import answer_text

_RULEBOOK = ("## Tour de jeu\n\nDans l’ordre d’influence (du plus influent au moins influent), chaque famille recrute.\n\n"
             "- Pot-de-vin : Dans l’ordre d’influence, chaque famille peut payer des Pièces.\n")
_BRIBE = "Pot-de-vin : Dans l’ordre d’influence, chaque famille peut payer des Pièces."
_BRIBE_EN = "Bribe: In influence order, each family may pay Coins."
_INFLUENCE = Order("influe", most_first=True)


def test_a_rulebook_defines_an_order_by_a_quality_and_its_direction() -> None:
    assert rulebook_orders(_RULEBOOK) == (_INFLUENCE,)
    assert rulebook_orders("Du moins âgé au plus âgé, chacun pioche une carte.") == (Order("age", most_first=False),)
    assert rulebook_orders("Chaque joueur pioche au moins une carte.") == ()


def test_the_asker_at_the_far_end_of_the_order_does_not_go_first() -> None:
    question = "A Bribe event gets flipped. I'm the least influential family. Do I get to decide first?"
    reading = order_reading(question, "Do I get to decide first?", "en", _BRIBE, (_INFLUENCE,))
    assert reading is not None and reading.verdict is False
    assert reading.because == "the order runs from most to least influential: the least influential goes last"
    french = order_reading("Je suis la plus influente, je paie en premier ?", "Je suis la plus influente, je paie en premier ?",
                           "fr", _BRIBE, (_INFLUENCE,))
    assert french is not None and french.verdict is True
    assert french.because == "l’ordre va du plus influente au moins influente : la plus influente passe en premier"


def test_no_order_reading_without_the_order_named_or_the_asker_placed() -> None:
    asked = "Do I get to decide first?"
    assert order_reading("I'm the least influential. " + asked, asked, "en", "Each family may pay Coins.",
                         (_INFLUENCE,)) is None, "the rule does not name the order"
    assert order_reading(asked, asked, "en", _BRIBE, (_INFLUENCE,)) is None, "the asker's place is not told"
    both = "Anna is the most influential and I'm the least influential. " + asked
    assert order_reading(both, asked, "en", _BRIBE, (_INFLUENCE,)) is None, \
        "both ends said: which is the asker's takes reading who speaks, left to the engine"
    assert order_reading("I'm the least influential. Do I pay Coins?", "Do I pay Coins?", "en", _BRIBE,
                         (_INFLUENCE,)) is None, "neither first nor last is asked"


def test_an_order_ruling_says_its_because_clause_in_the_askers_language() -> None:
    question = "I'm the least influential family. Do I get to decide first?"
    assert read_polarity(question, "en", _BRIBE, _BRIBE_EN, None, (_INFLUENCE,)).cue == "order"
    quote = Candidate(0, 0, 0, len(_BRIBE), _BRIBE, "Règles", _BRIBE_EN, False, ())
    ruling, index = yes_no_ruling(question, "en", [quote], [None], PolarityPolicy(0.1, 0.8), None, (_INFLUENCE,))
    assert (ruling.kind, index) == ("no", 0)
    assert answer_text("en", ruling, [quote]).startswith(
        "No: the order runs from most to least influential: the least influential goes last. “Bribe:")


def test_a_count_asked_inside_a_yes_no_question_leaves_it_a_yes_no_question() -> None:
    assert opens_as_yes_no("A Bribe is flipped. Do I get to decide first how many raccoons to buy off?")
    assert not opens_as_yes_no("How many raccoons can I buy off?")
    assert not opens_as_yes_no("Est-ce qu'on pioche combien de cartes ?"), "« est-ce que » only marks a question"
