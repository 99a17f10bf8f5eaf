"""The bout list's filters (the fight history page, its CSV and the API's bout list), as one
django-filter FilterSet: its form is the page's filter bar, its filters are the API's query
parameters in the OpenAPI schema, and a value it refuses is a 400 naming the field.

A condition on the entrants is a subquery of bout ids, not a join: a join repeats a bout per
matching entrant, and the DISTINCT that undoes it compares whole rows, which made counting a
long history's pages cost more than showing one.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from rest_framework.request import Request
from rest_framework.views import APIView

from arena.models import Bout, BoutEntrant
from campaign.models import Campaign

OUTCOMES = [
    ("scheduled", "still to come"),
    ("resolved", "fought"),
    ("killed", "someone died"),
    ("mercy", "mercy was granted"),
    ("cancelled", "cancelled"),
    ("failed", "failed"),
    ("voided", "voided"),
]
DATE = forms.DateInput(attrs={"type": "date"})


def _with_entrant(bouts: QuerySet[Bout], **condition: Any) -> QuerySet[Bout]:
    return bouts.filter(pk__in=BoutEntrant.objects.filter(**condition).values("bout_id"))


class BoutFilter(django_filters.FilterSet):
    # Plain (id, name) choices, set per campaign: a long campaign has a thousand gladiators,
    # and building a model instance per option cost the fight history page a third of its time.
    gladiator = django_filters.ChoiceFilter(
        empty_label="any", method="by_gladiator", label="Gladiator", help_text="A gladiator's id."
    )
    player = django_filters.ChoiceFilter(
        empty_label="any", method="by_player", label="Player", help_text="A player's user name."
    )
    ruleset = django_filters.ChoiceFilter(
        empty_label="any", label="Rule set", help_text="A rule set's slug."
    )
    outcome = django_filters.ChoiceFilter(
        choices=OUTCOMES, empty_label="any", method="by_outcome", label="Outcome"
    )
    since = django_filters.DateFilter(
        field_name="scheduled_at",
        lookup_expr="date__gte",
        widget=DATE,
        label="Since",
        help_text="Bouts on this day or later.",
    )
    until = django_filters.DateFilter(
        field_name="scheduled_at",
        lookup_expr="date__lte",
        widget=DATE,
        label="Until",
        help_text="Bouts on this day or earlier.",
    )

    class Meta:
        model = Bout
        fields = ("gladiator", "player", "ruleset", "outcome", "since", "until")

    def __init__(self, data=None, queryset=None, *, campaign: Campaign, **kwargs: Any) -> None:
        super().__init__(data, queryset, **kwargs)
        # Ids as text: the page compares them with the chosen one, and need not localize them.
        gladiators = campaign.gladiators.order_by("name").values_list("pk", "name")
        self.filters["gladiator"].extra["choices"] = [(str(pk), n) for pk, n in gladiators]
        players = campaign.memberships.order_by("user__username")
        self.filters["player"].extra["choices"] = [
            (name, name) for name in players.values_list("user__username", flat=True)
        ]
        # Every bout of a campaign is fought under the campaign's rule set.
        self.filters["ruleset"].extra["choices"] = [(campaign.ruleset, campaign.ruleset)]

    def by_gladiator(self, bouts: QuerySet[Bout], name: str, value: int) -> QuerySet[Bout]:
        return _with_entrant(bouts, gladiator_id=int(value))  # an id among the choices

    def by_player(self, bouts: QuerySet[Bout], name: str, value: str) -> QuerySet[Bout]:
        return _with_entrant(bouts, gladiator__owner__username=value)

    def by_outcome(self, bouts: QuerySet[Bout], name: str, value: str) -> QuerySet[Bout]:
        if value in Bout.Status.values:
            return bouts.filter(status=value)
        return _with_entrant(bouts, fate=value)  # killed or mercy: an entrant's fate


class CampaignFilterBackend(django_filters.rest_framework.DjangoFilterBackend):
    """DRF's django-filter backend for a view whose FilterSet is built for its campaign (the
    view's `campaign`, found before filtering)."""

    def get_filterset_kwargs(self, request: Request, queryset: QuerySet, view: APIView) -> dict:
        return {**super().get_filterset_kwargs(request, queryset, view), "campaign": view.campaign}
