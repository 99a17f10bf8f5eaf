"""The campaign page and the fight history ask their one selector each, which reads what the
page shows in a fixed number of queries: as many with twelve bouts as with two."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_schedule

pytestmark = pytest.mark.django_db


def queries_of(client, url: str, query: dict | None = None) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, query or {}).status_code == 200
    return len(captured)


def schedule(campaign, gm, gladiators, n: int, *, start: int = 0) -> None:
    for i in range(start, start + n):
        bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=gladiators,
            scheduled_at=timezone.now() + timedelta(hours=1 + i),
            title=f"Bout {i}",
        )


@pytest.mark.parametrize(
    ("name", "query", "most"),
    [
        ("campaign", {}, 30),
        ("bout-history", {"player": "owner", "outcome": "scheduled"}, 16),
    ],
)
def test_a_page_of_bouts_costs_the_same_for_two_bouts_as_for_twelve(
    campaign, gm, owner, brutus, nox, client_as, django_assert_max_num_queries, name, query, most
):
    url = reverse(name, args=[campaign.slug])
    client = client_as(owner)
    schedule(campaign, gm, [brutus, nox], 2)
    few = queries_of(client, url, query)
    schedule(campaign, gm, [brutus, nox], 10, start=2)
    assert queries_of(client, url, query) == few
    with django_assert_max_num_queries(most):
        client.get(url, query)


def test_the_history_filter_bar_names_each_filter_and_offers_any(campaign, owner, client_as):
    page = client_as(owner).get(reverse("bout-history", args=[campaign.slug])).content.decode()
    labels = re.findall(r'<label for="id_[a-z]+">([^<]+)</label>', page)
    assert labels == ["Gladiator", "Player", "Rule set", "Outcome", "Since", "Until"]
    assert page.count('<option value="" selected>any</option>') == 4
