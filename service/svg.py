"""Small charts as inline SVG, drawn on the server: nothing to download, nothing to run in the browser.

Two shapes cover the design report: horizontal bars with an optional interval
whisker per bar (win rate by seat, gap impact) and vertical bars over an
integer axis (a score distribution); a third, stacked columns over days, draws
the publisher page's questions and feedback over time. Every label is escaped; every chart
carries a ``<title>`` and ``role="img"`` with an ``aria-label`` for screen readers.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

__all__ = ["Bar", "Series", "histogram", "horizontal_bars", "stacked_columns"]

_ROW = 22
_LABEL_WIDTH = 400
_PLOT_WIDTH = 360
_VALUE_WIDTH = 150


@dataclass(frozen=True)
class Bar:
    """One bar: ``value`` in [0, 1] (a rate), an optional interval, and the text shown after it."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    note: str = ""


def horizontal_bars(title: str, bars: list[Bar], *, scale_max: float = 1.0) -> str:
    """Rates as horizontal bars from 0 to ``scale_max`` (1 = 100 %), whiskers for the intervals."""
    if scale_max <= 0:
        raise ValueError(f"scale_max: expected a positive number, got {scale_max!r}")
    height = _ROW * len(bars) + 30
    width = _LABEL_WIDTH + _PLOT_WIDTH + _VALUE_WIDTH
    x0 = _LABEL_WIDTH

    def x(rate: float) -> float:
        return x0 + _PLOT_WIDTH * min(max(rate, 0.0), scale_max) / scale_max

    parts = [_open(title, width, height)]
    for row, bar in enumerate(bars):
        y = row * _ROW + 4
        middle = y + _ROW / 2 - 2
        parts.append(f'<text x="{x0 - 6}" y="{middle + 4:.1f}" text-anchor="end">{_esc(_clip(bar.label, 52))}</text>')
        parts.append(f'<rect class="bar" x="{x0}" y="{y + 3}" width="{x(bar.value) - x0:.1f}" height="{_ROW - 8}">'
                     f"<title>{_esc(bar.label)}: {_esc(bar.note or _pct(bar.value))}</title></rect>")
        if bar.low is not None and bar.high is not None:
            parts.append(f'<line class="interval" x1="{x(bar.low):.1f}" x2="{x(bar.high):.1f}" '
                         f'y1="{middle:.1f}" y2="{middle:.1f}"/>')
            for end in (bar.low, bar.high):
                parts.append(f'<line class="interval" x1="{x(end):.1f}" x2="{x(end):.1f}" '
                             f'y1="{middle - 4:.1f}" y2="{middle + 4:.1f}"/>')
        parts.append(f'<text x="{x0 + _PLOT_WIDTH + 8}" y="{middle + 4:.1f}">{_esc(bar.note or _pct(bar.value))}</text>')
    axis_y = _ROW * len(bars) + 8
    parts.append(f'<line class="axis" x1="{x0}" x2="{x0 + _PLOT_WIDTH}" y1="{axis_y}" y2="{axis_y}"/>')
    for tick in (0.0, 0.5, 1.0):
        parts.append(f'<text x="{x(tick * scale_max):.1f}" y="{axis_y + 14}" text-anchor="middle">'
                     f"{_pct(tick * scale_max)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def histogram(title: str, counts: dict[float, int], *, x_label: str = "") -> str:
    """Counts over values (a score distribution), one bar per value, labelled with the count."""
    if not counts:
        return _open(title, 300, 40) + '<text x="10" y="24">no data</text></svg>'
    values = sorted(counts)
    top = max(counts.values())
    bar_width = max(6, min(28, 640 // len(values)))
    plot_height = 160
    width = bar_width * len(values) + 60
    height = plot_height + 60
    parts = [_open(title, width, height)]
    for index, value in enumerate(values):
        h = plot_height * counts[value] / top
        x = 40 + index * bar_width
        parts.append(f'<rect class="bar" x="{x}" y="{20 + plot_height - h:.1f}" width="{bar_width - 2}" '
                     f'height="{h:.1f}"><title>{_esc(_number(value))}: {counts[value]}</title></rect>')
        if len(values) <= 24 or index % max(1, len(values) // 12) == 0:
            parts.append(f'<text x="{x + bar_width / 2 - 1:.1f}" y="{plot_height + 36}" text-anchor="middle">'
                         f"{_esc(_number(value))}</text>")
    parts.append(f'<text x="4" y="24">{top}</text>')
    parts.append(f'<line class="axis" x1="38" x2="{width - 10}" y1="{plot_height + 21}" y2="{plot_height + 21}"/>')
    if x_label:
        parts.append(f'<text x="{width / 2:.0f}" y="{plot_height + 54}" text-anchor="middle">{_esc(x_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True)
class Series:
    """One stacked layer of :func:`stacked_columns`: a label, one count per column, and its CSS class."""

    label: str
    values: tuple[int, ...]
    css_class: str

    def __post_init__(self) -> None:
        if any(not isinstance(value, int) or value < 0 for value in self.values):
            raise ValueError(f"values: expected counts (integers >= 0), got {self.values!r}")


def stacked_columns(title: str, columns: list[str], series: list[Series], *, width: int = 720, height: int = 180) -> str:
    """Counts as stacked columns (one per label, e.g. per day), each part titled with every layer's count.

    Raises:
        ValueError: when there is no column, or a series has not one value per column.
    """
    if not columns:
        raise ValueError("columns: expected at least one column, got none")
    for layer in series:
        if len(layer.values) != len(columns):
            raise ValueError(f"{layer.label}: expected {len(columns)} values (one per column), got {len(layer.values)}")
    left, bottom, top_margin = 36, 22, 8
    top = max(max((sum(layer.values[index] for layer in series) for index in range(len(columns))), default=0), 1)
    plot_width, plot_height = width - left - 4, height - bottom - top_margin
    step = plot_width / len(columns)
    column_width = max(step * 0.7, 1.0)
    axis_y = top_margin + plot_height
    parts = [_open(title, width, height),
             f'<line class="axis" x1="{left}" y1="{axis_y}" x2="{width - 4}" y2="{axis_y}"/>',
             f'<text class="tick" x="{left - 6}" y="{top_margin + 10}" text-anchor="end">{top}</text>',
             f'<text class="tick" x="{left - 6}" y="{axis_y}" text-anchor="end">0</text>']
    for index, column in enumerate(columns):
        x, base = left + index * step + (step - column_width) / 2, float(axis_y)
        described = _esc(f"{column} : " + ", ".join(f"{layer.label} {layer.values[index]}" for layer in series))
        for layer in series:
            if layer.values[index]:
                size = layer.values[index] / top * plot_height
                base -= size
                parts.append(f'<rect class="{_esc(layer.css_class)}" x="{x:.1f}" y="{base:.1f}" width="{column_width:.1f}"'
                             f' height="{size:.1f}"><title>{described}</title></rect>')
    parts.append(f'<text class="tick" x="{left}" y="{height - 6}">{_esc(columns[0])}</text>')
    if len(columns) > 1:
        parts.append(f'<text class="tick" x="{width - 4}" y="{height - 6}" text-anchor="end">{_esc(columns[-1])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _open(title: str, width: float, height: float) -> str:
    label = _esc(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{label}"><title>{label}</title>')


def _esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pct(rate: float) -> str:
    return f"{100 * rate:.0f}%" if rate in (0.0, 0.5, 1.0) else f"{100 * rate:.1f}%"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
