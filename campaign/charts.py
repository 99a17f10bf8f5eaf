"""Small SVG line charts with axes and a legend, drawn by one template (templates/_chart.html):
no JavaScript, no chart library, nothing inline that the Content-Security-Policy refuses.

A chart is plain data: the plot box inside the drawing, one `Line` per series (its polyline's
points already scaled), and the ticks of each axis with their labels. The builders below turn
(time, value) pairs or per-turn values into that data.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

# Room around the plot for the tick labels (left, bottom) and the line ends (top, right).
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 34, 8, 8, 22


@dataclass(frozen=True)
class Tick:
    at: float  # position along the axis, in drawing units
    label: str
    # How the label hangs on its tick ("start", "middle", "end"); empty: the template's rule
    # (the first label starts at its tick, the last ends at it, the others are centred).
    anchor: str = ""


@dataclass(frozen=True)
class Line:
    label: str  # in the legend
    points: str  # the SVG polyline's points
    last: int  # the value at the end, for the legend ("Brutus: 3")
    css_class: str = ""  # its colour, from the style sheet ...
    colour: str = ""  # ... or as an SVG stroke colour


@dataclass(frozen=True)
class Chart:
    title: str  # what the picture shows, for those who cannot see it
    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    lines: list[Line]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    x_label: str
    y_label: str
    low: int = 0
    high: int = 0
    legend: bool = field(default=False)  # shown when more than one line shares the chart


def nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 ... that cuts `span` into at most `most` parts."""
    if span <= 0:
        return 1
    raw = span / most
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return int(factor * power)
    return int(10 * power)


def _value_axis(low: int, high: int, most: int = 4) -> tuple[int, int, list[int]]:
    """The axis's ends and its tick values: whole numbers on round steps, 0 included."""
    step = nice_step(high - low, most)
    bottom = math.floor(low / step) * step
    top = max(math.ceil(high / step) * step, bottom + step)
    return bottom, top, list(range(bottom, top + 1, step))


def _box(width: int, height: int) -> tuple[float, float, float, float]:
    return MARGIN_LEFT, MARGIN_TOP, width - MARGIN_RIGHT, height - MARGIN_BOTTOM


def time_chart(
    series: Sequence[tuple[datetime, int]],
    *,
    title: str,
    y_label: str,
    css_class: str,
    width: int = 320,
    height: int = 120,
    step: bool = True,
) -> Chart | None:
    """One value over time (a staircase when `step`: a balance holds until it changes)."""
    if not series:
        return None
    left, top, right, bottom = _box(width, height)
    times = [t.timestamp() for t, _ in series]
    values = [v for _, v in series]
    t0, t1 = min(times), max(times)
    span_t = (t1 - t0) or 1.0
    v0, v1, ticks = _value_axis(min(0, *values), max(values))

    def x_of(t: float) -> float:
        return round(left + (t - t0) / span_t * (right - left), 1)

    def y_of(v: float) -> float:
        return round(bottom - (v - v0) / (v1 - v0) * (bottom - top), 1)

    coords: list[tuple[float, float]] = []
    for n, (t, v) in enumerate(zip(times, values, strict=True)):
        x, y = x_of(t), y_of(v)
        if step and n:
            coords.append((x, coords[-1][1]))
        coords.append((x, y))
    if len(coords) == 1:  # a single point: draw it as a flat line across
        coords.append((right, coords[0][1]))
    dates = [series[0][0], series[-1][0]]
    if t1 - t0 > 2 * 86400:  # a middle date only when it differs from the ends
        dates.insert(1, datetime.fromtimestamp((t0 + t1) / 2, tz=series[0][0].tzinfo))
    x_ticks = [Tick(x_of(d.timestamp()), d.strftime("%Y-%m-%d")) for d in dates]
    if x_ticks[0].label == x_ticks[-1].label:
        # A new sheet: every point on one day. One label, starting at the axis: two would be
        # drawn on top of each other, the second hanging off the chart's left edge.
        x_ticks = [Tick(left, x_ticks[0].label, anchor="start")]
    return Chart(
        title=title,
        width=width,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        lines=[
            Line(
                label=y_label,
                points=" ".join(f"{x},{y}" for x, y in coords),
                last=values[-1],
                css_class=css_class,
            )
        ],
        x_ticks=x_ticks,
        y_ticks=[Tick(y_of(v), str(v)) for v in ticks],
        x_label="date",
        y_label=y_label,
        low=min(values),
        high=max(values),
    )


def turns_chart(
    series: Mapping[str, Sequence[int]],
    colours: Mapping[str, str],
    *,
    title: str,
    y_label: str,
    x_label: str = "turn",
    width: int = 480,
    height: int = 150,
    first: int = 1,
) -> Chart | None:
    """Several values over the turns of a bout, one line each, with a legend; `x_label` is
    what the bout's rule set calls a turn ("round"). `first` numbers the first value (0 for
    a count that starts before the first turn, as a career's record does before its first
    bout)."""
    turns = max((len(v) for v in series.values()), default=0)
    if not turns:
        return None
    left, top, right, bottom = _box(width, height)
    v0, v1, ticks = _value_axis(0, max((max(v) for v in series.values() if v), default=1) or 1)
    every = nice_step(turns - 1, 8)

    def x_of(turn: int) -> float:  # the first turn at the left edge
        return round(left + (turn - first) / max(1, turns - 1) * (right - left), 1)

    def y_of(v: float) -> float:
        return round(bottom - (v - v0) / (v1 - v0) * (bottom - top), 1)

    lines = [
        Line(
            label=name,
            points=" ".join(f"{x_of(n)},{y_of(v)}" for n, v in enumerate(values, start=first)),
            last=values[-1],
            colour=colours[name],
        )
        for name, values in series.items()
        if values
    ]
    x_ticks = [
        Tick(x_of(n), str(n)) for n in range(first, first + turns) if (n - first) % every == 0
    ]
    return Chart(
        title=title,
        width=width,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        lines=lines,
        x_ticks=x_ticks,
        y_ticks=[Tick(y_of(v), str(v)) for v in ticks],
        x_label=x_label,
        y_label=y_label,
        low=v0,
        high=v1,
        legend=len(lines) > 1,
    )
