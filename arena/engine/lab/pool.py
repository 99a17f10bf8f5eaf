"""A whole matrix in worker processes on this machine: the `lab` management command and
bench/lab_bench.py. (The web page's runs go to the Celery workers instead, as chunks.)"""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from arena.engine.lab.builds import LabBuild, lab_pairs
from arena.engine.lab.duel import Cell, LabSpec, cell_fight

JSON = Any


def _cell(args: tuple) -> Cell:
    # Imported here so that a fresh worker process fills the rule set registry itself.
    from arena.engine import ruleset

    slug, options, bouts, seed, random_starts, a, b = args
    return cell_fight(LabSpec(ruleset(slug), options, bouts, seed, random_starts), a, b)  # type: ignore[return-value]


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
    """Every ordered pair of builds (lab_pairs), row by row, in `jobs` processes. One cell a
    task, not one row: cells take different times, and 19 rows over 2 processes left one
    process alone with the last row."""
    from arena.engine import ruleset

    pairs = lab_pairs(ruleset(slug).campaign, builds)
    tasks = [(slug, dict(options), bouts, seed, random_starts, a, b) for a, b in pairs]
    if jobs <= 1:
        return list(map(_cell, tasks))
    # Spawned, not forked: a fork of a process with threads (a test run, a Django command)
    # may deadlock in the child.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        return list(pool.map(_cell, tasks))
