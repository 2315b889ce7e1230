"""Bar charts as inline SVG strings: no script, no external file, readable without colour.

Usage::

    svg = bar_chart("Questions par jour", ["2026-12-01", "2026-12-02"],
                    [Series("répondues", (3, 5), "answered"), Series("sans réponse", (1, 0), "abstained")])
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Series", "bar_chart"]

_LEFT, _BOTTOM, _TOP = 36, 22, 8


@dataclass(frozen=True)
class Series:
    """One stacked layer of a bar chart: a label, one value per day, and its CSS class."""

    label: str
    values: tuple[int, ...]
    css_class: str

    def __post_init__(self) -> None:
        if any(not isinstance(value, int) or value < 0 for value in self.values):
            raise ValueError(f"values: expected counts (integers >= 0), got {self.values!r}")


def bar_chart(title: str, days: Sequence[str], series: Sequence[Series], *, width: int = 720, height: int = 180) -> str:
    """Stacked bars, one per day, with a hover title per bar and a legend.

    Raises:
        ValueError: when a series has not one value per day, or there is no day.
    """
    if not days:
        raise ValueError("days: expected at least one day, got none")
    for layer in series:
        if len(layer.values) != len(days):
            raise ValueError(f"{layer.label}: expected {len(days)} values (one per day), got {len(layer.values)}")
    totals = [sum(layer.values[index] for layer in series) for index in range(len(days))]
    top = max(max(totals, default=0), 1)
    plot_width, plot_height = width - _LEFT - 4, height - _BOTTOM - _TOP
    step = plot_width / len(days)
    bar = max(step * 0.7, 1.0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" role="img"'
        f' aria-label="{html.escape(title)}"><title>{html.escape(title)}</title>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP + plot_height}" x2="{width - 4}" y2="{_TOP + plot_height}"/>',
        f'<text class="tick" x="{_LEFT - 6}" y="{_TOP + 10}" text-anchor="end">{top}</text>',
        f'<text class="tick" x="{_LEFT - 6}" y="{_TOP + plot_height}" text-anchor="end">0</text>',
    ]
    for index, day in enumerate(days):
        x, base = _LEFT + index * step + (step - bar) / 2, float(_TOP + plot_height)
        described = ", ".join(f"{layer.label} {layer.values[index]}" for layer in series)
        for layer in series:
            value = layer.values[index]
            if not value:
                continue
            size = value / top * plot_height
            base -= size
            parts.append(f'<rect class="{html.escape(layer.css_class)}" x="{x:.1f}" y="{base:.1f}" width="{bar:.1f}"'
                         f' height="{size:.1f}"><title>{html.escape(day)} : {html.escape(described)}</title></rect>')
    for index in sorted({0, len(days) - 1}):
        anchor = "start" if index == 0 else "end"
        x = _LEFT if index == 0 else width - 4
        parts.append(f'<text class="tick" x="{x}" y="{height - 6}" text-anchor="{anchor}">{html.escape(days[index])}</text>')
    parts.append("</svg>")
    legend = "".join(f'<li><span class="swatch {html.escape(layer.css_class)}"></span>{html.escape(layer.label)}</li>'
                     for layer in series)
    return f'<figure>{"".join(parts)}<figcaption><ul class="legend">{legend}</ul></figcaption></figure>'
