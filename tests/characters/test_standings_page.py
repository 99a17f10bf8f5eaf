from __future__ import annotations

import re

import pytest
from django.urls import reverse

from characters.models import Gladiator

pytestmark = pytest.mark.django_db


@pytest.fixture
def crowded(campaign, owner):
    Gladiator.objects.bulk_create(
        Gladiator(campaign=campaign, owner=owner, name=f"G{n:02d}", kind="orc", wins=n)
        for n in range(60)
    )
    return campaign


def test_standings_come_fifty_to_a_page_and_the_ranks_run_on(crowded, client_as, owner):
    url = reverse("standings", args=[crowded.slug])
    first = client_as(owner).get(url).content.decode()
    second = client_as(owner).get(url, {"page": 2}).content.decode()
    assert re.search(r"<td[^>]*>1</td><td[^>]*><a [^>]*>G59</a>", first)
    assert ">G09</a>" not in first
    assert re.search(r"<td[^>]*>51</td><td[^>]*><a [^>]*>G09</a>", second)
    assert "Page 2 of 2 (60 gladiators)" in second


def test_the_pager_keeps_the_sort_and_filters(crowded, client_as, owner):
    url = reverse("standings", args=[crowded.slug])
    page = client_as(owner).get(url, {"sort": "name", "owner": "owner"}).content.decode()
    assert "sort=name&amp;order=asc&amp;status=&amp;owner=owner&amp;page=2" in page


def ranked(html: str) -> list[str]:
    return re.findall(r"<td[^>]*>\d+</td><td[^>]*><a [^>]*>([^<]+)</a>", html)


@pytest.mark.parametrize(
    ("query", "first", "last"),
    [
        ({}, "G59", "G10"),  # the most wins first
        ({"sort": "wins", "order": "asc"}, "G00", "G49"),
        ({"sort": "name"}, "G00", "G49"),  # names A to Z on the first click
        ({"sort": "name", "order": "desc"}, "G59", "G10"),
    ],
)
def test_every_column_sorts_both_ways(crowded, client_as, owner, query, first, last):
    url = reverse("standings", args=[crowded.slug])
    rows = ranked(client_as(owner).get(url, query).content.decode())
    assert (rows[0], rows[-1], len(rows)) == (first, last, 50)


def test_the_sorted_header_says_so_and_its_link_turns_the_order_round(crowded, client_as, owner):
    url = reverse("standings", args=[crowded.slug])
    page = client_as(owner).get(url, {"sort": "gold", "order": "asc"}).content.decode()
    header = re.search(r'<th scope="col" class="num" aria-sort="ascending">(.*?)</th>', page)
    assert header and "sort=gold&amp;order=desc" in header.group(1)
    assert page.count("aria-sort=") == 1
    assert 'href="?sort=player&amp;order=asc' in page  # the next column starts A to Z


def test_the_columns_use_the_rule_sets_words(client_as, owner, arena_campaign):
    page = client_as(owner).get(reverse("standings", args=[arena_campaign.slug])).content.decode()
    assert ">Kills" in page and "section 8" in page
    api = client_as(owner).get(
        reverse("api-standings", args=[arena_campaign.slug]), {"order": "sideways"}
    )
    assert api.status_code == 400 and "order" in api.json()


def test_a_gladiator_is_created_with_its_tactics_from_the_page(campaign, owner, client_as):
    response = client_as(owner).post(
        reverse("gladiator-new", args=[campaign.slug]),
        {"name": "Spartacus", "kind": "barbarian", "tactics-approach": "keep_distance",
         "tactics-attack": "jab", "tactics-target": "nearest", "tactics-throw": "spare",
         "tactics-drink": "when_hurt", "tactics-appeal": "never", "tactics-shield_bash": "auto",
         "tactics-spells": "attack_first"},
    )  # fmt: skip
    gladiator = Gladiator.objects.get(name="Spartacus")
    assert response.status_code == 302
    assert gladiator.tactics["approach"] == "keep_distance" and gladiator.tactics["attack"] == "jab"
    assert list(gladiator.holdings.values_list("item", flat=True)) == ["broadsword"]


def test_a_bad_tactic_on_the_creation_page_is_refused(campaign, owner, client_as):
    response = client_as(owner).post(
        reverse("gladiator-new", args=[campaign.slug]),
        {"name": "Spartacus", "kind": "barbarian", "tactics-approach": "charge"},
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Gladiator.objects.filter(name="Spartacus").exists()
