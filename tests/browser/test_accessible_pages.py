"""Pages a person uses with a keyboard, a screen reader or a phone: the shop, forms and their
errors, the schedule form's groups (issue 16; the sweep in test_accessibility.py covers axe)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from characters.services import gladiator_adjust

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_on_a_phone_the_shops_buy_button_is_on_screen_and_works_from_the_keyboard(
    page, login, campaign, gm, owner, brutus
):
    gladiator_adjust(gladiator=brutus, currency="gold", amount=400, reason="prize money", by=gm)
    page.set_viewport_size(PHONE)
    login(owner)
    page.goto(f"/c/{campaign.slug}/g/{brutus.pk}/shop/")

    buy = page.get_by_role("button", name="Buy Shortsword")
    box = buy.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The row's other cells are labelled like the column they came from.
    row = page.locator("#wares tr", has=buy)
    expect(row.locator('td[data-label="Price"]')).to_have_text("150")

    buy.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#purse")).to_have_text("250")
    # The shop was swapped; focus is back on the button that was pressed (same id).
    expect(page.get_by_role("button", name="Buy Shortsword")).to_be_focused()

    # Selling asks first (campaign/confirm.py): the link's name starts with the words it shows
    # (WCAG 2.5.3) and names the item; htmx puts the question in its place, and focus on the
    # question (the link pressed is gone), so the next Tab reaches "Yes".
    sell = page.get_by_role("link", name="Sell for 75: Shortsword")
    expect(sell).to_be_visible()
    sell.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("alertdialog", name="Are you sure?")).to_be_focused()
    expect(page.locator("#purse")).to_have_text("250")  # nothing sold until the answer
    page.keyboard.press("Tab")
    yes = page.get_by_role("button", name="Yes, sell it")
    expect(yes).to_be_focused()
    box = yes.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    page.keyboard.press("Space")
    expect(page.locator("#purse")).to_have_text("325")
    expect(page.get_by_role("link", name="Sell for 75: Shortsword")).to_have_count(0)


def test_signup_errors_are_named_by_the_field_they_belong_to(page):
    page.goto("/signup/")
    password = page.get_by_label("Password", exact=True)
    # Django's password help is the field's description, found by the id the input names.
    help_id = password.get_attribute("aria-describedby")
    assert help_id and page.locator(f"#{help_id}").count() == 1
    page.get_by_label("Username").fill("spartacus")
    password.fill("thr4cian-rebel!")
    page.get_by_label("Password confirmation").fill("something else")
    page.get_by_role("button", name="Create account").click()

    confirmation = page.get_by_label("Password confirmation")
    expect(confirmation).to_have_attribute("aria-invalid", "true")
    ids = confirmation.get_attribute("aria-describedby").split()
    described = " ".join(page.locator(f"#{i}").inner_text() for i in ids)
    assert "password fields didn" in described.replace("\u2019", "'")


def test_the_schedule_forms_gladiators_are_a_group_named_by_its_legend(
    page, login, campaign, gm, brutus, nox
):
    login(gm)
    page.goto(f"/c/{campaign.slug}/bouts/new/")
    group = page.get_by_role("group", name="Gladiators")
    expect(group.get_by_role("checkbox")).to_have_count(2)
    expect(group.get_by_role("checkbox", name="Brutus (barbarian, owner)")).to_be_visible()
