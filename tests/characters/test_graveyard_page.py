"""The graveyard: the latest dead first, thirty to a page, filtered by player and by type."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from characters.models import Gladiator

pytestmark = pytest.mark.django_db


@pytest.fixture
def cemetery(campaign, owner, rival):
    now = timezone.now()
    Gladiator.objects.bulk_create(
        Gladiator(
            campaign=campaign,
            owner=owner if n % 2 else rival,
            name=f"Dead{n:02d}",
            kind="orc" if n % 3 else "elf",
            status=Gladiator.Status.DEAD,
            ended_at=now - timedelta(days=n),
        )
        for n in range(70)
    )
    Gladiator.objects.create(campaign=campaign, owner=owner, name="Alive", kind="orc")
    return campaign


def names(html: str) -> list[str]:
    return [part.split("<", 1)[0] for part in html.split('/">')[1:] if part.startswith("Dead")]


def test_the_latest_dead_come_first_thirty_to_a_page(cemetery, client_as, owner):
    url = reverse("graveyard", args=[cemetery.slug])
    first = client_as(owner).get(url).content.decode()
    last = client_as(owner).get(url, {"page": 3}).content.decode()
    assert names(first) == [f"Dead{n:02d}" for n in range(30)]
    assert names(last) == [f"Dead{n:02d}" for n in range(60, 70)]
    assert "Page 3 of 3 (70 dead)" in last
    assert "Alive" not in first + last


def test_the_filters_keep_one_players_or_one_types_dead(cemetery, client_as, owner):
    url = reverse("graveyard", args=[cemetery.slug])
    mine = names(client_as(owner).get(url, {"owner": "owner"}).content.decode())
    elves = names(client_as(owner).get(url, {"kind": "elf", "owner": "rival"}).content.decode())
    assert mine == [f"Dead{n:02d}" for n in range(1, 60, 2)]
    assert elves == [f"Dead{n:02d}" for n in range(0, 70, 6)]
    nobody = client_as(owner).get(url, {"kind": "dwarf"}).content.decode()
    assert "No dead gladiator matches." in nobody


def test_the_pager_keeps_the_filters_and_htmx_gets_the_graves_alone(cemetery, client_as, owner):
    url = reverse("graveyard", args=[cemetery.slug])
    client = client_as(owner)
    page = client.get(url, {"kind": "orc"}).content.decode()
    assert "owner=&amp;kind=orc&amp;page=2" in page
    part = client.get(url, {"page": 2}, HTTP_HX_REQUEST="true").content.decode()
    assert part.lstrip().startswith('<section id="graves"')


def test_the_graveyard_api_takes_the_same_filters(cemetery, client_as, owner):
    url = reverse("api-graveyard", args=[cemetery.slug])
    body = client_as(owner).get(url, {"owner": "rival", "kind": "elf"}).json()
    assert [row["name"] for row in body["results"]] == [f"Dead{n:02d}" for n in range(0, 70, 6)]
