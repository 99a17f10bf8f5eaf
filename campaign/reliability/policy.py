"""A campaign's missed-turn policy as it stands: read by every part of the app."""

from __future__ import annotations

from campaign.models import Campaign

from .models import MissedTurnPolicy


def missed_turn_policy(*, campaign: Campaign) -> MissedTurnPolicy:
    """The campaign's policy; the defaults (unsaved) when the GM never set one."""
    policy = MissedTurnPolicy.objects.filter(campaign=campaign).first()
    return policy if policy is not None else MissedTurnPolicy(campaign=campaign)
