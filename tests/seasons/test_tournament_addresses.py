"""A knockout is a knockout season (docs/decisions/0091 and 0098); its old addresses keep
answering. The GM's form and the API still draw one from the tournaments' fields, with round
one's bouts in the calendar at once; the pages answer in place with the season's; the API's
tournament paths keep their JSON shape; a message queued for a knockout still moves it on;
a gladiator still to fight in one keeps its weapon (tests/arena/test_fight_problems.py)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.models import Bout, Season, SeasonFixture, Tournament
from arena.seasons.services import season_finish_if_done, season_round_play
from arena.tasks import tournament_schedule_task
from arena.tournaments.services import tournament_create
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db

FORM_TIME = "%Y-%m-%dT%H:%M"
# The tournaments' JSON shape, as clients of the old paths read it.
TOURNAMENT_KEYS = {
    "id", "title", "ruleset", "seeding", "seed", "options", "starts_at", "round_minutes",
    "status", "champion_id", "champion", "created_at", "finished_at",
}  # fmt: skip
DETAIL_KEYS = TOURNAMENT_KEYS | {"rounds", "entries", "matches"}
MATCH_KEYS = {
    "round", "slot", "first_seed", "second_seed", "winner_seed", "decided_by", "bout_id",
    "bout_status",
}  # fmt: skip


@pytest.fixture
def eight(stable):
    return stable(8)


@pytest.fixture
def knockout(campaign, gm):
    """knockout(gladiators, **kwargs): drawn by the tournaments' service, round one in an hour."""

    def make(gladiators, **kwargs) -> Tournament:
        kwargs.setdefault("starts_at", timezone.now() + timedelta(hours=1))
        kwargs.setdefault("seed", 11)
        return tournament_create(campaign=campaign, by=gm, gladiators=gladiators, **kwargs)

    return make


def bouts_of(season: Season):
    return Bout.objects.filter(fixture__season=season)


def play_to_the_end(season: Season) -> None:
    """The worker's part: each due round played and its bouts fought, to the champion."""
    for _ in range(season.rounds + 1):
        Season.objects.filter(pk=season.pk, next_round_at__isnull=False).update(
            next_round_at=timezone.now()
        )
        season_round_play(season_id=season.pk)
        for pk in bouts_of(season).filter(status=Bout.Status.SCHEDULED).values_list("pk", flat=1):
            Bout.objects.filter(pk=pk).update(scheduled_at=timezone.now())
            bout_resolve(bout_id=pk)
        season_finish_if_done(season_id=season.pk)
    season.refresh_from_db()


def form_data(gladiators, **extra) -> dict:
    return {
        "title": "The Ides Cup",
        "starts_at": (timezone.now() + timedelta(days=2)).strftime(FORM_TIME),
        "seeding": "random",
        "round_minutes": "0",
        "gladiators": [g.pk for g in gladiators],
        **extra,
    }


# --- the draw -------------------------------------------------------------------------------


def test_the_draw_is_a_knockout_season_with_round_one_in_the_calendar(eight, knockout):
    starts = (timezone.now() + timedelta(days=2)).replace(microsecond=0)
    tournament = knockout(eight[:5], starts_at=starts, round_minutes=30)
    season = Season.objects.get()
    assert (season.pk, season.format, season.rounds) == (tournament.pk, "knockout", 3)
    assert (season.seeding, season.seed, season.round_minutes) == ("random", 11, 30)
    assert (season.rounds_played, season.next_round_at) == (1, starts + timedelta(minutes=30))
    # Five entrants: seeds 1, 2 and 3 have byes; 4 v 5 is round one's only bout, at its time.
    fixtures = list(season.fixtures.select_related("first", "second"))
    assert [(f.match, f.first.seed, f.second.seed) for f in fixtures] == [("W1.2", 4, 5)]
    assert [(b.status, b.scheduled_at) for b in bouts_of(season)] == [("scheduled", starts)]


def test_the_same_seed_draws_the_same_bracket(eight, knockout):
    first = knockout(eight[:6], seed=99)
    second = knockout(eight[:6], seed=99, starts_at=timezone.now() + timedelta(days=3))
    names = [
        [e.gladiator.name for e in t.entries.select_related("gladiator")] for t in (first, second)
    ]
    assert names[0] == names[1]


