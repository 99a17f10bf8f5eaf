"""Divisions through the real services: the GM adds them, the next seasons are proposed once
every division's last season is over, and the GM's confirmation opens them with the entrants
proposed; a stale proposal, a second confirmation and a player's attempt are refused in words
with nothing opened."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Division, Season, SeasonEntry
from arena.seasons.divisions import (
    division_create,
    division_delete,
    division_edit,
    divisions_advance,
    promotion_proposal,
)
from arena.seasons.results import season_standings
from arena.seasons.services import season_cancel
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator
from characters.services import gladiator_create

from .conftest import play_round

pytestmark = pytest.mark.django_db
NEXT = timezone.now() + timedelta(days=2)


@pytest.fixture
def two_divisions(campaign, gm):
    return (
        division_create(campaign=campaign, by=gm, name="Division I", moves=1),
        division_create(campaign=campaign, by=gm, name="Division II"),
    )


def entrants(season: Season) -> list[str]:
    return [e.gladiator.name for e in season.entries.select_related("gladiator")]


def table_order(season: Season) -> list[str]:
    return [entry.gladiator.name for _, entry in season_standings(season)]


def test_divisions_are_ranked_in_the_order_added(campaign, gm, two_divisions):
    one, two = two_divisions
    assert (one.rank, one.moves, two.rank, two.moves) == (1, 1, 2, None)
    assert AuditEntry.objects.filter(action="division.create").count() == 2


@pytest.mark.parametrize(
    ("name", "moves", "words"),
    [
        ("division i", None, "already has a division named division i"),
        ("", None, "The name"),
        ("Division III", 17, "0 to 16 gladiators"),
    ],
)
def test_a_bad_division_is_refused_in_words(campaign, gm, two_divisions, name, moves, words):
    with pytest.raises(LudusError, match=words):
        division_create(campaign=campaign, by=gm, name=name, moves=moves)
    assert Division.objects.filter(campaign=campaign).count() == 2


def test_only_the_gm_adds_a_division(campaign, owner):
    with pytest.raises(NotAllowed):
        division_create(campaign=campaign, by=owner, name="Division I")
    assert not Division.objects.exists()


def test_nothing_is_proposed_while_a_divisions_season_runs(
    campaign, gm, stable, open_season, two_divisions
):
    one, two = two_divisions
    gladiators = stable(8)
    open_season(gladiators[:4], title="Spring", division=one)
    closed = open_season(gladiators[4:], title="Spring", division=two)
    season_cancel(season=closed, by=gm)
    proposal = promotion_proposal(campaign=campaign)
    assert "Division I's season Spring is still running" in proposal.waiting
    assert not proposal.plans and not proposal.digest
    with pytest.raises(LudusError, match="still running"):
        divisions_advance(campaign=campaign, by=gm, digest="", title="Summer", first_round_at=NEXT)
    assert Season.objects.count() == 2


def test_the_gm_confirms_promotion_and_relegation_after_two_leagues(
    campaign, gm, owner, stable, open_season, two_divisions
):
    """Two round robins of four played to their end; one of Division I dies; a newcomer
    joins. Division I moves one (its own number), so the top of II goes up and the bottom
    living one of I goes down; the newcomer enters Division II."""
    one, two = two_divisions
    gladiators = stable(8)
    upper = open_season(gladiators[:4], title="Spring", division=one, round_days=1)
    lower = open_season(gladiators[4:], title="Spring", division=two, round_days=1)
    for _ in range(3):
        for season in (upper, lower):
            Gladiator.objects.filter(campaign=campaign).update(status=Gladiator.Status.ACTIVE)
            play_round(season)
    assert upper.status == lower.status == Season.Status.FINISHED
    Gladiator.objects.filter(campaign=campaign).update(status=Gladiator.Status.ACTIVE)
    first, second = table_order(upper), table_order(lower)
    fallen = Gladiator.objects.get(name=first[0])  # the champion of Division I dies
    Gladiator.objects.filter(pk=fallen.pk).update(status=Gladiator.Status.DEAD)
    gladiator_create(campaign=campaign, by=owner, name="Ixion", kind="elf")

    proposal = promotion_proposal(campaign=campaign, moves=3)
    assert proposal.waiting == "" and proposal.left_out == []
    top, bottom = proposal.plans
    marks = {entry.gladiator.name: mark for _, entry, mark in top.table}
    assert marks == {first[0]: "out", first[1]: "", first[2]: "", first[3]: "down"}
    marks = {entry.gladiator.name: mark for _, entry, mark in bottom.table}
    assert marks == {second[0]: "up", second[1]: "", second[2]: "", second[3]: ""}

    opened = divisions_advance(
        campaign=campaign,
        by=gm,
        digest=proposal.digest,
        title="Summer",
        first_round_at=NEXT,
        moves=3,
    )
    assert [s.title for s in opened] == ["Summer, Division I", "Summer, Division II"]
    assert [s.division for s in opened] == [one, two]
    assert entrants(opened[0]) == [first[1], first[2], second[0]]
    assert entrants(opened[1]) == [first[3], *second[1:], "Ixion"]
    assert all(s.format == Season.Format.ROUND_ROBIN and s.round_days == 1 for s in opened)
    assert all(s.first_round_at == NEXT for s in opened)
    moved = dict(
        SeasonEntry.objects.filter(season__in=[upper, lower])
        .exclude(movement="")
        .values_list("gladiator__name", "movement")
    )
    assert moved == {first[0]: "out", first[3]: "down", second[0]: "up"}
    audit = AuditEntry.objects.get(action="divisions.advance")
    assert audit.detail["promoted"] == [second[0]] and audit.detail["dropped"] == [first[0]]

    # Confirmed once: the same proposal again finds the new seasons running.
    with pytest.raises(LudusError, match="still running"):
        divisions_advance(
            campaign=campaign, by=gm, digest=proposal.digest, title="Summer", first_round_at=NEXT
        )
    assert Season.objects.count() == 4


def closed_leagues(gm, stable, open_season, divisions) -> tuple[Season, Season]:
    """Division I and II each with a season of four cancelled before round one: the tables
    stand in seed order."""
    gladiators = stable(8)
    seasons = tuple(
        open_season(gladiators[n * 4 : n * 4 + 4], title="Spring", division=division)
        for n, division in enumerate(divisions)
    )
    for season in seasons:
        season_cancel(season=season, by=gm)
    return seasons


def test_a_stale_proposal_is_refused_and_nothing_opens(
    campaign, gm, owner, stable, open_season, two_divisions
):
    closed_leagues(gm, stable, open_season, two_divisions)
    shown = promotion_proposal(campaign=campaign)
    gladiator_create(campaign=campaign, by=owner, name="Ixion", kind="elf")  # joins meanwhile
    with pytest.raises(LudusError, match="The proposal has changed since it was shown"):
        divisions_advance(
            campaign=campaign, by=gm, digest=shown.digest, title="Summer", first_round_at=NEXT
        )
    assert Season.objects.count() == 2
    assert not SeasonEntry.objects.exclude(movement="").exists()
    assert promotion_proposal(campaign=campaign).digest != shown.digest


def test_a_division_whose_season_would_be_refused_is_named_and_nothing_opens(
    campaign, gm, stable, open_season, two_divisions
):
    closed_leagues(gm, stable, open_season, two_divisions)
    shown = promotion_proposal(campaign=campaign)
    far = timezone.now() + timedelta(days=800)
    with pytest.raises(LudusError, match=r"^Division I: Round one is due from now"):
        divisions_advance(
            campaign=campaign, by=gm, digest=shown.digest, title="Summer", first_round_at=far
        )
    assert Season.objects.count() == 2
    assert not SeasonEntry.objects.exclude(movement="").exists()


def test_a_player_cannot_confirm(campaign, gm, owner, stable, open_season, two_divisions):
    closed_leagues(gm, stable, open_season, two_divisions)
    shown = promotion_proposal(campaign=campaign)
    with pytest.raises(NotAllowed):
        divisions_advance(
            campaign=campaign, by=owner, digest=shown.digest, title="Summer", first_round_at=NEXT
        )
    assert Season.objects.count() == 2


def test_the_campaigns_number_moves_a_division_without_its_own(
    campaign, gm, stable, open_season, two_divisions
):
    Division.objects.filter(pk=two_divisions[0].pk).update(moves=None)
    closed_leagues(gm, stable, open_season, two_divisions)
    top, bottom = promotion_proposal(campaign=campaign, moves=2).plans
    assert [p.name for p in top.next.entrants] == ["Aulus", "Brutus", "Eros", "Flamma"]
    assert [p.name for p in bottom.next.entrants] == ["Crixus", "Decimus", "Gannicus", "Hilarus"]
    with pytest.raises(LudusError, match="0 to 16"):
        promotion_proposal(campaign=campaign, moves=-1)


def test_the_gm_renames_a_division_and_gives_it_its_own_moves(campaign, gm, two_divisions):
    one, two = two_divisions
    edited = division_edit(division=two, by=gm, name="The Lower League", moves=3)
    two.refresh_from_db()
    assert (two.name, two.moves, two.rank) == ("The Lower League", 3, 2)
    assert (edited.name, edited.moves, edited.rank) == ("The Lower League", 3, 2)
    division_edit(division=one, by=gm, name="Division I", moves=None)  # back to the campaign's
    one.refresh_from_db()
    assert one.moves is None
    audit = AuditEntry.objects.filter(action="division.edit").order_by("pk").first()
    assert (audit.detail["division"], audit.detail["was"]) == ("The Lower League", "Division II")


@pytest.mark.parametrize(
    ("name", "moves", "words"),
    [
        ("DIVISION I", None, "already has a division named DIVISION I"),
        ("\u202e", None, "right-to-left"),
        ("Division II", -1, "0 to 16 gladiators"),
    ],
)
def test_a_bad_edit_is_refused_and_changes_nothing(campaign, gm, two_divisions, name, moves, words):
    _, two = two_divisions
    with pytest.raises(LudusError, match=words):
        division_edit(division=two, by=gm, name=name, moves=moves)
    two.refresh_from_db()
    assert (two.name, two.moves) == ("Division II", None)


def test_a_player_neither_renames_nor_removes_a_division(campaign, owner, two_divisions):
    one, _ = two_divisions
    with pytest.raises(NotAllowed):
        division_edit(division=one, by=owner, name="Mine")
    with pytest.raises(NotAllowed):
        division_delete(division=one, by=owner)
    assert list(Division.objects.values_list("name", flat=True)) == ["Division I", "Division II"]


def test_a_division_without_seasons_goes_and_those_below_move_up(campaign, gm, two_divisions):
    one, _ = two_divisions
    three = division_create(campaign=campaign, by=gm, name="Division III")
    division_delete(division=one, by=gm)
    ranks = list(Division.objects.order_by("rank").values_list("name", "rank"))
    assert ranks == [("Division II", 1), ("Division III", 2)]
    assert AuditEntry.objects.filter(action="division.delete").count() == 1
    four = division_create(campaign=campaign, by=gm, name="Division IV")
    assert four.rank == 3 and three.pk != four.pk


def test_a_division_that_has_played_stays(campaign, gm, stable, open_season, two_divisions):
    one, _ = two_divisions
    season = open_season(stable(4), title="Spring", division=one)
    season_cancel(season=season, by=gm)
    with pytest.raises(LudusError, match=r"Division I has seasons.*rename it"):
        division_delete(division=one, by=gm)
    assert Division.objects.filter(pk=one.pk).exists()
