"""Two players, two browsers, one turn: orders given on the board, the turn resolved by the real
worker when the last order commits, and both players' bout pages moving on by themselves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from arena.models import Bout
from tests.browser.fixtures import DEADLINE_MS

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def open_as(browser, live_server, user):
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    context.set_default_timeout(DEADLINE_MS)
    return context


def test_two_players_give_orders_and_both_boards_move_on(
    celery_worker_process, browser, live_server, running, owner, rival
):
    bout, mine, theirs = running
    url = f"/c/{bout.campaign.slug}/bouts/{bout.pk}/"
    contexts = [open_as(browser, live_server, user) for user in (owner, rival)]
    try:
        watchers = []
        for context in contexts:
            watcher = context.new_page()
            watcher.goto(url)
            expect(watcher.locator("#bout-live h2")).to_contain_text("Turn 1")
            watcher.evaluate("window.__same_document = true")
            watchers.append(watcher)

        # Kaunisto's owner draws "move to D5, strike D6" on the board.
        orders = contexts[0].new_page()
        orders.goto(f"{url}orders/{mine.pk}/")
        orders.locator("#square-D5").click()
        expect(orders.locator("#draft-move")).to_have_text("D5")
        # A move just set hands the board to the strike, so "2. Strike" is already pressed.
        strike = orders.get_by_role("button", name="2. Strike")
        expect(strike).to_have_attribute("aria-pressed", "true")
        # Pressing it again asks the server all the same: its answer is waited for, since a
        # square pressed while it is on its way cancels it (hx-sync replace), which htmx logs
        # to the console as an error.
        with orders.expect_response(lambda r: "pick=strike" in r.url):
            strike.click()
        expect(strike).to_have_attribute("aria-pressed", "true")
        orders.locator("#square-D6").click()
        expect(orders.locator("#draft-strike")).to_have_text("D6")
        expect(orders.locator("#order-ok")).to_be_visible()
        orders.get_by_role("button", name="Submit the order").click()
        expect(orders.locator("#flash").get_by_text("Order for turn 1 saved")).to_be_visible()
        expect(watchers[1].locator("#order-status")).to_contain_text("order in")
        assert Bout.objects.get(pk=bout.pk).turn == 1  # the rival has not ordered yet

        # Justbec's owner types a forum-style order; it is the last one, so the turn resolves.
        orders = contexts[1].new_page()
        orders.goto(f"{url}orders/{theirs.pk}/")
        expect(orders.get_by_role("heading", name="Or type it as on the forum")).to_be_visible()
        orders.get_by_label("Order lines").fill("Strike: D5")
        orders.get_by_role("button", name="Submit these lines").click()

        for watcher in watchers:
            expect(watcher.locator("#bout-live h2")).to_contain_text("Turn 2")
            expect(watcher.locator("#last-turn-events")).to_contain_text("Kaunisto")
            assert watcher.evaluate("window.__same_document") is True
        bout.refresh_from_db()
        assert bout.engine_input["turns"][0] == {
            "Kaunisto": {"move": "D5", "strike": ["D6"]},
            "Justbec": {"strike": ["D5"]},
        }
    finally:
        for context in contexts:
            context.close()
