from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from arena.catalogue import gladiator_kinds
from campaign.errors import LudusError
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_member

from .models import Gladiator


def gladiator_create(
    *, campaign: Campaign, by: AbstractBaseUser, name: str, kind: str
) -> Gladiator:
    """A member adds a gladiator to their own stable in the campaign."""
    check_campaign_member(campaign=campaign, user=by)
    name = name.strip()
    if not name:
        raise LudusError("A gladiator needs a name.", field="name")
    kinds = dict(gladiator_kinds(campaign.ruleset))
    if kind not in kinds:
        raise LudusError(
            f"{kind!r} is not a gladiator type of this rule set; choose one of: "
            f"{', '.join(kinds)}.",
            field="kind",
        )
    try:
        with transaction.atomic():
            gladiator = Gladiator.objects.create(campaign=campaign, owner=by, name=name, kind=kind)
            audit_record(campaign=campaign, actor=by, action="gladiator.create", name=name)
    except IntegrityError:
        raise LudusError(
            f"This campaign already has a gladiator called {name!r}.", field="name"
        ) from None
    return gladiator
