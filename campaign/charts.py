"""Small SVG line charts drawn by templates (no JavaScript, no chart library)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class LineChart:
    points: str  # the SVG polyline's points
    width: int
    height: int
    low: int
    high: int
    first: datetime | None
    last: datetime | None
    final: int


def line_chart(
    series: list[tuple[datetime, int]], *, width: int = 320, height: int = 90, step: bool = True
) -> LineChart | None:
    """Scale (time, value) pairs into a width x height box (a staircase when `step`)."""
    if not series:
        return None
    pad = 4
    times = [t.timestamp() for t, _ in series]
    values = [v for _, v in series]
    t0, t1 = min(times), max(times)
    low, high = min(0, *values), max(values)
    span_t = (t1 - t0) or 1.0
    span_v = (high - low) or 1

    def xy(t: float, v: int) -> tuple[float, float]:
        x = pad + (t - t0) / span_t * (width - 2 * pad)
        y = height - pad - (v - low) / span_v * (height - 2 * pad)
        return round(x, 1), round(y, 1)

    coords: list[tuple[float, float]] = []
    for n, (t, v) in enumerate(zip(times, values, strict=True)):
        x, y = xy(t, v)
        if step and n:
            coords.append((x, coords[-1][1]))
        coords.append((x, y))
    if len(coords) == 1:  # a single point: draw it as a flat line across
        coords.append((width - pad, coords[0][1]))
    return LineChart(
        points=" ".join(f"{x},{y}" for x, y in coords),
        width=width,
        height=height,
        low=low,
        high=high,
        first=series[0][0],
        last=series[-1][0],
        final=values[-1],
    )
