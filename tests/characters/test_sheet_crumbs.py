"""The sheet's breadcrumb leads back to the page the player came from, query and all."""

from __future__ import annotations

import pytest
from django.urls import reverse

from characters.models import Gladiator

pytestmark = pytest.mark.django_db


@pytest.fixture
def hero(campaign, owner):
    return Gladiator.objects.create(campaign=campaign, owner=owner, name="Gaius", kind="orc")


def crumbs(html: str) -> str:
    start = html.index('<p class="crumbs">')
    return html[start : html.index("</p>", start)]


def sheet(client, hero, referer: str | None) -> str:
    url = reverse("gladiator", args=[hero.campaign.slug, hero.pk])
    headers = {"HTTP_REFERER": f"http://testserver{referer}"} if referer else {}
    return crumbs(client.get(url, **headers).content.decode())


def test_from_sorted_standings_on_page_two_back_leads_there(hero, client_as, owner):
    origin = reverse("standings", args=[hero.campaign.slug]) + "?sort=gold&page=2"
    crumb = sheet(client_as(owner), hero, origin)
    assert f'href="{origin.replace("&", "&amp;")}">Standings</a>' in crumb


def test_from_the_graveyard_the_stable_or_a_bout(hero, client_as, owner, due_bout):
    bout = due_bout
    client = client_as(owner)
    slug = hero.campaign.slug
    assert ">Graveyard</a>" in sheet(client, hero, reverse("graveyard", args=[slug]))
    assert ">Your stable</a>" in sheet(client, hero, reverse("stable", args=[slug]))
    from_bout = sheet(client, hero, reverse("bout", args=[slug, bout.pk]))
    assert f">{bout.title}</a>" in from_bout


def test_the_sheets_own_shop_keeps_the_origin_and_strangers_are_ignored(hero, client_as, owner):
    client = client_as(owner)
    slug = hero.campaign.slug
    sheet(client, hero, reverse("graveyard", args=[slug]))
    shop = reverse("shop", args=[slug, hero.pk])
    assert ">Graveyard</a>" in sheet(client, hero, shop)
    fresh = client_as(owner)
    assert ">Standings</a>" in sheet(fresh, hero, None)
    url = reverse("gladiator", args=[slug, hero.pk])
    elsewhere = fresh.get(url, HTTP_REFERER="http://evil.example/c/x/standings/")
    assert ">Standings</a>" in crumbs(elsewhere.content.decode())
    assert "evil" not in crumbs(elsewhere.content.decode())
