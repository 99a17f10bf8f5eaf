"""The data migration that carries every knockout tournament into a `knockout` season
(arena/migrations/0027_tournaments_into_seasons.py, docs/decisions/0091 and 0098), over a
tournament in each state: scheduled, running (decided and undecided matches, byes, a match
ahead of its round, a walkover, a cancelled bout), finished (no winner both ways) and
cancelled. Built with the models as they stood before it: the arena app is migrated back
(only its own later migrations are undone), and forward again afterwards."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from arena.models import Bout, BoutEntrant, SeasonFixture
from arena.seasons.services import season_round_play

BEFORE = ("arena", "0025_season_fixture_postponed")
CARRIED = ("arena", "0027_tournaments_into_seasons")
NAMES = ["Aulus", "Brutus", "Crixus", "Decimus", "Eros", "Flamma"]


class Old:
    """The tables as they stood before the migration, and a bracket written out by hand."""

    def __init__(self, apps):
        self.apps = apps
        user = apps.get_model("auth", "User").objects.create(username="gm")
        self.gm = user
        self.campaign = apps.get_model("campaign", "Campaign").objects.create(
            name="Capua", slug="capua", ruleset="gladiatorquest", created_by=user, invite_code="x"
        )
        Gladiator = apps.get_model("characters", "Gladiator")
        self.gladiators = [
            Gladiator.objects.create(campaign=self.campaign, owner=user, name=name, kind="dwarf")
            for name in NAMES
        ]
        self.now = timezone.now().replace(microsecond=0)

    def tournament(self, title, entrants, *, status="running", starts_in=timedelta(0), **kw):
        Tournament = self.apps.get_model("arena", "Tournament")
        tournament = Tournament.objects.create(
            campaign=self.campaign,
            title=title,
            ruleset="gladiatorquest",
            seeding=kw.pop("seeding", "random"),
            seed=kw.pop("seed", 11),
            starts_at=self.now + starts_in,
            round_minutes=kw.pop("round_minutes", 0),
            status=status,
            created_by=self.gm,
            finished_at=self.now if status != "running" else None,
            options={"arena": "sand"},
        )
        Entry = self.apps.get_model("arena", "TournamentEntry")
        entries = {
            seed: Entry.objects.create(tournament=tournament, gladiator=g, seed=seed)
            for seed, g in enumerate(self.gladiators[:entrants], start=1)
        }
        return tournament, entries

    def bout(self, status, places=None):
        Bout = self.apps.get_model("arena", "Bout")
        bout = Bout.objects.create(
            campaign=self.campaign,
            ruleset="gladiatorquest",
            seed=1,
            scheduled_at=self.now,
            status=status,
            created_by=self.gm,
        )
        Entrant = self.apps.get_model("arena", "BoutEntrant")
        for entry, place in (places or {}).items():
            Entrant.objects.create(bout=bout, gladiator=entry.gladiator, place=place)
        return bout

    def match(self, tournament, round, slot, first=None, second=None, **kw):
        Match = self.apps.get_model("arena", "TournamentMatch")
        return Match.objects.create(
            tournament=tournament, round=round, slot=slot, first=first, second=second, **kw
        )


def build(old: Old) -> dict[str, int]:
    """Five tournaments; returns their ids by title."""
    ids = {}
    # Scheduled: round one's two bouts wait for their time, two days ahead.
    t, e = old.tournament("Scheduled", 4, starts_in=timedelta(days=2), round_minutes=60)
    old.match(t, 1, 0, e[1], e[4], bout=old.bout("scheduled"))
    old.match(t, 1, 1, e[2], e[3], bout=old.bout("scheduled"))
    old.match(t, 2, 0)
    ids[t.title] = t.pk
    # Running, six entrants: seeds 1 and 2 have byes, 5 beat 4, 3 v 6 is being fought, and
    # 1 v 5 (round two) was scheduled as soon as both were known, ahead of its round.
    t, e = old.tournament("Running", 6, round_minutes=30)
    old.match(t, 1, 0, e[1], None, winner=e[1], decided_by="bye")
    old.match(
        t, 1, 1, e[4], e[5], winner=e[5], decided_by="bout",
        bout=old.bout("resolved", {e[4]: 2, e[5]: 1}),
    )  # fmt: skip
    old.match(t, 1, 2, e[2], None, winner=e[2], decided_by="bye")
    old.match(t, 1, 3, e[3], e[6], bout=old.bout("scheduled"))
    old.match(t, 2, 0, e[1], e[5], bout=old.bout("scheduled"))
    old.match(t, 2, 1, e[2], None)
    old.match(t, 3, 0)
    ids[t.title] = t.pk
    # Running: seed 4 died, so seed 1 won by walkover; 2 v 3's bout was cancelled by the GM
    # and waits to be fought again.
    t, e = old.tournament("Walkover", 4)
    old.match(t, 1, 0, e[1], e[4], winner=e[1], decided_by="walkover")
    old.match(t, 1, 1, e[2], e[3], bout=old.bout("cancelled"))
    old.match(t, 2, 0, e[1], None)
    ids[t.title] = t.pk
    # Finished: 1 v 4 failed (no winner, the higher seed on); 2 could not fight on after a
    # draw, so 3 went on; 3 beat 1 in the final.
    t, e = old.tournament("Finished", 4, status="finished", seeding="standings")
    old.match(t, 1, 0, e[1], e[4], winner=e[1], decided_by="no_winner", bout=old.bout("failed"))
    old.match(
        t, 1, 1, e[2], e[3], winner=e[3], decided_by="no_winner",
        bout=old.bout("resolved", {e[2]: 1, e[3]: 1}),
    )  # fmt: skip
    old.match(
        t, 2, 0, e[1], e[3], winner=e[3], decided_by="bout",
        bout=old.bout("resolved", {e[1]: 2, e[3]: 1}),
    )  # fmt: skip
    ids[t.title] = t.pk
    # Cancelled during round one: 1 beat 4; 2 v 3's bout was called off.
    t, e = old.tournament("Cancelled", 4, status="cancelled")
    old.match(
        t, 1, 0, e[1], e[4], winner=e[1], decided_by="bout",
        bout=old.bout("resolved", {e[1]: 1, e[4]: 2}),
    )  # fmt: skip
    old.match(t, 1, 1, e[2], e[3], bout=old.bout("cancelled"))
    old.match(t, 2, 0, e[1], None)
    ids[t.title] = t.pk
    return ids


def fixtures_of(apps, season) -> dict[str, tuple]:
    """match -> (round, board, first seed, second seed, outcome, bout status, postponed)."""
    Fixture = apps.get_model("arena", "SeasonFixture")
    return {
        f.match: (
            f.round,
            f.board,
            f.first.seed,
            f.second.seed,
            f.outcome,
            f.bout.status if f.bout_id else None,
            f.postponed_until is not None,
        )
        for f in Fixture.objects.filter(season=season).select_related("first", "second", "bout")
    }


def migrate(*targets):
    """The database migrated to `targets` (the latest if none); the models as they stand."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = list(targets) or executor.loader.graph.leaf_nodes()
    return executor.migrate(targets).apps


