"""A gladiator's career as series over time, for the sheet's charts and the tables beside them.

Plain functions of plain rows: the ledger's lines give the gold and experience balances and the
level; the seats of its resolved bouts give its record. The sheet's selector reads the rows (one
query each) and these turn them into points.

The record counts a bout by the places it gave, the rule arena's careers count streaks and the
hall of fame by (arena/careers/records.py): won when placed first and some opponent was not,
lost when some opponent was placed better, else drawn. characters may not import the arena app
(the layers' contract), so the rule is said again here, and a test holds the two to agreement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from .models import LedgerLine

# The arena's Bout.Status.RESOLVED, read through the gladiator's entries (not imported).
RESOLVED = "resolved"


def ledger_series(
    created_at: datetime, lines: Iterable[tuple[datetime, str, int, str]]
) -> dict[str, list[tuple[datetime, int]]]:
    """Gold balance, experience balance and level over time from the ledger's (created_at,
    currency, balance, cause) lines, oldest first. Each starts at the gladiator's creation:
    no gold, no experience, level 1."""
    gold = [(created_at, 0)]
    xp = [(created_at, 0)]
    level = [(created_at, 1)]
    for at, currency, balance, cause in lines:
        if currency == LedgerLine.Currency.GOLD:
            gold.append((at, balance))
        else:
            xp.append((at, balance))
            if cause == LedgerLine.Cause.LEVEL_UP:
                level.append((at, level[-1][1] + 1))
    return {"gold": gold, "xp": xp, "level": level}


@dataclass(frozen=True)
class Seat:
    """An entrant of a resolved bout, as the record needs it."""

    gladiator_id: int
    team: str
    place: int | None


def _opposed(a: Seat, b: Seat) -> bool:
    """Two different entrants on different sides (an empty team is a side of one)."""
    return a.gladiator_id != b.gladiator_id and (not a.team or a.team != b.team)


def bout_result(me: Seat, seats: Iterable[Seat]) -> str:
    """ "won", "lost" or "drawn": won when first and some opponent was not (a draw at the top
    is no win), lost when some opponent was placed better (no place is the worst)."""
    opponents = [s for s in seats if _opposed(me, s)]
    if me.place == 1 and any(s.place != 1 for s in opponents):
        return "won"
    if any(s.place is not None and (me.place is None or s.place < me.place) for s in opponents):
        return "lost"
    return "drawn"


@dataclass(frozen=True)
class RecordPoint:
    """The record after one bout: its result, and the wins and defeats so far."""

    at: datetime
    bout_id: int
    bout: str
    result: str
    wins: int
    defeats: int


def record_series(
    gladiator_id: int,
    rows: Iterable[tuple[int, datetime, str, int, str, int | None]],
) -> list[RecordPoint]:
    """The cumulative record after each resolved bout, oldest first, from rows of (bout id,
    resolved at, bout title, entrant's gladiator id, team, place): every entrant of each of
    the gladiator's bouts, a bout's rows together."""
    bouts: dict[int, tuple[datetime, str, list[Seat]]] = {}
    for bout_id, at, title, gid, team, place in rows:
        bouts.setdefault(bout_id, (at, title or f"Bout {bout_id}", []))[2].append(
            Seat(gid, team, place)
        )
    points: list[RecordPoint] = []
    wins = defeats = 0
    for bout_id, (at, title, seats) in bouts.items():
        me = next(s for s in seats if s.gladiator_id == gladiator_id)
        result = bout_result(me, seats)
        wins += result == "won"
        defeats += result == "lost"
        points.append(RecordPoint(at, bout_id, title, result, wins, defeats))
    return points
