"""The order page's threat overlay and "what if" preview (issue 14): who may ask (the
gladiator's owner only: a rival or the GM never sees another's), what it uses (the player's
draft and everyone else's default tactics, never a saved order), and bad input refused in
words with nothing stored. The engine's side: tests/engine/gladiator_arena/test_preview.py."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from arena.models import Bout, TurnOrder
from arena.play.services import bout_enter, bout_open, bout_start, order_submit
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create
from tests.page_words import words_of

pytestmark = pytest.mark.django_db

# Kaunisto (human, sword: 2 damage, 3 MpT) on D4 steps to D5 and strikes D6 twice; Justbec
# (dwarf, sword) on D6 reaches D4 from where it stands, so its tactics stay and strike D4.
DRAFT = {"move": "D5", "strike": "D6,D6"}


def preview_url(bout, entrant) -> str:
    return reverse("bout-order-preview", args=[bout.campaign.slug, bout.pk, entrant.pk])


def orders_url(bout, entrant) -> str:
    return reverse("bout-orders", args=[bout.campaign.slug, bout.pk, entrant.pk])


def row(body: str, name: str) -> list[str]:
    """The preview table's row of `name`: its cells' text."""
    found = re.search(rf'<tr id="what-if-\d+"><th scope="row">{name}[^<]*</th>(.*?)</tr>', body)
    assert found, f"no row for {name}"
    return re.findall(r"<td>(.*?)</td>", found.group(1))


def test_the_owner_previews_the_draft_against_default_tactics(running, owner, client_as):
    bout, mine, _ = running
    response = client_as(owner).get(preview_url(bout, mine), DRAFT, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    assert row(body, "Kaunisto") == ["D4", "D5", "8 → 8", "no"]
    assert row(body, "Justbec") == ["D6", "stays", "9 → 5", "yes"]
    assert "Justbec strikes D4: miss." in body  # its tactics struck where Kaunisto stood
    assert 'data-announce="Preview: Justbec drops to 5 HP."' in body
    assert "<html" not in body  # htmx gets the section alone


def test_a_rivals_saved_order_is_neither_used_nor_shown(running, owner, rival, client_as):
    bout, mine, theirs = running
    # Justbec's real order steps away to E6 and strikes E4: tactics would stay on D6.
    order_submit(entrant=theirs, by=rival, order={"move": "E6", "strike": ["E4"]})
    body = client_as(owner).get(preview_url(bout, mine), DRAFT).content.decode()
    assert row(body, "Justbec") == ["D6", "stays", "9 → 5", "yes"]
    words = words_of(body)  # (a CSRF token or CSP nonce may hold "E6" by chance)
    assert "E6" not in words and "E4" not in words
    assert TurnOrder.objects.get(entrant=theirs).order == {"move": "E6", "strike": ["E4"]}


@pytest.mark.parametrize("persona", ["rival", "gm", "outsider"])
def test_nobody_but_the_owner_previews_a_gladiators_order(request, running, client_as, persona):
    bout, mine, _ = running
    user = request.getfixturevalue(persona)
    response = client_as(user).get(preview_url(bout, mine), DRAFT)
    assert response.status_code == 404
    assert "Justbec strikes" not in response.content.decode()


def test_an_anonymous_visitor_is_sent_to_log_in(running, client_as):
    bout, mine, _ = running
    response = client_as(None).get(preview_url(bout, mine), DRAFT)
    assert response.status_code == 302 and "/login" in response["Location"]


def test_the_gm_previews_only_the_gladiator_they_give_orders_for(
    arena_campaign, gm, owner, kaunisto, client_as
):
    # The GM plays a gladiator of their own in this bout: that one they may preview, the
    # player's not.
    spiculus = gladiator_create(campaign=arena_campaign, by=gm, name="Spiculus", kind="giant")
    bout = bout_open(campaign=arena_campaign, by=gm, title="Three", deadline_hours=24)
    theirs = bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="D4")
    own = bout_enter(bout=bout, gladiator=spiculus, by=gm, square="D6")
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    assert client_as(gm).get(preview_url(bout, own)).status_code == 200
    assert client_as(gm).get(preview_url(bout, theirs)).status_code == 404


def test_an_illegal_draft_is_refused_in_words_and_nothing_is_stored(running, owner, client_as):
    bout, mine, _ = running
    response = client_as(owner).get(preview_url(bout, mine), {"move": "F6"})
    assert response.status_code == 400
    assert "F6 is not adjacent to D4" in response.content.decode()
    for nonsense in ({"move": "Z99"}, {"move": "AA1"}, {"strike": "D5,!!"}):
        off = client_as(owner).get(preview_url(bout, mine), nonsense)
        assert off.status_code == 400, nonsense
        assert "No preview:" in off.content.decode()
    assert not TurnOrder.objects.filter(entrant=mine).exists()
    bout.refresh_from_db()
    assert bout.turn == 1 and bout.status == Bout.Status.RUNNING


def test_a_bout_not_taking_orders_has_no_turn_to_preview(running, owner, client_as):
    bout, mine, _ = running
    Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.RESOLVED)
    response = client_as(owner).get(preview_url(bout, mine))
    assert response.status_code == 400
    assert "not taking orders" in response.content.decode()


def test_the_board_says_which_squares_each_opponent_threatens(running, owner, client_as):
    bout, mine, _ = running
    body = client_as(owner).get(orders_url(bout, mine)).content.decode()
    labels = dict(re.findall(r'id="square-(\w+)" class="[^"]*" aria-label="([^"]*)"', body))
    # Justbec (dwarf, sword 1-2 squares) on D6: 2 MpT, one strike after a step.
    assert labels["D4"] == "D4, Kaunisto (you), 8 HP, threatened by Justbec"
    assert "threatened" not in labels["D1"]
    assert labels["D8"] == "D8, threatened by Justbec"
    # What a press does stays last: "C4, threatened by Justbec, you can move here".
    assert labels["C4"] == "C4, threatened by Justbec, you can move here"
    marked = re.findall(r'id="square-(\w+)" class="[^"]*\bthreat\b', body)
    assert set(marked) == {s for s, label in labels.items() if "threatened by" in label}
    assert 'id="order-preview-button"' in body


def test_a_rule_set_without_previews_shows_neither(gm, owner, rival, client_as):
    campaign = campaign_create(by=gm, name="Elders", ruleset="arena-of-the-elders")
    bout = bout_open(campaign=campaign, by=gm, title="Ring")
    entrants = []
    for player, (name, kind) in zip((owner, rival), (("Undine", "mira"), ("Ferox", "vorn")),
                                    strict=True):  # fmt: skip
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        champion = gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        entrants.append(bout_enter(bout=bout, gladiator=champion, by=player))
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    body = client_as(owner).get(orders_url(bout, entrants[0])).content.decode()
    assert "threatened by" not in body and "order-preview-button" not in body
    refused = client_as(owner).get(preview_url(bout, entrants[0]))
    assert refused.status_code == 400
    assert "offers no preview" in refused.content.decode()


def api_preview(bout, entrant) -> str:
    return reverse("api-bout-order-preview", args=[bout.campaign.slug, bout.pk, entrant.pk])


def test_the_api_previews_a_drawn_or_typed_order_for_its_owner_alone(running, owner, rival):
    bout, mine, theirs = running
    order_submit(entrant=theirs, by=rival, order={"move": "E6", "strike": ["E4"]})
    client = APIClient()
    client.force_authenticate(owner)
    drawn = client.post(api_preview(bout, mine), {"order": {"move": "D5", "strike": ["D6"]}},
                        format="json")  # fmt: skip
    assert drawn.status_code == 200
    body = drawn.json()
    justbec = next(r for r in body["rows"] if r["name"] == "Justbec")
    assert (justbec["end"], justbec["hp_after"], justbec["hurt"]) == ("D6", 7, True)
    assert body["threats"]["D4"] == ["Justbec"] and body["turn"] == 1
    assert "E6" not in json.dumps([body["rows"], body["lines"]])  # Justbec's real move
    typed = client.post(api_preview(bout, mine), {"text": "Move: D5\nStrike: D6"}, format="json")
    assert typed.json()["rows"] == body["rows"]
    bad = client.post(api_preview(bout, mine), {"order": {"move": "F6"}}, format="json")
    assert bad.status_code == 400 and "F6 is not adjacent to D4" in bad.content.decode()
    client.force_authenticate(rival)
    assert client.post(api_preview(bout, mine), {}, format="json").status_code == 404
    assert not TurnOrder.objects.filter(entrant=mine).exists()
