"""A round robin, a Swiss and a single elimination season in Chromium with the real worker:
the GM opens each by the form, the worker plays round one at its time (the message sent at
opening), a forfeit is recorded in words (a gladiator killed between rounds; in a Swiss
season the dead are paired no more, so one left unarmed forfeits), the later rounds are
played as they come due (the calendar moved to now), and the finished season shows its final
table and winner."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from arena.models import Season, SeasonFixture
from arena.seasons.results import season_fixtures
from arena.seasons.services import season_winner
from arena.tasks import bouts_sweep_due_task, season_round_task
from characters.models import Gladiator, Holding
from characters.services import gladiator_create
from tests.browser.test_season_bracket_browser import keep_fit, winner_of
from tests.conftest import campaign_with
from tests.integration.conftest import celery_worker_process, wait_until  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("celery_worker_process"),
]
Outcome = SeasonFixture.Outcome
ENTRANTS = [
    ("Aulus", "barbarian"),
    ("Brutus", "dwarf"),
    ("Crixus", "elf"),
    ("Decimus", "wizard"),
    ("Eros", "barbarian"),
]


def played(season: Season) -> int:
    """Rounds the season counts as played (the table's "Round n of m played"), once every
    fixture of those rounds is decided: a round robin's later rounds are drawn already."""
    number = Season.objects.get(pk=season.pk).rounds_played
    fixtures = [f for f in season_fixtures(season) if f.round <= number]
    decided = bool(fixtures) and all(f.result_outcome != Outcome.PENDING for f in fixtures)
    return number if decided else 0


def next_round(season: Season) -> None:
    """Make the next round due now, send its message, wait for its bouts to be decided."""
    before = Season.objects.get(pk=season.pk).rounds_played
    Season.objects.filter(pk=season.pk).update(next_round_at=timezone.now())
    season_round_task.delay(season.pk)
    wait_until(lambda: played(season) > before, timeout=60, what=f"round {before + 1} decided")


def stable(campaign, owner, rival, n: int) -> list[Gladiator]:
    return [
        gladiator_create(campaign=campaign, by=(owner, rival)[i % 2], name=name, kind=kind)
        for i, (name, kind) in enumerate(ENTRANTS[:n])
    ]


def open_by_form(page: Page, slug: str, title: str, format: str, gladiators, **fields) -> Season:
    page.goto(reverse("season-new", args=[slug]))
    page.fill("#id_title", title)
    page.select_option("#id_format", format)
    for name, value in fields.items():
        page.fill(f"#id_{name}", value)
    page.fill("#id_first_round_at", timezone.now().strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_round_days", "1")
    for gladiator in gladiators:
        page.check(f"input[name=gladiators][value='{gladiator.pk}']")
    page.get_by_role("button", name="Open the season").click()
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    return Season.objects.get(title=title)


def finish(season: Season) -> None:
    assert Season.objects.get(pk=season.pk).next_round_at is None
    bouts_sweep_due_task.delay()  # beat's sweep finishes the season
    wait_until(
        lambda: Season.objects.get(pk=season.pk).status == Season.Status.FINISHED,
        timeout=60,
        what="the season finished",
    )


def test_a_round_robin_season_runs_to_its_final_table(
    page: Page, login, campaign, gm, owner, rival
):
    gladiators = stable(campaign, owner, rival, 4)
    login(gm)
    season = open_by_form(page, campaign.slug, "Spring league", "round_robin", gladiators)
    assert (season.format, season.rounds) == (Season.Format.ROUND_ROBIN, 3)

    wait_until(lambda: played(season) == 1, timeout=60, what="round one decided")
    page.reload()
    expect(page.locator("#season-table")).to_contain_text("Round 1 of 3 played")

    # Seed 1 dies after round one: it forfeits both its later fixtures, in words.
    fallen = gladiators[0]
    Gladiator.objects.filter(pk=fallen.pk).update(status=Gladiator.Status.DEAD)
    for _ in range(2):
        keep_fit(season, fallen)
        next_round(season)
    finish(season)
    forfeits = [f for f in season_fixtures(season) if f.forfeit]
    assert len(forfeits) == 2 and all(f.forfeit == "Aulus is dead." for f in forfeits)
    page.reload()
    expect(page.locator("#fixtures")).to_contain_text("Aulus is dead.")
    expect(page.locator("#season-table")).to_contain_text("Round 3 of 3 played")
    expect(page.locator("#season-table")).to_contain_text("Finished")
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    top = season_winner(season).gladiator
    expect(page.locator("#standings tbody tr").first).to_contain_text(top.name)
    expect(page.locator("#season-winner")).to_contain_text(f"Won by {top.name}")
    # Its two forfeits are losses, the last two of its form.
    expect(page.locator("#standings tbody tr", has_text="Aulus")).to_contain_text("L L")


def test_a_swiss_season_runs_to_its_final_table(page: Page, login, gm, owner, rival):
    # Gladiator Arena: a gladiator without a weapon cannot fight (GladiatorQuest's can).
    campaign = campaign_with(gm, (owner, rival), name="Forum", ruleset="gladiator-arena")
    gladiators = [
        gladiator_create(campaign=campaign, by=(owner, rival)[i % 2], name=name, kind=kind)
        for i, (name, kind) in enumerate(
            [("Aulus", "human"), ("Brutus", "dwarf"), ("Crixus", "elf"), ("Decimus", "human"),
             ("Eros", "dwarf")]
        )
    ]  # fmt: skip
    login(gm)
    season = open_by_form(page, campaign.slug, "Swiss cup", "swiss", gladiators, rounds="2")
    assert (season.format, season.rounds) == (Season.Format.SWISS, 2)

    wait_until(lambda: played(season) == 1, timeout=60, what="round one decided")
    page.reload()
    expect(page.locator("#season-table")).to_contain_text("Round 1 of 2 played")
    expect(page.locator("#fixtures")).to_contain_text("(bye)")  # five: one has the round off

    # One dies (the dead are paired no more) and one is left without a weapon: the four
    # left are paired, and the unarmed one forfeits in words.
    fallen, unarmed = gladiators[4], gladiators[0]
    Gladiator.objects.filter(pk=fallen.pk).update(status=Gladiator.Status.DEAD)
    keep_fit(season, fallen)
    Holding.objects.filter(gladiator=unarmed).update(equipped=False)
    next_round(season)
    finish(season)
    second = [f for f in season_fixtures(season) if f.round == 2]
    assert len(second) == 2 and all(f.second is not None for f in second)
    assert fallen.pk not in {f.first.gladiator_id for f in second} | {
        f.second.gladiator_id for f in second
    }
    (forfeit,) = [f for f in second if f.forfeit]
    assert forfeit.forfeit.startswith("Aulus cannot fight: it has no weapon")
    page.reload()
    expect(page.locator("#fixtures")).to_contain_text("Aulus cannot fight")
    expect(page.locator("#season-table")).to_contain_text("Round 2 of 2 played")
    expect(page.locator("#season-table")).to_contain_text("Finished")
    expect(page.locator("#standings tbody tr")).to_have_count(5)
    top = season_winner(season).gladiator
    expect(page.locator("#season-winner")).to_contain_text(f"Won by {top.name}")


def test_a_knockout_season_runs_to_its_champion(page: Page, login, campaign, gm, owner, rival):
    gladiators = stable(campaign, owner, rival, 4)
    login(gm)
    season = open_by_form(page, campaign.slug, "Sudden cup", "knockout", gladiators)
    assert (season.format, season.rounds) == (Season.Format.KNOCKOUT, 2)

    wait_until(lambda: played(season) == 1, timeout=60, what="the semi-finals decided")
    page.reload()
    expect(page.locator("#season-table")).to_contain_text("Round 1 of 2 played")

    # The winner of 1 against 4 dies before the final: it forfeits, and the other semi-final's
    # winner is champion.
    one, two = sorted(season_fixtures(season), key=lambda f: f.match)
    fallen, finalist = winner_of(one), winner_of(two)
    Gladiator.objects.filter(pk=fallen.pk).update(status=Gladiator.Status.DEAD)
    keep_fit(season, fallen)
    next_round(season)
    finish(season)
    assert season_winner(season).gladiator.pk == finalist.pk
    page.reload()
    expect(page.locator("#fixtures")).to_contain_text(f"{fallen.name} is dead.")
    expect(page.locator("#season-winner")).to_contain_text(f"Won by {finalist.name}")
    expect(page.locator("#season-table")).to_contain_text("Finished")
    expect(page.locator("#standings tbody tr")).to_have_count(4)
