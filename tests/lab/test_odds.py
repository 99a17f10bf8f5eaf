"""Odds before the fight: cached on the builds, options and who asks, never from the bout's seed,
shown on the bout page, and right: a known matchup's stated odds hold a 10,000-bout run's
figures."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.engine import ruleset
from arena.engine.core.campaign import Entrant
from arena.engine.lab.odds import fight_odds
from arena.models import BoutOdds
from arena.odds.services import ODDS_CAP, odds_compute, odds_lines, odds_request, odds_seed
from characters.services import gladiator_adjust
from characters.shop import item_buy

# A dwarf beats an orc about 9 times in 10 and dies in about 1 in 12: neither side is certain.
DWALIN = Entrant("Dwalin", "dwarf", {"bonuses": {}}, 1, ("shortsword",), {})
GRUK = Entrant("Gruk", "orc", {"bonuses": {}}, 1, ("shortsword",), {})


def test_the_stated_odds_of_a_known_matchup_hold_a_ten_thousand_bout_run():
    rules = ruleset("gladiatorquest")
    stated = fight_odds(rules, [DWALIN, GRUK], {}, bouts=ODDS_CAP, seed=odds_seed("ab" * 32))
    long_run = fight_odds(rules, [DWALIN, GRUK], {}, bouts=10_000, seed=2026)
    for said, found in zip(stated, long_run, strict=True):
        low, high = said.win_interval
        assert low <= found.win <= high, (said, found)
        low, high = said.death_interval
        assert low <= found.death <= high, (said, found)
    assert 0.6 < stated[0].win < 0.95  # the dwarf is the favourite, not a certainty


def schedule(campaign, gm, gladiators, seed):
    return bout_schedule(
        campaign=campaign, by=gm, gladiators=gladiators,
        scheduled_at=timezone.now() + timedelta(days=1), seed=seed,
    )  # fmt: skip


@pytest.mark.django_db
def test_odds_are_cached_on_the_builds_and_never_use_the_bouts_seed(
    campaign, gm, owner, brutus, nox
):
    bout = schedule(campaign, gm, [brutus, nox], seed=1)
    first = odds_request(bout=bout)
    assert odds_request(bout=bout).pk == first.pk and first.status == BoutOdds.Status.PENDING
    assert "seed" not in first.terms and odds_seed(first.key) != 1
    # Another bout of the same gladiators asks its own question, with seeds of its own.
    second = odds_request(bout=schedule(campaign, gm, [brutus, nox], seed=2))
    assert second.pk != first.pk and odds_seed(second.key) != odds_seed(first.key)
    gladiator_adjust(gladiator=brutus, currency="gold", amount=200, reason="a purse", by=gm)
    item_buy(gladiator=brutus, item="helmet", by=owner)  # equipped at once: another build
    third = odds_request(bout=bout)
    assert third.pk != first.pk
    assert "helmet" in third.terms["entrants"][0]["equipment"]
    # The bout's question before the helmet is moot: its job is cancelled.
    first.refresh_from_db()
    assert first.status == BoutOdds.Status.CANCELLED


@pytest.mark.django_db
def test_the_bout_page_shows_each_entrants_chance_to_win_and_to_die(
    campaign, gm, brutus, nox, client_as, rival
):
    bout = schedule(campaign, gm, [brutus, nox], seed=7)
    client = client_as(rival)
    url = reverse("bout", args=[campaign.slug, bout.pk])
    page = client.get(url).content.decode()
    assert "The worker is simulating up to 2400 bouts" in page and "?partial=odds" in page
    row = BoutOdds.objects.get()
    assert odds_compute(odds_id=row.pk).status == BoutOdds.Status.DONE
    assert odds_compute(odds_id=row.pk) is None  # done once
    part = client.get(url + "?partial=odds", HTTP_HX_REQUEST="true").content.decode()
    lines = re.findall(r"<strong>(\w+)</strong> (\d+)% ± ([\d.]+)%, dies in (\d+)%", part)
    assert [name for name, *_ in lines] == ["Brutus", "Nox"]
    assert "every 2s" not in part
    row.refresh_from_db()
    shown = {line.name: line for line in odds_lines(row)}
    assert int(lines[0][1]) == shown["Brutus"].win > 50
    assert sum(int(win) for _, win, _, _ in lines) <= 100
    # Once fought, the odds are gone from the page.
    bout.scheduled_at = timezone.now() - timedelta(seconds=1)
    bout.save(update_fields=["scheduled_at"])
    bout_resolve(bout_id=bout.pk)
    assert "Odds before the fight" not in client.get(url).content.decode()
    assert client.get(url + "?partial=odds", HTTP_HX_REQUEST="true").content == b""


@pytest.mark.django_db
def test_odds_of_rules_that_changed_since_fail_in_words(campaign, gm, brutus, nox):
    row = odds_request(bout=schedule(campaign, gm, [brutus, nox], seed=7))
    BoutOdds.objects.filter(pk=row.pk).update(terms={**row.terms, "version": "0.1"})
    done = odds_compute(odds_id=row.pk)
    assert done.status == BoutOdds.Status.FAILED and "the rules are now version" in done.message


@pytest.mark.django_db
def test_the_schedule_form_shows_the_odds_of_the_ticked_gladiators(
    campaign, gm, brutus, nox, client_as
):
    client = client_as(gm)
    url = reverse("bout-odds-preview", args=[campaign.slug])
    one = client.get(url, {"gladiators": [brutus.pk]}, HTTP_HX_REQUEST="true")
    assert one.status_code == 200 and "Tick two or more gladiators" in one.content.decode()
    assert not BoutOdds.objects.exists()
    two = client.get(url, {"gladiators": [brutus.pk, nox.pk]}, HTTP_HX_REQUEST="true")
    assert "The worker is simulating" in two.content.decode()
    assert "every 2s" in two.content.decode()
    row = BoutOdds.objects.get()
    odds_compute(odds_id=row.pk)
    done = client.get(url, {"gladiators": [brutus.pk, nox.pk]}, HTTP_HX_REQUEST="true")
    assert "<strong>Brutus</strong>" in done.content.decode()
    assert "every 2s" not in done.content.decode()
    # The bout scheduled from the form asks its own question (docs/lab.md: who asks).
    bout = schedule(campaign, gm, [brutus, nox], seed=3)
    assert odds_request(bout=bout).pk != row.pk
    bad = client.get(url, {"gladiators": [brutus.pk, nox.pk], "option_board_files": "1"})
    assert "Tick two" not in bad.content.decode() and BoutOdds.objects.count() == 2


@pytest.mark.django_db
def test_the_schedule_form_page_asks_for_odds_on_every_change(campaign, gm, client_as):
    page = client_as(gm).get(reverse("bout-new", args=[campaign.slug])).content.decode()
    assert 'hx-trigger="change"' in page and 'id="schedule-odds"' in page


def test_a_team_wins_together():
    rules = ruleset("gladiatorquest")
    team = [
        Entrant("Dwalin", "dwarf", {"bonuses": {}}, 1, ("shortsword",), {}, team="red"),
        Entrant("Elrond", "elf", {"bonuses": {}}, 1, ("shortsword",), {}, team="red"),
        Entrant("Gruk", "orc", {"bonuses": {}}, 1, ("shortsword",), {}, team="blue"),
        Entrant("Mog", "orc", {"bonuses": {}}, 1, ("shortsword",), {}, team="blue"),
    ]
    red_a, red_b, blue_a, blue_b = fight_odds(rules, team, {}, bouts=40, seed=1)
    assert red_a.wins == red_b.wins and blue_a.wins == blue_b.wins
    assert red_a.wins + blue_a.wins <= 40 and red_a.wins > blue_a.wins
