"""The knockout pages and API: the GM's form, the bracket drawn as SVG (live while it runs,
linking each bout), and the endpoints to draw and read one."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout, Tournament

from .conftest import fight_to_the_end

pytestmark = pytest.mark.django_db

NOW_FORM = "%Y-%m-%dT%H:%M"


def form_data(gladiators, **extra) -> dict:
    return {
        "title": "The Ides Cup",
        "starts_at": (timezone.now() - timedelta(minutes=1)).strftime(NOW_FORM),
        "seeding": "random",
        "round_minutes": "0",
        "gladiators": [g.pk for g in gladiators],
        **extra,
    }


def test_the_gm_draws_a_knockout_by_the_form(campaign, gm, eight, client_as):
    client = client_as(gm)
    page = client.get(reverse("tournament-new", args=[campaign.slug]))
    assert page.status_code == 200
    assert b"Minutes between rounds" in page.content
    response = client.post(reverse("tournament-new", args=[campaign.slug]), form_data(eight[:6]))
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament", args=[campaign.slug, tournament.pk])
    assert tournament.title == "The Ides Cup"
    assert tournament.entries.count() == 6
    assert Bout.objects.filter(tournament_match__tournament=tournament).count() == 2


def test_a_refused_form_says_why_and_draws_nothing(campaign, gm, eight, client_as):
    response = client_as(gm).post(
        reverse("tournament-new", args=[campaign.slug]), form_data(eight[:3])
    )
    assert response.status_code == 400
    assert (
        b"A knockout of GladiatorQuest takes 4 to 64 gladiators; 3 were given." in response.content
    )
    assert not Tournament.objects.exists() and not Bout.objects.exists()


def test_the_bracket_page_draws_every_match_and_links_its_bouts(
    campaign, eight, knockout, client_as, owner
):
    tournament = knockout(eight[:5])
    url = reverse("tournament", args=[campaign.slug, tournament.pk])
    body = client_as(owner).get(url).content.decode()
    assert "<svg" in body
    assert body.count('class="match') == 7  # 4 + 2 + 1 places for 5 entrants
    assert body.count(">bye<") == 3
    for bout in Bout.objects.filter(tournament_match__tournament=tournament):
        assert f'href="{reverse("bout", args=[campaign.slug, bout.pk])}"' in body
    for gladiator in eight[:5]:
        assert gladiator.name in body
    assert f'hx-get="{url}?partial=bracket"' in body  # it follows the knockout while it runs
    assert 'hx-trigger="every 3s"' in body


def test_the_bracket_stops_following_once_the_champion_is_crowned(
    campaign, eight, knockout, client_as, owner
):
    tournament = knockout(eight[:4])
    url = reverse("tournament", args=[campaign.slug, tournament.pk])
    running = client_as(owner).get(url + "?partial=bracket", headers={"HX-Request": "true"})
    assert running.content.decode().lstrip().startswith('<section id="bracket"')
    fight_to_the_end(tournament)
    body = client_as(owner).get(url + "?partial=bracket", headers={"HX-Request": "true"})
    text = body.content.decode()
    assert f"Champion: {tournament.champion.name}" in text
    assert "hx-trigger" not in text
    assert "<html" not in text  # the section alone


def test_the_pages_keep_to_the_strict_csp(campaign, gm, eight, knockout, client_as):
    """No inline style and no script without the page's nonce."""
    tournament = knockout(eight[:4])
    client = client_as(gm)
    for name, args in [
        ("tournament", [campaign.slug, tournament.pk]),
        ("tournaments", [campaign.slug]),
        ("tournament-new", [campaign.slug]),
    ]:
        response = client.get(reverse(name, args=args))
        body = response.content.decode()
        assert response.status_code == 200
        assert "style=" not in body and "<style" not in body, name
        for script in re.findall(r"<script[^>]*>", body):
            assert "src=" in script or "nonce=" in script, script
        assert "'unsafe-inline'" not in response["Content-Security-Policy"]


def test_the_campaign_page_and_the_list_lead_to_the_knockout(
    campaign, eight, knockout, client_as, owner
):
    tournament = knockout(eight[:4], title="Saturnalia")
    client = client_as(owner)
    assert (
        reverse("tournaments", args=[campaign.slug]).encode()
        in client.get(reverse("campaign", args=[campaign.slug])).content
    )
    listing = client.get(reverse("tournaments", args=[campaign.slug])).content.decode()
    assert reverse("tournament", args=[campaign.slug, tournament.pk]) in listing
    assert "Saturnalia" in listing
    assert "Draw a knockout" not in listing  # the GM's button only


# --- API ------------------------------------------------------------------------------------


def test_the_api_draws_and_reads_a_knockout(campaign, gm, owner, eight, api_as):
    url = reverse("api-tournaments", args=[campaign.slug])
    body = {
        "title": "Ludi Romani",
        "starts_at": (timezone.now() + timedelta(hours=1)).isoformat(),
        "gladiators": [g.pk for g in eight[:7]],
        "seed": 42,
        "round_minutes": 60,
    }
    created = api_as(gm).post(url, body, format="json")
    assert created.status_code == 201, created.content
    data = created.json()
    assert data["rounds"] == 3 and data["seed"] == 42 and data["status"] == "running"
    assert [e["seed"] for e in data["entries"]] == list(range(1, 8))
    assert len(data["matches"]) == 7
    bye = [m for m in data["matches"] if m["decided_by"] == "bye"]
    assert [(m["round"], m["first_seed"], m["winner_seed"]) for m in bye] == [(1, 1, 1)]
    scheduled = [m for m in data["matches"] if m["bout_id"]]
    assert len(scheduled) == 3 and {m["bout_status"] for m in scheduled} == {"scheduled"}

    read = api_as(owner).get(reverse("api-tournament", args=[campaign.slug, data["id"]]))
    assert read.status_code == 200 and read.json()["matches"] == data["matches"]
    listed = api_as(owner).get(url).json()
    assert [t["id"] for t in listed["results"]] == [data["id"]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"gladiators": [1, 2, 3]}, "gladiators"),
        ({"seeding": "by height"}, "seeding"),
        ({"round_minutes": -5}, "round_minutes"),
        ({"options": {"nonsense": 1}}, "options"),
        ({"starts_at": "tomorrow"}, "starts_at"),
        ({"gladiators": [999999, 999998, 999997, 999996]}, "gladiators"),
    ],
)
def test_the_api_refuses_bad_input_in_words(campaign, gm, eight, api_as, change, field):
    body = {
        "starts_at": timezone.now().isoformat(),
        "gladiators": [g.pk for g in eight[:4]],
        **change,
    }
    response = api_as(gm).post(
        reverse("api-tournaments", args=[campaign.slug]), body, format="json"
    )
    assert response.status_code == 400
    assert field in response.json()
    assert not Tournament.objects.exists() and not Bout.objects.exists()