def test_a_knockout_is_fought_to_its_champion(eight, knockout):
    season = Season.objects.get(pk=knockout(eight).pk)
    play_to_the_end(season)
    assert season.status == Season.Status.FINISHED
    decided = season.fixtures.exclude(outcome=SeasonFixture.Outcome.PENDING, bout__isnull=True)
    assert decided.count() == 7  # 4 + 2 + 1: every match of the bracket is decided


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: {"gladiators": g[:4], "seeding": "given"}, "seeding"),
        (lambda g: {"gladiators": [g[0], g[0], g[1], g[2]]}, "gladiators"),
        (lambda g: {"gladiators": g[:4], "round_minutes": -1}, "round_minutes"),
        (lambda g: {"gladiators": g[:4], "options": {"crowd": 3}}, "options"),
        (lambda g: {"gladiators": g[:4], "title": "x" * 500}, "title"),
        (
            lambda g: {"gladiators": g[:4], "starts_at": timezone.now() + timedelta(days=900)},
            "starts_at",
        ),
    ],
)
def test_bad_input_is_refused_in_words_and_changes_nothing(eight, knockout, change, field):
    with pytest.raises(LudusError) as refused:
        knockout(**change(eight))
    assert refused.value.field == field
    assert refused.value.message
    assert not Season.objects.exists() and not Bout.objects.exists()


def test_a_dead_gladiator_cannot_enter_and_only_the_gm_draws(eight, knockout, campaign, owner):
    Gladiator.objects.filter(pk=eight[0].pk).update(status=Gladiator.Status.DEAD)
    with pytest.raises(LudusError, match="Aulus is dead"):
        knockout(eight[:4])
    with pytest.raises(NotAllowed):
        tournament_create(
            campaign=campaign, by=owner, gladiators=eight[1:5], starts_at=timezone.now()
        )
    assert not Season.objects.exists()


# --- the pages ------------------------------------------------------------------------------


def test_the_gm_draws_a_knockout_by_the_old_form(campaign, gm, eight, client_as):
    client = client_as(gm)
    page = client.get(reverse("tournament-new", args=[campaign.slug]))
    assert page.status_code == 200 and b"Minutes between rounds" in page.content
    response = client.post(reverse("tournament-new", args=[campaign.slug]), form_data(eight[:6]))
    season = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("season", args=[campaign.slug, season.pk])
    assert (season.title, season.format, season.entries.count()) == ("The Ides Cup", "knockout", 6)
    assert bouts_of(season).count() == 2  # 1 and 2 have byes: 3 v 6 and 4 v 5


def test_a_refused_form_says_why_and_draws_nothing(campaign, gm, eight, client_as):
    response = client_as(gm).post(
        reverse("tournament-new", args=[campaign.slug]), form_data(eight[:3])
    )
    assert response.status_code == 400
    assert b"takes 4 to 64 gladiators, not 3." in response.content
    assert not Season.objects.exists() and not Bout.objects.exists()


def test_the_old_addresses_answer_with_the_seasons_pages(campaign, eight, knockout, client_as):
    tournament = knockout(eight[:5], title="Saturnalia")
    client = client_as(campaign.created_by)
    page = client.get(reverse("tournament", args=[campaign.slug, tournament.pk]))
    body = page.content.decode()
    assert page.status_code == 200
    assert "<svg" in body and body.count(">bye<") == 3
    for bout in bouts_of(tournament):
        assert f'href="{reverse("bout", args=[campaign.slug, bout.pk])}"' in body
    for gladiator in eight[:5]:
        assert gladiator.name in body
    listing = client.get(reverse("tournaments", args=[campaign.slug])).content.decode()
    assert reverse("season", args=[campaign.slug, tournament.pk]) in listing
    assert "Saturnalia" in listing
    question = client.get(reverse("tournament-cancel", args=[campaign.slug, tournament.pk]))
    assert "Cancel Saturnalia?" in question.content.decode()
    assert client.get(reverse("tournament", args=[campaign.slug, 999_999])).status_code == 404


