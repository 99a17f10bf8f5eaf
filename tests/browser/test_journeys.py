from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaign.models import Campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_signs_up_creates_a_campaign_and_sees_it_on_the_dashboard(page):
    page.goto("/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("spartacus")
    page.get_by_label("Password", exact=True).fill("thr4cian-rebel!")
    page.get_by_label("Password confirmation").fill("thr4cian-rebel!")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Welcome to Ludus, spartacus.")).to_be_visible()

    page.get_by_role("link", name="New campaign").click()
    page.get_by_label("Name").fill("Games of Capua")
    page.get_by_label("Rule set").select_option("gladiatorquest")
    page.get_by_role("button", name="Create campaign").click()
    expect(page.get_by_role("heading", name="Games of Capua")).to_be_visible()
    expect(page.get_by_text("you: gm")).to_be_visible()

    page.get_by_role("link", name="Campaigns").click()
    expect(page.locator("#my-campaigns").get_by_role("link", name="Games of Capua")).to_be_visible()
    assert Campaign.objects.get(name="Games of Capua").created_by.username == "spartacus"


def test_a_refused_htmx_action_says_why_instead_of_doing_nothing(page, login, owner, rival, brutus):
    from characters.models import Gladiator

    login(owner)
    page.goto(f"/c/{brutus.campaign.slug}/g/{brutus.pk}/")
    # Meanwhile the gladiator changes hands: the owner's open page is now out of date.
    Gladiator.objects.filter(pk=brutus.pk).update(owner=rival)
    page.get_by_role("button", name="Level up").click()
    expect(page.locator("#toast")).to_have_text(
        "Only Brutus's owner or the game master may do this."
    )
