"""Counted bout seeds, to find a test that passes for some seeds only.

Loaded with `-p tests.bout_seeds`, every bout a test schedules or opens in this process takes
the seeds LUDUS_BOUT_SEEDS, LUDUS_BOUT_SEEDS + 1, ... (default 1) in place of random ones, so a
run is repeatable and another start draws other fights. A test whose assertion holds for some
fights only (a knockout's final counted as a bout when a semi-final's winner may come out unfit
and give a walkover) fails for some starts: sweep a few (docs/testing.md). A `celery worker` the
tests start keeps its random seeds; it fights bouts whose seeds are stored already.
"""

from __future__ import annotations

import itertools
import os
import types

import pytest


@pytest.fixture(autouse=True)
def _bout_seeds_counted(monkeypatch):
    seeds = itertools.count(int(os.environ.get("LUDUS_BOUT_SEEDS", "1")))
    counted = types.SimpleNamespace(randbits=lambda bits: next(seeds))
    from arena.bouts import services as bouts
    from arena.play import services as play

    monkeypatch.setattr(bouts, "secrets", counted)
    monkeypatch.setattr(play, "secrets", counted)
