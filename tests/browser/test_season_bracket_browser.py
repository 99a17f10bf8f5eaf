"""A double elimination season, and groups then knockout, in Chromium with the real worker: the
GM opens each by the form,
the worker plays round one at its time (the message sent at opening), a gladiator killed
between rounds forfeits in words, the later rounds are played as they come due (the calendar
moved to now, no waiting for days), and the finished season names its champion over the
final table."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from arena.models import Season, SeasonFixture
from arena.seasons.results import season_fixtures
from arena.seasons.services import season_winner
from arena.tasks import bouts_sweep_due_task, season_round_task
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.integration.conftest import celery_worker_process, wait_until  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("celery_worker_process"),
]
Outcome = SeasonFixture.Outcome
ENTRANTS = [("Aulus", "barbarian"), ("Brutus", "dwarf"), ("Crixus", "elf"), ("Decimus", "wizard")]


def decided(season: Season) -> bool:
    fixtures = season_fixtures(season)
    return bool(fixtures) and all(f.result_outcome != Outcome.PENDING for f in fixtures)


def played(season: Season) -> int:
    """Rounds the season counts as played: its fixtures decided and the round closed (the
    table's "Round n of m played" reads it)."""
    return Season.objects.get(pk=season.pk).rounds_played if decided(season) else 0


def next_round(season: Season) -> None:
    """Make the next round due now, send its message, wait for its bouts to be decided."""
    before = Season.objects.get(pk=season.pk).rounds_played
    Season.objects.filter(pk=season.pk).update(next_round_at=timezone.now())
    season_round_task.delay(season.pk)

    def played() -> bool:
        now = Season.objects.get(pk=season.pk)
        return now.rounds_played > before or now.next_round_at is None

    wait_until(played, timeout=60, what=f"round {before + 1} played")
    wait_until(lambda: decided(season), timeout=60, what=f"round {before + 1} decided")


def keep_fit(season: Season, fallen: Gladiator) -> None:
    """Every entrant but `fallen` fit for the next round: a death in a bout (the dice's) is not
    what these tests are about, and would make who goes on depend on it."""
    Gladiator.objects.filter(season_entries__season=season).exclude(pk=fallen.pk).update(
        status=Gladiator.Status.ACTIVE
    )


def winner_of(fixture: SeasonFixture) -> Gladiator:
    if fixture.result_outcome == Outcome.SECOND:
        return fixture.second.gladiator
    if fixture.result_outcome == Outcome.FIRST:
        return fixture.first.gladiator
    return min((fixture.first, fixture.second), key=lambda e: e.seed).gladiator


def test_a_double_elimination_season_runs_to_its_champion(
    page: Page, login, campaign, gm, owner, rival
):
    gladiators = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kind)
        for n, (name, kind) in enumerate(ENTRANTS)
    ]
    login(gm)
    page.goto(reverse("season-new", args=[campaign.slug]))
    page.fill("#id_title", "Twice fallen cup")
    page.select_option("#id_format", "double_elim")
    page.fill("#id_first_round_at", timezone.now().strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_round_days", "1")
    for gladiator in gladiators:
        page.check(f"input[name=gladiators][value='{gladiator.pk}']")
    page.get_by_role("button", name="Open the season").click()
    expect(page.get_by_role("heading", name="Twice fallen cup")).to_be_visible()
    season = Season.objects.get(title="Twice fallen cup")
    assert (season.format, season.rounds) == (Season.Format.DOUBLE_ELIMINATION, 5)

    # Round one is due at opening: the worker plays it from the message sent then.
    wait_until(lambda: played(season) == 1, timeout=60, what="round one decided")
    page.reload()
    expect(page.locator("#season-table")).to_contain_text("Round 1 of 5 played")

    # The winner of 1 against 4 dies before round two: it forfeits the winners' final.
    (top,) = [f for f in season_fixtures(season) if f.match == "W1.1"]
    fallen = winner_of(top)
    Gladiator.objects.filter(pk=fallen.pk).update(status=Gladiator.Status.DEAD)
    keep_fit(season, fallen)
    next_round(season)
    page.reload()
    expect(page.locator("#fixtures")).to_contain_text(f"{fallen.name} is dead.")

    # The losers' final, the grand final, then the reset: fought after an upset, else the
    # round finds nothing left to fight and the calendar ends. Either way no round is left.
    for _ in range(3):
        keep_fit(season, fallen)
        next_round(season)
    assert Season.objects.get(pk=season.pk).next_round_at is None
    bouts_sweep_due_task.delay()  # beat's sweep finishes the season
    wait_until(
        lambda: Season.objects.get(pk=season.pk).status == Season.Status.FINISHED,
        timeout=60,
        what="the season finished",
    )
    champion = season_winner(season).gladiator
    assert champion.pk != fallen.pk  # it forfeited twice: out
    page.reload()
    expect(page.locator("#season-winner")).to_contain_text(f"Won by {champion.name}")
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    expect(page.locator("#season-table")).to_contain_text("Finished")


def test_groups_then_knockout_runs_to_its_champion(page: Page, login, campaign, gm, owner, rival):
    gladiators = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kind)
        for n, (name, kind) in enumerate(ENTRANTS)
    ]
    login(gm)
    page.goto(reverse("season-new", args=[campaign.slug]))
    page.fill("#id_title", "Two pools cup")
    page.select_option("#id_format", "groups_ko")
    page.fill("#id_groups", "2")
    page.fill("#id_advance", "1")
    page.fill("#id_first_round_at", timezone.now().strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_round_days", "1")
    for gladiator in gladiators:
        page.check(f"input[name=gladiators][value='{gladiator.pk}']")
    page.get_by_role("button", name="Open the season").click()
    expect(page.get_by_role("heading", name="Two pools cup")).to_be_visible()
    season = Season.objects.get(title="Two pools cup")
    assert (season.format, season.rounds) == (Season.Format.GROUPS, 2)  # a group round, a final

    # The groups (1 and 4, 2 and 3) play at once, from the message sent at opening.
    wait_until(lambda: played(season) == 1, timeout=60, what="the group round decided")
    page.reload()
    expect(page.locator("#season-table")).to_contain_text("Round 1 of 2 played")
    expect(page.locator("#fixtures")).to_contain_text("group 1")

    # Group one's winner dies before the final: it forfeits, and group two's winner is champion.
    one, two = sorted(season_fixtures(season), key=lambda f: f.first.group)
    fallen, finalist = winner_of(one), winner_of(two)
    Gladiator.objects.filter(pk=fallen.pk).update(status=Gladiator.Status.DEAD)
    keep_fit(season, fallen)
    next_round(season)
    assert Season.objects.get(pk=season.pk).next_round_at is None
    bouts_sweep_due_task.delay()  # beat's sweep finishes the season
    wait_until(
        lambda: Season.objects.get(pk=season.pk).status == Season.Status.FINISHED,
        timeout=60,
        what="the season finished",
    )
    assert season_winner(season).gladiator.pk == finalist.pk
    page.reload()
    expect(page.locator("#fixtures")).to_contain_text(f"{fallen.name} is dead.")
    expect(page.locator("#season-winner")).to_contain_text(f"Won by {finalist.name}")
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    # The bracket the groups seeded is drawn: the forfeit a walkover, the champion named.
    expect(page.locator("#bracket")).to_contain_text("walkover")
    expect(page.locator("#bracket")).to_contain_text(f"Champion: {finalist.name}")
