"""What players stumbled on (issue 29), in Chromium at desktop width and at 390 px: the skip
link is the first stop of Tab and lands on the main content; a new sheet's date labels stay
inside their chart and apart."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from characters.services import gladiator_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [1280, 390]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_skip_link_is_the_first_tab_stop_and_lands_on_the_main_content(
    page, login, campaign, owner, width
):
    page.set_viewport_size({"width": width, "height": 800})
    login(owner)
    page.goto(f"/c/{campaign.slug}/")
    page.keyboard.press("Tab")
    skip = page.locator("#skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()  # in sight once focused
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_new_sheets_date_labels_stay_inside_their_chart(page, login, campaign, owner, width):
    tiro = gladiator_create(campaign=campaign, by=owner, name="Tiro", kind="barbarian")
    page.set_viewport_size({"width": width, "height": 900})
    login(owner)
    page.goto(f"/c/{campaign.slug}/g/{tiro.pk}/")
    charts = page.locator("#career svg.chart-svg")
    # Gold, level and experience over time (a new gladiator has no record to chart yet).
    expect(charts).to_have_count(3)
    for n in range(3):
        chart = charts.nth(n)
        box = chart.bounding_box()
        labels = chart.locator(".tick-labels.x text")
        expect(labels).to_have_count(1)
        label = labels.first.bounding_box()
        assert box["x"] <= label["x"] and label["x"] + label["width"] <= box["x"] + box["width"]
