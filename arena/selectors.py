from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from campaign.models import Campaign
from characters.models import LedgerLine

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


def bout_payouts(*, bout: Bout) -> QuerySet[LedgerLine]:
    """What the bout paid out, gladiator by gladiator."""
    return bout.ledger.select_related("gladiator").order_by("gladiator__name", "currency")


def bouts_filter(
    *,
    bouts: QuerySet[Bout],
    gladiator=None,
    player: str = "",
    ruleset: str = "",
    outcome: str = "",
    since=None,
    until=None,
) -> QuerySet[Bout]:
    """Narrow a bout list by entrant, player, rule set, outcome and date (inclusive)."""
    if gladiator is not None:
        bouts = bouts.filter(entrants__gladiator=gladiator)
    if player:
        bouts = bouts.filter(entrants__gladiator__owner__username=player)
    if ruleset:
        bouts = bouts.filter(ruleset=ruleset)
    if outcome in Bout.Status.values:
        bouts = bouts.filter(status=outcome)
    elif outcome in {BoutEntrant.Fate.KILLED, BoutEntrant.Fate.MERCY}:
        bouts = bouts.filter(entrants__fate=outcome)
    if since:
        bouts = bouts.filter(scheduled_at__date__gte=since)
    if until:
        bouts = bouts.filter(scheduled_at__date__lte=until)
    return bouts.distinct()
