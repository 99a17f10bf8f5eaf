"""Each page of a gladiator or of the campaign's gladiators asks its one selector, which reads
what the page shows in a fixed number of queries: as many for a crowded campaign or a long
career as for a new one (a query per row would show here)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from characters.models import Gladiator, Holding

from .conftest import decided

pytestmark = pytest.mark.django_db


def queries_of(client, url: str, query: dict | None = None) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, query or {}).status_code == 200
    return len(captured)


def crowd(campaign, owner, n: int, **fields) -> None:
    Gladiator.objects.bulk_create(
        Gladiator(campaign=campaign, owner=owner, name=f"G{i:03d}", kind="orc", wins=i, **fields)
        for i in range(n)
    )


@pytest.mark.parametrize(
    ("name", "query", "fields", "most"),
    [
        ("standings", {"sort": "gold", "owner": "owner"}, {}, 14),
        ("graveyard", {"owner": "owner"}, {"status": Gladiator.Status.DEAD}, 12),
    ],
)
def test_a_list_page_costs_the_same_for_three_rows_as_for_sixty(
    campaign, owner, client_as, django_assert_max_num_queries, name, query, fields, most
):
    url = reverse(name, args=[campaign.slug])
    client = client_as(owner)
    crowd(campaign, owner, 3, **fields)
    few = queries_of(client, url, query)
    Gladiator.objects.filter(campaign=campaign).delete()
    crowd(campaign, owner, 60, **fields)
    assert queries_of(client, url, query) == few
    with django_assert_max_num_queries(most):
        client.get(url, query)


def test_the_sheet_costs_the_same_in_a_long_career(
    campaign, gm, brutus, nox, owner, give, client_as, django_assert_max_num_queries
):
    url = reverse("gladiator", args=[campaign.slug, brutus.pk])
    client = client_as(owner)
    give(brutus, 5)
    give(brutus, 5, "xp")
    decided(campaign, gm, {brutus: 1, nox: 2}, days_ago=50)
    short = queries_of(client, url)
    for n in range(40):
        give(brutus, n + 1)
        give(brutus, n + 1, "xp")
        decided(campaign, gm, {brutus: 1 + n % 2, nox: 2 - n % 2}, days_ago=40 - n)
    Holding.objects.bulk_create(Holding(gladiator=brutus, item="dagger") for _ in range(5))
    assert queries_of(client, url) == short
    with django_assert_max_num_queries(24):
        client.get(url)


def test_the_shop_costs_the_same_whatever_the_gladiator_carries(
    campaign, brutus, owner, client_as, django_assert_max_num_queries
):
    url = reverse("shop", args=[campaign.slug, brutus.pk])
    client = client_as(owner)
    bare = queries_of(client, url)
    Holding.objects.bulk_create(Holding(gladiator=brutus, item="dagger") for _ in range(8))
    assert queries_of(client, url) == bare
    with django_assert_max_num_queries(12):
        client.get(url)