def test_the_pages_keep_to_the_strict_csp(campaign, gm, eight, knockout, client_as):
    """No inline style and no script without the page's nonce."""
    tournament = knockout(eight[:4])
    client = client_as(gm)
    for name, args in [
        ("tournament", [campaign.slug, tournament.pk]),
        ("tournaments", [campaign.slug]),
        ("tournament-new", [campaign.slug]),
    ]:
        response = client.get(reverse(name, args=args))
        body = response.content.decode()
        assert response.status_code == 200
        assert "style=" not in body and "<style" not in body, name
        for script in re.findall(r"<script[^>]*>", body):
            assert "src=" in script or "nonce=" in script, script
        assert "'unsafe-inline'" not in response["Content-Security-Policy"]


def test_the_gm_cancels_at_the_old_address(campaign, eight, knockout, gm, owner, client_as):
    tournament = knockout(eight[:4])
    url = reverse("tournament-cancel", args=[campaign.slug, tournament.pk])
    assert client_as(owner).post(url).status_code == 403
    response = client_as(gm).post(url, {"reason": "rain"})
    assert response["Location"] == reverse("season", args=[campaign.slug, tournament.pk])
    tournament.refresh_from_db()
    assert tournament.status == Season.Status.CANCELLED
    assert set(bouts_of(tournament).values_list("status", flat=True)) == {"cancelled"}
    assert AuditEntry.objects.filter(action="season.cancel").count() == 1


# --- Gladiator 101's limits on a knockout ---------------------------------------------------


@pytest.fixture
def schola(gm, owner, rival):
    return campaign_with(gm, (owner, rival), name="Schola", ruleset="gladiator-101")


@pytest.fixture
def nine(schola, owner, rival):
    return [
        gladiator_create(
            campaign=schola, by=(owner, rival)[n % 2], name=f"Pugil {n}", kind="gladiator"
        )
        for n in range(9)
    ]


def test_a_gladiator_101_knockout_takes_4_to_8(schola, gm, nine, client_as, api_as):
    """'4-8 players compete in tournament with only survivor' (gladiator-101.txt)."""
    client = client_as(gm)
    page = client.get(reverse("tournament-new", args=[schola.slug]))
    assert b"4 to 8. When the count is not a power of two" in page.content
    refused = "takes 4 to 8 gladiators, not 9."
    response = client.post(reverse("tournament-new", args=[schola.slug]), form_data(nine))
    assert response.status_code == 400 and refused.encode() in response.content
    body = {"starts_at": timezone.now().isoformat(), "gladiators": [g.pk for g in nine]}
    answer = api_as(gm).post(reverse("api-tournaments", args=[schola.slug]), body, format="json")
    assert answer.status_code == 400 and refused in str(answer.json()["gladiators"])
    assert not Season.objects.exists() and not Bout.objects.exists()
    drawn = client.post(reverse("tournament-new", args=[schola.slug]), form_data(nine[:8]))
    assert drawn.status_code == 302
    assert bouts_of(Season.objects.get()).count() == 4


# --- the API --------------------------------------------------------------------------------


def test_the_api_draws_and_reads_a_knockout_in_its_old_shape(campaign, gm, owner, eight, api_as):
    url = reverse("api-tournaments", args=[campaign.slug])
    body = {
        "title": "Ludi Romani",
        "starts_at": (timezone.now() + timedelta(hours=1)).isoformat(),
        "gladiators": [g.pk for g in eight[:7]],
        "seed": 42,
        "round_minutes": 60,
    }
    created = api_as(gm).post(url, body, format="json")
    assert created.status_code == 201, created.content
    data = created.json()
    assert set(data) == DETAIL_KEYS
    assert data["rounds"] == 3 and data["seed"] == 42 and data["status"] == "running"
    assert (data["round_minutes"], data["ruleset"], data["champion"]) == (
        60,
        "gladiatorquest",
        None,
    )
    assert [e["seed"] for e in data["entries"]] == list(range(1, 8))
    assert len(data["matches"]) == 7 and all(set(m) == MATCH_KEYS for m in data["matches"])
    bye = [m for m in data["matches"] if m["decided_by"] == "bye"]
    assert [(m["round"], m["first_seed"], m["winner_seed"]) for m in bye] == [(1, 1, 1)]
    scheduled = [m for m in data["matches"] if m["bout_id"]]
    assert len(scheduled) == 3 and {m["bout_status"] for m in scheduled} == {"scheduled"}

    read = api_as(owner).get(reverse("api-tournament", args=[campaign.slug, data["id"]]))
    assert read.status_code == 200 and read.json()["matches"] == data["matches"]
    listed = api_as(owner).get(url).json()
    assert [t["id"] for t in listed["results"]] == [data["id"]]
    assert set(listed["results"][0]) == TOURNAMENT_KEYS


