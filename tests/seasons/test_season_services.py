"""Seasons through the real services: opening (and what is refused, in words, with nothing
stored), rounds played once at their time, forfeits, a Swiss season to its end, pause,
resume, extend, cancel, withdraw, and who may do each."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.models import Bout, Season, SeasonEntry, SeasonFixture
from arena.seasons.results import season_fixtures, season_standings
from arena.seasons.services import (
    season_cancel,
    season_extend,
    season_open,
    season_pause,
    season_resume,
    season_round_play,
    season_withdraw,
    seasons_sweep,
)
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator, Holding
from characters.services import gladiator_create
from tests.conftest import campaign_with

from .conftest import make_due, play_round

pytestmark = pytest.mark.django_db
Outcome = SeasonFixture.Outcome


def test_a_round_robin_draws_every_fixture_by_berger(stable, open_season):
    gladiators = stable(5)
    season = open_season(gladiators)
    assert season.rounds == 5 and season.rounds_played == 0
    first = season.fixtures.filter(round=1).select_related("first__gladiator", "second")
    # Berger round one for five: 1 has the bye, 2-5, 3-4.
    assert [(f.first.seed, f.second.seed if f.second else None) for f in first] == [
        (1, None), (2, 5), (3, 4)
    ]  # fmt: skip
    assert season.fixtures.count() == 15
    assert not Bout.objects.filter(campaign=season.campaign).exists()
    assert AuditEntry.objects.filter(action="season.open").count() == 1


def test_a_round_is_played_once_at_its_time(stable, open_season):
    season = open_season(stable(4))
    assert season_round_play(season_id=season.pk) == 0  # not due yet
    make_due(season)
    assert season_round_play(season_id=season.pk) == 2
    assert season_round_play(season_id=season.pk) == 0  # the message again: nothing
    assert seasons_sweep() == 0
    season.refresh_from_db()
    assert season.rounds_played == 1
    assert Bout.objects.filter(fixture__season=season).count() == 2
    bouts = Bout.objects.filter(fixture__season=season)
    assert {b.title for b in bouts} == {"Spring league: round 1"}
    assert season.next_round_at > timezone.now() + timedelta(days=6)


def decided(season: Season, number: int) -> bool:
    """Every fixture of round `number` has its result (a gladiator killed in an earlier round
    forfeits, so a round may hold fewer bouts than pairs)."""
    return all(
        f.result_outcome != Outcome.PENDING for f in season_fixtures(season) if f.round == number
    )


def test_a_double_round_robin_plays_to_its_final_table(stable, open_season):
    season = open_season(stable(4), format=Season.Format.DOUBLE_ROUND_ROBIN, round_days=1)
    assert season.rounds == 6
    for number in range(1, 7):
        play_round(season)
        assert season.rounds_played == number and decided(season, number)
    assert season.status == Season.Status.FINISHED and season.next_round_at is None
    rows = [row for row, _ in season_standings(season)]
    no_result = season.fixtures.filter(outcome=Outcome.NONE).count()
    assert sum(r.played for r in rows) == 2 * (12 - no_result)
    assert sum(r.won for r in rows) == sum(r.lost for r in rows)
    assert all(r.points == 3 * r.won + r.drawn for r in rows)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert AuditEntry.objects.filter(action="season.finish").count() == 1


def test_a_swiss_season_plays_to_its_end_without_a_rematch(stable, open_season):
    season = open_season(stable(7), format=Season.Format.SWISS, rounds=4, round_days=2)
    for number in range(1, 5):
        play_round(season)
        assert season.rounds_played == number and decided(season, number)
    assert season.status == Season.Status.FINISHED
    fixtures = list(season.fixtures.all())
    pairs = [frozenset((f.first_id, f.second_id)) for f in fixtures if f.second_id]
    assert len(pairs) == len(set(pairs)) > 0
    # One bye a round at most (the bye rule itself: tests/seasons/test_swiss.py; here a
    # gladiator killed in a bout leaves the round, which may change who is left to pair).
    byes = [f.round for f in fixtures if f.outcome == Outcome.BYE]
    assert len(byes) == len(set(byes))


def test_a_swiss_round_waits_for_the_round_before(stable, open_season):
    season = open_season(stable(4), format=Season.Format.SWISS, rounds=2, round_days=1)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 2
    make_due(season)
    assert season_round_play(season_id=season.pk) == 0  # round one's bouts not fought yet
    season.refresh_from_db()
    assert season.rounds_played == 1


def test_the_dead_the_withdrawn_and_the_unarmed_forfeit(gm, owner, rival):
    campaign = campaign_with(gm, (owner, rival), name="Forum", ruleset="gladiator-arena")
    names = [("Marcus", owner, "human"), ("Nero", rival, "dwarf"), ("Otho", owner, "elf"),
             ("Quintus", rival, "human")]  # fmt: skip
    glads = [gladiator_create(campaign=campaign, by=u, name=n, kind=k) for n, u, k in names]
    from arena.seasons.services import season_open

    season = season_open(
        campaign=campaign, by=gm, title="Forum league", format=Season.Format.ROUND_ROBIN,
        gladiators=glads, first_round_at=timezone.now() + timedelta(hours=1),
    )  # fmt: skip
    # Round one: 1-4 (Marcus-Quintus), 2-3 (Nero-Otho).
    Gladiator.objects.filter(name="Quintus").update(status=Gladiator.Status.DEAD)
    Holding.objects.filter(gladiator__name="Otho").update(equipped=False)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 0
    f1, f2 = season.fixtures.filter(round=1)
    assert (f1.outcome, f1.forfeit) == (Outcome.FIRST, "Quintus is dead.")
    assert f2.outcome == Outcome.FIRST
    assert f2.forfeit.startswith("Otho cannot fight: it has no weapon")
    # Round two: 4-3 (Quintus-Otho): both out, no result; 1-2 (Marcus-Nero): Marcus withdrawn.
    season_withdraw(entry=season.entries.get(gladiator__name="Marcus"), by=owner)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 0
    g1, g2 = season.fixtures.filter(round=2).select_related("first__gladiator")
    assert g1.outcome == Outcome.NONE and "Quintus is dead." in g1.forfeit
    assert (g2.outcome, g2.forfeit) == (Outcome.SECOND, "Marcus was withdrawn by its owner.")
    rows = {entry.gladiator.name: row for row, entry in season_standings(season)}
    assert (rows["Marcus"].won, rows["Marcus"].lost, rows["Marcus"].points) == (1, 1, 3)
    assert rows["Marcus"].buchholz == 0  # forfeits count nothing for Buchholz
    assert (rows["Quintus"].played, rows["Quintus"].lost) == (1, 1)


def test_a_swiss_season_pairs_the_withdrawn_no_more(stable, open_season, owner):
    season = open_season(stable(4), format=Season.Format.SWISS, rounds=3, round_days=1)
    season_withdraw(entry=season.entries.get(seed=1), by=owner)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 1
    fixtures = [(f.first.seed, f.second.seed if f.second else None, f.outcome)
                for f in season.fixtures.select_related("first", "second")]  # fmt: skip
    # Three left: the lowest ranked (seed 4) has the bye, 2 meets 3.
    assert fixtures == [(2, 3, Outcome.PENDING), (4, None, Outcome.BYE)]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": ""}, "The title"),
        ({"format": "ladder"}, "knockout, double_elim, groups_ko, not 'ladder'."),
        ({"format": "swiss"}, "A Swiss season needs its number of rounds."),
        ({"format": "swiss", "rounds": 4}, "plays 1 to 3 rounds (no rematch), not 4."),
        ({"round_days": 0}, "Rounds are 1 to 28 days apart, not 0."),
        ({"points_win": 1, "points_draw": 2}, "a draw between them (win 1, draw 2, loss 0)."),
        ({"first_round_at": timezone.now() - timedelta(days=1)}, "Round one is due from now"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_in_words_and_nothing_is_stored(stable, open_season, change, message):
    gladiators = stable(4)
    with pytest.raises(LudusError) as refused:
        open_season(gladiators, **change)
    assert message in refused.value.message
    assert not Season.objects.exists() and not SeasonEntry.objects.exists()


def test_bad_entrants_are_refused(stable, open_season, campaign, gm, owner):
    gladiators = stable(3)
    with pytest.raises(LudusError, match="takes 2 to 64 gladiators, not 1"):
        open_season(gladiators[:1])
    with pytest.raises(LudusError, match="only once"):
        open_season([gladiators[0], gladiators[0], gladiators[1]])
    Gladiator.objects.filter(pk=gladiators[2].pk).update(status=Gladiator.Status.DEAD)
    with pytest.raises(LudusError, match="Crixus is dead and cannot enter a season"):
        open_season(gladiators)
    other = campaign_with(gm, (owner,), name="Elsewhere", ruleset="gladiatorquest")
    stranger = gladiator_create(campaign=other, by=owner, name="Stranger", kind="elf")
    with pytest.raises(LudusError, match="must belong to this campaign"):
        open_season([gladiators[0], stranger])
    assert not Season.objects.exists()


def test_only_the_gm_opens_pauses_extends_and_cancels(stable, open_season, campaign, owner):
    gladiators = stable(4)
    from arena.seasons.services import season_open

    with pytest.raises(NotAllowed):
        season_open(
            campaign=campaign, by=owner, title="Mine", format=Season.Format.ROUND_ROBIN,
            gladiators=gladiators, first_round_at=timezone.now() + timedelta(hours=1),
        )  # fmt: skip
    season = open_season(gladiators, format=Season.Format.SWISS, rounds=2)
    for act in (
        lambda: season_pause(season=season, by=owner),
        lambda: season_extend(season=season, by=owner, rounds=1),
        lambda: season_cancel(season=season, by=owner),
    ):
        with pytest.raises(NotAllowed):
            act()
    season.refresh_from_db()
    assert (season.status, season.rounds) == (Season.Status.RUNNING, 2)


def test_only_the_owner_withdraws_a_gladiator(stable, open_season, rival, owner):
    season = open_season(stable(4))
    entry = season.entries.get(seed=1)  # the owner's Aulus
    with pytest.raises(NotAllowed, match="Only Aulus's owner may withdraw it"):
        season_withdraw(entry=entry, by=rival)
    season_withdraw(entry=entry, by=owner)
    with pytest.raises(LudusError, match="already withdrawn"):
        season_withdraw(entry=entry, by=owner)


def test_pause_holds_the_rounds_and_resume_moves_the_calendar(stable, open_season, gm):
    season = open_season(stable(4))
    make_due(season)
    season_pause(season=season, by=gm)
    assert season_round_play(season_id=season.pk) == 0
    Season.objects.filter(pk=season.pk).update(paused_at=timezone.now() - timedelta(hours=5))
    season_resume(season=season, by=gm)
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    assert season.next_round_at > timezone.now() + timedelta(hours=4)
    with pytest.raises(
        LudusError, match="Only a season paused can be resumed; this one is running"
    ):
        season_resume(season=season, by=gm)
    actions = AuditEntry.objects.filter(action__startswith="season.").values_list(
        "action", flat=True
    )
    assert {"season.pause", "season.resume"} <= set(actions)


def test_extend_adds_swiss_rounds_only(stable, open_season, gm):
    swiss = open_season(stable(6), format=Season.Format.SWISS, rounds=3)
    season_extend(season=swiss, by=gm, rounds=2)
    swiss.refresh_from_db()
    assert swiss.rounds == 5
    with pytest.raises(LudusError, match="have no opponent left for another round"):
        season_extend(season=swiss, by=gm, rounds=1)
    league = open_season(list(Gladiator.objects.all()[:4]), title="League")
    with pytest.raises(LudusError, match="only a Swiss season is extended"):
        season_extend(season=league, by=gm, rounds=1)


def test_cancel_calls_off_its_bouts_and_keeps_what_was_fought(stable, open_season, gm):
    season = open_season(stable(4), round_days=1)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 2
    fought, waiting = Bout.objects.filter(fixture__season=season).order_by("pk")
    bout_resolve(bout_id=fought.pk)
    assert season_cancel(season=season, by=gm, reason="The arena burnt down") == 1
    season.refresh_from_db()
    assert season.status == Season.Status.CANCELLED and season.next_round_at is None
    waiting.refresh_from_db()
    fought.refresh_from_db()
    assert (fought.status, waiting.status) == (Bout.Status.RESOLVED, Bout.Status.CANCELLED)
    later = season.fixtures.filter(round__gt=1)
    assert {f.outcome for f in later} == {Outcome.NONE}
    rows = [row for row, _ in season_standings(season)]
    assert sum(r.played for r in rows) == 2  # the bout fought stands
    with pytest.raises(LudusError, match="this one is cancelled"):
        season_cancel(season=season, by=gm)


def test_a_season_by_web_starts_each_bout_with_its_deadline(gm, owner, rival):
    campaign = campaign_with(gm, (owner, rival), name="Forum", ruleset="gladiator-arena")
    names = [("Marcus", owner, "human"), ("Nero", rival, "dwarf"), ("Otho", owner, "elf"),
             ("Quintus", rival, "human")]  # fmt: skip
    glads = [gladiator_create(campaign=campaign, by=u, name=n, kind=k) for n, u, k in names]
    season = season_open(
        campaign=campaign, by=gm, title="Web league", format=Season.Format.ROUND_ROBIN,
        gladiators=glads, first_round_at=timezone.now() + timedelta(hours=1),
        mode=Bout.Mode.ORDERS, deadline_hours=36,
    )  # fmt: skip
    make_due(season)
    assert season_round_play(season_id=season.pk) == 2
    bouts = list(Bout.objects.filter(fixture__season=season).order_by("pk"))
    assert [(b.mode, b.status, b.turn) for b in bouts] == [("orders", "running", 1)] * 2
    for bout in bouts:
        left = bout.turn_deadline - timezone.now()
        assert timedelta(hours=35) < left <= timedelta(hours=36)
    assert [sorted(b.entrants.values_list("gladiator__name", flat=True)) for b in bouts] == [
        ["Marcus", "Quintus"], ["Nero", "Otho"]
    ]  # fmt: skip
    # Pending bouts by web hold up nothing they should not: the table shows no result yet.
    assert all(row.played == 0 for row, _ in season_standings(season))


def test_a_rule_set_not_played_by_web_refuses_a_season_by_web(stable, open_season):
    gladiators = stable(4)
    with pytest.raises(LudusError, match="not played turn by turn on Ludus yet"):
        open_season(gladiators, mode=Bout.Mode.ORDERS)
    with pytest.raises(LudusError, match="The mode is tactics or orders, not 'mail'"):
        open_season(gladiators, mode="mail")
    assert not Season.objects.exists()
