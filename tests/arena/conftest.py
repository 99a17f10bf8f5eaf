"""The arena tests' shared fixtures."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from campaign.services import campaign_house_rules_set
from characters.services import gladiator_tactics_set

# With Nox appealing whenever he can, seed 8 brings his appeal on turn 9 (and seed 19 one of
# Brutus's on turn 9): tests/engine/gladiatorquest/test_mercy_house_rule.py checks the
# engine's side.
SEED = 8


def paused_at_appeal(campaign, gm, rival, brutus, nox, *, rules: dict):
    """Brutus against Nox, fought by the worker under these house rules, paused at Nox's
    appeal (Nox always appeals)."""
    campaign_house_rules_set(campaign=campaign, by=gm, rules=rules)
    gladiator_tactics_set(gladiator=nox, tactics={"appeal": "always"}, by=rival)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=SEED,
    )
    bout_resolve(bout_id=bout.pk)
    bout.refresh_from_db()
    return bout


@pytest.fixture
def paused(campaign, gm, rival, brutus, nox):
    """A bout fought by the worker, paused at Nox's appeal: the players decide."""
    return paused_at_appeal(
        campaign, gm, rival, brutus, nox,
        rules={"mercy": "vote_players", "mercy_vote_seconds": 60},
    )  # fmt: skip
