"""Invariants over random bouts: random teams, modes and arenas, each turn's activations drawn
at random (legal when given) or left to the tactics; and the state's JSON round trip."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import play
from arena.engine.core.dice import Dice
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.arena_of_the_elders import ARENAS, CHAMPIONS, State, tactics
from arena.engine.rulesets.arena_of_the_elders.moves import path_problems, reachable, target_problem
from arena.engine.rulesets.arena_of_the_elders.orders import as_it_moves
from arena.engine.rulesets.arena_of_the_elders.state import PLAY
from tests.engine.arena_of_the_elders.helpers import RULES

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KEYS = list(CHAMPIONS)


@st.composite
def bouts(draw):
    keys = draw(st.permutations(KEYS))
    return {
        "ruleset": "arena-of-the-elders",
        "seed": draw(st.integers(0, 2**32)),
        "options": {
            "mode": draw(st.sampled_from(["deathmatch", "king", "flag"])),
            "competitive": draw(st.booleans()),
            "arena": draw(st.sampled_from(sorted(ARENAS))),
            "rounds": draw(st.integers(3, 12)),
        },
        "gladiators": [
            {
                "name": k.title(),
                "champion": k,
                "team": "Red" if n < 4 else "Blue",
                "house": n in (2, 6),
            }
            for n, k in enumerate(keys)
        ],
    }


def random_order(state: State, who: str, rng: random.Random) -> dict:
    f = state.get(who)
    if rng.random() < 0.3:
        return {"auto": True}
    reach = reachable(state, f)
    end = rng.choice(sorted(reach.ends))
    order: dict = {"path": [str(s) for s in reach.path(end)]}
    ready = [a for a in f.known if not a.passive and not f.cooldown(a.key)]
    if ready and rng.random() < 0.8:
        ability = rng.choice(ready)
        targets = [o.square for o in state.fighters if o.alive] + [end]
        order["ability"] = ability.key
        order["target"] = str(rng.choice(targets))
        if RULES.validate(state, who, order):
            order.pop("ability")
            order.pop("target")
    return order


def assert_board_sound(state: State) -> None:
    arena = state.arena
    living = [f for f in state.fighters if f.alive]
    squares = [f.square for f in living]
    assert len(squares) == len(set(squares)), "two characters share a square"
    for f in living:
        assert arena.open(f.square), f"{f.name} stands in a wall at {f.square}"
        assert f.hp >= 1
        assert 1 <= f.level <= 6
    if state.options.mode == "flag" and state.phase == PLAY:
        for flag in state.flags:  # on a square, or carried: never both, never neither
            assert (flag.square is None) != (flag.carrier == "")


@SETTINGS
@given(bouts(), st.integers(0, 2**16))
def test_nobody_stands_in_a_wall_or_on_another_and_the_json_round_trips(bout, order_seed):
    rng = random.Random(order_seed)
    state = RULES.setup(bout)
    dice = Dice.seeded(bout["seed"])
    steps = 0
    while not RULES.is_over(state) and steps < RULES.max_steps(state):
        need = RULES.pending(state)
        if state.phase == PLAY:
            given = {who: random_order(state, who, rng) for who in need.who}
            for who, order in given.items():
                assert RULES.validate(state, who, order) == [], (who, order)
            orders = read_orders(RULES, state, given)
        else:
            orders = {who: RULES.tactics(state, who) for who in need.who}
        state, _ = RULES.apply(state, orders, dice)
        assert_board_sound(state)
        data = json.loads(json.dumps(RULES.to_json(state)))
        assert RULES.from_json(data) == state
        steps += 1


@SETTINGS
@given(bouts())
def test_every_bout_by_tactics_ends_and_replays_exactly(bout):
    bout["options"]["tactics"] = True
    log = play(bout)
    assert log["result"]["finished"]
    assert play(json.loads(json.dumps(bout))) == log
    for turn in log["turns"]:
        living = [g["square"] for g in turn["gladiators"].values() if g["alive"]]
        assert len(living) == len(set(living))


def test_a_bout_stored_between_turns_goes_on_exactly_as_in_one_run():
    bout = {
        "ruleset": "arena-of-the-elders",
        "seed": 5,
        "options": {"mode": "flag", "tactics": True},
        "gladiators": [
            {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(KEYS)
        ],
    }
    whole = play(bout)
    state, dice = RULES.setup(bout), Dice.seeded(5)
    records = []
    while not RULES.is_over(state):
        orders = {w: RULES.tactics(state, w) for w in RULES.pending(state).who}
        state, events = RULES.apply(state, orders, dice)
        records.append(RULES.record(state, events))
        state = RULES.from_json(json.loads(json.dumps(RULES.to_json(state))))
        dice = Dice.from_json(json.loads(json.dumps(dice.to_json())))
    assert records == whole["turns"]


def abilities_checked(bout: dict) -> int:
    """Play the bout's first 12 turns by tactics, checking every activation the tactics choose,
    for every character of the acting team on the board as it stands, with the rules' own
    checks in full (the path, and the ability from where it is used); the abilities checked."""
    bout = bout | {"options": bout["options"] | {"tactics": True}}
    state = RULES.setup(bout)
    dice = Dice.seeded(bout["seed"])
    chosen = 0
    for _ in range(12):
        if RULES.is_over(state):
            break
        if state.phase == PLAY:
            for f in state.team(state.acting):
                if not f.alive or f.skipping:
                    continue
                act = tactics.activation(state, f.name)
                ability = f.hero.named(act.ability) if act.ability else None
                mover = as_it_moves(f, ability, act.target, act.ability_first)
                assert path_problems(state, mover, act.path) == [], (f.name, act)
                if ability is not None:
                    origin = f.square if act.ability_first or not act.path else act.path[-1]
                    assert target_problem(state, f, ability, origin, act.target) == ""
                    chosen += 1
        orders = {name: RULES.tactics(state, name) for name in RULES.pending(state).who}
        state, _ = RULES.apply(state, orders, dice)
    return chosen


@SETTINGS
@given(bouts())
def test_the_tactics_choose_only_what_the_rules_allow_as_the_board_stands(bout):
    """The tactics weigh range and sight on the map's kept geometry: what they choose, the
    rules allow. (A drawn bout may end, or never come to blows, before anyone uses an
    ability: the test below checks one where they do.)"""
    abilities_checked(bout)


def test_the_tactics_abilities_are_checked_in_a_bout_that_comes_to_blows():
    bout = {
        "ruleset": "arena-of-the-elders",
        "seed": 3,
        "options": {"mode": "deathmatch", "arena": "elders-ring"},
        "gladiators": [
            {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(KEYS)
        ],
    }
    assert abilities_checked(bout) >= 4
