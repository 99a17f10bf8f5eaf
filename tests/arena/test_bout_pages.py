from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.models import Bout

pytestmark = pytest.mark.django_db


def test_the_gm_schedules_a_bout_from_the_form(client_as, campaign, gm, brutus, nox):
    when = (timezone.now() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {"title": "", "scheduled_at": when, "gladiators": [brutus.pk, nox.pk]},
    )
    bout = Bout.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("bout", args=[campaign.slug, bout.pk])


def test_the_schedule_form_says_what_is_wrong(client_as, campaign, gm, brutus):
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {"scheduled_at": "not a date", "gladiators": [brutus.pk]},
    )
    body = response.content.decode()
    assert response.status_code == 400
    assert "Enter a valid date/time." in body
    assert not Bout.objects.exists()


def test_a_pending_bout_page_polls_and_a_resolved_one_stops(client_as, due_bout, owner):
    client = client_as(owner)
    url = reverse("bout", args=[due_bout.campaign.slug, due_bout.pk])
    pending = client.get(url, {"partial": "result"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 2s"' in pending
    assert "<html" not in pending  # only the partial
    bout_resolve(bout_id=due_bout.pk)
    done = client.get(url, {"partial": "result"}, HTTP_HX_REQUEST="true").content.decode()
    assert "hx-trigger" not in done
    due_bout.refresh_from_db()
    assert f"<strong>{due_bout.winner}</strong> wins." in done


def test_the_fight_history_lists_resolved_bouts(client_as, due_bout, rival):
    bout_resolve(bout_id=due_bout.pk)
    due_bout.refresh_from_db()
    body = client_as(rival).get(reverse("bout-history", args=[due_bout.campaign.slug])).content
    assert due_bout.title.encode() in body
    assert due_bout.winner.encode() in body


def test_a_bout_of_another_campaign_is_404(client_as, due_bout, public_campaign, gm):
    url = reverse("bout", args=[public_campaign.slug, due_bout.pk])
    assert client_as(gm).get(url).status_code == 404


def test_the_gm_builds_walls_and_the_replay_draws_them(client_as, campaign, gm, brutus, nox):
    """GladiatorQuest's walls are a bout option typed as squares ("d4, E5"); the rule set is
    not played by web, yet its map is the rule set's terrain and the replay draws it."""
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {
            "title": "Among the pillars",
            "scheduled_at": (timezone.now() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
            "gladiators": [brutus.pk, nox.pk],
            "option_board_files": 8,
            "option_board_ranks": 8,
            "option_walls": "d4, E5",
        },
    )
    assert response.status_code == 302
    bout = Bout.objects.get()
    assert bout.options["walls"] == ["D4", "E5"]
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now())
    bout_resolve(bout_id=bout.pk)
    page = client_as(gm).get(reverse("bout", args=[campaign.slug, bout.pk])).content.decode()
    assert page.count('class="wall"') == 2


@pytest.mark.parametrize(
    ("walls", "said"),
    [
        ("D4 Z9", "options.walls[1]: Z9 is off the 8x8 board"),
        ("D4 here", "options.walls[1]: &#x27;HERE&#x27; is not a square in A1 notation"),
    ],
)
def test_a_wall_off_the_board_is_refused_in_words(
    client_as, campaign, gm, brutus, nox, walls, said
):
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {
            "scheduled_at": (timezone.now() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
            "gladiators": [brutus.pk, nox.pk],
            "option_board_files": 8,
            "option_board_ranks": 8,
            "option_walls": walls,
        },
    )
    assert response.status_code == 400
    assert said in response.content.decode()
    assert not Bout.objects.exists()
