from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from campaign.errors import LudusError, NotAllowed
from campaign.selectors import campaign_is_gm

from .models import Gladiator


def check_gladiator_control(*, gladiator: Gladiator, user: AbstractBaseUser) -> None:
    """Only a gladiator's owner, or the campaign's GM, acts for it."""
    if gladiator.owner_id == user.pk:
        return
    if campaign_is_gm(campaign=gladiator.campaign, user=user):
        return
    raise NotAllowed(f"Only {gladiator.name}'s owner or the game master may do this.")


def check_gladiator_active(*, gladiator: Gladiator) -> None:
    if not gladiator.is_active:
        raise LudusError(
            f"{gladiator.name} is {gladiator.get_status_display().lower()}: "
            "a dead or retired gladiator cannot fight, buy, level up or take orders."
        )
