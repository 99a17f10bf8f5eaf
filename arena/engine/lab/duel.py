"""One cell of the lab's matrix: build A against build B, `bouts` times, by the default tactics.

Every bout has its own seed, derived from the run's seed and the two builds' keys (not their
places in the matrix), so a cell reads the same in any selection of builds and a rerun with the
same seed reproduces every figure. A bout's seed gives the engine its dice and, with random
starts, both starting squares. Build A is listed first in even bouts and second in odd ones:
the order of entrants must not decide a matrix cell.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arena.engine.core.protocol import Fate, Standing
from arena.engine.core.ruleset import Ruleset, bout_dice, step_orders
from arena.engine.lab.builds import LabBuild, random_starts, start_square_pool

JSON = Any
NAMES = ("Red", "Blue")  # the entrant listed first is Red, whichever build it is
SEED_BITS = 48


@dataclass(frozen=True, slots=True)
class LabSpec:
    """What a lab run fights: the rule set, its checked bout options, bouts per cell, the seed."""

    ruleset: Any  # the registered rule set (arena.engine.ruleset(slug))
    options: Mapping[str, JSON]
    bouts: int
    seed: int
    random_starts: bool = True


@dataclass(frozen=True, slots=True)
class Cell:
    """A's record against B. A draw is a bout with no single winner, or one the turn bound
    ended."""

    a: str
    b: str
    bouts: int
    wins: int
    draws: int
    a_died: int
    b_died: int

    @property
    def losses(self) -> int:
        return self.bouts - self.wins - self.draws

    @property
    def score(self) -> float:
        """Win rate with a draw as half a win (chess's convention), 0..1."""
        return (self.wins + self.draws / 2) / self.bouts if self.bouts else 0.0

    def to_dict(self) -> dict[str, JSON]:
        return {
            "a": self.a,
            "b": self.b,
            "bouts": self.bouts,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "a_died": self.a_died,
            "b_died": self.b_died,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Cell:
        return cls(
            data["a"], data["b"], data["bouts"], data["wins"], data["draws"],
            data["a_died"], data["b_died"],
        )  # fmt: skip


def bout_seed(run_seed: int, a: str, b: str, n: int) -> int:
    """Bout n of cell (a, b): a 48-bit seed (sha256, so that it is the same in every process)."""
    digest = hashlib.sha256(f"{run_seed}:{a}:{b}:{n}".encode()).digest()
    return int.from_bytes(digest[:6], "big") >> (48 - SEED_BITS)


def fight(ruleset: Ruleset, bout: Mapping[str, JSON]) -> list[Standing] | None:
    """The standings of a tactics bout, or None when the turn bound ended it unfinished.

    The same steps as core.ruleset.play_with, without writing the log's turn records: the lab
    needs only who won and who died, and the records are most of a short bout's cost
    (tests/lab/test_lab_engine.py checks the standings equal play_with's)."""
    state = ruleset.setup(bout)
    dice = bout_dice(ruleset, bout)
    bound = ruleset.max_steps(state)
    step = 0
    while not ruleset.is_over(state):
        if step >= bound:
            return None
        orders = step_orders(ruleset, state, None, step, True)
        state, _ = ruleset.apply(state, orders, dice)
        step += 1
    return ruleset.standings(state)


def bout_input(spec: LabSpec, first: LabBuild, second: LabBuild, seed: int, pool: list[str]):
    squares = random_starts(pool, 2, random.Random(seed)) if spec.random_starts else ["", ""]
    entrants = [
        first.entrant(NAMES[0], squares[0]),
        second.entrant(NAMES[1], squares[1]),
    ]
    return spec.ruleset.campaign.bout_input(entrants, spec.options, seed=seed, by_tactics=True)


def cell_fight(
    spec: LabSpec,
    a: LabBuild,
    b: LabBuild,
    *,
    stop: Callable[[], bool] | None = None,
) -> Cell | None:
    """A against B, spec.bouts times. None when `stop()` said so (asked every 100 bouts: a
    cancelled run stops within a fraction of a second)."""
    pool = start_square_pool(spec.ruleset.campaign, spec.options) if spec.random_starts else []
    wins = draws = a_died = b_died = 0
    for n in range(spec.bouts):
        if stop is not None and n % 100 == 0 and stop():
            return None
        a_first = n % 2 == 0
        seed = bout_seed(spec.seed, a.key, b.key, n)
        bout = bout_input(spec, *((a, b) if a_first else (b, a)), seed, pool)
        standings = fight(spec.ruleset, bout)
        if standings is None:
            draws += 1
            continue
        rows = {s.name: s for s in standings}
        mine, theirs = (
            (rows[NAMES[0]], rows[NAMES[1]]) if a_first else (rows[NAMES[1]], rows[NAMES[0]])
        )
        if mine.place < theirs.place:
            wins += 1
        elif mine.place == theirs.place:
            draws += 1
        a_died += mine.fate is Fate.DEAD
        b_died += theirs.fate is Fate.DEAD
    return Cell(a.key, b.key, spec.bouts, wins, draws, a_died, b_died)
