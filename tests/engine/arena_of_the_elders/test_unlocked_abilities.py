"""'they choose 1 of the 2nd 3rd and 4th ability at level 3' ("Ability rules"): in a campaign
the choice is among the abilities the gladiator's mastery has unlocked (its build), checked in
the preparation; and the order page offers, as links, only what a character may use."""

from __future__ import annotations

import json

import pytest

from arena.engine.core.campaign import Entrant
from arena.engine.core.records import replace
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS
from arena.engine.rulesets.arena_of_the_elders.campaign import EldersCampaign
from tests.engine.arena_of_the_elders.helpers import RULES, act, place

KEYS = list(CHAMPIONS)


def bout(**vorn):
    gladiators = [
        {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
        for n, k in enumerate(KEYS)
    ]
    vorn_entry = next(g for g in gladiators if g["champion"] == "vorn")
    vorn_entry.update(vorn)
    return {"options": {}, "gladiators": gladiators}


def test_the_preparation_takes_only_an_unlocked_level_three_ability():
    state = RULES.setup(bout(choice="lunge", unlocked=["lunge", "second-wind"]))
    assert RULES.validate(state, "Vorn", {"choice": "Keen Edge"}) == [
        "choice: Vorn has not unlocked Keen Edge; unlocked: Lunge, Second Wind"
    ]
    assert RULES.validate(state, "Vorn", {"choice": "Second Wind"}) == []
    # A character the input says nothing about may take any of the three.
    assert RULES.validate(state, "Ignis", {"choice": "Searing"}) == []


def test_the_unlocked_abilities_survive_the_state_as_json():
    state = RULES.setup(bout(choice="lunge", unlocked=["lunge"]))
    again = RULES.from_json(json.loads(json.dumps(RULES.to_json(state))))
    assert again.get("Vorn").unlocked == (3,)
    assert RULES.validate(again, "Vorn", {"choice": "keen-edge"})
    plain = RULES.to_json(RULES.setup(bout()))
    assert all("unlocked" not in f for f in plain["fighters"])  # unchanged when not narrowed


def test_an_input_whose_choice_is_not_unlocked_is_refused():
    with pytest.raises(EngineInputError, match=r"gladiators\[6\]\.choice: Keen Edge is not"):
        RULES.setup(bout(choice="keen-edge", unlocked=["lunge"]))
    with pytest.raises(EngineInputError, match=r"gladiators\[6\]\.unlocked: 'meteor' is not"):
        RULES.setup(bout(choice="lunge", unlocked=["lunge", "meteor"]))


def test_a_campaign_gladiator_brings_its_unlocked_abilities_into_the_bout():
    entrant = Entrant(name="Rex", kind="vorn", build={"unlocked": ["lunge"], "choice": "lunge"},
                      level=1, equipment=(), tactics={})  # fmt: skip
    raw = EldersCampaign().bout_input([entrant], {}, seed=1, by_tactics=False)
    rex = next(g for g in raw["gladiators"] if g["name"] == "Rex")
    assert rex["unlocked"] == ["lunge"] and rex["choice"] == "lunge"
    state = RULES.setup(raw)
    assert RULES.validate(state, "Rex", {"choice": "Second Wind"})


def test_the_order_page_offers_the_unlocked_choices_in_the_preparation():
    state = RULES.setup(bout(choice="lunge", unlocked=["lunge", "second-wind"]))
    offered = RULES.web.choices(state, "Vorn", {})
    assert offered["choice"] == ["lunge", "second-wind"]
    assert offered["ability"] == [] and offered["path"] == []
    assert offered["king"] == []  # not a kill-the-king bout


def test_the_order_page_offers_the_abilities_known_at_its_level_and_ready():
    state = place("Red vorn A1 level=6 choice=2", "Blue nyx A3")
    state = state.evolve(
        fighters=tuple(
            replace(f, cooldowns=(("cleave", 1),)) if f.name == "Vorn" else f
            for f in state.fighters
        )
    )
    offered = RULES.web.choices(state, "Vorn", {})
    # Cleave cools down, Keen Edge is passive: Execution (level 6) is ready.
    assert offered["ability"] == ["execution"]
    young = place("Red vorn A1 level=2", "Blue nyx A3")
    assert RULES.web.choices(young, "Vorn", {})["ability"] == ["cleave"]
    assert RULES.validate(young, "Vorn", act("", "execution", "A2")) == [
        "ability: Vorn does not know Execution at level 2"
    ]
