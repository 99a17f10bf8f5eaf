"""The bout report read on a phone (390 px) and by keyboard: no axe finding in the section,
no control under 24 px, no sideways scroll; a sentence's dice open from the keyboard."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from arena.bouts.services import bout_resolve
from tests.browser.test_accessibility import AXE_OPTIONS, FAILING_IMPACTS, SMALL_TARGETS_JS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_the_report_reads_on_a_phone_and_its_dice_open_from_the_keyboard(
    page, login, due_bout, owner
):
    bout = bout_resolve(bout_id=due_bout.pk)
    page.set_viewport_size(PHONE)
    login(owner)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/#report")

    report = page.locator("#report")
    expect(report.get_by_role("heading", name="The fight, blow by blow")).to_be_visible()
    results = Axe().run(page, context={"include": [["#report"]]}, options=AXE_OPTIONS).response
    serious = [v["id"] for v in results["violations"] if v["impact"] in FAILING_IMPACTS]
    assert serious == []
    assert page.evaluate(SMALL_TARGETS_JS, []) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    first = report.locator("details.dice").first
    dice = first.locator("p")
    expect(dice).to_be_hidden()
    first.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(dice).to_be_visible()
    expect(dice).not_to_be_empty()
