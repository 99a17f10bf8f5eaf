"""Who beat whom, counted from the places a resolved bout gave its entrants.

Every rule set places its entrants (1 is best; equal places are a draw between them), so one
rule serves all five: against an opponent (an entrant of the same bout on another side), a
better place is a win, a worse one a loss, the same place (or no place for either) a draw.
An entrant won the bout when it is placed first and some opponent is not: that is what a
winning streak counts. Team-mates are never each other's opponents.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Seat:
    """One entrant of a resolved bout, as the counting needs it."""

    bout_id: int
    gladiator_id: int
    team: str
    place: int | None


@dataclass
class Meeting:
    """One gladiator's record against one opponent."""

    opponent_id: int
    met: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    last_bout_id: int = 0


@dataclass(frozen=True)
class Streak:
    gladiator_id: int
    length: int
    running: bool  # still going: the gladiator's latest bout was a win


def opposed(a: Seat, b: Seat) -> bool:
    """Two different entrants on different sides (an empty team is a side of one)."""
    return a.gladiator_id != b.gladiator_id and (not a.team or a.team != b.team)


def outcome(me: Seat, them: Seat) -> str:
    """ "won", "lost" or "drawn": my place against theirs (no place is the worst)."""
    if me.place == them.place:
        return "drawn"
    if them.place is None or (me.place is not None and me.place < them.place):
        return "won"
    return "lost"


def by_bout(seats: Iterable[Seat]) -> list[list[Seat]]:
    """The seats grouped by bout, in the order the bouts first appear."""
    bouts: dict[int, list[Seat]] = {}
    for seat in seats:
        bouts.setdefault(seat.bout_id, []).append(seat)
    return list(bouts.values())


def head_to_head(gladiator_id: int, bouts: Sequence[Sequence[Seat]]) -> list[Meeting]:
    """`gladiator_id`'s record against every opponent it met, most met first (then by the
    latest meeting). `bouts` are the seats of each resolved bout, oldest first."""
    meetings: dict[int, Meeting] = {}
    for seats in bouts:
        mine = next((s for s in seats if s.gladiator_id == gladiator_id), None)
        if mine is None:
            continue
        for them in seats:
            if not opposed(mine, them):
                continue
            meeting = meetings.setdefault(them.gladiator_id, Meeting(them.gladiator_id))
            meeting.met += 1
            result = outcome(mine, them)
            meeting.won += result == "won"
            meeting.drawn += result == "drawn"
            meeting.lost += result == "lost"
            meeting.last_bout_id = mine.bout_id
    order = {seats[0].bout_id: n for n, seats in enumerate(bouts) if seats}
    return sorted(meetings.values(), key=lambda m: (-m.met, -order[m.last_bout_id]))


def won_bout(me: Seat, seats: Sequence[Seat]) -> bool:
    """First, and some opponent was not: a draw at the top is no win."""
    return me.place == 1 and any(opposed(me, s) and s.place != 1 for s in seats)


def longest_streaks(bouts: Sequence[Sequence[Seat]]) -> list[Streak]:
    """Every gladiator's longest run of bouts won in a row, longest first. `bouts` are the
    seats of each resolved bout, oldest first; a bout not won ends a run."""
    current: dict[int, int] = {}
    best: dict[int, int] = {}
    for seats in bouts:
        for seat in seats:
            if won_bout(seat, seats):
                current[seat.gladiator_id] = current.get(seat.gladiator_id, 0) + 1
                run = current[seat.gladiator_id]
                best[seat.gladiator_id] = max(best.get(seat.gladiator_id, 0), run)
            else:
                current[seat.gladiator_id] = 0
    streaks = [
        Streak(gid, length, running=current.get(gid, 0) == length) for gid, length in best.items()
    ]
    return sorted(streaks, key=lambda s: (-s.length, not s.running, s.gladiator_id))


def current_runs(bouts: Sequence[Sequence[Seat]]) -> dict[int, int]:
    """Each gladiator's run of bouts won in a row up to its latest bout (0: its latest bout
    was not a win). `bouts` as for longest_streaks."""
    runs: dict[int, int] = {}
    for seats in bouts:
        for seat in seats:
            runs[seat.gladiator_id] = (
                runs.get(seat.gladiator_id, 0) + 1 if won_bout(seat, seats) else 0
            )
    return runs


def career_days(created_at: datetime, ended_at: datetime | None, now: datetime) -> int:
    """Whole days from a gladiator's first day to its last (or to now, if it fights on)."""
    return max(0, ((ended_at or now) - created_at).days)
