"""The design report: what random games say about a game's rules, as HTML with inline SVG charts.

One report gathers, for one game at one player count: the score distribution
and win rate by seat of seeded random games, the gap impact of every named
assumption (``engine.core.gaps``), and the rule coverage
(``engine.core.coverage``). ``/games/{game}/design`` shows it for a few games;
``arbitre gaps --html FILE`` writes it for as many as asked.
"""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.core.coverage import CoverageReport, rule_coverage
from engine.core.gaps import CAVEAT, GapReport, gap_impact, wilson_interval
from engine.core.simulate import SimulationSummary, simulate_parallel
from engine.core.variants import describe
from index.chunker import source_sentences
from index.corpus import RULES_FILE, load_rulebook
from service.svg import Bar, histogram, horizontal_bars

__all__ = ["DesignReport", "coverage_of", "design_report", "report_html", "rulebook_sections"]

Link = Callable[[str], "str | None"]


@dataclass(frozen=True)
class DesignReport:
    game: str
    title: str
    players: int
    games: int
    seed: int
    gaps: GapReport
    summary: SimulationSummary
    """The baseline's random games (the same seeds the gap impact compares against)."""
    coverage: CoverageReport | None


def design_report(game_class: type, players: int, games: int, seed: int = 0, *, overrides: dict[str, Any] | None = None,
                  only: list[str] | None = None, corpus_dir: Path | None = None, workers: int = 1,
                  progress: Callable[[int], None] | None = None) -> DesignReport:
    """Play the games and measure everything the report shows.

    Args:
        games: paired games per option for the gap impact; the summary plays the same seeds.
        corpus_dir: where ``<game>/rules.md`` and the scenarios are; ``None`` leaves coverage out.
    """
    overrides = dict(overrides or {})
    gaps = gap_impact(game_class, players, games, seed, workers, base_overrides=overrides, only=only, progress=progress)
    factory = functools.partial(game_class, players, None, overrides)
    summary = simulate_parallel(factory, games, seed, workers, check=False)
    coverage = None
    if corpus_dir is not None:
        coverage = coverage_of(game_class, corpus_dir, games_per_count=max(1, min(games, 50)), seed=seed,
                               players=[players])
    return DesignReport(game_class.id, game_class.title, players, games, seed, gaps, summary, coverage)


def coverage_of(game_class: type, corpus_dir: Path, games_per_count: int, seed: int = 0,
                players: list[int] | None = None) -> CoverageReport:
    """The coverage of one engine over its rulebook's sections (read with the corpus loader) and scenarios."""
    sections, headings_only = rulebook_sections(corpus_dir, game_class.id)
    return rule_coverage(game_class, sections, games_per_count=games_per_count, seed=seed,
                         scenario_dir=corpus_dir / game_class.id / "scenarios", players=players,
                         headings_only=headings_only)


def rulebook_sections(corpus_dir: Path, game: str) -> tuple[list[str], set[str]]:
    """Every section path of ``corpus/<game>/rules.md`` in order (as citations name them), and those without text."""
    rulebook = load_rulebook(corpus_dir / game / RULES_FILE, corpus_dir.parent)
    sentences = source_sentences(rulebook)
    with_text = {sentence.section for sentence in sentences if not sentence.heading}
    sections = list(dict.fromkeys(sentence.section for sentence in sentences))
    return sections, {section for section in sections if section not in with_text}


