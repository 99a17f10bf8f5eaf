"""Scheduling refuses the past and the far future (in the form and the API); "fight now" is its
own button. Irreversible actions ask first, on the server (no browser confirm()). A polled
result takes the stale "Cancel" away."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.models import Bout
from characters.models import Gladiator

pytestmark = pytest.mark.django_db

FORM_TIME = "%Y-%m-%dT%H:%M"


def _form(when: str, *gladiators) -> dict:
    return {"scheduled_at": when, "gladiators": [g.pk for g in gladiators]}


@pytest.mark.parametrize(
    ("offset", "says"),
    [(timedelta(hours=-1), "has passed"), (timedelta(days=400), "at most a year ahead")],
    ids=["past", "far"],
)
def test_the_form_refuses_a_past_or_far_time_in_words(
    campaign, gm, brutus, nox, client_as, offset, says
):
    when = (timezone.now() + offset).strftime(FORM_TIME)
    page = client_as(gm).post(reverse("bout-new", args=[campaign.slug]), _form(when, brutus, nox))
    assert page.status_code == 400 and says in page.content.decode()
    assert not Bout.objects.exists()


def test_fight_now_schedules_the_bout_for_now(campaign, gm, brutus, nox, client_as):
    before = timezone.now()
    page = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]), {**_form("", brutus, nox), "fight_now": "1"}
    )
    assert page.status_code == 302
    bout = Bout.objects.get()
    assert before <= bout.scheduled_at <= timezone.now()


def test_the_form_without_a_time_asks_for_one(campaign, gm, brutus, nox, client_as):
    page = client_as(gm).post(reverse("bout-new", args=[campaign.slug]), _form("", brutus, nox))
    assert page.status_code == 400 and "Fight now" in page.content.decode()


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"scheduled_at": "2001-01-01T00:00:00Z"}, "has passed"),
        ({"scheduled_at": "2999-01-01T00:00:00Z"}, "at most a year ahead"),
        ({}, "fight_now"),
        ({"fight_now": True, "scheduled_at": "2999-01-01T00:00:00Z"}, "not both"),
    ],
    ids=["past", "far", "none", "both"],
)
def test_the_api_refuses_a_past_or_far_time_in_words(campaign, gm, brutus, nox, api_as, body, says):
    response = api_as(gm).post(
        reverse("api-bouts", args=[campaign.slug]),
        {**body, "gladiators": [brutus.pk, nox.pk]},
        format="json",
    )
    assert response.status_code == 400 and says in response.json()["scheduled_at"][0]
    assert not Bout.objects.exists()


def test_the_api_fights_now(campaign, gm, brutus, nox, api_as):
    response = api_as(gm).post(
        reverse("api-bouts", args=[campaign.slug]),
        {"fight_now": True, "gladiators": [brutus.pk, nox.pk]},
        format="json",
    )
    assert response.status_code == 201
    assert Bout.objects.get().scheduled_at <= timezone.now()


# --- are you sure? ---------------------------------------------------------------------------


def _asks(response, action: str) -> str:
    body = response.content.decode()
    assert response.status_code == 200
    assert "<form" in body and f'action="{action}"' in body and 'id="confirm-yes"' in body
    return body


def test_every_irreversible_button_asks_first(campaign, gm, owner, brutus, due_bout, client_as):
    holding = brutus.holdings.first()
    cases = [
        (owner, reverse("gladiator-sell", args=[campaign.slug, brutus.pk]),
         {"holding": holding.pk, "back": "shop"}),
        (owner, reverse("gladiator-retire", args=[campaign.slug, brutus.pk]), {}),
        (gm, reverse("bout-cancel", args=[campaign.slug, due_bout.pk]), {}),
    ]  # fmt: skip
    for who, url, query in cases:
        body = _asks(client_as(who).get(url, query), url)
        for name, value in query.items():
            assert f'name="{name}" value="{value}"' in body
    # Asking changed nothing.
    brutus.refresh_from_db()
    due_bout.refresh_from_db()
    assert brutus.status == Gladiator.Status.ACTIVE and due_bout.status == Bout.Status.SCHEDULED
    assert brutus.holdings.filter(pk=holding.pk).exists()


def test_the_gms_turn_buttons_ask_first_naming_the_turn(running, gm, client_as):
    bout, _, _ = running
    for name in ("bout-force", "bout-finish"):
        url = reverse(name, args=[bout.campaign.slug, bout.pk])
        body = _asks(client_as(gm).get(url, {"turn": "1"}), url)
        assert 'name="turn" value="1"' in body and "turn 1" in body
    bout.refresh_from_db()
    assert bout.turn == 1


def test_htmx_gets_the_question_alone_and_others_are_not_asked(
    campaign, owner, rival, brutus, client_as
):
    url = reverse("gladiator-retire", args=[campaign.slug, brutus.pk])
    fragment = client_as(owner).get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith("<form") and "<html" not in fragment
    assert client_as(rival).get(url).status_code == 403


def test_no_template_uses_a_browser_confirm_dialog():
    templates = Path(settings.BASE_DIR) / "templates"
    for path in templates.rglob("*.html"):
        text = path.read_text()
        assert "hx-confirm" not in text and "confirm(" not in text, path


def test_the_buttons_are_links_to_the_question(campaign, owner, brutus, client_as):
    body = client_as(owner).get(reverse("gladiator", args=[campaign.slug, brutus.pk])).content
    url = reverse("gladiator-retire", args=[campaign.slug, brutus.pk])
    assert f'href="{url}" hx-get="{url}"'.encode() in body


# --- stale buttons ---------------------------------------------------------------------------


def test_a_polled_result_replaces_the_cancel_button_once_fought(due_bout, gm, client_as):
    client = client_as(gm)
    url = reverse("bout", args=[due_bout.campaign.slug, due_bout.pk])
    pending = client.get(url, {"partial": "result"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-swap-oob="true"' in pending and 'id="cancel-button"' in pending
    bout_resolve(bout_id=due_bout.pk)
    done = client.get(url, {"partial": "result"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="bout-actions" hx-swap-oob="true"' in done
    assert 'id="cancel-button"' not in done
    assert 'id="void-button"' in done  # the GM's next possible step
    page = client.get(url).content.decode()
    assert 'id="cancel-button"' not in page and "hx-swap-oob" not in page


def test_fight_now_says_what_stays_true_once_the_bout_is_fought(
    campaign, gm, brutus, nox, client_as
):
    """Issue 29: "Fight now" said the bout "is scheduled", shown on a bout already fought."""
    client = client_as(gm)
    sent = client.post(
        reverse("bout-new", args=[campaign.slug]), {**_form("", brutus, nox), "fight_now": "1"}
    )
    bout = Bout.objects.get()
    bout_resolve(bout_id=bout.pk)  # the worker is done before the GM's page loads
    page = client.get(sent.url).content.decode()
    assert "went to the arena to be fought now" in page
    assert "is scheduled" not in page and 'id="bout-winner"' in page


def test_a_bout_for_later_is_said_to_be_scheduled_for_its_time(
    campaign, gm, brutus, nox, client_as
):
    when = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    client = client_as(gm)
    sent = client.post(
        reverse("bout-new", args=[campaign.slug]), _form(when.strftime(FORM_TIME), brutus, nox)
    )
    page = client.get(sent.url).content.decode()
    assert f"is scheduled for {when:%Y-%m-%d %H:%M} UTC." in page
    assert "went to the arena" not in page
