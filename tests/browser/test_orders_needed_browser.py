"""In Chromium: the dashboard says the player's orders are needed, with a deadline that counts
down in place; an order sent from a page left open while its turn resolved is refused in words
and kept in its box."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from arena.models import TurnOrder
from arena.play.services import bout_turn_force, order_submit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_dashboard_says_my_orders_are_needed_and_counts_down(page, login, running, owner):
    bout, mine, _ = running
    login(owner)
    page.goto("/")
    needed = page.locator("#orders-needed")
    expect(needed.get_by_role("heading", name=re.compile("Your orders are needed"))).to_be_visible()
    expect(needed.get_by_role("link", name="Kaunisto")).to_have_attribute(
        "href", f"/c/{bout.campaign.slug}/bouts/{bout.pk}/orders/{mine.pk}/"
    )
    expect(page).to_have_title("Your orders are needed (1) · Campaigns · Ludus")
    # The deadline counts down where it is: move it and the text follows.
    page.locator("#orders-needed-count").focus()
    in_two_days_three_hours = (2 * 86400 + 3 * 3600 + 1000) * 1000
    page.evaluate(
        """(ms) => document.querySelector('time[data-countdown]')
             .setAttribute('datetime', new Date(Date.now() + ms).toISOString())""",
        in_two_days_three_hours,
    )
    expect(needed.locator("time")).to_have_text("2 days, 3 hours left")
    # The order goes in elsewhere; the list refreshes itself and the title follows.
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    page.evaluate(
        "htmx.ajax('GET', '/orders-needed/', {target: '#orders-needed', swap: 'outerHTML'})"
    )
    expect(page).to_have_title("Campaigns · Ludus")
    expect(needed).to_be_hidden()


def test_an_order_from_a_stale_page_is_refused_and_kept(page, login, running, owner, gm):
    bout, mine, _ = running
    login(owner)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/orders/{mine.pk}/")
    expect(page.get_by_text("Turn 1.", exact=False).first).to_be_visible()
    expect(page.get_by_role("heading", name="Or type it as on the forum")).to_be_visible()
    page.get_by_label("Order lines").fill("Move: D5")
    # the turn resolves while the page stands open
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")

    page.get_by_role("button", name="Submit these lines").click()

    expect(
        page.locator("#flash").get_by_text("Turn 1 has resolved; here is turn 2.")
    ).to_be_visible()
    expect(page.get_by_label("Order lines")).to_have_value("Move: D5")
    expect(page.locator('#order-form input[name="turn"]').first).to_have_value("2")
    assert not TurnOrder.objects.filter(entrant=mine, turn=2).exists()
    # Sent again from the page as it is now, it is turn 2's order.
    page.get_by_role("button", name="Submit these lines").click()
    expect(page.locator("#flash").get_by_text("Order for turn 2 saved")).to_be_visible()
    assert TurnOrder.objects.get(entrant=mine, turn=2).order == {"move": "D5"}
