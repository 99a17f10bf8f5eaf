"""The GM's tools in Chromium (issue 13): a voided bout restores gold and life; the confirmation
is the server's own question swapped in by htmx (no browser dialog); a Cancel button does not
outlive the bout it cancels. No console error or CSP violation on the way."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout
from characters.models import Gladiator

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def console_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    # A dialog (alert/confirm) would be the browser's, not ours: record it as an error.
    page.on("dialog", lambda d: (errors.append(f"dialog: {d.message}"), d.dismiss()))
    return errors


def _fight(campaign, gm, brutus, nox) -> tuple[Bout, Gladiator, Gladiator]:
    """Seed 7: one of them wins and is paid, the other dies."""
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=timezone.now(), seed=7
    )
    bout_resolve(bout_id=bout.pk)
    bout.refresh_from_db()
    winner = Gladiator.objects.get(pk__in=[brutus.pk, nox.pk], status=Gladiator.Status.ACTIVE)
    dead = Gladiator.objects.get(pk__in=[brutus.pk, nox.pk], status=Gladiator.Status.DEAD)
    assert winner.gold > 0
    return bout, winner, dead


def test_a_voided_bout_restores_gold_and_life(page, login, campaign, gm, brutus, nox):
    bout, winner, dead = _fight(campaign, gm, brutus, nox)
    errors = console_errors(page)
    login(gm)
    page.goto(f"/c/{campaign.slug}/bouts/{bout.pk}/")
    expect(page.locator("#bout-status")).to_have_text("Resolved")

    page.evaluate("window.__same_document = true")
    page.get_by_role("link", name="Void this bout").click()
    question = page.locator("form.confirm")
    expect(question).to_contain_text("Void")
    assert page.evaluate("window.__same_document") is True, "the question should swap in place"
    page.get_by_label("Why is it void?").fill("The wrong arena was used")
    page.get_by_role("button", name="Yes, void the bout").click()

    expect(page.locator("#voided-banner")).to_contain_text("The wrong arena was used")
    expect(page.locator("#payouts")).to_contain_text("voided: taken back")
    # A void is no result (issue 29): no "X wins", no fates, each payout once.
    expect(page.locator("#bout-winner")).to_contain_text("no winner")
    expect(page.locator("#bout-result")).not_to_contain_text("Killed")
    expect(page.locator("#payouts li")).to_have_count(bout.ledger.filter(cause="bout").count())
    expect(page.get_by_role("link", name="Void this bout")).to_have_count(0)

    # The winner's purse is as before the bout, with the reversal on its statement.
    page.goto(f"/c/{campaign.slug}/g/{winner.pk}/")
    expect(page.locator("#gold")).to_have_text("0")
    expect(page.locator("#statement")).to_contain_text("Bout voided")
    # The dead fight again.
    page.goto(f"/c/{campaign.slug}/g/{dead.pk}/")
    expect(page.get_by_role("heading", name=re.compile(dead.name))).to_contain_text("Active")
    assert errors == []


def test_no_says_no_and_nothing_happens(page, login, campaign, gm, brutus, nox):
    bout, _, _ = _fight(campaign, gm, brutus, nox)
    errors = console_errors(page)
    login(gm)
    page.goto(f"/c/{campaign.slug}/bouts/{bout.pk}/")
    page.get_by_role("link", name="Void this bout").click()
    page.get_by_role("link", name="No, go back").click()
    expect(page.get_by_role("link", name="Void this bout")).to_be_visible()
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    assert errors == []


def test_the_cancel_button_goes_when_the_bout_is_fought(page, login, campaign, gm, brutus, nox):
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(hours=1),
        seed=7,
    )
    errors = console_errors(page)
    login(gm)
    page.goto(f"/c/{campaign.slug}/bouts/{bout.pk}/")
    expect(page.get_by_role("link", name="Cancel bout")).to_be_visible()
    # The worker fights it (its time brought forward); the page's polling shows the result.
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now())
    bout_resolve(bout_id=bout.pk)
    expect(page.locator("#bout-status")).to_have_text("Resolved")
    expect(page.get_by_role("link", name="Cancel bout")).to_have_count(0)
    expect(page.get_by_role("link", name="Void this bout")).to_be_visible()
    assert errors == []
