from __future__ import annotations

import pytest

from arena.play_by_web import bout_enter, bout_open, bout_start
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create


@pytest.fixture
def arena_campaign(gm, owner, rival):
    """A private Gladiator Arena campaign: gm runs it, owner and rival play."""
    c = campaign_create(by=gm, name="Forum Arena", ruleset="gladiator-arena")
    for player in (owner, rival):
        campaign_join(campaign=c, user=player, code=c.invite_code)
    return c


@pytest.fixture
def kaunisto(arena_campaign, owner):
    return gladiator_create(campaign=arena_campaign, by=owner, name="Kaunisto", kind="human")


@pytest.fixture
def justbec(arena_campaign, rival):
    return gladiator_create(campaign=arena_campaign, by=rival, name="Justbec", kind="dwarf")


@pytest.fixture
def running(arena_campaign, gm, owner, rival, kaunisto, justbec):
    """An 8x8 bout: Kaunisto (human, sword) on D4, Justbec (dwarf, sword) on D6."""
    bout = bout_open(campaign=arena_campaign, by=gm, title="First blood", deadline_hours=24)
    a = bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="D4")
    b = bout_enter(bout=bout, gladiator=justbec, by=rival, square="D6")
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    return bout, a, b
