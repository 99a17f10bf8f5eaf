"""The season table from results: played, won, drawn, lost, points, Median-Buchholz and
Buchholz, form. Pure: plain results in, ranked rows out, in one pass over the results and one
over the entrants (docs/seasons.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .models import SeasonFixture

Outcome = SeasonFixture.Outcome
FORM_LENGTH = 5


@dataclass(frozen=True)
class Points:
    win: int = 3
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True)
class Result:
    """A decided fixture: `second` None is a bye; `fought` False is a forfeit (or a bye)."""

    round: int
    first: int
    second: int | None
    outcome: str
    fought: bool = True


@dataclass
class Row:
    entry: int
    seed: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    median_buchholz: int = 0
    buchholz: int = 0
    form: list[str] = field(default_factory=list)  # oldest first: W, D, L, B (a bye)
    rank: int = 0
    # Per result: the opponent met in a bout, or None (a bye or a forfeit counts 0).
    opponents: list[int | None] = field(default_factory=list, repr=False)


def buchholz(opponent_scores: list[int]) -> tuple[int, int]:
    """(Median-Buchholz, Buchholz): the sum of the opponents' scores, and the same without the
    highest and the lowest of them (none left with fewer than three)."""
    ordered = sorted(opponent_scores)
    return sum(ordered[1:-1]), sum(ordered)


def season_table(seeds: dict[int, int], results: Iterable[Result], points: Points) -> list[Row]:
    """The rows of entries `seeds` (entry id -> seed), best first: by points, then
    Median-Buchholz, then Buchholz, then seed. A fixture with no result counts for nobody."""
    rows = {entry: Row(entry=entry, seed=seed) for entry, seed in seeds.items()}
    for result in sorted(results, key=lambda r: r.round):
        if result.outcome in (Outcome.PENDING, Outcome.NONE):
            continue
        first = rows[result.first]
        if result.outcome == Outcome.BYE or result.second is None:
            _count(first, "B", None, points)
            continue
        second = rows[result.second]
        met = result.fought
        if result.outcome == Outcome.DRAW:
            _count(first, "D", second.entry if met else None, points)
            _count(second, "D", first.entry if met else None, points)
        else:
            winner, loser = (first, second) if result.outcome == Outcome.FIRST else (second, first)
            _count(winner, "W", loser.entry if met else None, points)
            _count(loser, "L", winner.entry if met else None, points)
    for row in rows.values():
        scores = [rows[o].points if o is not None else 0 for o in row.opponents]
        row.median_buchholz, row.buchholz = buchholz(scores)
        row.form = row.form[-FORM_LENGTH:]
    ranked = sorted(
        rows.values(), key=lambda r: (-r.points, -r.median_buchholz, -r.buchholz, r.seed)
    )
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked


def _count(row: Row, letter: str, opponent: int | None, points: Points) -> None:
    row.played += 1
    row.form.append(letter)
    row.opponents.append(opponent)
    if letter in ("W", "B"):
        row.won += 1
        row.points += points.win
    elif letter == "D":
        row.drawn += 1
        row.points += points.draw
    else:
        row.lost += 1
        row.points += points.loss
