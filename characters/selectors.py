from __future__ import annotations

from django.db.models import QuerySet

from campaign.models import Campaign

from .models import Gladiator


def gladiators_of_campaign(*, campaign: Campaign) -> QuerySet[Gladiator]:
    return campaign.gladiators.select_related("owner").order_by("name")


def gladiators_active(*, campaign: Campaign) -> QuerySet[Gladiator]:
    return gladiators_of_campaign(campaign=campaign).filter(status=Gladiator.Status.ACTIVE)
