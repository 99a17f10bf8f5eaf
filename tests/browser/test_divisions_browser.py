"""Divisions in Chromium with the real worker: the GM adds two divisions by the page, opens a
short season in each by the form, the worker plays them at their time, the GM reads the
proposal (each final table marked) and confirms it, and the next seasons open with the
winner of Division II promoted and the loser of Division I relegated, and are played."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from arena.models import Division, Season
from arena.seasons.results import season_standings
from arena.tasks import bouts_sweep_due_task
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.browser.test_season_league_browser import played
from tests.integration.conftest import celery_worker_process, wait_until  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("celery_worker_process"),
]
ENTRANTS = [("Aulus", "barbarian"), ("Brutus", "dwarf"), ("Crixus", "elf"), ("Decimus", "wizard")]


def open_by_form(page: Page, slug: str, title: str, division: Division, gladiators) -> Season:
    page.goto(reverse("season-new", args=[slug]))
    page.fill("#id_title", title)
    page.select_option("#id_division", str(division.pk))
    page.select_option("#id_format", "round_robin")
    page.fill("#id_first_round_at", timezone.now().strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_round_days", "1")
    for gladiator in gladiators:
        page.check(f"input[name=gladiators][value='{gladiator.pk}']")
    page.get_by_role("button", name="Open the season").click()
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    return Season.objects.get(title=title)


def finished(season: Season) -> bool:
    return Season.objects.get(pk=season.pk).status == Season.Status.FINISHED


def test_two_divisions_play_and_the_gm_confirms_promotion_and_relegation(
    page: Page, login, campaign, gm, owner, rival
):
    gladiators = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kind)
        for n, (name, kind) in enumerate(ENTRANTS)
    ]
    login(gm)
    page.goto(reverse("divisions", args=[campaign.slug]))
    for name, moves in (("Division I", "1"), ("Division II", "")):
        page.fill("#id_name", name)
        page.fill("#id_moves", moves)
        page.get_by_role("button", name="Add the division").click()
        expect(page.locator("#divisions")).to_contain_text(name)
    one, two = Division.objects.filter(campaign=campaign).order_by("rank")

    # A round robin of two in each: one round, due now, played from the message at opening.
    upper = open_by_form(page, campaign.slug, "Spring I", one, gladiators[:2])
    lower = open_by_form(page, campaign.slug, "Spring II", two, gladiators[2:])
    for season in (upper, lower):
        wait_until(lambda s=season: played(s) == 1, timeout=60, what=f"{season} played")
        bouts_sweep_due_task.delay()  # beat's sweep finishes a season whose round is decided
        wait_until(lambda s=season: finished(s), timeout=60, what=f"{season} finished")
    # A death in a bout (the dice's) is not what this test is about.
    Gladiator.objects.filter(campaign=campaign).update(status=Gladiator.Status.ACTIVE)
    (top, bottom), (rising, staying) = (
        [entry.gladiator.name for _, entry in season_standings(season)] for season in (upper, lower)
    )

    page.goto(reverse("divisions", args=[campaign.slug]))
    page.get_by_role("link", name="The next seasons: who goes up and down").click()
    expect(page.locator("#division-1 tr[data-movement=down]")).to_contain_text(bottom)
    expect(page.locator("#division-2 tr[data-movement=up]")).to_contain_text(rising)
    expect(page.locator("#division-1 .next-entrants")).to_contain_text(f"{rising} promoted")
    page.fill("#id_title", "Summer")
    page.fill("#id_first_round_at", timezone.now().strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Yes, open the next seasons").click()
    expect(page.locator("#divisions")).to_contain_text("Summer, Division I")

    summer_one = Season.objects.get(title="Summer, Division I")
    summer_two = Season.objects.get(title="Summer, Division II")
    assert (summer_one.division, summer_two.division) == (one, two)
    names = [
        [e.gladiator.name for e in s.entries.order_by("seed")] for s in (summer_one, summer_two)
    ]
    assert names == [[top, rising], [bottom, staying]]
    for season in (summer_one, summer_two):  # round one is due at once: the worker plays it
        wait_until(lambda s=season: played(s) == 1, timeout=60, what=f"{season} played")

    page.goto(reverse("season", args=[campaign.slug, upper.pk]))
    expect(page.locator(f"#standings tr:has-text('{bottom}')")).to_contain_text("▼ relegated")
    page.goto(reverse("season", args=[campaign.slug, summer_one.pk]))
    expect(page.locator("#season-table")).to_contain_text("Round 1 of 1 played")
