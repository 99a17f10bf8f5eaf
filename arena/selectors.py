from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from campaign.models import Campaign

from .models import Bout, BoutEntrant


def bouts_of_campaign(*, campaign: Campaign) -> QuerySet[Bout]:
    """The campaign's bouts with their entrants, newest first (fight history)."""
    entrants = BoutEntrant.objects.select_related("gladiator", "gladiator__owner").order_by(
        "place", "id"
    )
    return (
        Bout.objects.filter(campaign=campaign)
        .defer("log", "engine_input")
        .prefetch_related(Prefetch("entrants", queryset=entrants))
        .order_by("-scheduled_at", "-id")
    )


def bout_get(*, campaign: Campaign, pk: int) -> Bout | None:
    return (
        Bout.objects.filter(campaign=campaign, pk=pk)
        .prefetch_related(
            Prefetch(
                "entrants",
                queryset=BoutEntrant.objects.select_related("gladiator", "gladiator__owner"),
            )
        )
        .first()
    )
