"""The generated engine reference (``engine/core/reference.py``), its command and its page; over every engine."""

from __future__ import annotations

from contextlib import nullcontext
from functools import cache

import pytest

from engine.core.reference import build_reference
from engine.core.registry import registered
from engine.core.reference_markdown import render_markdown
from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from engine.core.simulate import play_random_game
from service.cli import main
from tests.engine.engines import ENGINES, REGISTERED, player_counts, scenario_dir


def engine_of(game: str):
    """Inside the block, scenarios find ``game`` (the toy game is registered only in tests)."""
    return nullcontext() if game in REGISTERED else registered(ENGINES[game])


@cache
def reference(game: str):
    with engine_of(game):
        built = build_reference(ENGINES[game], games_per_count=5, seed=0, scenario_dir=scenario_dir(game))
    assert not built.scenario_errors and built.scenario_files == len(scenario_files(scenario_dir(game)))
    return built


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_reference_lists_every_event_kind_the_engine_emits_in_simulation(game):
    """Other seeds than the reference's own: kinds it did not see must come from reading the code."""
    listed = reference(game).event_kinds() | {"rejected"}
    emitted = set()
    for players in player_counts(game):
        engine = ENGINES[game](players)
        for seed in range(1000, 1012):
            emitted |= set(play_random_game(engine, seed, check=False).event_kinds)
    assert emitted - listed == set(), f"{game}: event kinds missing from the reference"
    text = render_markdown(reference(game))
    assert all(f"`{kind}`" in text for kind in emitted - {"rejected"})


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_reference_lists_every_rejection_code_the_scenarios_reach(game):
    reached = set()
    with engine_of(game):
        for path in scenario_files(scenario_dir(game)):
            for event in run_scenario(load_scenario_file(path), time_budget_s=30.0).events:
                if event.is_rejection:
                    reached.add(event.data["reason"])
    codes = {rejection.code for rejection in reference(game).rejections}
    assert reached <= codes


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_reference_describes_the_engine(game):
    ref = reference(game)
    game_class = ENGINES[game]
    assert ref.descriptor["id"] == game and ref.players == tuple(player_counts(game))
    assert {a.id for a in ref.assumptions} == {a.id for a in game_class.assumptions}
    assert ref.actions and ref.position and ref.events
    assert all(event.sections for event in ref.events if event.simulated), "an event seen in play cites no rule"
    for table in ref.tables:
        assert table.rows and all(len(row) == len(table.columns) for row in table.rows), table.title
    text = render_markdown(ref)
    for heading in ("## Descriptor", "## Actions", "## Position", "## Event kinds", "## Rejection codes",
                    "## Named assumptions"):
        assert heading in text
    for assumption in game_class.assumptions:
        assert f"### `{assumption.id}`" in text and assumption.citation.section in text


def test_position_fields_use_dotted_paths_with_list_items():
    fields = {f.path: f for f in reference("splendor").position}
    assert fields["players[].tokens.gold"].types == ("integer",)
    assert "market.1[]" in fields


def test_splendor_cards_are_listed_by_cost_colour_and_points():
    (cards, nobles) = reference("splendor").tables
    by_id = {row[0]: row for row in cards.rows}
    assert len(by_id) == 90 and cards.columns == ("id", "level", "bonus colour", "prestige", "cost")
    assert by_id[8][1:] == (1, "black", 1, "4 blue")  # corpus/splendor/cards.json, card 8
    assert len(nobles.rows) == 10


def test_reference_command_writes_one_file_per_engine(tmp_path, capsys):
    assert main(["reference", "--all", "--out", str(tmp_path), "--games", "2"]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.md")) == REGISTERED
    assert (tmp_path / "splendor.md").read_text(encoding="utf-8").startswith("# Splendor: engine reference")
    assert main(["reference", "chess"]) == 2
    assert "chess" in capsys.readouterr().err
    assert main(["reference"]) == 2


def test_engine_page_links_each_cited_rule_into_the_viewer(client):
    response = client.get("/games/oriflamme/engine")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    page = response.text
    ref = reference("oriflamme")
    assert all(f"<code>{event.kind}</code>" in page for event in ref.events)
    assert 'href="/games/oriflamme#' in page
    assert client.get("/games/chess/engine").status_code == 404
