"""The Ruleset base class: what it writes once (play, record, result, to_json/from_json) from
a rule set's hooks, the defaults of its optional members, and the registry's check. Stone
Duel (tests/rulesets) is the smallest rule set on it: it writes none of those itself."""

from __future__ import annotations

import json

import pytest

from arena.engine import ruleset
from arena.engine.core.campaign import (
    KNOCKOUT_ENTRANTS,
    SEASON_ENTRANTS,
    CampaignAdapter,
    WebPlay,
)
from arena.engine.core.dice import Dice
from arena.engine.core.ruleset import TURN, Ruleset, register
from arena.engine.errors import EngineInputError
from tests.rulesets.stone_duel import StoneDuel

BOUT = {
    "ruleset": "stone-duel",
    "seed": 3,
    "tactics": True,
    "slingers": [
        {"name": "Ajax", "hp": 3, "sling": True},
        {"name": "Brax", "hp": 4, "sling": False},
    ],
}


def test_stone_duel_writes_none_of_what_the_base_writes_once():
    own = vars(StoneDuel)
    for member in ("play", "record", "result", "to_json", "from_json"):
        assert member not in own, member


def test_play_writes_the_log_from_the_hooks():
    log = StoneDuel().play(BOUT)
    assert list(log) == ["ruleset", "version", "turns", "result"]
    first = log["turns"][0]
    assert list(first) == ["turn", "gladiators", "events"]  # no record_phase: no "phase"
    assert first["turn"] == 1
    assert set(first["gladiators"]) == {"Ajax", "Brax"}
    assert first["events"] and first["events"][0]["type"] == "threw"
    result = log["result"]
    assert result["finished"] is True
    assert [row["place"] for row in result["standings"]] == [1, 2]


def test_record_phase_and_result_extra_go_where_the_log_has_them():
    class Phased(StoneDuel):
        def record_phase(self, state):
            return "throw"

        def result_extra(self, state):
            return {"winner": "whoever"}

    log = Phased().play(BOUT)
    assert list(log["turns"][0]) == ["turn", "phase", "gladiators", "events"]
    assert log["turns"][0]["phase"] == "throw"
    assert list(log["result"]) == ["finished", "standings", "winner"]


def test_rules_that_roll_no_dice_are_given_none_and_a_bad_seed_is_still_refused():
    given = []
    own = Dice.seeded(3)  # the dice BOUT's seed gives, for the same throws

    class Calm(StoneDuel):
        rolls_dice = False

        def apply(self, state, orders, dice):
            given.append(dice)
            return super().apply(state, orders, own)

    log = Calm().play(BOUT)
    assert given and all(dice is None for dice in given)
    assert log == StoneDuel().play(BOUT)
    for bad, field in (({"seed": "not a number"}, "seed"), ({"dice": 4}, "dice")):
        for rules in (Calm(), StoneDuel()):
            with pytest.raises(EngineInputError) as refused:
                rules.play({**BOUT, **bad})
            assert refused.value.field == field


def test_the_log_takes_each_events_record_from_event_records():
    class Counted(StoneDuel):
        def event_records(self, events):
            return [{"type": "counted", "text": f"{len(events)} events"}]

    log = Counted().play(BOUT)
    assert all(t["events"][0]["type"] == "counted" for t in log["turns"])
    assert StoneDuel().play(BOUT)["turns"][0]["events"][0]["type"] == "threw"


def test_the_state_goes_to_json_and_back_exactly():
    rules = StoneDuel()
    state = rules.setup(BOUT)
    again = rules.from_json(json.loads(json.dumps(rules.to_json(state))))
    assert again == state


def test_a_stored_state_that_is_not_an_object_is_refused_in_words():
    with pytest.raises(EngineInputError) as refused:
        StoneDuel().from_json(["not", "a", "state"])  # type: ignore[arg-type]
    assert refused.value.field == "state" and "JSON object" in refused.value.message


def test_the_optional_members_have_their_defaults():
    rules = StoneDuel()
    assert rules.step_word is TURN and rules.step_word.many == "turns"
    assert rules.rolls_dice is True
    assert rules.web is None
    assert rules.terrain(rules.setup(BOUT)) == {}
    assert rules.secret_order_keys({}) == frozenset()
    assert dict(rules.dice_fields) == {}
    adapter = rules.campaign
    assert isinstance(adapter, CampaignAdapter)
    assert adapter.knockout_entrants == KNOCKOUT_ENTRANTS
    assert adapter.season_entrants("knockout") == KNOCKOUT_ENTRANTS
    assert adapter.season_entrants("double_elim") == KNOCKOUT_ENTRANTS
    assert adapter.season_entrants("swiss") == SEASON_ENTRANTS
    assert (adapter.mercy_appeal, adapter.entry_note, adapter.packs) == (False, "", None)
    assert adapter.fight_problems("slinger", {}, []) == []
    assert adapter.issued_kit("slinger") == ()
    assert adapter.pick_phase([], {}, []) is None
    assert adapter.with_content({}) is adapter
    assert WebPlay.previews == frozenset()


def test_every_registered_rule_set_and_adapter_is_on_the_base_classes():
    from arena.engine.core.ruleset import RULESETS

    assert len(RULESETS) >= 5
    for slug in RULESETS:
        rules = ruleset(slug)
        assert isinstance(rules, Ruleset), slug
        assert rules.campaign is None or isinstance(rules.campaign, CampaignAdapter), slug
        assert rules.web is None or isinstance(rules.web, WebPlay), slug


def test_register_takes_only_a_ruleset_subclass():
    class Loose:
        slug = "loose"

    with pytest.raises(TypeError, match="must subclass"):
        register(Loose)  # type: ignore[arg-type]
