"""Season pages: the GM's form opens one, the table and fixtures show (and poll while it
runs), the GM's controls ask first and then act, an owner withdraws its own gladiator, and
nobody else may."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Season
from campaign.models import AuditEntry

from .conftest import play_round

pytestmark = pytest.mark.django_db


def test_the_gm_opens_a_season_by_the_form(client_as, campaign, gm, owner, stable):
    gladiators = stable(4)
    url = reverse("season-new", args=[campaign.slug])
    assert client_as(owner).get(url).status_code == 403
    form = {
        "title": "Autumn league",
        "format": "round_robin",
        "mode": "tactics",
        "deadline_hours": "24",
        "first_round_at": (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "round_days": "7",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "gladiators": [str(g.pk) for g in gladiators],
    }
    refused = client_as(gm).post(url, {**form, "round_days": "0"})
    assert refused.status_code == 400 and not Season.objects.exists()
    response = client_as(gm).post(url, form)
    season = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("season", args=[campaign.slug, season.pk])
    assert season.rounds == 3 and season.fixtures.count() == 6


def test_the_form_refuses_what_the_rule_set_does_not_allow(client_as, campaign, gm, stable):
    url = reverse("season-new", args=[campaign.slug])
    form = {
        "title": "Short cup",
        "format": "knockout",
        "mode": "tactics",
        "first_round_at": (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "round_days": "7",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "gladiators": [str(g.pk) for g in stable(3)],
    }
    refused = client_as(gm).post(url, form)
    assert refused.status_code == 400 and not Season.objects.exists()
    assert (
        "A single elimination season of GladiatorQuest takes 4 to 64 gladiators, not 3."
        in refused.content.decode()
    )


def test_the_table_and_fixtures_show_and_follow_the_bouts(
    client_as, campaign, owner, stable, open_season
):
    season = open_season(stable(4), round_days=1)
    play_round(season)
    url = reverse("season", args=[campaign.slug, season.pk])
    page = client_as(owner).get(url).content.decode()
    assert 'id="standings"' in page and 'id="fixtures"' in page
    assert "Round 1 of 3 played" in page
    assert 'hx-trigger="every 5s"' in page
    partial = client_as(owner).get(url + "?partial=table", headers={"HX-Request": "true"})
    assert partial.content.decode().lstrip().startswith('<section id="season-table"')
    listed = client_as(owner).get(reverse("seasons", args=[campaign.slug])).content.decode()
    assert "Spring league" in listed and "1 of 3" in listed


def test_cancel_asks_first_then_cancels(client_as, campaign, gm, owner, stable, open_season):
    season = open_season(stable(4))
    url = reverse("season-cancel", args=[campaign.slug, season.pk])
    assert client_as(owner).get(url).status_code == 403
    question = client_as(gm).get(url)
    assert question.status_code == 200 and "Cancel Spring league?" in question.content.decode()
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    done = client_as(gm).post(url, {"reason": "Rain"})
    assert done.status_code == 302
    season.refresh_from_db()
    assert season.status == Season.Status.CANCELLED
    assert AuditEntry.objects.filter(action="season.cancel").get().detail["reason"] == "Rain"


def test_pause_resume_and_extend_by_the_page(client_as, campaign, gm, stable, open_season):
    season = open_season(stable(4), format=Season.Format.SWISS, rounds=1)
    c = client_as(gm)
    c.post(reverse("season-pause", args=[campaign.slug, season.pk]))
    season.refresh_from_db()
    assert season.status == Season.Status.PAUSED
    c.post(reverse("season-resume", args=[campaign.slug, season.pk]))
    extend = reverse("season-extend", args=[campaign.slug, season.pk])
    assert 'name="rounds"' in c.get(extend + "?rounds=2").content.decode()
    c.post(extend, {"rounds": "2"})
    season.refresh_from_db()
    assert (season.status, season.rounds) == (Season.Status.RUNNING, 3)
    bad = c.post(extend, {"rounds": "many"})
    assert bad.status_code == 400
    assert "The number of rounds is a whole number" in bad.content.decode()


def test_an_owner_withdraws_its_own_gladiator(
    client_as, campaign, owner, rival, stable, open_season
):
    season = open_season(stable(4))
    aulus = season.entries.get(seed=1)
    url = reverse("season-withdraw", args=[campaign.slug, season.pk])
    assert client_as(rival).post(url, {"gladiator": aulus.gladiator_id}).status_code == 403
    ask = client_as(owner).get(url + f"?gladiator={aulus.gladiator_id}")
    assert "Withdraw Aulus from Spring league?" in ask.content.decode()
    client_as(owner).post(url, {"gladiator": aulus.gladiator_id})
    aulus.refresh_from_db()
    assert aulus.withdrawn_at is not None
