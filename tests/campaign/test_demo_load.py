"""The demo loader: five campaigns, one of each rule set, fought through the real services,
loaded once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from arena.engine import campaign_rulesets, play
from arena.models import Bout, TurnOrder
from arena.services import VERIFIABLE
from arena.verification import bout_checks
from campaign.management.commands.demo_load import DEMO_SLUG, Command
from campaign.models import Campaign
from characters.models import Gladiator, LedgerLine, PackEvent

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


def test_the_demo_has_an_arena_of_the_elders_campaign_with_a_flag_bout_by_web_in_progress():
    load()
    campaign = Campaign.objects.get(slug="the-elders-of-pompeii")
    assert campaign.ruleset == "arena-of-the-elders"
    champions = Gladiator.objects.filter(campaign=campaign)
    owners = set(champions.values_list("owner__username", flat=True))
    assert owners == {"marcus", "livia", "quintus"}
    history = Bout.objects.filter(campaign=campaign, status=Bout.Status.RESOLVED)
    assert history.count() >= 4
    modes = {bout.engine_input["options"]["mode"] for bout in history}
    assert modes == {"deathmatch", "king", "flag"}
    for bout in history:
        assert play(bout.engine_input) == bout.log  # fought by the real engine
        # the teams are filled to four with house champions, who are not paid
        assert len(bout.engine_input["gladiators"]) == 8
    assert history.filter(entrants__fate="survived").exists()
    assert LedgerLine.objects.filter(gladiator__campaign=campaign, bout__isnull=False).exists()
    # Experience unlocked level-3 abilities, gold bought cosmetics.
    assert champions.filter(level__gt=1).exists()
    assert any(len(g.build["unlocked"]) > 1 for g in champions)
    assert LedgerLine.objects.filter(gladiator__campaign=campaign, cause="purchase").exists()
    running = Bout.objects.get(campaign=campaign, status=Bout.Status.RUNNING)
    assert running.engine_input["options"]["mode"] == "flag"
    assert running.entrants.count() == 4
    teams = {g["name"]: g["team"] for g in running.engine_input["gladiators"]}
    entrants = [e.gladiator.name for e in running.entrants.order_by("pk")]
    assert [teams[name] for name in entrants] == ["Red", "Blue", "Red", "Blue"]  # two a team
    assert running.turn == 5 and len(running.log["turns"]) == 4  # the preparation and 3 turns
    given = TurnOrder.objects.filter(bout=running, turn=running.turn).count()
    assert given == 1  # one of the acting team's two players has ordered


def test_the_demo_has_a_gladiator_101_campaign_with_a_draft_in_progress(client):
    load()
    campaign = Campaign.objects.get(slug="the-schola-of-ravenna")
    assert campaign.ruleset == "gladiator-101"
    event = PackEvent.objects.get(campaign=campaign)
    assert event.kind == "draft" and event.status == PackEvent.Status.DRAFTING
    assert event.pick == 0 and event.seats.count() == 3
    made = {seat.gladiator.owner.username for seat in event.seats.all() if seat.picks.exists()}
    assert made == {"marcus", "livia"}  # quintus has still to pick: the draft waits for him
    assert not Gladiator.objects.filter(campaign=campaign, holdings__item="booster-pack").exists()
    client.force_login(get_user_model().objects.get(username="quintus"))
    page = client.get(reverse("pack-event", args=[campaign.slug, event.pk]))
    assert page.status_code == 200 and "Rufus" in page.content.decode()
    rule_sets = set(Campaign.objects.values_list("ruleset", flat=True))
    assert rule_sets == {r.slug for r in campaign_rulesets()}  # one campaign of each


def test_a_demo_loaded_before_the_schola_joined_it_gets_it_alone(monkeypatch):
    with monkeypatch.context() as older:  # the loader as it was before this campaign
        older.setattr(Command, "_load_schola", lambda self: None)
        load()
    assert "The Schola of Ravenna added." in load()
    assert Campaign.objects.filter(slug="the-schola-of-ravenna").count() == 1
    assert "already loaded" in load()


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


def test_a_demo_loaded_before_the_elders_joined_it_gets_them_alone(monkeypatch):
    with monkeypatch.context() as older:  # the loader as it was before this campaign
        older.setattr(Command, "_load_elders", lambda self: None)
        load()
    assert not Campaign.objects.filter(slug="the-elders-of-pompeii").exists()
    counts = {c.slug: Bout.objects.filter(campaign=c).count() for c in Campaign.objects.all()}
    assert "The Elders of Pompeii added." in load()
    assert Campaign.objects.filter(slug="the-elders-of-pompeii").exists()
    for slug, bouts in counts.items():  # the other campaigns are left as they were
        assert Bout.objects.filter(campaign__slug=slug).count() == bouts
    assert Campaign.objects.filter(slug__startswith="the-engines-of-alesia").count() == 1
    assert "already loaded" in load()


def test_every_demo_bout_that_can_be_verified_verifies():
    """A demo shows what the product promises: each decided bout's terms hash to its published
    commitment, it was fought with the promised seed, and it replays to its log (the first
    Capua bout, whose seed the loader picks to show mercy, among them)."""
    load()
    verifiable = Bout.objects.filter(status__in=VERIFIABLE).order_by("pk")
    capua = verifiable.filter(campaign__slug=DEMO_SLUG)
    fates = {row["fate"] for b in capua for row in b.log["result"]["standings"]}
    assert "mercy" in fates, "the demo shows no mercy"
    for bout in verifiable:
        failed = [c for c in bout_checks(bout) if c["ok"] is False]
        assert failed == [], f"{bout.campaign.slug} {bout.title}: {failed}"
        assert any(c["check"] == "commitment" and c["ok"] for c in bout_checks(bout))
