"""Seasons by API: the GM opens one, everyone who may see the campaign reads its table and
fixtures, only the GM pauses, resumes, extends and cancels, only an owner withdraws, bad
input is a 400 in words with nothing stored, and every operation is in the OpenAPI schema."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Season
from characters.models import Gladiator

from .conftest import play_round

pytestmark = pytest.mark.django_db
SOON = (timezone.now() + timedelta(hours=2)).isoformat()


def body(gladiators, change=None):
    return {
        "title": "Summer league",
        "format": "swiss",
        "rounds": 2,
        "gladiators": [g.pk for g in gladiators],
        "first_round_at": SOON,
        "round_days": 3,
        **(change or {}),
    }


def test_the_gm_opens_a_season_and_everyone_in_the_campaign_reads_it(
    api_as, campaign, gm, owner, stable
):
    gladiators = stable(4)
    url = reverse("api-seasons", args=[campaign.slug])
    response = api_as(gm).post(url, body(gladiators), format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["season"]["rounds"] == 2 and data["season"]["status"] == "running"
    assert [r["gladiator"] for r in data["table"]] == ["Aulus", "Brutus", "Crixus", "Decimus"]
    assert data["fixtures"] == []  # a Swiss round is paired when it comes due

    season = Season.objects.get()
    play_round(season)
    detail = api_as(owner).get(reverse("api-season", args=[campaign.slug, season.pk])).json()
    assert detail["season"]["rounds_played"] == 1
    assert len(detail["fixtures"]) == 2
    assert {f["outcome"] for f in detail["fixtures"]} <= {"first", "second", "draw"}
    assert sum(r["played"] for r in detail["table"]) == 4
    assert all(len(r["form"]) == 1 for r in detail["table"])
    listed = api_as(owner).get(url).json()
    assert [s["title"] for s in listed["results"]] == ["Summer league"]


def test_groups_then_knockout_by_api_shows_groups_and_matches(api_as, campaign, gm, stable):
    url = reverse("api-seasons", args=[campaign.slug])
    change = {"format": "groups_ko", "rounds": None, "groups": 2, "advance": 1}
    refused = api_as(gm).post(url, body(stable(4), {**change, "advance": 2}), format="json")
    assert refused.status_code == 400
    assert "With groups of 2, 1 to 1 of each go through, not 2." in str(refused.json())
    assert not Season.objects.exists()
    response = api_as(gm).post(url, body(Gladiator.objects.all(), change), format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert (data["season"]["groups"], data["season"]["advance"], data["season"]["rounds"]) == (
        2,
        1,
        2,
    )
    assert {r["seed"]: r["group"] for r in data["table"]} == {1: 1, 4: 1, 2: 2, 3: 2}
    assert [
        (f["round"], f["match"], f["first_seed"], f["second_seed"]) for f in data["fixtures"]
    ] == [
        (1, "", 1, 4),
        (1, "", 2, 3),
    ]
    season = Season.objects.get()
    play_round(season)
    play_round(season)
    detail = api_as(gm).get(reverse("api-season", args=[campaign.slug, season.pk])).json()
    (final,) = [f for f in detail["fixtures"] if f["round"] == 2]
    assert final["match"] == "W1.1"
    seeded = sorted(r["knockout_seed"] for r in detail["table"] if r["knockout_seed"])
    assert seeded == [1, 2]


def test_an_outsider_sees_no_season_of_a_private_campaign(
    api_as, campaign, outsider, stable, open_season
):
    season = open_season(stable(4))
    response = api_as(outsider).get(reverse("api-season", args=[campaign.slug, season.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"format": "ladder"}, "format", "not a valid choice"),
        ({"rounds": 9}, "rounds", "A Swiss season of 4 plays 1 to 3 rounds"),
        ({"round_days": 40}, "round_days", "less than or equal to 28"),
        ({"gladiators": [1]}, "gladiators", "at least 2"),
        ({"points_win": 0, "points_loss": 1}, "points_win", "A win must score more than a loss"),
        ({"title": ""}, "title", ""),
    ],
)
def test_bad_input_is_a_400_in_words_and_nothing_is_stored(
    api_as, campaign, gm, stable, change, field, words
):
    response = api_as(gm).post(
        reverse("api-seasons", args=[campaign.slug]), body(stable(4), change), format="json"
    )
    assert response.status_code == 400
    message = str(response.json())
    assert field in message and words in message
    assert not Season.objects.exists()


def test_only_the_gm_opens_and_controls_a_season(api_as, campaign, gm, owner, stable):
    gladiators = stable(4)
    url = reverse("api-seasons", args=[campaign.slug])
    assert api_as(owner).post(url, body(gladiators), format="json").status_code == 403
    assert not Season.objects.exists()
    season_id = api_as(gm).post(url, body(gladiators), format="json").json()["season"]["id"]
    for action, payload in [("pause", {}), ("extend", {"rounds": 1}), ("cancel", {})]:
        path = reverse(f"api-season-{action}", args=[campaign.slug, season_id])
        assert api_as(owner).post(path, payload, format="json").status_code == 403
    assert Season.objects.get().status == "running"

    def act(action, payload=None):
        path = reverse(f"api-season-{action}", args=[campaign.slug, season_id])
        return api_as(gm).post(path, payload or {}, format="json")

    assert act("pause").json()["season"]["status"] == "paused"
    again = act("pause")
    assert again.status_code == 400
    assert again.json()["non_field_errors"][0].startswith("Only a season running can be paused")
    assert act("resume").json()["season"]["status"] == "running"
    assert act("extend", {"rounds": 1}).json()["season"]["rounds"] == 3
    assert act("extend", {"rounds": 0}).status_code == 400
    cancelled = act("cancel", {"reason": "Rain"})
    assert cancelled.json()["season"]["status"] == "cancelled"


def test_only_an_owner_withdraws_its_gladiator(api_as, campaign, owner, rival, stable, open_season):
    season = open_season(stable(4))
    path = reverse("api-season-withdraw", args=[campaign.slug, season.pk])
    aulus = season.entries.get(seed=1).gladiator  # the owner's
    assert api_as(rival).post(path, {"gladiator": aulus.pk}, format="json").status_code == 403
    response = api_as(owner).post(path, {"gladiator": aulus.pk}, format="json")
    assert response.status_code == 200
    assert [r["withdrawn"] for r in response.json()["table"] if r["gladiator"] == "Aulus"] == [True]
    missing = api_as(owner).post(path, {"gladiator": 999999}, format="json")
    assert missing.status_code == 400 and "999999" in str(missing.json())


def test_every_season_operation_is_in_the_schema(client):
    schema = client.get(reverse("api-schema")).content
    # drf-spectacular names a `pk` in a path `id`.
    for path in ("", "{id}/", "{id}/pause/", "{id}/resume/", "{id}/extend/", "{id}/cancel/",
                 "{id}/withdraw/"):  # fmt: skip
        assert f"/api/campaigns/{{slug}}/seasons/{path}".encode() in schema
