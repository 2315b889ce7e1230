"""The design report: inline SVG charts (``service/svg.py``), ``arbitre gaps --html`` and ``/games/{game}/design``."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from engine.core.registry import load_game
from service.cli import main
from service.design_report import design_report, report_html
from service.svg import Bar, histogram, horizontal_bars
from tests.engine.engines import REGISTERED

SVG = "{http://www.w3.org/2000/svg}"


def _svgs(page: str) -> list[ElementTree.Element]:
    return [ElementTree.fromstring(match) for match in re.findall(r"<svg .*?</svg>", page, flags=re.DOTALL)]


def test_bars_are_drawn_to_scale_with_their_intervals():
    svg = ElementTree.fromstring(horizontal_bars("t <&>", [Bar("a", 0.5, 0.25, 0.75), Bar("b <x>", 1.0)]))
    bars = svg.findall(f"{SVG}rect")
    widths = [float(bar.get("width")) for bar in bars]
    assert widths[1] == pytest.approx(2 * widths[0]) and widths[1] > 0
    intervals = [line for line in svg.findall(f"{SVG}line") if line.get("class") == "interval"]
    spans = [float(line.get("x2")) - float(line.get("x1")) for line in intervals]
    assert spans[0] == pytest.approx(widths[0])  # from 25% to 75% = the length of a 50% bar
    assert svg.find(f"{SVG}title").text == "t <&>" and svg.get("role") == "img"
    labels = [text.text for text in svg.findall(f"{SVG}text")]
    assert "b <x>" in labels and "50.0%" not in labels[:1]
    with pytest.raises(ValueError, match="scale_max"):
        horizontal_bars("t", [], scale_max=0)


def test_histogram_has_one_bar_per_value_scaled_to_the_largest_count():
    svg = ElementTree.fromstring(histogram("scores", {3: 2, 5: 4, 4: 1}, x_label="score"))
    heights = [float(rect.get("height")) for rect in svg.findall(f"{SVG}rect")]
    assert heights == pytest.approx([2 * heights[1], heights[1], 4 * heights[1]])  # values 3, 4, 5 in order
    assert "no data" in histogram("empty", {})


@pytest.mark.parametrize("game", REGISTERED)
def test_the_report_shows_scores_seats_gaps_and_coverage(game, tmp_path):
    from service.core.config import PROJECT_ROOT

    game_class = load_game(game)
    report = design_report(game_class, game_class.min_players, 4, seed=1, corpus_dir=PROJECT_ROOT / "corpus")
    page = report_html(report, lambda section: f"/games/{game}#x")
    charts = _svgs(page)
    assert len(charts) == (3 if report.gaps.impacts else 2)
    assert sum(report.summary.score_counts.values()) == 4 * game_class.min_players
    seat_chart = charts[1]
    assert len(seat_chart.findall(f"{SVG}rect")) == game_class.min_players
    assert "not strong play" in page and "Rule coverage" in page and f'href="/games/{game}#x"' in page
    for impact in report.gaps.impacts:
        assert impact.assumption_id in page


def test_gaps_html_writes_a_standalone_report(tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["gaps", "emblemes", "--games", "3", "--players", "3", "--only", "emblemes.coins_below_zero",
                 "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "<script" not in page and "http" not in page.split("<body>")[1][:200]
    assert "emblemes.coins_below_zero = allow_negative" in page and len(_svgs(page)) == 3
    assert "gap impact for emblemes" in capsys.readouterr().out


def test_design_page_plays_a_few_games_and_says_so(client):
    response = client.get("/games/emblemes/design", params={"players": 3, "games": 3, "seed": 5})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert "seeds 5–7" in response.text and "plays 3 games per option" in response.text
    assert len(_svgs(response.text)) == 3 and 'href="/games/emblemes#emblemes--' in response.text
    too_many = client.get("/games/emblemes/design", params={"games": 100_000})
    assert too_many.status_code == 422 and too_many.json()["errors"][0]["field"] == "games"
    assert client.get("/games/emblemes/design", params={"players": 9}).json()["errors"][0]["field"] == "players"
    assert client.get("/games/chess/design").status_code == 404
