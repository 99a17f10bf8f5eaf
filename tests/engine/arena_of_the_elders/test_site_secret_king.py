"""Kill the king, competitive: "the king is chosen in secret". A team's king is claimed on a
character's sheet in the preparation (the bout's first turn, secret like every order until
it resolves); after it resolves, the claim stays hidden from the other team, the GM and
everyone else, on the bout page and in the API, until the bout is over. The claiming team's
players (a shared team: each of them) read it."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from arena.models import Bout
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_resolve,
    order_submit,
)
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db

KING = {"mode": "king", "competitive": True}


def crowned(gm, owner, ally, rival, options):
    """A public campaign's bout: owner's Pyrrhus and ally's Mira for Red, rival's Ferox for
    Blue; Red's sheets nominate Pyrrhus in the preparation, which has resolved."""
    campaign = campaign_create(
        by=gm, name="Elders of Cumae", ruleset="arena-of-the-elders", visibility="public"
    )
    bout = bout_open(campaign=campaign, by=gm, title="Regicide", options=options)
    entrants = {}
    for player, name, kind, team in ((owner, "Pyrrhus", "ignis", "Red"),
                                     (ally, "Lucia", "mira", "Red"),
                                     (rival, "Ferox", "vorn", "Blue")):  # fmt: skip
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        gladiator = gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        entrants[name] = (bout_enter(bout=bout, gladiator=gladiator, by=player, team=team), player)
    bout_start(bout=bout, by=gm)
    for name, (entrant, player) in entrants.items():
        order = {"Pyrrhus": {"king": True}, "Lucia": {"king": "Pyrrhus"}}.get(name, {"king": name})
        order_submit(entrant=entrant, by=player, order=order, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)  # the worker's task, called here
    bout.refresh_from_db()
    assert bout.turn == 2 and bout.status == Bout.Status.RUNNING
    return bout


@pytest.fixture
def ally(make_user):
    return make_user("ally")


def what_they_read(bout, user, api_as, client_as):
    """Whether the user reads Pyrrhus's claim: (in the API's engine input, in its sealed
    orders, on the bout page)."""
    api = api_as(user).get(reverse("api-bout", args=[bout.campaign.slug, bout.pk])).json()
    turn_one = api["engine_input"]["turns"][0]
    sealed = next(o for o in api["sealed_orders"] if o["gladiator"] == "Pyrrhus")
    page = client_as(user).get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content
    return (
        "king" in turn_one["Pyrrhus"],
        sealed["revealed"] and sealed["order"] == {"king": True},
        b"{&quot;king&quot;:true}" in page,  # the canonical JSON its receipt hashes
    )


def test_only_the_kings_team_reads_the_secret_king(
    gm, owner, ally, rival, outsider, api_as, client_as
):
    bout = crowned(gm, owner, ally, rival, KING)
    for who in (owner, ally):
        assert what_they_read(bout, who, api_as, client_as) == (True, True, True), who
    for who in (rival, gm, outsider, None):
        assert what_they_read(bout, who, api_as, client_as) == (False, False, False), who
    # The sealed order says why it stays sealed; its receipt is still listed.
    api = api_as(rival).get(reverse("api-bout", args=[bout.campaign.slug, bout.pk])).json()
    sealed = next(o for o in api["sealed_orders"] if o["gladiator"] == "Pyrrhus")
    assert sealed["secret"] is True and sealed["receipt"] and "salt" not in sealed
    # The log names no king: the event is written in secret and no snapshot says "king".
    named = [e for t in api["log"]["turns"] for e in t["events"] if e["type"] == "king_named"]
    assert [e["name"] for e in named] == ["", ""]
    assert "king" not in json.dumps([t["gladiators"] for t in api["log"]["turns"]])
    # Every sheet nominates its team's king: Lucia's stays sealed to the rival too, who
    # reads his own Ferox's.
    sheets = {o["gladiator"]: o for o in api["sealed_orders"]}
    assert sheets["Lucia"]["secret"] is True and not sheets["Lucia"]["revealed"]
    assert sheets["Ferox"]["revealed"] and sheets["Ferox"]["order"] == {"king": "Ferox"}


def test_the_secret_is_told_when_the_bout_is_over(gm, owner, ally, rival, api_as, client_as):
    bout = crowned(gm, owner, ally, rival, KING)
    bout_finish_by_tactics(bout=bout, by=gm, turn=bout.turn)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    assert what_they_read(bout, rival, api_as, client_as) == (True, True, True)


def test_a_public_king_is_no_secret(gm, owner, ally, rival, api_as, client_as):
    bout = crowned(gm, owner, ally, rival, {"mode": "king"})
    assert what_they_read(bout, rival, api_as, client_as) == (True, True, True)


def test_the_bout_report_keeps_the_secret_king(gm, owner, ally, rival, outsider, client_as):
    """The report tells the resolved preparation (docs/chronicle.md) without the name: every
    reader, the king's own team too, reads that Red chose in secret."""
    bout = crowned(gm, owner, ally, rival, KING)
    for who in (owner, rival, gm, outsider, None):
        page = client_as(who).get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
        report = page.content.decode().split('<section id="report"', 1)[1].split("</section>")[0]
        assert "Red writes the name of its king in secret." in report, who
        assert "Pyrrhus its king" not in report and "names Pyrrhus" not in report, who
