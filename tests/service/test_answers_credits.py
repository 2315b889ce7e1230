"""Credits: the rulebook's label/value lines and prose credits, and the questions that ask them."""

from pathlib import Path

import pytest

from service.answers.credits import asked_credits, credit_for, rulebook_credits, stating_sentence

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


@pytest.mark.parametrize(("question", "roles"), [
    ("Who designed Splendor?", ("author",)),
    ("C'est quel éditeur qui publie Splendor ?", ("publisher",)),
    ("Qui a illustré le jeu ?", ("illustrator",)),
    ("Who wrote the code of EMPRISE?", ("developer",)),
    ("Qui est derrière EMPRISE ?", ("author",)),  # bare "who is behind the game?" asks its author
    ("Who made this game?", ("author",)),
    ("What is the publisher of Splendor?", ("publisher",)),
    ("Splendor c'est de qui et ça date de quand ?", ("author", "release")),  # two credits, in question order
    ("What year did Splendor come out, and who published it?", ("release", "publisher")),
    ("Quand une carte est sortie de la file ?", ()),  # "sortie" of play, not of the game
    ("Qui commence ?", ()),  # a who question about play asks no credit
    ("Who wins a tie?", ()),
    ("Comment on partage le code du tournoi ?", ()),  # a credit word outside a who/which question
])
def test_asked_credits(question: str, roles: tuple[str, ...]) -> None:
    assert asked_credits(question, "EMPRISE" if "EMPRISE" in question else "Splendor") == roles


def test_label_value_lines() -> None:
    text = "## Le jeu\n\n- Durée\n- 30 min\n- Sortie\n- 2014\n- Auteur\n- Marc André\n- Éditeur\n- Space Cowboys\n"
    credits = rulebook_credits(text)
    assert [(c.role, c.name) for c in credits] == [("release", "2014"), ("author", "Marc André"),
                                                  ("publisher", "Space Cowboys")]
    assert text[credits[1].start : credits[1].end] == "Marc André"


def test_labelled_line_and_prose() -> None:
    assert credit_for("illustrator", rulebook_credits("Illustrateur : Vincent Dutrait\n")).name == "Vincent Dutrait"
    prose = "Les règles sont d'Alexandre ; le code est écrit par une intelligence artificielle, Claude."
    credits = rulebook_credits(prose)
    assert credit_for("author", credits).name == "Alexandre"
    assert credit_for("developer", credits).name == "Claude"


def test_no_credit_without_a_name() -> None:
    assert rulebook_credits("Les illustrations sont générées, puis retouchées.") == ()


def test_stating_sentence_is_the_rulebook_sentence() -> None:
    text = (CORPUS / "emprise" / "rules.md").read_text(encoding="utf-8")
    credit = credit_for("author", rulebook_credits(text))
    sentence = stating_sentence(CORPUS, "emprise", credit)
    assert sentence is not None and "Alexandre" in sentence.text and sentence.text.startswith("Les règles")
