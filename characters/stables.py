"""A member removed from a campaign (campaign/members.py): their stable passes to the GM who
removed them, with its purse, kit and record, inside the removal's transaction."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from campaign.models import Campaign
from characters.models import Gladiator


def stable_pass(
    *, campaign: Campaign, user: AbstractBaseUser, to: AbstractBaseUser, **_signal
) -> list[str]:
    """Give the user's gladiators in the campaign to `to`; the names of those that passed."""
    # Gladiator rows in id order, as every writer locks them (docs/architecture.md).
    stable = list(
        Gladiator.objects.select_for_update(of=("self",))
        .filter(campaign=campaign, owner=user)
        .order_by("pk")
    )
    Gladiator.objects.filter(pk__in=[g.pk for g in stable]).update(owner=to)
    return [g.name for g in stable]
