"""The lab's heatmap as data for templates/arena/lab_run.html's SVG: one square per cell, its
colour from red (the row's build loses) through white to green (it wins), and the words its
<title> shows on hover. Colours are SVG attributes, not style: the strict CSP allows them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import ngettext

from arena.gateway import Cell, LabBuild, wilson

CELL = 34  # px
LABEL_WIDTH = 170
HEADER_HEIGHT = 110
# The column labels lean right as they rise: room for the last ones beyond the last column.
RIGHT_MARGIN = 90


@dataclass(frozen=True)
class Square:
    x: int
    y: int
    fill: str
    ink: str  # the figure's colour, readable on the fill
    text: str  # "63"
    title: str  # "Elf with a bow vs Giant with a sword: 63.1% (95%: 60.1%-66.0%), 1,000 bouts"


@dataclass(frozen=True)
class Label:
    x: int
    y: int
    text: str


@dataclass(frozen=True)
class Pairing:
    """One cell in words, for the table under the heatmap: its interval in plain sight, not
    only in the square's hover title (a touch screen and a keyboard have no hover)."""

    build: str
    against: str
    score: str  # "63.1%"
    interval: str  # "60.1%-66.0%"
    bouts: str  # "1,000 bouts"
    record: str  # "612 won, 38 drawn, 350 lost"


@dataclass(frozen=True)
class Heatmap:
    width: int
    height: int
    squares: list[Square]
    rows: list[Label]
    columns: list[Label]
    pairings: list[Pairing]
    cell: int = CELL


def colour(score: float) -> str:
    """0 red, 0.5 white, 1 green."""
    if score < 0.5:
        t = score / 0.5
        return f"rgb(215,{round(48 + (255 - 48) * t)},{round(39 + (255 - 39) * t)})"
    t = (score - 0.5) / 0.5
    red, green, blue = (round(255 - (255 - end) * t) for end in (26, 152, 80))
    return f"rgb({red},{green},{blue})"


def heatmap(builds: Sequence[LabBuild], cells: Sequence[Cell]) -> Heatmap:
    index = {b.key: i for i, b in enumerate(builds)}
    labels = {b.key: b.label for b in builds}
    squares, pairings = [], []
    for c in cells:
        low, high = wilson(c.score, c.bouts)
        strong = abs(c.score - 0.5) > 0.3
        pairing = Pairing(
            build=labels[c.a],
            against=labels[c.b],
            score=f"{c.score:.1%}",
            interval=f"{low:.1%}-{high:.1%}",
            bouts=ngettext("%(n)s bout", "%(n)s bouts", c.bouts) % {"n": f"{c.bouts:,}"},
            record=f"{c.wins} won, {c.draws} drawn, {c.losses} lost",
        )
        pairings.append(pairing)
        squares.append(
            Square(
                x=LABEL_WIDTH + index[c.b] * CELL,
                y=HEADER_HEIGHT + index[c.a] * CELL,
                fill=colour(c.score),
                ink="#fff" if strong else "#222",
                text=f"{c.score * 100:.0f}",
                title=f"{pairing.build} vs {pairing.against}: {pairing.score} "
                f"(95%: {pairing.interval}), {pairing.bouts}, {pairing.record}",
            )
        )
    rows = [
        Label(LABEL_WIDTH - 6, HEADER_HEIGHT + i * CELL + CELL // 2 + 4, b.label)
        for i, b in enumerate(builds)
    ]
    columns = [
        Label(LABEL_WIDTH + i * CELL + CELL // 2, HEADER_HEIGHT - 6, b.label)
        for i, b in enumerate(builds)
    ]
    n = len(builds)
    width = LABEL_WIDTH + n * CELL + RIGHT_MARGIN
    return Heatmap(width, HEADER_HEIGHT + n * CELL + 4, squares, rows, columns, pairings)
