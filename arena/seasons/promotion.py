"""Promotion and relegation between a campaign's divisions, as plain data: from each
division's final table (best first, in its season's own order and tie-breaks), who goes up,
who goes down, who drops out, and the entrants of each division's next season
(docs/seasons.md, docs/decisions/0089).

Between a division and the one below, `moves` change places: the top of the lower one go up,
the bottom of the upper one go down, as many each way, so the divisions keep their sizes. A
gladiator dead or retired drops out before anyone is counted; fewer left than `moves` on
either side move that many fewer; a division with nobody left moves nobody. A division in
the middle never sends the same gladiator up and down: its top go up first, and fewer go down
if too few are left. Gladiators new to the divisions enter the lowest one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .models import SeasonEntry

Movement = SeasonEntry.Movement


@dataclass(frozen=True)
class Standing:
    """One row of a final table: a gladiator, and whether it may still fight (not dead or
    retired)."""

    gladiator: int
    name: str
    active: bool = True


@dataclass(frozen=True)
class Tier:
    """A division as its season left it: `table` best first (empty: no season yet), and how
    many change places with the division below."""

    division: int
    name: str
    moves: int
    table: tuple[Standing, ...] = ()


@dataclass(frozen=True)
class Placement:
    """A gladiator of a division's next season, and where it comes from."""

    gladiator: int
    name: str
    came: str  # "up" (promoted into it), "down" (relegated into it), "new", "" (stays)


@dataclass(frozen=True)
class NextTier:
    """A division's next season: its entrants in seed order, and what became of each row of
    its final table (gladiator id -> Movement)."""

    division: int
    name: str
    entrants: tuple[Placement, ...]
    marks: dict[int, str]


def swaps(tiers: Sequence[Tier]) -> list[int]:
    """How many change places across each boundary (between tier i and i + 1): the upper
    tier's `moves`, no more than either side has left, and no more than the upper tier keeps
    once its own top have gone up."""
    left = [sum(s.active for s in tier.table) for tier in tiers]
    counts: list[int] = []
    for upper in range(len(tiers) - 1):
        gone_up = counts[-1] if counts else 0
        counts.append(max(0, min(tiers[upper].moves, left[upper] - gone_up, left[upper + 1])))
    return counts


def propose(tiers: Sequence[Tier], newcomers: Sequence[Standing]) -> list[NextTier]:
    """Each division's next season, top division first (`tiers` in rank order)."""
    active = [[s for s in tier.table if s.active] for tier in tiers]
    counts = swaps(tiers)
    proposal = []
    for i, tier in enumerate(tiers):
        up = counts[i - 1] if i > 0 else 0  # its top go up this many
        down = counts[i] if i < len(counts) else 0  # its bottom go down this many
        rows = active[i]
        promoted = rows[:up]
        relegated = rows[len(rows) - down :] if down else []
        stays = rows[up : len(rows) - down]
        marks = {s.gladiator: Movement.OUT.value for s in tier.table if not s.active}
        marks |= {s.gladiator: Movement.UP.value for s in promoted}
        marks |= {s.gladiator: Movement.DOWN.value for s in relegated}
        marks |= {s.gladiator: Movement.STAYED.value for s in stays}
        # Seeds: those coming down from above first, then those who stay in their table's
        # order, then those coming up from below, then the newcomers (the lowest division).
        from_above = active[i - 1][len(active[i - 1]) - up :] if up else []
        from_below = active[i + 1][:down] if down else []
        entrants = [
            *(Placement(s.gladiator, s.name, Movement.DOWN.value) for s in from_above),
            *(Placement(s.gladiator, s.name, "") for s in stays),
            *(Placement(s.gladiator, s.name, Movement.UP.value) for s in from_below),
        ]
        if i == len(tiers) - 1:
            entrants += [Placement(s.gladiator, s.name, "new") for s in newcomers]
        proposal.append(
            NextTier(division=tier.division, name=tier.name, entrants=tuple(entrants), marks=marks)
        )
    return proposal
