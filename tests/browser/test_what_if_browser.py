"""In Chromium: an owner asks "What if?" of a finished bout from its page, gives another order
for turn 2, and the what-if's page, polled by htmx while it waits, shows the turn where the
fight went otherwise, marked as not what happened."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from arena.models import BoutWhatIf
from arena.whatif.services import what_if_run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_owner_asks_what_if_and_sees_the_diverging_turn(page, login, finished, owner):
    bout, _, _ = finished
    login(owner)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/")
    page.get_by_role("link", name=re.compile("What if\\? Fight it again")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("What if?")
    form = page.locator("#what-if-order")
    form.get_by_label("Turn (1 to 3)").fill("2")
    form.get_by_label("The order, as the forum writes it").fill("Move: C5\nStrike: C6")
    form.get_by_role("button", name="Fight it again with this order").click()

    expect(page.locator("#what-if-mark")).to_contain_text("not what happened")
    expect(page.locator("#what-if-waiting")).to_be_visible()
    page.evaluate("window.__same_document = true")
    # The worker's service fights it now; the page, asking again every two seconds, shows it.
    what_if_run(what_if_id=BoutWhatIf.objects.get().pk)
    diverged = page.locator("#what-if-diverged")
    expect(diverged).to_contain_text("The fight first went otherwise at Turn 2")
    expect(page.locator("#what-if-ends")).to_contain_text("Kaunisto")
    expect(page.locator("#report")).to_contain_text("Kaunisto moves from D5 to C5.")
    assert page.evaluate("window.__same_document") is True  # swapped in, not reloaded
