"""The demo loader: three campaigns fought through the real services, loaded once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from arena.engine import play
from arena.models import Bout, TurnOrder
from campaign.management.commands.demo_load import Command
from campaign.models import Campaign
from characters.models import Gladiator, LedgerLine

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("demo_load", stdout=out)
    return out.getvalue()


def test_the_demo_has_a_sudden_destruction_campaign_with_history_and_a_bout_by_web():
    assert "Demo campaigns loaded." in load()
    campaign = Campaign.objects.get(slug="the-engines-of-alesia")
    assert campaign.ruleset == "sudden-destruction"
    history = Bout.objects.filter(campaign=campaign, status=Bout.Status.RESOLVED)
    assert history.count() >= 8
    for bout in history:
        assert play(bout.engine_input) == bout.log  # fought by the real engine
    # Careers and ledgers are real: payouts, deaths, upgrades bought with the winnings.
    machines = Gladiator.objects.filter(campaign=campaign)
    assert set(machines.values_list("owner__username", flat=True)) == {"marcus", "livia", "quintus"}
    assert machines.filter(status=Gladiator.Status.DEAD).exists()
    assert LedgerLine.objects.filter(gladiator__campaign=campaign, bout__isnull=False).exists()
    assert LedgerLine.objects.filter(gladiator__campaign=campaign, cause="advance").exists()
    running = Bout.objects.get(campaign=campaign, status=Bout.Status.RUNNING)
    assert running.entrants.count() == 4
    assert running.turn == 3 and len(running.log["turns"]) == 2
    given = TurnOrder.objects.filter(bout=running, turn=running.turn).count()
    assert 0 < given < 4  # orders pending


def test_a_second_run_changes_nothing():
    load()
    counts = (Campaign.objects.count(), Bout.objects.count(), LedgerLine.objects.count())
    assert "already loaded" in load()
    assert (Campaign.objects.count(), Bout.objects.count(), LedgerLine.objects.count()) == counts


def test_a_demo_loaded_before_the_engines_joined_it_gets_them_and_keeps_its_edits(monkeypatch):
    with monkeypatch.context() as older:  # the loader as it was before this campaign
        older.setattr(Command, "_load_engines", lambda self: None)
        load()
    assert not Campaign.objects.filter(slug="the-engines-of-alesia").exists()
    marcus = get_user_model().objects.get(username="marcus")
    marcus.set_password("changed")
    marcus.save()
    assert "The Engines of Alesia added." in load()
    assert Campaign.objects.filter(slug="the-engines-of-alesia").exists()
    assert Campaign.objects.filter(slug__startswith="the-games-of-capua").count() == 1
    marcus.refresh_from_db()
    assert marcus.check_password("changed")  # the players' edits are left alone
