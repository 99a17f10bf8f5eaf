"""Entering an Arena of the Elders bout by web, a player chooses Red or Blue (or leaves it to
the arena); a team with four is full; a rule set without teams offers no choice."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from arena.engine_io import bout_engine_input
from arena.models import BoutEntrant
from arena.play.services import bout_enter, bout_open, bout_start
from arena.play.turns import state_loaded, turn_rules
from campaign.services import campaign_house_rules_set
from campaign.shared.errors import LudusError
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db

KINDS = ("ignis", "nyx", "brann", "mira", "kestrel")


@pytest.fixture
def elders(gm, owner, rival):
    campaign = campaign_with(gm, (owner, rival), name="Elders", ruleset="arena-of-the-elders")
    stable = [gladiator_create(campaign=campaign, by=owner, name=k.title(), kind=k) for k in KINDS]
    vorn = gladiator_create(campaign=campaign, by=rival, name="Ferox", kind="vorn")
    bout = bout_open(campaign=campaign, by=gm, title="Ring")
    return bout, stable, vorn


def test_the_entry_form_offers_the_teams_and_the_entry_keeps_the_choice(
    elders, owner, rival, gm, client_as
):
    bout, stable, vorn = elders
    url = reverse("bout", args=[bout.campaign.slug, bout.pk])
    page = client_as(owner).get(url).content.decode()
    assert 'name="team"' in page and '<option value="Blue">Blue</option>' in page
    enter = reverse("bout-enter", args=[bout.campaign.slug, bout.pk])
    response = client_as(owner).post(enter, {"gladiator": stable[0].pk, "team": "Blue"})
    assert response.status_code == 302
    assert BoutEntrant.objects.get(gladiator=stable[0]).team == "Blue"
    # Ferox leaves it to the arena: in turn, the second entrant goes to Blue.
    client_as(rival).post(enter, {"gladiator": vorn.pk})
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    state = state_loaded(turn_rules(bout.ruleset), bout.state)
    assert state.get("Ignis").team == 1 and state.get("Ferox").team == 1


def test_an_unknown_or_full_team_is_refused_in_words(elders, owner, client_as):
    bout, stable, _ = elders
    enter = reverse("bout-enter", args=[bout.campaign.slug, bout.pk])
    response = client_as(owner).post(enter, {"gladiator": stable[0].pk, "team": "Green"})
    assert response.status_code == 400
    assert "The team is Red or Blue, not &#x27;Green&#x27;." in response.content.decode()
    assert not BoutEntrant.objects.filter(bout=bout).exists()
    for gladiator in stable[:4]:
        bout_enter(bout=bout, gladiator=gladiator, by=owner, team="blue")
    with pytest.raises(LudusError, match="Blue already has 4: choose another team"):
        bout_enter(bout=bout, gladiator=stable[4], by=owner, team="Blue")
    assert BoutEntrant.objects.filter(bout=bout).count() == 4


def test_those_without_a_choice_fill_the_room_the_others_left(elders, owner, rival):
    bout, stable, vorn = elders
    bout_enter(bout=bout, gladiator=vorn, by=rival)  # first, no choice
    for gladiator in stable[:4]:
        bout_enter(bout=bout, gladiator=gladiator, by=owner, team="Red")
    teams = {g["name"]: g["team"] for g in bout_engine_input(bout=bout)["gladiators"]}
    assert teams["Ferox"] == "Blue" and [teams[g.name] for g in stable[:4]] == ["Red"] * 4


def test_entering_through_the_api_names_the_team(elders, owner):
    bout, stable, _ = elders
    client = APIClient()
    client.force_authenticate(owner)
    url = reverse("api-bout-entries", args=[bout.campaign.slug, bout.pk])
    response = client.post(url, {"gladiator": stable[1].pk, "team": "Red"}, format="json")
    assert response.status_code == 201, response.content
    assert BoutEntrant.objects.get(gladiator=stable[1]).team == "Red"
    refused = client.post(url, {"gladiator": stable[2].pk, "team": "Gold"}, format="json")
    assert refused.status_code == 400 and "Red or Blue" in refused.content.decode()


def test_a_rule_set_without_teams_has_no_team_choice(running, owner, client_as, kaunisto):
    bout = running[0]
    arena = bout.campaign
    other = bout_open(campaign=arena, by=arena.created_by, title="Another")
    page = client_as(owner).get(reverse("bout", args=[arena.slug, other.pk])).content.decode()
    assert 'name="team"' not in page


def test_a_player_is_refused_champions_on_both_teams_unless_a_house_rule_allows(
    elders, owner, gm, client_as
):
    bout, stable, _ = elders
    bout_enter(bout=bout, gladiator=stable[0], by=owner, team="Red")
    enter = reverse("bout-enter", args=[bout.campaign.slug, bout.pk])
    refused = client_as(owner).post(enter, {"gladiator": stable[1].pk, "team": "Blue"})
    assert refused.status_code == 400
    assert "Your Ignis fights for Red in this bout" in refused.content.decode()
    assert not BoutEntrant.objects.filter(gladiator=stable[1]).exists()  # nothing changed
    # Leaving the team to the arena puts the player's second champion with their first.
    assert bout_enter(bout=bout, gladiator=stable[1], by=owner).team == "Red"
    campaign_house_rules_set(campaign=bout.campaign, by=gm, rules={"both_teams": True})
    bout.campaign.refresh_from_db()
    assert bout_enter(bout=bout, gladiator=stable[2], by=owner, team="Blue").team == "Blue"


def test_the_both_teams_house_rule_is_refused_in_its_own_words(elders, gm):
    bout, _, _ = elders
    with pytest.raises(LudusError, match="on both teams is true or false"):
        campaign_house_rules_set(campaign=bout.campaign, by=gm, rules={"both_teams": "yes"})
