"""The sheet in a long career: its statement is paged (every line reachable, the oldest on the
last page) and its latest bouts link to the rest in the fight history; the history's filters on
entrants list a bout once, however many of its entrants match."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_schedule
from characters.selectors import STATEMENT_LINES
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db


def test_the_statement_is_paged_down_to_the_first_line(campaign, brutus, give, client_as, owner):
    for n in range(STATEMENT_LINES + 5):
        give(brutus, n + 1)
    lines = brutus.ledger.count()
    assert lines > STATEMENT_LINES
    sheet = reverse("gladiator", args=[campaign.slug, brutus.pk])
    client = client_as(owner)
    first = client.get(sheet).content.decode()
    assert f"Page 1 of 2 ({lines} lines)" in first
    assert first.count('data-label="Balance"') == STATEMENT_LINES
    assert f"+{STATEMENT_LINES + 5}</td>" in first  # the latest payment leads page one
    last = client.get(sheet, {"statement": 2}).content.decode()
    assert "Page 2 of 2" in last
    assert last.count('data-label="Balance"') == lines - STATEMENT_LINES
    assert ">+1</td>" in last  # the first payment is on the last page
    garbage = client.get(sheet, {"statement": "x"})  # a bad page number shows the first page
    assert garbage.status_code == 200 and "Page 1 of 2" in garbage.content.decode()


def test_a_bout_is_listed_once_when_several_of_its_entrants_match(campaign, gm, owner, client_as):
    mine = [
        gladiator_create(campaign=campaign, by=owner, name=name, kind="barbarian")
        for name in ("Aulus", "Brutus", "Crixus")
    ]
    bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=mine,
        scheduled_at=timezone.now() + timedelta(hours=1),
        title="Three of one stable",
    )
    history = reverse("bout-history", args=[campaign.slug])
    body = client_as(owner).get(history, {"player": "owner"}).content.decode()
    assert body.count("Three of one stable") == 1


def test_a_gladiator_101_sheet_shows_the_standard_kit_it_fights_with(gm, owner, client_as):
    campaign = campaign_with(gm, (owner,), name="Schola", ruleset="gladiator-101")
    tiro = gladiator_create(campaign=campaign, by=owner, name="Tiro", kind="gladiator")
    assert not tiro.holdings.exists()  # nothing bought: the kit is issued, never held
    page = client_as(owner).get(reverse("gladiator", args=[campaign.slug, tiro.pk]))
    text = page.content.decode()
    assert "Nothing but fists" not in text
    kit = text.split('id="issued-kit"')[1].split("</table>")[0]
    for name in ("Gladius", "Parma (shield bash)", "Galea (helmet)", "Ocrea (greave, left leg)"):
        assert name in kit


def test_a_sheet_without_issued_kit_or_holdings_says_fists(campaign, owner, client_as):
    naked = gladiator_create(campaign=campaign, by=owner, name="Naked", kind="barbarian")
    naked.holdings.all().delete()
    page = client_as(owner).get(reverse("gladiator", args=[campaign.slug, naked.pk]))
    assert "Nothing but fists." in page.content.decode()
    assert 'id="issued-kit"' not in page.content.decode()


def test_the_create_page_says_what_a_gladiator_101_fights_with(gm, owner, client_as):
    campaign = campaign_with(gm, (owner,), name="Schola", ruleset="gladiator-101")
    page = client_as(owner).get(reverse("gladiator-new", args=[campaign.slug]))
    assert "the standard kit, issued to every gladiator for every bout" in page.content.decode()
