"""Arena of the Elders on the order page: the preparation offers only the level-3 abilities
the gladiator has unlocked, and a drawn (clicked) order names its ability by a link, not only
a typed one."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from arena.models import Bout, TurnOrder
from arena.play.services import bout_enter, bout_open, bout_start, bout_turn_resolve, order_submit
from arena.play.turns import state_loaded, turn_rules
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def bout(gm, owner, rival):
    """Owner's Mira (Red) against rival's Vorn (Blue), in the preparation."""
    campaign = campaign_create(by=gm, name="Elders", ruleset="arena-of-the-elders")
    bout = bout_open(campaign=campaign, by=gm, title="Ring")
    entrants = []
    for player, (name, kind) in zip((owner, rival), (("Undine", "mira"), ("Ferox", "vorn")),
                                    strict=True):  # fmt: skip
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        champion = gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        entrants.append(bout_enter(bout=bout, gladiator=champion, by=player))
    bout_start(bout=bout, by=gm)
    return Bout.objects.get(pk=bout.pk), entrants


def values(body: str, field: str) -> list[str]:
    nav = re.search(rf'<nav class="pick options" id="option-{field}".*?</nav>', body, re.S)
    return re.findall(r'data-value="([^"]+)"', nav.group(0)) if nav else []


def link(body: str, field: str, value: str) -> str:
    nav = re.search(rf'<nav class="pick options" id="option-{field}".*?</nav>', body, re.S)
    found = re.search(rf'href="([^"]+)"[^>]*data-value="{value}"', nav.group(0))
    return found.group(1).replace("&amp;", "&")


def test_the_preparation_offers_only_the_unlocked_level_three_ability(bout, owner, client_as):
    bout, (undine, _) = bout
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, undine.pk])
    body = client_as(owner).get(url).content.decode()
    assert values(body, "choice") == ["renewal"]  # a new Mira knows her default only
    assert values(body, "ability") == []
    typed = client_as(owner).post(url, {"turn": bout.turn, "text": "Learn: Wellspring"})
    assert typed.status_code == 400
    assert "Wellspring" in typed.content.decode()
    refused = client_as(owner).post(url, {"turn": bout.turn, "choice": "tidal-blessing"})
    assert "Undine has not unlocked Tidal Blessing" in refused.content.decode()
    assert not TurnOrder.objects.filter(entrant=undine).exists()


def test_a_drawn_order_names_its_ability_by_a_link(bout, owner, rival, client_as):
    bout, (undine, ferox) = bout
    for entrant, player in ((undine, owner), (ferox, rival)):
        order_submit(entrant=entrant, by=player, order={}, turn=bout.turn)
    bout = bout_turn_resolve(bout_id=bout.pk, turn=bout.turn) or Bout.objects.get(pk=bout.pk)
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    if "Undine" not in rules.pending(state).who:  # Blue won the roll-off: Ferox acts first
        order_submit(entrant=ferox, by=rival, order={"auto": True}, turn=bout.turn)
        bout = bout_turn_resolve(bout_id=bout.pk, turn=bout.turn)
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, undine.pk])
    body = client_as(owner).get(url).content.decode()
    assert values(body, "ability") == ["mending-touch"]  # her level-1 ability, ready
    drawn = client_as(owner).get(link(body, "ability", "mending-touch")).content.decode()
    assert re.search(r'id="draft-ability">mending-touch<', drawn)
    assert 'name="ability" value="mending-touch"' in drawn
    # Mending Touch heals an ally or herself: the target is her own square.
    state = state_loaded(rules, Bout.objects.get(pk=bout.pk).state)
    mine = str(state.get("Undine").square)
    response = client_as(owner).post(
        url, {"turn": bout.turn, "ability": "mending-touch", "target": mine}
    )
    assert response.status_code == 302, response.content.decode()
    saved = TurnOrder.objects.get(entrant=undine, turn=bout.turn)
    assert saved.order["ability"] == "mending-touch" and saved.order["target"] == mine


def test_the_preparation_places_a_champion_in_its_start_zone(bout, owner, rival, client_as):
    """'place each character token in the start zone': by web, the sheet's start square."""
    bout, (undine, ferox) = bout
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, undine.pk])
    refused = client_as(owner).post(url, {"turn": bout.turn, "text": "Start: E5"})
    assert refused.status_code == 400
    assert "E5 is not in Red&#x27;s start zone" in refused.content.decode()
    assert not TurnOrder.objects.filter(entrant=undine).exists()
    typed = client_as(owner).post(url, {"turn": bout.turn, "text": "Start: C2"})
    assert typed.status_code in (200, 302)
    order_submit(entrant=ferox, by=rival, order={"start": "J11"}, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, Bout.objects.get(pk=bout.pk).state)
    assert str(state.get("Undine").square) == "C2"
    assert str(state.get("Ferox").square) == "J11"
