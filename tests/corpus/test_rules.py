"""Clean rulebooks: front matter, heading structure, verbatim text, no junk.

The verbatim guarantee is what makes citations checkable: every line of a
rules.md body, once its Markdown markers are stripped, is text of the seed,
in the seed's order. Structure (headings, list markers, blank lines) is the
only thing added.
"""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

from scripts.eval_parts import load_part

from tests.corpus._corpus_files import (
    GAME_IDS,
    dev_questions,
    normalise,
    read_rules,
    seed_text,
    split_front_matter,
)

EXPECTED_GAMES = {
    # id: (title, players as the text states them, or None where it is silent)
    "emblemes": ("Emblèmes", {"min": 3, "max": 5}),
    "oriflamme": ("Oriflamme Embrasement", None),
    "for-a-crown": ("For a Crown", None),
    "emprise": ("EMPRISE", {"min": 2, "max": 2}),
    "splendor": ("Splendor", {"min": 2, "max": 4}),
}

# Shop blocks, cross-promotion, author blurbs, UI text and ratings: never rules.
FORBIDDEN = [
    "€", "★", "Meilleur Jeu", "Top Jeu", "Notre reco", "Skyjo", "Flip 7", "Voir",
    "Rédigé par", "Testeuse passionnée", "En savoir plus", "Notre évaluation",
    "Lorcana", "Cat in the Box", "Traîtres à bord", "Everdell", "Celestia", "Colt Express",
    "Pose ta question", "Touche une partie", "Blob", "Fiches à imprimer",
    "Faites glisser", "Découvrir les dix Ordres", "Jouer gratuitement", "Apprendre en 2 minutes",
    "Comment jouer à", "Votre premier duel vous attend", "→", "↓",
]

LIST_MARKER = re.compile(r"^(?:#{1,6} |- )")


def _headings(body: str) -> list[tuple[int, str]]:
    """(level, text) of every heading, as markdown-it parses the body."""
    tokens = MarkdownIt().parse(body)
    return [
        (int(token.tag[1]), tokens[index + 1].content)
        for index, token in enumerate(tokens)
        if token.type == "heading_open"
    ]


def test_the_five_games_are_present():
    assert GAME_IDS == sorted(EXPECTED_GAMES)


@pytest.mark.parametrize("game", GAME_IDS)
def test_front_matter_is_valid(game):
    front_matter, body = split_front_matter(read_rules(game))
    assert set(front_matter) == {"id", "title", "language", "players", "source"}
    assert front_matter["id"] == game
    assert front_matter["language"] == "fr"
    assert front_matter["source"].startswith("shared/seeds/")
    title, players = EXPECTED_GAMES[game]
    assert front_matter["title"] == title
    assert front_matter["players"] == players
    if players is not None:
        assert 1 <= players["min"] <= players["max"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_one_title_heading_then_sections_and_subsections(game):
    front_matter, body = split_front_matter(read_rules(game))
    headings = _headings(body)
    assert headings[0] == (1, front_matter["title"])
    assert [level for level, _ in headings].count(1) == 1
    assert {level for level, _ in headings[1:]} <= {2, 3}
    assert headings[1][0] == 2, "the first heading after the title must be a section"


@pytest.mark.parametrize("game", GAME_IDS)
def test_heading_titles_are_unique(game):
    _, body = split_front_matter(read_rules(game))
    titles = [text for _, text in _headings(body)]
    duplicates = {title for title in titles if titles.count(title) > 1}
    assert not duplicates


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_inline_markup_is_added_or_interpreted(game):
    _, body = split_front_matter(read_rules(game))
    inline_types = {
        child.type
        for token in MarkdownIt().parse(body)
        if token.type == "inline"
        for child in token.children or []
    }
    assert inline_types <= {"text", "softbreak"}


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_body_line_is_seed_text_in_seed_order(game):
    """Each non-heading-title line, markers stripped, is found in the seed after the previous one."""
    front_matter, body = split_front_matter(read_rules(game))
    seed = normalise(seed_text(game))
    position = 0
    for line in body.splitlines():
        if not line.strip() or line == f"# {front_matter['title']}":
            continue
        text = normalise(LIST_MARKER.sub("", line))
        found = seed.find(text, position)
        assert found >= 0, f"{game}: not verbatim or out of seed order: {text!r}"
        position = found + len(text)


@pytest.mark.parametrize("game", GAME_IDS)
def test_removed_junk_is_absent(game):
    text = read_rules(game)
    present = [junk for junk in FORBIDDEN if junk in text]
    assert not present


@pytest.mark.parametrize("game", GAME_IDS)
def test_other_games_are_not_promoted(game):
    text = read_rules(game)
    others = [title for other, (title, _) in EXPECTED_GAMES.items() if other != game]
    assert [title for title in others if title in text] == []


@pytest.mark.parametrize(
    "question",
    [question for question in dev_questions() + load_part("probes") if question["gold_quotes"]],
    ids=lambda question: question["id"],
)
def test_gold_quotes_are_in_the_rulebook(question):
    """The dev questions' and the blind probes' (scripts/probes/blind) gold quotes are rulebook text."""
    text = normalise(read_rules(question["game"]))
    for quote in question["gold_quotes"]:
        assert normalise(quote) in text, quote
