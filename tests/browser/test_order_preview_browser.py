"""In Chromium: the Gladiator Arena order page's threat overlay and "what if" preview (issue
14). The overlay is in each square's name and a mark that is not colour alone; the preview is
asked for with a button, swapped in by htmx under the order (the page is not reloaded), read
out by the live region, and taken away by the next press on the board, which makes it stale."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The contrast of the threat mark's "!" with its chip, as WCAG computes it.
MARK_CONTRAST_JS = """(el) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(el);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_the_threat_overlay_and_the_what_if_preview(page, login, running, owner):
    bout, mine, _ = running
    login(owner)
    page.goto(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/orders/{mine.pk}/")
    page.evaluate("window.__same_document = true")
    grid = page.get_by_role("grid", name=re.compile("The board"))
    # Justbec (dwarf, sword reaching 2) on D6 threatens D4 where Kaunisto stands, not A1.
    expect(grid.get_by_role("button", name="D8, threatened by Justbec", exact=True)).to_have_count(
        1
    )
    expect(page.locator("#square-D4 .threat-mark")).to_be_visible()
    expect(page.locator("#square-A1 .threat-mark")).to_have_count(0)
    assert page.locator("#square-D4 .threat-mark").evaluate(MARK_CONTRAST_JS) >= 3
    expect(page.locator("#board-keys")).to_contain_text("an opponent can strike there")

    page.locator("#square-D5").click()
    expect(page.locator("#draft-move")).to_have_text("D5")
    page.locator("#square-D6").click()
    expect(page.locator("#draft-strike")).to_have_text("D6")
    address = page.url
    page.get_by_role("button", name="Preview this order").click()

    preview = page.locator("#what-if")
    expect(preview).to_be_visible()
    # Kaunisto's sword (2 damage) hits Justbec on D6; Justbec's tactics strike D4, now empty.
    expect(preview.get_by_role("row", name=re.compile(r"^Justbec"))).to_contain_text("9 → 7")
    expect(preview.get_by_role("row", name=re.compile(r"^Kaunisto"))).to_contain_text("D5")
    expect(page.locator("#what-if-events")).to_contain_text("Justbec strikes D4: miss.")
    expect(page.locator("#live-status")).to_contain_text("Justbec drops to 7 HP")
    assert page.url == address  # the preview is not an address of its own in the history
    assert page.evaluate("window.__same_document") is True

    # A new draft makes the preview stale: the next press takes it away.
    page.locator("#square-D7").click()
    expect(page.locator("#draft-strike")).to_have_text("D6, D7")
    expect(page.locator("#what-if")).to_have_count(0)
