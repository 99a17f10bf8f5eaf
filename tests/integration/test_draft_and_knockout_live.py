"""Gladiator 101 end to end, as the issue asks: four players draft feats in four browsers
(each sees only the pack in hand and nobody's picks until the end; the packs pass by
themselves once every seat has picked), assign a feat to their builds, and the GM draws a
knockout of the four (a knockout season) that the real worker fights to its champion while
the players watch the bracket fill in."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from arena.models import Bout, Season
from arena.seasons.services import season_winner
from arena.tasks import bouts_sweep_due_task
from characters.catalogue import advances_of
from characters.models import Gladiator, PackEvent
from characters.services import gladiator_create
from tests.conftest import campaign_with
from tests.integration.conftest import wait_tasks_done, wait_until
from tests.integration.test_play_by_web_live import open_as
from tests.packs.conftest import NAMES, PLAYERS, equip_with_packs

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def schola(gm, make_user):
    players = [make_user(name) for name in PLAYERS]
    campaign = campaign_with(gm, players, name="Schola", ruleset="gladiator-101")
    gladiators = [
        equip_with_packs(
            gladiator_create(campaign=campaign, by=player, name=name, kind="gladiator"),
            gm=gm,
            packs=1,
        )
        for player, name in zip(players, NAMES, strict=True)
    ]
    return campaign, players, gladiators


def beat_until_finished(season: Season, timeout: float = 90) -> None:
    """Beat's sweep, sent until the season is finished (no beat runs in the tests)."""

    def finished() -> bool:
        wait_tasks_done("fights", ids={bouts_sweep_due_task.delay().id})
        return Season.objects.get(pk=season.pk).status == Season.Status.FINISHED

    wait_until(finished, timeout=timeout, what="the knockout's champion")


def hand(page, name: str):
    return page.locator(f'section.pack-hand[data-gladiator="{name}"] button.pick')


def test_four_players_draft_then_a_knockout_crowns_a_champion(
    celery_worker_process, browser, live_server, gm, schola
):
    campaign, players, gladiators = schola
    master = open_as(browser, live_server, gm)
    contexts = [open_as(browser, live_server, player) for player in players]
    try:
        # The GM opens the draft by the form.
        gm_page = master.new_page()
        gm_page.goto(reverse("pack-event-new", args=[campaign.slug]))
        gm_page.select_option("select[name=kind]", "draft")
        for g in gladiators:
            gm_page.check(f'input[name=gladiators][value="{g.pk}"]')
        gm_page.click("section.card form button[type=submit]")
        expect(gm_page.locator("#seats")).to_be_visible()
        event = PackEvent.objects.get()
        url = reverse("pack-event", args=[campaign.slug, event.pk])

        pages = []
        for context in contexts:
            page = context.new_page()
            page.goto(url)
            pages.append(page)
        # Each sees its own pack of eight, and no one else's.
        for page, g in zip(pages, gladiators, strict=True):
            expect(hand(page, g.name)).to_have_count(8)
            assert page.locator("section.pack-hand").count() == 1

        taken: dict[str, list[str]] = {g.name: [] for g in gladiators}
        for pick in range(8):
            for seat, (page, g) in enumerate(zip(pages, gladiators, strict=True)):
                # The pack arrives by itself (htmx) once every seat made the last pick.
                expect(hand(page, g.name)).to_have_count(8 - pick)
                card = hand(page, g.name).first
                taken[g.name].append(
                    card.locator("xpath=..").locator("input[name=card]").get_attribute("value")
                )
                card.click()
                if seat < 3:  # the last seat's pick passes the packs on at once
                    expect(page.locator(f'p.waiting[data-gladiator="{g.name}"]')).to_be_visible()
            if pick == 0:
                # Mid-draft, a rival sees that Attius picked, never what.
                row = pages[1].locator('tr[data-gladiator="Attius"]')
                expect(row).to_contain_text("secret until the end")
        # The end: every page shows every pick, and the packs' seed.
        for page in pages:
            expect(page.locator("#draft")).to_contain_text(f"seed {event.seed}")
            expect(page.locator("#draft .picks")).to_have_count(4)
        for g in gladiators:
            g.refresh_from_db()
            assert g.build["pool"] == taken[g.name]

        # Each player assigns a drafted feat to the build, for good, on the gladiator's page.
        for page, g in zip(pages, gladiators, strict=True):
            key = next(a.key for a in advances_of(g) if a.key.startswith("assign:"))
            page.goto(reverse("gladiator", args=[campaign.slug, g.pk]))
            page.select_option("#advance select[name=advance]", key)
            page.locator("#advance button[type=submit]").click()
            expect(page.get_by_role("status").first).to_contain_text(f"{g.name}: Assign")
            assert key.removeprefix("assign:") in Gladiator.objects.get(pk=g.pk).build["feats"]

        # The GM draws the knockout; round one is due at once.
        gm_page.goto(reverse("tournament-new", args=[campaign.slug]))
        gm_page.fill("input[name=title]", "The Schola Cup")
        gm_page.fill("input[name=starts_at]", timezone.now().strftime("%Y-%m-%dT%H:%M"))
        for g in gladiators:
            gm_page.check(f'input[name=gladiators][value="{g.pk}"]')
        gm_page.click("section.card form button[type=submit]")
        expect(gm_page.locator("#bracket svg")).to_be_visible()
        season = Season.objects.get()
        assert season.format == Season.Format.KNOCKOUT

        # A player watches the knockout season until the champion is crowned; the test plays
        # beat's part, the round clock's sweep.
        watcher = pages[0]
        watcher.goto(reverse("tournament", args=[campaign.slug, season.pk]))
        beat_until_finished(season)
        champion = season_winner(season).gladiator
        expect(watcher.locator("#season-winner")).to_contain_text(
            f"Won by {champion.name}", timeout=30_000
        )
        bouts = Bout.objects.filter(fixture__season=season)
        forfeits = season.fixtures.filter(bout__isnull=True).count()
        assert bouts.count() + forfeits == 3
        assert set(bouts.values_list("status", flat=True)) == {Bout.Status.RESOLVED}
        for bout in bouts:
            link = watcher.locator(f'#bracket a[href="/c/{campaign.slug}/bouts/{bout.pk}/"]')
            assert link.count() >= 1
    finally:
        for context in [master, *contexts]:
            context.close()