def report_html(report: DesignReport, link: Link | None = None, *, note: str = "") -> str:
    """The report's body: headings, charts and tables; ``link(section)`` links a rule into the rules viewer."""
    link = link or (lambda section: None)
    summary = report.summary
    parts = [
        f"<h1>{_esc(report.title)}: design report</h1>",
        f"<p>{report.games} seeded random games at {report.players} players (seeds {report.seed}–"
        f"{report.seed + report.games - 1}), rules as the engine reads them: {_esc(describe(report.gaps.base_overrides))}."
        "</p>",
        f'<p class="note">{_esc(CAVEAT)}' + (f" {_esc(note)}" if note else "") + "</p>",
        "<h2>Score distribution</h2>",
        f"<figure>{histogram('Final scores of every seat', dict(summary.score_counts), x_label='final score')}"
        f"<figcaption>Final score of every seat in {summary.games} games ({sum(summary.score_counts.values())} "
        "scores).</figcaption></figure>",
        "<h2>Win rate by seat</h2>",
        f"<figure>{horizontal_bars('Win rate by seat', _seat_bars(report))}<figcaption>Share of games each seat won "
        "(shared wins count for every winner), with Wilson 95% intervals." + _first_player(summary)
        + "</figcaption></figure>",
        "<h2>Which rulebook gaps change who wins</h2>",
        _gap_section(report, link),
    ]
    if report.coverage is not None:
        parts += ["<h2>Rule coverage</h2>", _coverage_section(report.coverage, link)]
    return "".join(parts)


def _seat_bars(report: DesignReport) -> list[Bar]:
    games = report.summary.games
    bars = []
    for seat in range(report.players):
        wins = report.summary.winner_seat_counts.get(seat, 0)
        low, high = wilson_interval(wins, games)
        bars.append(Bar(f"seat {seat}", wins / games if games else 0.0, low, high,
                        f"{wins}/{games} [{100 * low:.0f}–{100 * high:.0f}%]"))
    return bars


def _first_player(summary: SimulationSummary) -> str:
    rate = summary.to_dict()["first_player_win_rate"]
    return "" if rate is None else f" The first player won {100 * rate:.1f}% of the games."


def _gap_section(report: DesignReport, link: Link) -> str:
    gaps = report.gaps
    if not gaps.impacts:
        return "<p>No named assumption of this game has more than one option.</p>"
    bars = []
    for impact in gaps.impacts:
        for option in impact.options:
            rate = option.rate("winners_changed")
            bars.append(Bar(f"{impact.assumption_id} = {option.option}", rate["rate"], rate["low"], rate["high"],
                            f"{rate['changed']}/{option.counts.games} [{100 * rate['low']:.0f}–{100 * rate['high']:.0f}%]"))
    rows = "".join(
        f"<tr><td>{rank}</td><td><code>{_esc(impact.assumption_id)}</code></td><td>{_esc(impact.baseline)}</td>"
        f"<td>{impact.fired_games}/{gaps.games}</td><td>{_esc(', '.join(str(o.option) for o in impact.options))}</td>"
        f"<td>{100 * impact.winner_change_rate:.1f}%</td><td>{100 * impact.score_change_rate:.1f}%</td></tr>"
        for rank, impact in enumerate(gaps.impacts, 1))
    return (
        "<p>Each game is played again with one assumption changed, everything else equal (same seed). "
        "A bar is the share of those paired games whose winners changed.</p>"
        f"<figure>{horizontal_bars('Winners changed, by assumption and option', bars)}"
        "<figcaption>Winners changed, with Wilson 95% intervals.</figcaption></figure>"
        "<table><thead><tr><th>rank</th><th>assumption</th><th>baseline</th><th>listed by an event in</th>"
        "<th>other options</th><th>winners changed</th><th>scores changed</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def _coverage_section(coverage: CoverageReport, link: Link) -> str:
    rows = []
    for row in coverage.sections:
        url = link(row.section)
        name = f'<a href="{_esc(url)}">{_esc(row.section)}</a>' if url else _esc(row.section)
        why = _esc(row.not_executable or "")
        gaps = ", ".join(f"<code>{_esc(a)}</code>" for a in row.assumptions)
        rows.append(f"<tr><td>{name}</td><td>{_esc(row.status)}</td><td>{row.scenario_events}</td>"
                    f"<td>{row.simulation_events}</td><td>{gaps}</td><td>{why}</td></tr>")
    return (
        f"<p>{coverage.cited} of {len(coverage.sections)} rulebook sections are cited by some event "
        f"({coverage.scenario_files} scenario files; {coverage.games_per_count} random games).</p>"
        "<table><thead><tr><th>section</th><th>status</th><th>events in scenarios</th><th>in random games</th>"
        f"<th>gaps it leaves open</th><th>why no event</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)
