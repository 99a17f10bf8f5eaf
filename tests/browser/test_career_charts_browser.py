"""The sheet's career charts on a phone: drawn, inside the 390 px screen, their tables a tap
away (the accessibility sweep runs axe over the same sheet, tests/browser/page_sweep.py)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from characters.services import gladiator_adjust
from tests.browser.test_accessibility import AXE_OPTIONS, FAILING_IMPACTS
from tests.characters.conftest import decided

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def inside_the_screen(locator) -> None:
    box = locator.bounding_box()
    assert box is not None and box["width"] > 0, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def test_on_a_phone_the_career_charts_fit_the_screen_and_open_as_tables(
    page, login, campaign, gm, owner, brutus, nox
):
    gladiator_adjust(gladiator=brutus, currency="xp", amount=30, reason="training", by=gm)
    decided(campaign, gm, {brutus: 1, nox: 2}, days_ago=2, title="First blood")
    decided(campaign, gm, {brutus: 2, nox: 1}, days_ago=1, title="Revenge")
    page.set_viewport_size(PHONE)
    login(owner)
    page.goto(f"/c/{campaign.slug}/g/{brutus.pk}/")

    for chart, name in (
        ("#xp-chart", "experience over time"),
        ("#record-chart", "record over time"),
    ):
        svg = page.locator(f"{chart} svg.chart-svg")
        expect(svg).to_be_visible()
        assert name in svg.get_attribute("aria-label")
        inside_the_screen(svg)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    table = page.get_by_role("table", name="wins and defeats after each resolved bout")
    expect(table).to_be_hidden()
    page.get_by_text("Record as a table").click()
    expect(table).to_be_visible()
    inside_the_screen(table)
    # The latest first; at this width each row is a card whose cells carry their column's name.
    expect(table.locator('td[data-label="Result"]')).to_have_text(["lost", "won"])

    # axe, as the sweep runs it, over the Career card with its tables open.
    for summary in ("Gold as a table", "Experience as a table"):
        page.get_by_text(summary).click()
    results = Axe().run(page, context="#career", options=AXE_OPTIONS).response
    serious = [v["id"] for v in results["violations"] if v["impact"] in FAILING_IMPACTS]
    assert not serious, serious