@pytest.fixture
def carried(transactional_db):
    old = Old(migrate(BEFORE))
    try:
        ids = build(old)
        apps = migrate(CARRIED)
    except BaseException:
        migrate()
        raise
    seasons = {
        s.title: s
        for s in apps.get_model("arena", "Season").objects.filter(old_tournament_id__isnull=False)
    }
    yield old, ids, apps, seasons
    migrate()


def test_every_tournament_becomes_a_knockout_season(carried):
    old, ids, apps, seasons = carried
    assert {title: s.old_tournament_id for title, s in seasons.items()} == ids
    for season in seasons.values():
        assert season.format == "knockout"
        assert season.campaign_id == old.campaign.pk
        assert season.created_by_id == old.gm.pk
        assert season.options == {"arena": "sand"}
        assert season.mode == "tactics"
    s = seasons["Scheduled"]
    assert (s.status, s.rounds, s.rounds_played) == ("running", 2, 1)
    assert (s.seeding, s.seed, s.round_minutes) == ("random", 11, 60)
    assert s.first_round_at == old.now + timedelta(days=2)
    assert s.next_round_at == old.now + timedelta(days=2, minutes=60)
    seeds = apps.get_model("arena", "SeasonEntry").objects.filter(season=s)
    assert sorted(seeds.values_list("seed", "gladiator__name")) == list(
        enumerate(NAMES[:4], start=1)
    )
    assert fixtures_of(apps, s) == {
        "W1.1": (1, 1, 1, 4, "", "scheduled", False),
        "W1.2": (1, 2, 2, 3, "", "scheduled", False),
    }


