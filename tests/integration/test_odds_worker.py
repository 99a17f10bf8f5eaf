"""Odds before the fight in production: the bout page asks, a real worker simulates."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_schedule
from arena.engine.lab.odds import Odds, fight_odds
from arena.models import BoutOdds
from arena.odds.services import (
    ODDS_BATCH,
    ODDS_STALE,
    odds_request,
    odds_seed,
    odds_simulation,
    odds_sweep,
)
from characters.services import gladiator_create

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_simulates_the_odds_the_bout_page_asked_for(
    celery_worker_process, campaign, gm, brutus, nox, client_as
):
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(days=1), seed=7,
    )  # fmt: skip
    client = client_as(gm)
    url = reverse("bout", args=[campaign.slug, bout.pk])
    assert "The worker is simulating" in client.get(url).content.decode()
    row = wait_for(BoutOdds.objects.get(), BoutOdds.Status.DONE)
    assert row.status == BoutOdds.Status.DONE, row.message
    part = client.get(url + "?partial=odds", HTTP_HX_REQUEST="true").content.decode()
    assert "<strong>Brutus</strong>" in part and "dies in" in part


def wait_for(row: BoutOdds, status: str, seconds: float = 120) -> BoutOdds:
    deadline = time.monotonic() + seconds
    row.refresh_from_db()
    while row.status != status and time.monotonic() < deadline:
        time.sleep(0.5)
        row.refresh_from_db()
    return row


def test_odds_whose_message_or_worker_was_lost_are_sent_again_and_finished(
    celery_worker_process, campaign, gm, brutus, nox, monkeypatch
):
    later = timezone.now() + timedelta(days=1)
    bouts = [
        bout_schedule(
            campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=later, seed=seed
        )
        for seed in (1, 2)
    ]
    with monkeypatch.context() as lost:
        lost.setattr(
            "arena.odds.services.enqueue_odds", lambda odds_id: None
        )  # the broker lost them
        unsent, abandoned = (odds_request(bout=bout) for bout in bouts)
    # `abandoned`: a worker stored one batch of it and died.
    stale = timezone.now() - ODDS_STALE - timedelta(seconds=1)
    rules, entrants, adapter = odds_simulation(abandoned.terms)
    first = fight_odds(
        rules, entrants, {}, bouts=ODDS_BATCH, seed=odds_seed(abandoned.key), adapter=adapter
    )
    BoutOdds.objects.filter(pk=abandoned.pk).update(
        status=BoutOdds.Status.RUNNING, claim="dead", heartbeat_at=stale,
        odds=[o.to_dict() for o in first],
    )  # fmt: skip
    BoutOdds.objects.filter(pk=unsent.pk).update(sent_at=stale)
    assert odds_sweep() == 2
    for row in (unsent, abandoned):
        assert wait_for(row, BoutOdds.Status.DONE).status == BoutOdds.Status.DONE, row.message
    # The resumed job's figures are those of its bouts fought in one run.
    whole = fight_odds(
        rules, entrants, {}, bouts=abandoned.simulated, seed=odds_seed(abandoned.key),
        adapter=adapter,
    )  # fmt: skip
    assert [Odds.from_dict(o) for o in abandoned.odds] == whole


def test_the_worker_simulates_the_pairings_a_fair_fight_search_asked_for(
    celery_worker_process, campaign, owner, rival, client_as
):
    dwalin = gladiator_create(campaign=campaign, by=owner, name="Dwalin", kind="dwarf")
    gladiator_create(campaign=campaign, by=rival, name="Thorin", kind="dwarf")
    gladiator_create(campaign=campaign, by=rival, name="Gruk", kind="orc")
    client = client_as(owner)
    url = reverse("fair-fight", args=[campaign.slug, dwalin.pk])
    assert client.post(url).content.decode().count("being simulated") == 2
    for row in BoutOdds.objects.all():
        assert wait_for(row, BoutOdds.Status.DONE).status == BoutOdds.Status.DONE, row.message
    page = client.post(url).content.decode()
    assert "being simulated" not in page
    assert page.index("Thorin") < page.index("Gruk")
