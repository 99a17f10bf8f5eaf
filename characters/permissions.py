from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from campaign.selectors import campaign_is_gm
from campaign.shared.errors import LudusError, NotAllowed

from .models import Gladiator


def gladiator_can_act(*, gladiator: Gladiator, user) -> bool:
    """Only a gladiator's owner, or the campaign's GM, acts for it (and reads its tactics)."""
    if not user.is_authenticated:
        return False
    return gladiator.owner_id == user.pk or campaign_is_gm(campaign=gladiator.campaign, user=user)


def check_gladiator_control(*, gladiator: Gladiator, user: AbstractBaseUser) -> None:
    if not gladiator_can_act(gladiator=gladiator, user=user):
        raise NotAllowed(f"Only {gladiator.name}'s owner or the game master may do this.")


def check_gladiator_active(*, gladiator: Gladiator) -> None:
    if not gladiator.is_active:
        raise LudusError(
            f"{gladiator.name} is {gladiator.get_status_display().lower()}: "
            "a dead or retired gladiator cannot fight, buy, level up or take orders."
        )