def test_a_running_knockout_keeps_its_bracket(carried):
    old, _, apps, seasons = carried
    s = seasons["Running"]
    # Round one is not all decided: it is the round played; the next one is due 30 min on.
    assert (s.status, s.rounds, s.rounds_played) == ("running", 3, 1)
    assert s.next_round_at == old.now + timedelta(minutes=30)
    # The byes stay in the bracket, no fixture; 1 v 5 is carried ahead of its round.
    assert fixtures_of(apps, s) == {
        "W1.2": (1, 2, 4, 5, "", "resolved", False),
        "W1.4": (1, 4, 3, 6, "", "scheduled", False),
        "W2.1": (2, 1, 1, 5, "", "scheduled", False),
    }
    w = seasons["Walkover"]
    assert (w.rounds_played, w.next_round_at) == (1, old.now)
    Fixture = apps.get_model("arena", "SeasonFixture")
    walkover = Fixture.objects.get(season=w, match="W1.1")
    assert (walkover.outcome, walkover.bout_id) == ("first", None)
    assert walkover.forfeit == "Decimus could not fight: a walkover."
    again = Fixture.objects.get(season=w, match="W1.2")
    assert (again.outcome, again.bout_id, again.postponed_until) == ("", None, old.now)
    assert "fought again" in again.postponed


def test_a_finished_and_a_cancelled_knockout(carried):
    old, _, apps, seasons = carried
    f = seasons["Finished"]
    assert (f.status, f.rounds_played, f.next_round_at, f.finished_at) == (
        "finished", 2, None, old.now,
    )  # fmt: skip
    assert (f.seeding, f.seed) == ("standings", None)  # a seed is kept for a random draw only
    assert fixtures_of(apps, f) == {
        # No winner, the higher seed on: no result, the bout kept.
        "W1.1": (1, 1, 1, 4, "none", "failed", False),
        # The lower seed went on: a forfeit it won, so the bracket reads as it stood.
        "W1.2": (1, 2, 2, 3, "second", None, False),
        "W2.1": (2, 1, 1, 3, "", "resolved", False),
    }
    c = seasons["Cancelled"]
    assert (c.status, c.next_round_at, c.finished_at) == ("cancelled", None, old.now)
    assert fixtures_of(apps, c) == {
        "W1.1": (1, 1, 1, 4, "", "resolved", False),
        "W1.2": (1, 2, 2, 3, "", "cancelled", False),
    }


def test_seasons_opened_later_take_ids_above_the_carried_tournaments(carried):
    _, ids, apps, _ = carried
    Season = apps.get_model("arena", "Season")
    later = Season.objects.create(
        campaign_id=Season.objects.first().campaign_id,
        title="Later",
        format="knockout",
        rounds=2,
        first_round_at=timezone.now(),
        created_by_id=Season.objects.first().created_by_id,
    )
    assert later.pk > max(ids.values())


def test_a_carried_knockout_plays_on_around_its_match_ahead(carried):
    """Round two is paired once round one is decided: 1 v 5 keeps its fixture, fought ahead of
    its round, and 2 meets the winner of 3 v 6 on the next board."""
    _, _, _, seasons = carried
    migrate()  # today's code reads today's tables
    season = seasons["Running"]
    for key, winner_seed in (("W1.4", 3), ("W2.1", 1)):
        fixture = SeasonFixture.objects.select_related("first", "second").get(
            season_id=season.pk, match=key
        )
        Bout.objects.filter(pk=fixture.bout_id).update(status=Bout.Status.RESOLVED)
        for side in (fixture.first, fixture.second):
            BoutEntrant.objects.create(
                bout_id=fixture.bout_id,
                gladiator_id=side.gladiator_id,
                place=1 if side.seed == winner_seed else 2,
            )

    season_round_play(season_id=season.pk, now=timezone.now() + timedelta(hours=1))

    round_two = SeasonFixture.objects.filter(season_id=season.pk, round=2).select_related(
        "first", "second"
    )
    assert sorted((f.match, f.board, f.first.seed, f.second.seed) for f in round_two) == [
        ("W2.1", 1, 1, 5),
        ("W2.2", 2, 2, 3),
    ]