def test_the_api_names_the_champion_and_how_each_match_went(campaign, eight, knockout, api_as):
    tournament = knockout(eight[:4])
    play_to_the_end(tournament)
    data = (
        api_as(campaign.created_by)
        .get(reverse("api-tournament", args=[campaign.slug, tournament.pk]))
        .json()
    )
    assert data["status"] == "finished" and data["finished_at"]
    final = next(m for m in data["matches"] if m["round"] == 2)
    entries = {e["seed"]: e for e in data["entries"]}
    assert final["winner_seed"] in (final["first_seed"], final["second_seed"])
    assert data["champion"] == entries[final["winner_seed"]]["gladiator"]
    assert data["champion_id"] == entries[final["winner_seed"]]["gladiator_id"]
    assert {m["decided_by"] for m in data["matches"]} <= {"bout", "walkover", "no_winner"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"gladiators": [1, 2, 3]}, "gladiators"),
        ({"seeding": "by height"}, "seeding"),
        ({"round_minutes": -5}, "round_minutes"),
        ({"options": {"nonsense": 1}}, "options"),
        ({"starts_at": "tomorrow"}, "starts_at"),
        ({"gladiators": [999999, 999998, 999997, 999996]}, "gladiators"),
    ],
)
def test_the_api_refuses_bad_input_in_words(campaign, gm, eight, api_as, change, field):
    body = {"starts_at": timezone.now().isoformat(), "gladiators": [g.pk for g in eight[:4]]}
    response = api_as(gm).post(
        reverse("api-tournaments", args=[campaign.slug]), {**body, **change}, format="json"
    )
    assert response.status_code == 400
    assert field in response.json()
    assert not Season.objects.exists() and not Bout.objects.exists()


def test_the_api_cancels_and_says_why_it_will_not(campaign, eight, knockout, gm, owner, api_as):
    tournament = knockout(eight[:4])
    url = reverse("api-tournament-cancel", args=[campaign.slug, tournament.pk])
    assert api_as(owner).post(url, {"reason": "mine"}, format="json").status_code == 403
    refused = api_as(gm).post(url, {"reason": 7 * "x" * 100}, format="json")
    assert refused.status_code == 400 and "reason" in refused.json()
    tournament.refresh_from_db()
    assert tournament.status == Season.Status.RUNNING
    done = api_as(gm).post(url, {"reason": "Rain"}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "cancelled"
    again = api_as(gm).post(url, {}, format="json")
    assert again.status_code == 400 and "cancelled" in str(again.json())


def test_a_carried_knockout_answers_by_its_old_number(campaign, eight, knockout, api_as):
    """A knockout carried from the tournaments' table keeps its old id on the tournament
    paths; the season's own id does not name it there."""
    tournament = knockout(eight[:4])
    old = tournament.pk + 1000
    Season.objects.filter(pk=tournament.pk).update(old_tournament_id=old)
    client = api_as(campaign.created_by)
    read = client.get(reverse("api-tournament", args=[campaign.slug, old]))
    assert read.status_code == 200 and read.json()["id"] == old
    assert (
        client.get(reverse("api-tournament", args=[campaign.slug, tournament.pk])).status_code
        == 404
    )
    listed = client.get(reverse("api-tournaments", args=[campaign.slug])).json()
    assert [t["id"] for t in listed["results"]] == [old]


def test_a_message_queued_for_a_knockout_still_moves_it_on(eight, knockout):
    """The worker still hears `arena.tasks.tournament_schedule_task`: a message sent before
    knockouts were seasons is its season's round call, by the knockout's old number."""
    tournament = knockout(eight[:4], starts_at=timezone.now(), round_minutes=0)
    Season.objects.filter(pk=tournament.pk).update(old_tournament_id=tournament.pk + 1000)
    for bout in bouts_of(tournament):
        bout_resolve(bout_id=bout.pk)
    tournament_schedule_task(tournament.pk + 1000)
    final = SeasonFixture.objects.get(season=tournament, match="W2.1")
    assert final.round == 2 and (final.bout_id is not None or final.forfeit)
    tournament_schedule_task(424242)  # a knockout that is gone: nothing to do, no error
