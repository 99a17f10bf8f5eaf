"""A whole matrix in worker processes on this machine: the `lab` management command and
bench/lab_bench.py. (The web page's runs go to the Celery workers instead, as chunks.)"""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from arena.engine.lab.builds import LabBuild
from arena.engine.lab.duel import Cell, LabSpec, cell_fight

JSON = Any


def _row(args: tuple) -> list[Cell]:
    # Imported here so that a fresh worker process fills the rule set registry itself.
    from arena.engine import ruleset

    slug, options, bouts, seed, random_starts, a, opponents = args
    spec = LabSpec(ruleset(slug), options, bouts, seed, random_starts)
    return [cell_fight(spec, a, b) for b in opponents]  # type: ignore[misc]


def fight_matrix(
    slug: str,
    builds: Sequence[LabBuild],
    *,
    options: Mapping[str, JSON],
    bouts: int,
    seed: int,
    random_starts: bool = True,
    jobs: int = 2,
) -> list[Cell]:
    """Every ordered pair of builds, row by row (one row a task), in `jobs` processes."""
    tasks = [(slug, dict(options), bouts, seed, random_starts, a, list(builds)) for a in builds]
    if jobs <= 1:
        rows = map(_row, tasks)
        return [cell for row in rows for cell in row]
    # Spawned, not forked: a fork of a process with threads (a test run, a Django command)
    # may deadlock in the child.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        return [cell for row in pool.map(_row, tasks) for cell in row]
