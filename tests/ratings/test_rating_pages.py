"""Ratings where people read them: the standings (sortable), the gladiator sheet (a chart and
a table of the same figures) and the API, which shows a rating and its history to whoever
may see the gladiator, and nothing of its tactics to anybody else."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from arena.models import Rating, RatingChange
from arena.void import bout_void
from characters.services import gladiator_create, gladiator_tactics_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(campaign, owner, brutus, nox, fight):
    """Brutus beat Nox (seed 8); Crixus has fought no bout."""
    crixus = gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")
    bout = fight([brutus, nox], seed=8)
    assert bout.winner == "Brutus", "seed 8 should give Brutus the win"
    return bout, crixus


def names(html: str) -> list[str]:
    return re.findall(r"<td[^>]*>\d+</td><td[^>]*><a [^>]*>([^<]+)</a>", html)


def rating_cells(html: str) -> list[str]:
    return re.findall(r'<td class="num" data-label="Rating">([^<]+)</td>', html)


@pytest.mark.parametrize(
    ("order", "expected"),
    [("desc", ["Brutus", "Crixus", "Nox"]), ("asc", ["Nox", "Crixus", "Brutus"])],
)
def test_the_standings_sort_by_rating(rated, campaign, client_as, owner, order, expected):
    page = (
        client_as(owner)
        .get(reverse("standings", args=[campaign.slug]), {"sort": "rating", "order": order})
        .content.decode()
    )
    assert names(page) == expected
    shown = {
        r.gladiator.name: f"{r.ordinal:.1f}" for r in Rating.objects.select_related("gladiator")
    }
    assert rating_cells(page) == [shown.get(name, "0.0") for name in expected]
    assert re.search(rf'aria-sort="{order}ending"><a [^>]*>Rating', page)


def test_the_sheet_draws_the_rating_and_tabulates_it(rated, campaign, client_as, rival, brutus):
    bout, _ = rated
    page = (
        client_as(rival).get(reverse("gladiator", args=[campaign.slug, brutus.pk])).content.decode()
    )
    change = RatingChange.objects.get(gladiator=brutus)
    section = page[page.index('id="rating-history"') :]
    assert "Rating over time (now" in section and "1 rated bout" in section
    assert re.search(
        r'<svg class="chart-svg"[^>]*aria-label="Brutus&#x27;s rating over time: now ', section
    )
    assert '<polyline class="line rating"' in section
    row = re.search(
        r"<tr><td[^>]*>[^<]+</td><td[^>]*><a href=\"([^\"]+)\">[^<]+</a></td>"
        r'<td class="num" data-label="Rating">([^<]+)</td>'
        r'<td class="num" data-label="Change">([^<]+)</td>',
        section,
    )
    assert row.groups() == (
        reverse("bout", args=[campaign.slug, bout.pk]),
        f"{change.ordinal:.1f}",
        f"{change.ordinal:.1f}",
    )  # from 0: the whole rating is the change


def test_a_sheet_without_rated_bouts_says_so(rated, campaign, client_as, owner):
    _, crixus = rated
    page = (
        client_as(owner).get(reverse("gladiator", args=[campaign.slug, crixus.pk])).content.decode()
    )
    assert "No rated bouts yet" in page and '<polyline class="line rating"' not in page


def test_the_api_gives_the_rating_on_the_standings_and_the_sheet(
    rated, campaign, api_as, rival, brutus
):
    stored = Rating.objects.get(gladiator=brutus)
    rows = (
        api_as(rival)
        .get(reverse("api-standings", args=[campaign.slug]), {"sort": "rating"})
        .json()["results"]
    )
    assert (rows[0]["name"], rows[0]["rating"]) == ("Brutus", stored.ordinal)
    assert [r["name"] for r in rows] == ["Brutus", "Crixus", "Nox"]
    sheet = api_as(rival).get(reverse("api-gladiator", args=[campaign.slug, brutus.pk])).json()
    assert sheet["rating"] == {
        "ruleset": "gladiatorquest", "mu": stored.mu, "sigma": stored.sigma,
        "ordinal": stored.ordinal, "bouts": 1,
    }  # fmt: skip


def test_the_rating_history_answers_and_follows_a_void(rated, campaign, api_as, rival, gm, brutus):
    bout, _ = rated
    url = reverse("api-gladiator-ratings", args=[campaign.slug, brutus.pk])
    [row] = api_as(rival).get(url).json()["results"]
    change = RatingChange.objects.get(gladiator=brutus)
    assert row == {
        "bout": bout.pk, "at": row["at"], "mu_before": 25.0, "sigma_before": change.sigma_before,
        "mu": change.mu, "sigma": change.sigma, "ordinal": change.ordinal,
    }  # fmt: skip
    bout_void(bout=bout, by=gm, reason="Fought in the wrong arena")
    assert api_as(rival).get(url).json()["results"] == []
    sheet = api_as(rival).get(reverse("api-gladiator", args=[campaign.slug, brutus.pk])).json()
    assert (sheet["rating"]["ordinal"], sheet["rating"]["bouts"]) == (pytest.approx(0.0), 0)


def test_ratings_show_no_tactics_and_nothing_to_outsiders(
    rated, campaign, api_as, client_as, owner, rival, outsider, brutus
):
    gladiator_tactics_set(gladiator=brutus, tactics={"appeal": "never"}, by=owner)
    history = reverse("api-gladiator-ratings", args=[campaign.slug, brutus.pk])
    sheet = api_as(rival).get(reverse("api-gladiator", args=[campaign.slug, brutus.pk])).json()
    assert sheet["tactics"] is None  # the rival sees the rating, not the plan of battle
    body = api_as(rival).get(history).content.decode()
    assert "appeal" not in body and "tactics" not in body
    standings = api_as(rival).get(reverse("api-standings", args=[campaign.slug])).content.decode()
    assert "appeal" not in standings
    assert api_as(outsider).get(history).status_code == 404
    assert client_as(outsider).get(reverse("standings", args=[campaign.slug])).status_code == 404


def test_the_schema_names_the_ratings(client):
    schema = client.get(reverse("api-schema")).content.decode()
    assert "/api/campaigns/{slug}/gladiators/{id}/ratings/" in schema
    assert "campaigns_gladiators_ratings_list" in schema and "StandingOut" in schema
