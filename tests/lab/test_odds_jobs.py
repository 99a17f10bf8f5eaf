"""Odds jobs (docs/lab.md, "Odds before the fight"): an adaptive sample that says how many bouts
it rests on, one job per question, cancelled with its bout, new previews limited per user, a
cache keyed so that nobody can test a guess of hidden tactics, and lost jobs sent again."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from arena.archive import campaign_archive
from arena.engine import ruleset
from arena.engine.core.campaign import Entrant
from arena.engine.lab.odds import Odds, fight_odds, settled, unanimous
from arena.models import Bout, BoutOdds
from arena.odds import (
    ODDS_BATCH,
    ODDS_CAP,
    ODDS_STALE,
    odds_certain,
    odds_compute,
    odds_lines,
    odds_preview,
    odds_request,
    odds_seed,
    odds_simulation,
    odds_sweep,
    odds_unanimous,
    odds_words,
)
from arena.play_by_web import bout_enter, bout_open, bout_start
from arena.services import bout_cancel, bout_resolve, bout_schedule
from characters.services import gladiator_create
from tests.conftest import campaign_with

DWALIN = Entrant("Dwalin", "dwarf", {"bonuses": {}}, 1, ("shortsword",), {})
GRUK = Entrant("Gruk", "orc", {"bonuses": {}}, 1, ("shortsword",), {})


def schedule(campaign, gm, gladiators, seed=7):
    return bout_schedule(
        campaign=campaign, by=gm, gladiators=gladiators,
        scheduled_at=timezone.now() + timedelta(days=1), seed=seed,
    )  # fmt: skip


def figures(row: BoutOdds) -> list[Odds]:
    return [Odds.from_dict(o) for o in row.odds]


def fought_in_one_run(row: BoutOdds, bouts: int) -> list[Odds]:
    """The first `bouts` bouts of the row's question, fought in one go."""
    rules, entrants, adapter = odds_simulation(row.terms)
    return fight_odds(
        rules, entrants, row.terms["options"], bouts=bouts, seed=odds_seed(row.key),
        adapter=adapter,
    )  # fmt: skip


# --- the sample ------------------------------------------------------------------------------


def test_batches_add_up_to_one_run():
    rules = ruleset("gladiatorquest")
    whole = fight_odds(rules, [DWALIN, GRUK], {}, bouts=100, seed=5)
    first = fight_odds(rules, [DWALIN, GRUK], {}, bouts=60, seed=5)
    rest = fight_odds(rules, [DWALIN, GRUK], {}, bouts=40, seed=5, start=60)
    assert [a + b for a, b in zip(first, rest, strict=True)] == whole


