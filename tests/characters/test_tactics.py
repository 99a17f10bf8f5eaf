"""A gladiator's tactics: the named settings the engine's AI fights by when no order is
written (docs/engine.md, 'Tactics')."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_schedule
from arena.engine_io import bout_engine_input
from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import tactics_settings
from characters.models import Gladiator
from characters.services import gladiator_create, gladiator_retire, gladiator_tactics_set

pytestmark = pytest.mark.django_db

SETTINGS = tactics_settings("gladiatorquest")
EVERY_CHOICE = [(name, value) for name, (values, _default) in SETTINGS.items() for value in values]


def stored(gladiator: Gladiator) -> dict:
    return Gladiator.objects.get(pk=gladiator.pk).tactics


def test_the_rule_set_offers_tactics_with_defaults_among_their_values():
    assert SETTINGS
    for name, (values, default) in SETTINGS.items():
        assert default in values, name


@pytest.mark.parametrize(("name", "value"), EVERY_CHOICE)
def test_every_known_setting_and_value_is_accepted(brutus, owner, name, value):
    returned = gladiator_tactics_set(gladiator=brutus, tactics={name: value}, by=owner)
    assert returned.tactics == {name: value}
    assert stored(brutus) == {name: value}


def test_several_settings_are_accepted_together(brutus, owner):
    tactics = {"approach": "keep_distance", "attack": "jab", "throw": "never"}
    gladiator_tactics_set(gladiator=brutus, tactics=tactics, by=owner)
    assert stored(brutus) == tactics


@pytest.mark.parametrize("name", ["aproach", "weapon_of_choice", "Attack", ""])
def test_an_unknown_setting_is_refused_by_name(brutus, owner, name):
    gladiator_tactics_set(gladiator=brutus, tactics={"attack": "swing"}, by=owner)
    with pytest.raises(LudusError) as refused:
        gladiator_tactics_set(gladiator=brutus, tactics={name: "close"}, by=owner)
    assert refused.value.field == "tactics"
    assert f"Unknown tactic {name!r}" in refused.value.message
    assert all(known in refused.value.message for known in SETTINGS)
    assert stored(brutus) == {"attack": "swing"}


@pytest.mark.parametrize(
    ("name", "value"), [("attack", "stab"), ("approach", "CLOSE"), ("throw", None), ("drink", 1)]
)
def test_an_unknown_value_is_refused_naming_the_setting_and_the_value(brutus, owner, name, value):
    with pytest.raises(LudusError) as refused:
        gladiator_tactics_set(gladiator=brutus, tactics={name: value}, by=owner)
    message = refused.value.message
    assert refused.value.field == "tactics"
    assert f"Tactic {name!r} cannot be {value!r}" in message
    assert all(allowed in message for allowed in SETTINGS[name][0])
    assert stored(brutus) == {}


def test_one_bad_setting_refuses_the_whole_change(brutus, owner):
    with pytest.raises(LudusError, match="stab"):
        gladiator_tactics_set(
            gladiator=brutus, tactics={"approach": "keep_distance", "attack": "stab"}, by=owner
        )
    assert stored(brutus) == {}


@pytest.mark.parametrize("tactics", [["attack", "swing"], "swing"])
def test_tactics_must_be_named_settings(brutus, owner, tactics):
    with pytest.raises(LudusError, match="named settings"):
        gladiator_tactics_set(gladiator=brutus, tactics=tactics, by=owner)
    assert stored(brutus) == {}


def test_a_new_gladiators_tactics_are_checked_too(campaign, owner):
    with pytest.raises(LudusError, match="Unknown tactic 'berserk'"):
        gladiator_create(
            campaign=campaign, by=owner, name="Ajax", kind="dwarf", tactics={"berserk": "yes"}
        )
    assert not campaign.gladiators.filter(name="Ajax").exists()


@pytest.mark.parametrize("intruder", ["rival", "outsider"])
def test_only_the_owner_or_the_gm_may_set_tactics(request, brutus, intruder):
    with pytest.raises(NotAllowed):
        gladiator_tactics_set(
            gladiator=brutus, tactics={"attack": "jab"}, by=request.getfixturevalue(intruder)
        )
    assert stored(brutus) == {}


def test_the_gm_may_set_tactics(brutus, gm):
    gladiator_tactics_set(gladiator=brutus, tactics={"appeal": "never"}, by=gm)
    assert stored(brutus) == {"appeal": "never"}


def test_a_retired_gladiator_takes_no_orders_even_through_an_old_copy(brutus, owner):
    """The caller loaded Brutus before he retired (another request, another tab); the
    refusal must not depend on that copy. buy, sell, equip and level-up re-read the
    gladiator under its row lock; setting tactics must too."""
    gladiator_retire(gladiator=Gladiator.objects.get(pk=brutus.pk), by=owner)
    with pytest.raises(LudusError, match="retired"):
        gladiator_tactics_set(gladiator=brutus, tactics={"attack": "jab"}, by=owner)
    assert stored(brutus) == {}


def test_tactics_reach_the_engine_input(campaign, gm, brutus, nox, owner):
    tactics = {"approach": "close", "attack": "jab", "appeal": "never"}
    gladiator_tactics_set(gladiator=brutus, tactics=tactics, by=owner)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(hours=1),
    )
    entries = {e["name"]: e for e in bout_engine_input(bout=bout)["gladiators"]}
    assert entries["Brutus"]["tactics"] == tactics
    assert "tactics" not in entries["Nox"], "no tactics set: the engine's defaults"


def test_the_engine_fights_by_the_tactics(brutus, nox, owner, fight):
    """'A gladiator without an order in a turn is played by his tactics': told to jab,
    Brutus jabs every blow of the bout."""
    gladiator_tactics_set(gladiator=brutus, tactics={"attack": "jab"}, by=owner)
    bout = fight([brutus, nox], seed=8)
    blows = [
        e
        for turn in bout.log["turns"]
        for e in turn["events"]
        if e["type"] == "attack" and e["attacker"] == "Brutus"
    ]
    assert blows, "seed 8: Brutus strikes"
    assert {e["how"] for e in blows} == {"jab"}
