"""An Arena of the Elders campaign: gm runs it, owner and rival play in it."""

from __future__ import annotations

import pytest

from campaign.services import campaign_create, campaign_join


@pytest.fixture
def elders(gm, owner, rival):
    c = campaign_create(by=gm, name="Elders of Ostia", ruleset="arena-of-the-elders")
    for player in (owner, rival):
        campaign_join(campaign=c, user=player, code=c.invite_code)
    return c