def test_a_chance_is_settled_when_its_interval_is_within_two_points():
    # An even chance needs the whole cap; a certainty 189 bouts; every entrant must be settled.
    assert not settled([Odds("A", ODDS_CAP - ODDS_BATCH, (ODDS_CAP - ODDS_BATCH) // 2, 0)])
    assert settled([Odds("A", ODDS_CAP, ODDS_CAP // 2, 0)])
    assert not settled([Odds("A", 188, 188, 0)]) and settled([Odds("A", 189, 189, 0)])
    assert not settled([Odds("A", 900, 90, 0), Odds("B", 900, 450, 0)])
    assert unanimous([Odds("A", 200, 200, 0), Odds("B", 200, 0, 200)])
    assert not unanimous([Odds("A", 200, 199, 0), Odds("B", 200, 0, 200)])
    assert not unanimous([Odds("A", 200, 200, 1), Odds("B", 200, 0, 200)])


@pytest.mark.django_db
def test_the_worker_stops_at_the_first_batch_that_settles_every_chance(
    campaign, gm, brutus, nox, client_as
):
    bout = schedule(campaign, gm, [brutus, nox])
    done = odds_compute(odds_id=odds_request(bout=bout).pk)
    n = done.simulated
    assert done.status == BoutOdds.Status.DONE and n % ODDS_BATCH == 0
    assert settled(figures(done)) and not settled(fought_in_one_run(done, n - ODDS_BATCH))
    # The batches stored add up to the same bouts fought in one run.
    assert figures(done) == fought_in_one_run(done, n)
    page = client_as(gm).get(reverse("bout", args=[campaign.slug, bout.pk])).content.decode()
    assert f"From {n} simulated bouts" in page


@pytest.mark.django_db
def test_the_cap_ends_a_question_the_interval_has_not_settled(
    campaign, gm, brutus, nox, monkeypatch
):
    # Two batches: after 100 bouts no chance is within 2 points (a certainty needs 189).
    monkeypatch.setattr("arena.odds.ODDS_CAP", 2 * ODDS_BATCH)
    done = odds_compute(odds_id=odds_request(bout=schedule(campaign, gm, [brutus, nox])).pk)
    assert done.status == BoutOdds.Status.DONE and done.simulated == 2 * ODDS_BATCH
    assert not settled(figures(done))


@pytest.mark.django_db
def test_a_bout_that_leaves_nothing_to_chance_is_fought_once_and_said_in_words(
    arena_campaign, gm, kaunisto, justbec, client_as
):
    # Gladiator Arena has no dice and places its entrants itself: every bout is the same one,
    # so one is fought and no interval is drawn around what is certain.
    bout = schedule(arena_campaign, gm, [kaunisto, justbec])
    done = odds_compute(odds_id=odds_request(bout=bout).pk)
    assert done.simulated == 1 and odds_certain(done) and odds_unanimous(done)
    winner = next(line.name for line in odds_lines(done) if line.won)
    url = reverse("bout", args=[arena_campaign.slug, bout.pk])
    part = client_as(gm).get(url + "?partial=odds", HTTP_HX_REQUEST="true").content.decode()
    assert "±" not in part and "%" not in part
    assert f"with both fighting by their tactics, {winner} always wins." in part
    assert part.count(" wins and ") == 1 and part.count(" does not win and ") == 1
    api_url = reverse("api-bout-odds", args=[arena_campaign.slug, bout.pk])
    api = client_as(gm).get(api_url).json()
    assert api["certain"] and all(
        e["win_low"] == e["win_high"] == e["win"] for e in api["entrants"]
    )


def odds_row(ruleset_slug: str, bouts: int, *figures: Odds) -> BoutOdds:
    return BoutOdds(
        key="k", status=BoutOdds.Status.DONE, odds=[o.to_dict() for o in figures],
        terms={"ruleset": ruleset_slug, "bouts": bouts},
    )  # fmt: skip


def test_a_winner_who_always_dies_is_explained_in_the_rule_sets_words():
    row = odds_row("gladiator-arena", 1, Odds("Marcus", 1, 1, 1), Odds("Celadus", 1, 0, 1))
    words = odds_words(row)
    assert words["certain"] == (
        "Gladiator Arena leaves nothing to chance: with both fighting by their tactics, "
        "Marcus always wins."
    )
    assert "most kills, then to whoever stood longest" in words["winner_falls"]
    # A winner who lives needs no explaining.
    row = odds_row("gladiator-arena", 1, Odds("Marcus", 1, 1, 0), Odds("Celadus", 1, 0, 1))
    assert odds_words(row)["winner_falls"] == ""
    three = odds_row("gladiator-arena", 1, *(Odds(n, 1, 0, 1) for n in ("A", "B", "C")))
    assert "with all 3 fighting by their tactics, nobody ever wins." in odds_words(three)["certain"]


def test_a_chance_the_sample_never_saw_otherwise_has_no_interval():
    row = odds_row("gladiatorquest", 2400, Odds("Brutus", 400, 400, 37), Odds("Nox", 400, 0, 3))
    assert [line.chance for line in odds_lines(row)] == ["wins all 400", "wins none of the 400"]
    assert odds_words(row)["certain"] == ""  # dice: 400 alike bouts are no certainty
    row = odds_row("gladiatorquest", 2400, Odds("Brutus", 400, 300, 0), Odds("Nox", 400, 100, 0))
    assert odds_lines(row)[0].chance.startswith("75% ± ")


# --- one job per question --------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_same_question_asked_at_once_is_one_job(campaign, gm, brutus, nox):
    bout = schedule(campaign, gm, [brutus, nox])
    start = threading.Barrier(4)

    def ask(_: int) -> int:
        try:
            start.wait(timeout=10)
            return odds_request(bout=Bout.objects.get(pk=bout.pk)).pk
        finally:
            connection.close()

    with ThreadPoolExecutor(4) as pool:
        asked = set(pool.map(ask, range(4)))
    assert len(asked) == 1 and BoutOdds.objects.count() == 1


@pytest.mark.django_db
def test_asking_while_the_worker_simulates_joins_its_job(campaign, gm, brutus, nox):
    bout = schedule(campaign, gm, [brutus, nox])
    row = odds_request(bout=bout)
    BoutOdds.objects.filter(pk=row.pk).update(
        status=BoutOdds.Status.RUNNING, claim="a worker", heartbeat_at=timezone.now()
    )
    joined = odds_request(bout=bout)
    assert joined.pk == row.pk and joined.claim == "a worker" and joined.sent_at == row.sent_at
    assert odds_compute(odds_id=row.pk) is None  # another worker's: not fought twice


# --- cancelled with the bout -----------------------------------------------------------------


@pytest.mark.django_db
def test_a_bout_fought_or_called_off_cancels_its_waiting_odds_job(campaign, gm, brutus, nox, rival):
    called_off = schedule(campaign, gm, [brutus, nox])
    row = odds_request(bout=called_off)
    bout_cancel(bout=called_off, by=gm)
    row.refresh_from_db()
    assert row.status == BoutOdds.Status.CANCELLED
    fought = schedule(campaign, gm, [brutus, nox])
    waiting = odds_request(bout=fought)
    Bout.objects.filter(pk=fought.pk).update(scheduled_at=timezone.now() - timedelta(seconds=1))
    assert bout_resolve(bout_id=fought.pk).status == Bout.Status.RESOLVED
    waiting.refresh_from_db()
    assert waiting.status == BoutOdds.Status.CANCELLED and waiting.simulated == 0
    assert odds_compute(odds_id=waiting.pk) is None  # its message finds nothing to do


@pytest.mark.django_db
def test_archiving_the_campaign_cancels_its_bouts_odds_jobs(campaign, gm, brutus, nox):
    row = odds_request(bout=schedule(campaign, gm, [brutus, nox]))
    campaign_archive(campaign=campaign, by=gm)
    row.refresh_from_db()
    assert row.status == BoutOdds.Status.CANCELLED


@pytest.mark.django_db
def test_a_running_odds_job_stops_after_the_batch_in_which_its_bout_started(
    arena_campaign, gm, owner, rival, kaunisto, justbec, monkeypatch
):
    bout = bout_open(campaign=arena_campaign, by=gm, title="First blood", deadline_hours=24)
    bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="D4")
    bout_enter(bout=bout, gladiator=justbec, by=rival, square="D6")
    row = odds_request(bout=bout)
    batches = []

    def gm_starts_the_bout_meanwhile(*args, **kwargs):
        batches.append(kwargs["start"])
        fought = fight_odds(*args, **kwargs)
        if len(batches) == 1:
            bout_start(bout=bout, by=gm)
        return fought

    monkeypatch.setattr("arena.odds.fight_odds", gm_starts_the_bout_meanwhile)
    assert odds_compute(odds_id=row.pk) is None
    row.refresh_from_db()
    assert row.status == BoutOdds.Status.CANCELLED and batches == [0] and row.odds == []


@pytest.mark.django_db
def test_a_message_that_arrives_after_the_bout_started_simulates_nothing(campaign, gm, brutus, nox):
    bout = schedule(campaign, gm, [brutus, nox])
    row = odds_request(bout=bout)
    # Started by a way that did not cancel the job (the job checks for itself).
    Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.RUNNING)
    done = odds_compute(odds_id=row.pk)
    assert done.status == BoutOdds.Status.CANCELLED and done.simulated == 0


# --- previews: limited per user, never shared across askers --------------------------------


@pytest.mark.django_db
def test_new_previews_are_limited_per_user_in_words(
    campaign, gm, owner, brutus, nox, client_as, api_as, settings
):
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "odds_previews_per_minute": 2}
    crixus = gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")
    client = client_as(gm)
    url = reverse("bout-odds-preview", args=[campaign.slug])

    def ask(*gladiators):
        query = {"gladiators": [g.pk for g in gladiators]}
        return client.get(url, query, HTTP_HX_REQUEST="true").content.decode()

    assert "The worker is simulating" in ask(brutus, nox)
    assert "The worker is simulating" in ask(brutus, crixus)
    refused = ask(nox, crixus)
    assert "You asked for the odds of 2 new line-ups in the last minute" in refused
    assert "Try again in" in refused and BoutOdds.objects.count() == 2
    assert "The worker is simulating" in ask(brutus, nox)  # asked before: not a new job
    api = api_as(gm).post(
        reverse("api-bout-odds-preview", args=[campaign.slug]),
        {"gladiators": [nox.pk, crixus.pk]},
    )
    assert api.status_code == 429 and "new line-ups in the last minute" in api.json()["detail"]
    assert int(api["Retry-After"]) >= 1 and BoutOdds.objects.count() == 2


def look_alikes(campaign, player):
    """Gladiators named, built, kitted and ordered like the fixtures' Brutus and Nox."""
    return [
        gladiator_create(campaign=campaign, by=player, name="Brutus", kind="barbarian"),
        gladiator_create(campaign=campaign, by=player, name="Nox", kind="wizard"),
    ]


@pytest.mark.django_db
def test_two_askers_with_the_same_question_never_share_an_answer(
    campaign, gm, brutus, nox, make_user, outsider
):
    mine = odds_preview(campaign=campaign, by=gm, gladiators=[brutus, nox], options={})
    odds_compute(odds_id=mine.pk)
    # Another GM builds look-alikes in a campaign of their own and asks the same question.
    other_gm = make_user("other-gm")
    elsewhere = campaign_with(other_gm, (outsider,), name="Look-alikes", ruleset="gladiatorquest")
    theirs = odds_preview(
        campaign=elsewhere, by=other_gm, gladiators=look_alikes(elsewhere, outsider), options={}
    )
    same = {k: v for k, v in mine.terms.items() if k != "scope"}
    assert {k: v for k, v in theirs.terms.items() if k != "scope"} == same
    # ... and is not answered at once: their own job, on seeds of its own.
    assert theirs.pk != mine.pk and theirs.status == BoutOdds.Status.PENDING
    assert odds_seed(theirs.key) != odds_seed(mine.key)
    # The first GM asking again is answered at once from their own cache.
    again = odds_preview(campaign=campaign, by=gm, gladiators=[brutus, nox], options={})
    assert again.pk == mine.pk and again.status == BoutOdds.Status.DONE


@pytest.mark.django_db
def test_the_api_gives_a_bouts_odds_and_the_gms_preview(
    campaign, gm, brutus, nox, api_as, rival, owner
):
    bout = schedule(campaign, gm, [brutus, nox])
    url = reverse("api-bout-odds", args=[campaign.slug, bout.pk])
    waiting = api_as(rival).get(url)
    assert waiting.status_code == 202 and waiting.json()["status"] == "pending"
    assert waiting.json()["cap"] == ODDS_CAP and waiting.json()["simulated"] == 0
    odds_compute(odds_id=BoutOdds.objects.get(bout=bout).pk)
    done = api_as(rival).get(url).json()
    assert done["status"] == "done" and [e["name"] for e in done["entrants"]] == ["Brutus", "Nox"]
    assert done["simulated"] == done["entrants"][0]["bouts"] > 0
    assert (
        done["entrants"][0]["win_low"]
        <= done["entrants"][0]["win"]
        <= done["entrants"][0]["win_high"]
    )
    preview = reverse("api-bout-odds-preview", args=[campaign.slug])
    body = {"gladiators": [brutus.pk, nox.pk]}
    assert api_as(owner).post(preview, body).status_code == 403  # the GM's form only
    assert api_as(gm).post(preview, body).status_code == 202


# --- lost jobs are sent again ----------------------------------------------------------------


@pytest.mark.django_db
def test_the_sweep_sends_a_lost_job_again_and_it_resumes_where_it_stopped(
    campaign, gm, brutus, nox
):
    row = odds_request(bout=schedule(campaign, gm, [brutus, nox]))
    fresh = odds_request(bout=schedule(campaign, gm, [brutus, nox]))
    # A worker stored one batch of `row` and was lost.
    stale = timezone.now() - ODDS_STALE - timedelta(seconds=1)
    one_batch = fought_in_one_run(row, ODDS_BATCH)
    BoutOdds.objects.filter(pk=row.pk).update(
        status=BoutOdds.Status.RUNNING, claim="lost", heartbeat_at=stale,
        odds=[o.to_dict() for o in one_batch],
    )  # fmt: skip
    assert odds_compute(odds_id=row.pk) is None  # a redelivery while it is not yet stale
    assert odds_sweep() == 1  # the lost one, not the fresh one waiting in the queue
    row.refresh_from_db()
    assert row.status == BoutOdds.Status.PENDING and row.simulated == ODDS_BATCH
    assert odds_sweep() == 0  # sent once per stale time, not on every sweep
    done = odds_compute(odds_id=row.pk)
    assert done.status == BoutOdds.Status.DONE and done.simulated > ODDS_BATCH
    assert figures(done) == fought_in_one_run(done, done.simulated)
    # A waiting job whose message was lost is sent again too.
    BoutOdds.objects.filter(pk=fresh.pk).update(sent_at=stale)
    assert odds_sweep() == 1
    fresh.refresh_from_db()
    assert fresh.sent_at > stale and fresh.status == BoutOdds.Status.PENDING
