"""Invariants over random bouts of 2-8 gladiators (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import play
from arena.engine.rulesets.gladiatorquest import ITEMS, TACTICS_CHOICES, TYPES, equipment_errors

BUYABLE = sorted(s for s, i in ITEMS.items() if not i.natural and not i.bow)
ACTORS = ("name", "attacker", "thrower", "caster")


@st.composite
def gladiators(draw, index):
    type_ = draw(st.sampled_from(sorted(TYPES)))
    equipment = draw(st.lists(st.sampled_from(BUYABLE), max_size=4))
    if equipment_errors(type_, equipment):
        equipment = list(TYPES[type_].equipment)
    tactics = draw(
        st.dictionaries(st.sampled_from(sorted(TACTICS_CHOICES)), st.just(None), max_size=4)
    )
    tactics = {k: draw(st.sampled_from(TACTICS_CHOICES[k])) for k in tactics}
    return {
        "name": f"G{index}",
        "type": type_,
        "equipment": equipment,
        "tactics": tactics,
        "team": draw(st.sampled_from([None, None, "red", "blue"])),
        "bonuses": {"attack": draw(st.integers(0, 1)), "body": draw(st.integers(0, 2))},
    }


@st.composite
def bouts(draw):
    n = draw(st.integers(2, 8))
    gs = [draw(gladiators(i)) for i in range(n)]
    if len({g["team"] or g["name"] for g in gs}) < 2:
        gs[0]["team"] = "solo"
    size = [draw(st.integers(6, 12)), draw(st.integers(6, 12))]
    return {
        "ruleset": "gladiatorquest",
        "seed": draw(st.integers(0, 2**32)),
        "options": {"board": size, "max_turns": 400},
        "gladiators": gs,
    }


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(bouts())
def test_every_bout_ends_within_the_turn_limit_and_replays_byte_for_byte(bout):
    first = json.dumps(play(bout))
    result = json.loads(first)
    assert result["result"]["finished"]
    assert len(result["turns"]) <= 400
    assert json.dumps(play(bout)) == first


@SETTINGS
@given(bouts())
def test_the_dead_never_act_and_body_rises_only_by_potion_or_spell(bout):
    result = play(bout)
    out: set[str] = set()  # killed or gone
    spared: set[str] = set()  # walking to the exit: may only walk (VI.B)
    before = {g["name"]: None for g in bout["gladiators"]}
    for turn in result["turns"]:
        for event in turn["events"]:
            if event["type"] in ("fallen", "bout_over", "impatience"):
                continue
            actor = next((event[k] for k in ACTORS if k in event), None)
            assert actor not in out, f"{actor} acted after death: {event['text']}"
            if actor in spared:
                assert event["type"] in ("move", "bump", "exit"), event["text"]
        healed = {e["name"] for e in turn["events"] if e["type"] == "potion"} | {
            e["target"] for e in turn["events"] if e["type"] == "spell" and e["healed"]
        }
        for name, snap in turn["gladiators"].items():
            if before[name] is not None and snap["body"] > before[name]:
                assert name in healed, f"{name}'s body rose without a heal"
            before[name] = snap["body"]
            if snap["status"] in ("dead", "exited"):
                out.add(name)
            elif snap["status"] == "mercy":
                spared.add(name)
