"""In Chromium (issue 13): a square struck and pressed again is taken back in words and the
strikes left follow; the forum page's Copy button puts the post on the clipboard and says so
through the page's one live region."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena.orders import strikes_allowed
from arena.play.services import bout_turn_resolve, order_submit
from arena.play.turns import state_loaded, turn_rules
from tests.browser.test_board_and_live import live_says, orders_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_strike_pressed_twice_is_taken_back_in_words(page, login, running, owner):
    bout, mine, _ = running
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    allowed = strikes_allowed(state.get("Kaunisto"), Square.parse("D5"))
    login(owner)
    page.goto(orders_url(bout, mine))
    page.locator("#square-D5").click()
    expect(page.locator("#pick-strike")).to_have_attribute("aria-pressed", "true")
    page.locator("#square-D6").click()
    expect(page.locator("#count-strike")).to_have_text(f"(1 of {allowed}, {allowed - 1} left)")
    expect(page.locator("#order-said")).to_be_hidden()
    page.locator("#square-D6").click()
    expect(page.locator("#order-said")).to_have_text("D6: strike taken back.")
    expect(page.locator("#count-strike")).to_have_text(f"(0 of {allowed}, {allowed} left)")
    live_says(page, "D6: strike taken back.")


def test_the_forum_posts_copy_button_copies_and_says_so(
    page, login, live_server, running, owner, rival
):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={"move": "D5", "strike": ["D6"]})
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    login(rival)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/")
    page.locator("#forum-markdown").click()
    expect(page.locator("h1")).to_have_text("Turn 1 as a forum post")
    shown = page.locator("#forum-text").input_value()
    assert shown.startswith("**Turn 1**")
    page.locator("#forum-copy").click()
    live_says(page, re.compile(r"^Copied"))
    assert page.evaluate("navigator.clipboard.readText()") == shown
