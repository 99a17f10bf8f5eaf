"""Absence seen in Chromium with the real worker: a missed turn falls back per the policy (to
the player's conditional fallback orders written on the sheet, or the standing order), a
vacation makes a bout wait, and a replacement takes over a seat. The worker does the
resolving (the sweeper task at a deadline, the resolve once every order is in); the tests
wait for what it does, each with a deadline, and the bout page shows it without a reload."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from arena.models import Bout, TurnOrder
from arena.play.services import order_submit
from arena.tasks import bouts_sweep_due_task
from campaign.reliability.models import DeadlineExtension, TurnAttendance
from campaign.reliability.services import missed_turn_policy_set
from campaign.reliability.vacations import vacation_set
from campaign.services import campaign_join

from .conftest import wait_until

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

STAY = {}
LIVE = 30_000  # ms, a bound for a hang: the page polls every 3 s, the worker resolves sooner


def deadline_passes(bout) -> None:
    """The turn's deadline an hour ago; the beat's sweeper task, sent to the worker, finds it."""
    Bout.objects.filter(pk=bout.pk).update(turn_deadline=timezone.now() - timedelta(hours=1))
    bouts_sweep_due_task.delay()


def test_a_missed_turn_falls_back_to_the_standing_order(
    celery_worker_process, page, login, running, gm, owner, rival
):
    bout, mine, theirs = running
    missed_turn_policy_set(campaign=bout.campaign, by=gm, excused_allowed=0, disorder_after=0)
    order_submit(entrant=theirs, by=rival, order=STAY, standing=True, turn=1)
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)  # every order in: the worker
    wait_until(lambda: Bout.objects.get(pk=bout.pk).turn == 2, what="turn 1 to resolve")
    standing = TurnOrder.objects.get(entrant=theirs, turn=1).order
    login(owner)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/")
    expect(page.locator("#live-title")).to_have_text(re.compile("Turn 2"))
    page.evaluate("window.__same_document = true")  # lost if the page were reloaded

    order_submit(entrant=mine, by=owner, order=STAY, turn=2)  # the rival misses turn 2
    deadline_passes(bout)

    expect(page.locator("#live-title")).to_have_text(re.compile("Turn 3"), timeout=LIVE)
    assert page.evaluate("window.__same_document") is True
    bout.refresh_from_db()
    assert bout.engine_input["turns"][1]["Justbec"] == standing
    miss = TurnAttendance.objects.get(bout=bout, gladiator="Justbec", turn=2)
    assert (miss.user, miss.outcome) == (rival, "missed")  # no excused misses in this policy


def test_a_vacation_makes_a_bout_wait(celery_worker_process, page, login, running, owner, rival):
    bout, mine, _ = running
    last = timezone.now().date() + timedelta(days=2)
    vacation_set(campaign=bout.campaign, by=rival, starts=timezone.now().date(), ends=last)
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    login(owner)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/")
    expect(page.locator("#live-title")).to_have_text(re.compile("Turn 1"))

    deadline_passes(bout)

    expect(page.locator("#deadline-extensions")).to_have_text(
        f"Extended: rival is on vacation until {last.isoformat()}", timeout=LIVE
    )
    bout.refresh_from_db()
    assert bout.turn == 1
    assert bout.turn_deadline > timezone.now() + timedelta(days=2)
    assert DeadlineExtension.objects.get(bout=bout).by is None
    assert not TurnAttendance.objects.filter(bout=bout).exists()


def test_a_replacement_takes_over_a_seat(
    celery_worker_process, browser, live_server, page, login, running, gm, owner, rival, make_user
):
    bout, mine, theirs = running
    stand_in = make_user("standin")
    campaign_join(campaign=bout.campaign, user=stand_in, code=bout.campaign.invite_code)
    order_submit(entrant=theirs, by=rival, order=STAY, turn=1)  # rival's, dropped with the seat
    login(gm)
    page.goto(f"/c/{bout.campaign.slug}/")
    form = page.locator("#seat-hand-over-form")
    form.get_by_label("Gladiator").select_option(label="Justbec (rival)")
    form.get_by_label("to the member").fill("standin")
    form.get_by_role("button", name="Hand over…").click()
    expect(page.get_by_text("Hand Justbec to standin?")).to_be_visible()
    page.get_by_role("button", name="Yes, hand the seat over").click()
    expect(page.locator("#flash")).to_contain_text("Justbec: now played by standin.")
    assert not TurnOrder.objects.filter(entrant=theirs, turn=1).exists()

    # The stand-in's own browser: the seat's orders are theirs now.
    context = browser.new_context(base_url=live_server.url)
    client = Client()
    client.force_login(stand_in)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    theirs_page = context.new_page()
    theirs_page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/")
    expect(theirs_page.locator(f"#give-orders-{theirs.pk}")).to_be_visible()
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    theirs.gladiator.refresh_from_db()  # the seat as it is now
    order_submit(entrant=theirs, by=stand_in, order=STAY, turn=1)  # every order in: the worker
    expect(theirs_page.locator("#live-title")).to_have_text(re.compile("Turn 2"), timeout=LIVE)
    context.close()
    row = TurnAttendance.objects.get(bout=bout, gladiator="Justbec", turn=1)
    assert (row.user, row.outcome) == (stand_in, "ordered")


def test_a_missed_turn_falls_back_to_the_players_conditional_orders(
    celery_worker_process, page, login, running, owner, rival
):
    bout, mine, _ = running
    login(rival)
    page.goto(f"/c/{bout.campaign.slug}/g/{running[2].gladiator.pk}/")
    # "If an opponent is within 2 squares, keep away from the nearest": written on the sheet.
    page.select_option("#fallback-when-0", "opponent_within")
    page.fill("#fallback-value-0", "2")
    page.select_option("#fallback-do-0", label="Keep away from the nearest opponent")
    page.get_by_role("button", name="Save fallback orders").click()
    expect(page.locator("li.message.success")).to_have_text("Justbec's fallback orders are saved.")
    expect(page.locator("#fallback-when-0")).to_have_value("opponent_within")
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/")
    expect(page.locator("#live-title")).to_have_text(re.compile("Turn 1"))
    page.evaluate("window.__same_document = true")  # lost if the page were reloaded

    order_submit(entrant=mine, by=owner, order=STAY, turn=1)  # the rival misses turn 1
    deadline_passes(bout)

    expect(page.locator("#live-title")).to_have_text(re.compile("Turn 2"), timeout=LIVE)
    assert page.evaluate("window.__same_document") is True
    bout.refresh_from_db()
    # Kaunisto two squares off on D4: the first rule holds, and Justbec steps away to D7.
    assert bout.engine_input["turns"][0]["Justbec"] == {"move": "D7"}
    miss = TurnAttendance.objects.get(bout=bout, gladiator="Justbec", turn=1)
    assert miss.user == rival and miss.outcome != "ordered"
