"""A play-by-web turn resolves from the state stored after the turn before: its cost does not
grow with the bout's length (the issue "Rule sets as plug-ins": flat time and queries per turn).
Time is measured by bench/turn_latency.py; here the work is counted."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arena.engine.rulesets.gladiator_arena.ruleset import GladiatorArena
from arena.play_by_web import bout_enter, bout_open, bout_start, bout_turn_resolve, order_submit

pytestmark = pytest.mark.django_db

TURNS = 200


def test_a_200_turn_bout_costs_the_same_per_turn_and_never_replays(
    arena_campaign, gm, owner, rival, kaunisto, justbec, monkeypatch
):
    bout = bout_open(
        campaign=arena_campaign, by=gm, title="Standoff", options={"time_limit": False}
    )
    a = bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="A1")
    bout_enter(bout=bout, gladiator=justbec, by=rival, square="H8")
    bout_start(bout=bout, by=gm)

    setups = []
    real_setup = GladiatorArena.setup

    def counted_setup(self, raw):
        setups.append(raw)
        return real_setup(self, raw)

    monkeypatch.setattr(GladiatorArena, "setup", counted_setup)
    queries = {}
    for turn in range(1, TURNS + 1):
        with CaptureQueriesContext(connection) as ctx:
            order_submit(entrant=a, by=owner, order={})  # stay; the rival's tactics fill in
            bout_turn_resolve(bout_id=bout.pk, turn=turn, force=True)
        queries[turn] = len(ctx.captured_queries)

    bout.refresh_from_db()
    assert bout.turn == TURNS + 1 and len(bout.log["turns"]) == TURNS
    assert setups == [], "a turn was resolved by replaying the bout from its setup"
    assert queries[TURNS] == queries[5], queries
