"""The lab's figures in words and files: the 95% Wilson interval of a cell's win rate, the
per-build summary, and the same result as JSON, CSV and a markdown matrix (the docs' balance
tables). The page, the downloads and the management command all print through here."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.engine.lab.builds import LabBuild
from arena.engine.lab.duel import Cell

JSON = Any
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `score` observed in n trials: unlike the
    normal approximation it stays inside 0..1 and is honest near 0% and 100%."""
    if n <= 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denominator
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Summary:
    """One build across its opponents (its mirror match left out: it says nothing of balance)."""

    key: str
    label: str
    score: float  # mean win rate over its opponents
    bouts: int
    death_rate: float
    best: str  # the opponent it beats most often ("" with no opponent)
    worst: str


def summaries(builds: Sequence[LabBuild], cells: Sequence[Cell]) -> list[Summary]:
    """Per build, strongest first."""
    labels = {b.key: b.label for b in builds}
    rows = []
    for build in builds:
        mine = [c for c in cells if c.a == build.key and c.b != build.key]
        if not mine:
            mine = [c for c in cells if c.a == build.key]
        bouts = sum(c.bouts for c in mine)
        score = sum(c.score for c in mine) / len(mine) if mine else 0.0
        died = sum(c.a_died for c in mine) / bouts if bouts else 0.0
        ranked = sorted(mine, key=lambda c: (c.score, c.b))
        best = labels.get(ranked[-1].b, "") if ranked and ranked[-1].b != build.key else ""
        worst = labels.get(ranked[0].b, "") if ranked and ranked[0].b != build.key else ""
        rows.append(Summary(build.key, build.label, score, bouts, died, best, worst))
    return sorted(rows, key=lambda s: (-s.score, s.key))


def cell_row(cell: Cell) -> dict[str, JSON]:
    low, high = wilson(cell.score, cell.bouts)
    return {
        **cell.to_dict(),
        "win_rate": round(cell.score, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


def to_json(header: Mapping[str, JSON], builds: Sequence[LabBuild], cells: Sequence[Cell]):
    """Everything a rerun needs (rule set and version, options, bouts, seed) and every figure."""
    return {
        **header,
        "builds": [b.to_dict() for b in builds],
        "cells": [cell_row(c) for c in cells],
        "summary": [
            {
                "key": s.key,
                "label": s.label,
                "win_rate": round(s.score, 4),
                "bouts": s.bouts,
                "death_rate": round(s.death_rate, 4),
                "best_against": s.best,
                "worst_against": s.worst,
            }
            for s in summaries(builds, cells)
        ],
    }


CSV_COLUMNS = ("a", "b", "bouts", "wins", "draws", "losses", "win_rate", "low", "high",
               "a_died", "b_died")  # fmt: skip


def to_csv(cells: Sequence[Cell]) -> str:
    """One row per cell: A, B, the counts, the win rate and its 95% interval."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for cell in cells:
        writer.writerow(cell_row(cell))
    return out.getvalue()


def to_markdown(builds: Sequence[LabBuild], cells: Sequence[Cell]) -> str:
    """The matrix (row build's win rate against the column build) and the summary."""
    by_pair = {(c.a, c.b): c for c in cells}
    keys = [b.key for b in builds]
    lines = [
        "| A \\ B | " + " | ".join(keys) + " |",
        "| --- |" + " ---: |" * len(keys),
    ]
    for a in keys:
        row = [f"{by_pair[a, b].score:.0%}" if (a, b) in by_pair else "" for b in keys]
        lines.append(f"| {a} | " + " | ".join(row) + " |")
    lines += ["", "| build | win rate | died | best against | worst against |",
              "| --- | ---: | ---: | --- | --- |"]  # fmt: skip
    for s in summaries(builds, cells):
        lines.append(f"| {s.label} | {s.score:.1%} | {s.death_rate:.1%} | {s.best} | {s.worst} |")
    return "\n".join(lines) + "\n"
