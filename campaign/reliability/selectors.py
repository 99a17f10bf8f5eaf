"""The reliability record: each player's turns ordered, missed and excused in a campaign."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from campaign.models import Campaign

from .models import TurnAttendance

Outcome = TurnAttendance.Outcome


@dataclass(frozen=True)
class Reliability:
    username: str
    ordered: int
    missed: int
    excused: int

    @property
    def turns(self) -> int:
        return self.ordered + self.missed + self.excused


def reliability_of(*, campaign: Campaign, user_id: int | None = None) -> list[Reliability]:
    """Each player's record in the campaign (only `user_id`'s when given), by name: one
    query, counted by PostgreSQL."""
    rows = TurnAttendance.objects.filter(campaign=campaign)
    if user_id is not None:
        rows = rows.filter(user_id=user_id)
    counted = (
        rows.values("user__username")
        .annotate(
            ordered=Count("pk", filter=Q(outcome=Outcome.ORDERED)),
            missed=Count("pk", filter=Q(outcome=Outcome.MISSED)),
            excused=Count("pk", filter=Q(outcome=Outcome.EXCUSED)),
        )
        .order_by("user__username")
    )
    return [
        Reliability(
            username=row["user__username"],
            ordered=row["ordered"],
            missed=row["missed"],
            excused=row["excused"],
        )
        for row in counted
    ]
