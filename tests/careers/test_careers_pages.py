"""The hall of fame and the head-to-head table, over stored results (bouts written as decided
with the places under test), over a bout the worker's code really fought, and for who may
read them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.careers.selectors import hall_of_fame, rivalries_of
from arena.models import Bout, BoutEntrant
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


def decided(campaign, gm, places, *, status=Bout.Status.RESOLVED, days_ago=0):
    """A bout stored as decided with these {gladiator: place} results."""
    at = timezone.now() - timedelta(days=days_ago)
    bout = Bout.objects.create(
        campaign=campaign,
        ruleset=campaign.ruleset,
        seed=1,
        scheduled_at=at,
        resolved_at=at,
        status=status,
        created_by=gm,
    )
    for gladiator, place in places.items():
        BoutEntrant.objects.create(bout=bout, gladiator=gladiator, place=place)
    return bout


@pytest.fixture
def verus(campaign, owner):
    return gladiator_create(campaign=campaign, by=owner, name="Verus", kind="barbarian")


@pytest.fixture
def history(campaign, gm, brutus, nox, verus):
    """Brutus beats Nox twice and Verus once, then loses to Nox; a voided win over Verus."""
    decided(campaign, gm, {brutus: 1, nox: 2}, days_ago=5)
    decided(campaign, gm, {brutus: 1, verus: 2}, days_ago=4)
    decided(campaign, gm, {brutus: 1, nox: 2}, days_ago=3)
    last = decided(campaign, gm, {brutus: 2, nox: 1}, days_ago=2)
    decided(campaign, gm, {brutus: 1, verus: 2}, status=Bout.Status.VOIDED, days_ago=1)
    return last


def test_head_to_head_counts_resolved_bouts_against_each_opponent(history, brutus, nox, verus):
    rows = rivalries_of(gladiator=brutus)
    assert [(r.opponent, r.meeting.met, r.meeting.won, r.meeting.lost) for r in rows] == [
        (nox, 3, 2, 1),
        (verus, 1, 1, 0),
    ]
    assert rows[0].last_bout == history


def test_the_streak_board_counts_wins_in_a_row_and_skips_voided_bouts(campaign, history, brutus):
    boards = {b.slug: b for b in hall_of_fame(campaign=campaign, now=timezone.now())}
    streak = boards["streak"].lines
    assert (streak[0].gladiator, streak[0].figure, streak[0].note) == (brutus, 3, "")
    nox_line = streak[1]
    assert (nox_line.gladiator.name, nox_line.figure, nox_line.note) == ("Nox", 1, "still running")


def test_the_boards_read_the_record_gold_and_deaths(campaign, brutus, nox, verus):
    Gladiator.objects.filter(pk=brutus.pk).update(wins=4, bouts_fought=6, gold=30)
    Gladiator.objects.filter(pk=nox.pk).update(wins=2, bouts_fought=9, gold=80)
    # Verus died by Brutus's hand; a death by no gladiator of the campaign counts for nobody.
    Gladiator.objects.filter(pk=verus.pk).update(
        status=Gladiator.Status.DEAD, killed_by="Brutus", ended_at=timezone.now()
    )
    gladiator_create(campaign=campaign, by=nox.owner, name="Cato", kind="wizard")
    Gladiator.objects.filter(name="Cato").update(status="dead", killed_by="the lions")
    boards = {b.slug: b for b in hall_of_fame(campaign=campaign, now=timezone.now())}
    assert [(f.gladiator.name, f.figure) for f in boards["wins"].lines] == [
        ("Brutus", 4),
        ("Nox", 2),
    ]
    assert [(f.gladiator.name, f.figure) for f in boards["richest"].lines][:2] == [
        ("Nox", 80),
        ("Brutus", 30),
    ]
    assert [(f.gladiator.name, f.figure) for f in boards["kills"].lines] == [("Brutus", 1)]
    assert [(f.gladiator.name, f.figure) for f in boards["longest"].lines] == [
        ("Nox", 9),
        ("Brutus", 6),
    ]


def test_a_fought_bout_counts_as_its_payout_counted_it(campaign, due_bout, brutus, nox):
    """The places the worker stored and the record the payout kept tell the same story."""
    bout_resolve(bout_id=due_bout.pk)
    brutus.refresh_from_db()
    nox.refresh_from_db()
    (row,) = rivalries_of(gladiator=brutus)
    assert (row.opponent, row.meeting.met) == (nox, 1)
    assert (row.meeting.won, row.meeting.lost) == (brutus.wins, nox.wins)
    boards = {b.slug: b for b in hall_of_fame(campaign=campaign, now=timezone.now())}
    streaks = {f.gladiator: f.figure for f in boards["streak"].lines}
    assert streaks == {g: 1 for g in (brutus, nox) if g.wins}


def test_the_pages_and_the_api_show_the_boards(history, campaign, brutus, rival, client_as, api_as):
    page = client_as(rival).get(reverse("hall-of-fame", args=[campaign.slug]))
    assert page.status_code == 200
    assert "Longest winning streak" in page.content.decode()
    sheet = client_as(rival).get(reverse("head-to-head", args=[campaign.slug, brutus.pk]))
    assert sheet.status_code == 200 and "Nox" in sheet.content.decode()
    fame = api_as(rival).get(reverse("api-hall-of-fame", args=[campaign.slug])).json()
    streak = next(b for b in fame["boards"] if b["slug"] == "streak")
    assert streak["lines"][0] == {
        "gladiator_id": brutus.pk,
        "name": "Brutus",
        "owner": "owner",
        "status": "active",
        "figure": 3,
        "note": "",
    }
    h2h = api_as(rival).get(reverse("api-gladiator-head-to-head", args=[campaign.slug, brutus.pk]))
    assert [
        (r["opponent"], r["met"], r["won"], r["drawn"], r["lost"]) for r in h2h.json()["results"]
    ] == [
        ("Nox", 3, 2, 0, 1),
        ("Verus", 1, 1, 0, 0),
    ]


@pytest.mark.parametrize("name", ["hall-of-fame", "api-hall-of-fame"])
def test_a_private_campaigns_hall_is_not_found_for_outsiders(campaign, outsider, client_as, name):
    assert client_as(outsider).get(reverse(name, args=[campaign.slug])).status_code == 404


def test_a_gladiator_of_another_campaign_has_no_head_to_head_here(
    campaign, public_campaign, gm, client_as
):
    stranger = gladiator_create(campaign=public_campaign, by=gm, name="Alien", kind="barbarian")
    url = reverse("head-to-head", args=[campaign.slug, stranger.pk])
    assert client_as(gm).get(url).status_code == 404
