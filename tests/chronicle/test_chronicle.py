"""The weekly chronicle (arena/chronicle): drafted from public facts, edited and published by
the GM, drafted by the worker on the GM's schedule, read by players once published only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.chronicle.facts import chronicle_facts
from arena.chronicle.models import Chronicle
from arena.chronicle.services import (
    chronicle_draft,
    chronicle_edit,
    chronicle_publish,
    chronicle_schedule_set,
    chronicles_draft_due,
    last_due,
)
from arena.models import Bout, BoutEntrant, BoutOdds
from campaign.models import AuditEntry
from campaign.notifications.models import Event, Notification
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


def decided(campaign, gm, places, *, title, hours_ago, winner=""):
    at = timezone.now() - timedelta(hours=hours_ago)
    bout = Bout.objects.create(
        campaign=campaign, ruleset=campaign.ruleset, seed=1, title=title, scheduled_at=at,
        resolved_at=at, status=Bout.Status.RESOLVED, created_by=gm, winner=winner,
    )  # fmt: skip
    for gladiator, place in places.items():
        BoutEntrant.objects.create(bout=bout, gladiator=gladiator, place=place)
    return bout


@pytest.fixture
def week(campaign, gm, owner, rival, brutus, nox):
    """Brutus beats Nox three times (the last against the odds), then Verus falls to Nox; the
    campaign began three days ago."""
    type(campaign).objects.filter(pk=campaign.pk).update(
        created_at=timezone.now() - timedelta(days=3)
    )
    campaign.refresh_from_db()
    verus = gladiator_create(campaign=campaign, by=owner, name="Verus", kind="barbarian")
    for n, hours in enumerate((30, 20, 10), start=1):
        last = decided(campaign, gm, {brutus: 1, nox: 2}, title=f"Bout {n}", hours_ago=hours,
                       winner="Brutus")  # fmt: skip
    BoutOdds.objects.create(
        key="k" * 64, terms={}, campaign=campaign, bout=last, status=BoutOdds.Status.DONE,
        odds=[{"name": "Brutus", "bouts": 1000, "wins": 200, "deaths": 0},
              {"name": "Nox", "bouts": 1000, "wins": 800, "deaths": 0}],
        finished_at=timezone.now(),
    )  # fmt: skip
    fall = decided(campaign, gm, {nox: 1, verus: 2}, title="The fall", hours_ago=5, winner="Nox")
    Gladiator.objects.filter(pk=verus.pk).update(
        status=Gladiator.Status.DEAD, killed_by="Nox", died_in=fall, ended_at=fall.resolved_at,
        wins=0, bouts_fought=1,
    )  # fmt: skip
    Gladiator.objects.filter(pk=brutus.pk).update(wins=3, bouts_fought=3, gold=120)
    Gladiator.objects.filter(pk=nox.pk).update(wins=1, bouts_fought=4, gold=40)
    return verus


def test_the_facts_tell_results_upsets_deaths_streaks_and_rivalries(campaign, week):
    start = campaign.created_at
    facts = chronicle_facts(campaign=campaign, start=start, end=timezone.now())
    assert [r.title for r in facts.results] == ["Bout 1", "Bout 2", "Bout 3", "The fall"]
    (upset,) = facts.upsets
    assert (upset.title, upset.winner, upset.upset_chance) == ("Bout 3", "Brutus", 0.2)
    (death,) = facts.deaths
    assert (death.name, death.killed_by, death.bout_title) == ("Verus", "Nox", "The fall")
    assert [(s.name, s.figure) for s in facts.streaks] == [("Brutus", 3)]
    assert [(s.name, s.figure) for s in facts.leaders] == [("Brutus", 3), ("Nox", 1)]
    assert (facts.richest_stable.owner, facts.richest_stable.figure) == ("owner", 120)
    (rivalry,) = facts.rivalries
    assert (rivalry.first, rivalry.second, rivalry.met, rivalry.first_won) == (
        "Brutus",
        "Nox",
        3,
        3,
    )
    assert sorted(s.name for s in facts.recruits) == ["Brutus", "Nox", "Verus"]


def test_a_period_counts_only_its_own_results(campaign, week):
    facts = chronicle_facts(
        campaign=campaign,
        start=timezone.now() - timedelta(hours=15),
        end=timezone.now(),
    )
    assert [r.title for r in facts.results] == ["Bout 3", "The fall"]
    assert [d.name for d in facts.deaths] == ["Verus"]
    (upset,) = facts.upsets
    assert upset.title == "Bout 3"


def test_the_gm_drafts_edits_and_publishes_and_members_hear_of_it(campaign, week, gm, owner):
    draft = chronicle_draft(campaign=campaign, by=gm)
    assert "Brutus won Bout 3, given 20% by the odds before the fight." in draft.body
    assert "Verus, barbarian of owner's stable, killed by Nox in The fall." in draft.body
    assert "Brutus and Nox have met 3 times" in draft.body
    chronicle_edit(chronicle=draft, by=gm, title="Week one", body=draft.body + "\n\nAve!")
    chronicle_publish(chronicle=draft, by=gm)
    draft.refresh_from_db()
    assert draft.is_published and draft.title == "Week one"
    event = Event.objects.get(key=f"chronicle:{draft.pk}")
    assert Notification.objects.filter(event=event, user=owner).exists()
    assert not Notification.objects.filter(event=event, user=gm).exists()
    assert AuditEntry.objects.filter(campaign=campaign, action="chronicle published").exists()
    with pytest.raises(LudusError, match="already published"):
        chronicle_publish(chronicle=draft, by=gm)


def test_a_second_draft_covers_only_what_is_new(campaign, week, gm):
    first = chronicle_draft(campaign=campaign, by=gm)
    second = chronicle_draft(campaign=campaign, by=gm)
    assert second.period_start == first.period_end
    assert "Results" not in second.body


def test_only_the_gm_drafts_edits_and_publishes(campaign, week, gm, owner):
    with pytest.raises(NotAllowed):
        chronicle_draft(campaign=campaign, by=owner)
    draft = chronicle_draft(campaign=campaign, by=gm)
    with pytest.raises(NotAllowed):
        chronicle_edit(chronicle=draft, by=owner, title="Mine", body="Mine")
    with pytest.raises(NotAllowed):
        chronicle_publish(chronicle=draft, by=owner)
    draft.refresh_from_db()
    assert not draft.is_published and draft.title != "Mine"


def test_bad_words_are_refused_and_change_nothing(campaign, week, gm):
    draft = chronicle_draft(campaign=campaign, by=gm)
    with pytest.raises(LudusError, match="title"):
        chronicle_edit(chronicle=draft, by=gm, title="", body="fine")
    with pytest.raises(LudusError):
        chronicle_edit(chronicle=draft, by=gm, title="Fine", body="x" * 20_001)
    assert Chronicle.objects.get(pk=draft.pk).body == draft.body


def test_a_draft_is_the_gms_alone_until_published(campaign, week, gm, owner, client_as, api_as):
    draft = chronicle_draft(campaign=campaign, by=gm)
    page = reverse("chronicle", args=[campaign.slug, draft.pk])
    assert client_as(owner).get(page).status_code == 404
    assert client_as(gm).get(page).status_code == 200
    listed = api_as(owner).get(reverse("api-chronicles", args=[campaign.slug])).json()
    assert listed["count"] == 0
    chronicle_publish(chronicle=draft, by=gm)
    assert client_as(owner).get(page).status_code == 200
    assert api_as(owner).get(reverse("api-chronicles", args=[campaign.slug])).json()["count"] == 1


def test_the_pages_draft_edit_and_publish(campaign, week, gm, client_as):
    client = client_as(gm)
    response = client.post(reverse("chronicle-draft", args=[campaign.slug]))
    draft = Chronicle.objects.get(campaign=campaign)
    assert response.status_code == 302
    page = reverse("chronicle", args=[campaign.slug, draft.pk])
    assert client.post(page, {"title": "", "body": "x"}).status_code == 400
    assert client.post(page, {"title": "Week one", "body": "Ave."}).status_code == 302
    publish = reverse("chronicle-publish", args=[campaign.slug, draft.pk])
    assert "Publish" in client.get(publish).content.decode()
    client.post(publish)
    draft.refresh_from_db()
    assert (draft.title, draft.body, draft.is_published) == ("Week one", "Ave.", True)
    assert "[b]Week one[/b]" in client.get(page).content.decode()


def test_the_last_scheduled_moment():
    friday_noon = datetime(2026, 11, 27, 12, 30, tzinfo=UTC)  # a Friday
    assert last_due((4, 12), friday_noon) == datetime(2026, 11, 27, 12, tzinfo=UTC)
    assert last_due((4, 13), friday_noon) == datetime(2026, 11, 20, 13, tzinfo=UTC)
    assert last_due((0, 18), friday_noon) == datetime(2026, 11, 23, 18, tzinfo=UTC)


def test_the_worker_drafts_on_schedule_once_and_tells_the_gm(campaign, week, gm):
    now = timezone.now()
    chronicle_schedule_set(campaign=campaign, by=gm, weekday=now.weekday(), hour=now.hour)
    campaign.refresh_from_db()
    assert campaign.options["chronicle"] == {"weekday": now.weekday(), "hour": now.hour}
    # The campaign began before the moment: due now, drafted once, however often beat runs.
    assert chronicles_draft_due(now=now) == 1
    assert chronicles_draft_due(now=now + timedelta(minutes=30)) == 0
    draft = Chronicle.objects.get(campaign=campaign)
    assert not draft.is_published
    assert Event.objects.filter(key=f"chronicle-draft:{draft.pk}").exists()


def test_a_schedule_out_of_range_is_refused(campaign, gm):
    with pytest.raises(LudusError, match="weekday"):
        chronicle_schedule_set(campaign=campaign, by=gm, weekday="8", hour="3")
    with pytest.raises(LudusError, match="hour"):
        chronicle_schedule_set(campaign=campaign, by=gm, weekday="1", hour="24")
    campaign.refresh_from_db()
    assert "chronicle" not in campaign.options
