"""Odds before the fight in a campaign with GM content: the simulated bouts are built by the
same adapter as the real bout (seeing the campaign's champions and arenas) and take the pick
phase's picks, so a GM-added champion has odds instead of a failure."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_schedule
from arena.engine_io import bout_engine_input
from arena.models import BoutOdds
from arena.odds.services import odds_compute, odds_lines, odds_request
from arena.play.picks import bout_pick
from arena.play.services import bout_enter, bout_open
from campaign.content import content_upload
from characters.services import gladiator_create
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def few_bouts(monkeypatch):
    # The figures are not under test here, only that the bouts can be fought: 2,000 Elders
    # bouts would take the suite a minute.
    monkeypatch.setattr("arena.odds.services.ODDS_CAP", 6)
    monkeypatch.setattr("arena.odds.services.ODDS_BATCH", 3)


def test_a_gm_champion_on_a_gm_arena_has_odds(elders, gm, owner, rival):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    skadi = gladiator_create(campaign=elders, by=owner, name="Skadi", kind="frost-maiden")
    ferox = gladiator_create(campaign=elders, by=rival, name="Ferox", kind="vorn")
    bout = bout_schedule(
        campaign=elders, by=gm, gladiators=[skadi, ferox], options={"arena": "frozen-pond"},
        scheduled_at=timezone.now() + timedelta(days=1),
    )  # fmt: skip
    row = odds_request(bout=bout)
    assert row.terms["content"]["champions"][0]["key"] == "frost-maiden"
    done = odds_compute(odds_id=row.pk)
    assert done.status == BoutOdds.Status.DONE, done.message
    assert [line.name for line in odds_lines(done)] == ["Skadi", "Ferox"]
    # The real bout is built from the same content.
    assert bout_engine_input(bout=bout)["content"]["champions"][0]["key"] == "frost-maiden"


def test_the_odds_of_a_drafted_bout_take_its_picks(elders, gm, owner, rival):
    content_upload(campaign=elders, by=gm, document={"champions": EXAMPLE["champions"]})
    bout = bout_open(campaign=elders, by=gm, title="Draft", options={"picks": True})
    for player, name, kind in ((owner, "Pyrrhus", "ignis"), (rival, "Ferox", "vorn")):
        gladiator = gladiator_create(campaign=elders, by=player, name=name, kind=kind)
        bout_enter(bout=bout, gladiator=gladiator, by=player)
    before = odds_request(bout=bout)
    bout_pick(bout=bout, by=owner, champion="frost-maiden")  # a house champion of the GM's
    bout.refresh_from_db()
    after = odds_request(bout=bout)
    assert after.pk != before.pk and after.terms["picks"] == [["Red", "frost-maiden"]]
    assert odds_compute(odds_id=after.pk).status == BoutOdds.Status.DONE
