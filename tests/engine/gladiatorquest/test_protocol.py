"""GladiatorQuest on the turn protocol (core/protocol.py): the state between turns is plain
data that survives JSON exactly, apply changes no input, and play() is the generic driver."""

from __future__ import annotations

import copy
import json

import pytest

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import Need, dice_for
from arena.engine.core.ruleset import play_with
from arena.engine.rulesets.gladiatorquest import TYPES, GladiatorQuest
from tests.engine.gladiatorquest.helpers import bout, gladiator, play

GQ = GladiatorQuest()


def _bouts():
    yield bout(gladiator("Brutus"), gladiator("Nox", "wizard"), seed=3)
    kinds = sorted(TYPES)
    for seed in range(6):
        n = 2 + seed
        gs = [gladiator(f"G{i}", kinds[(seed * 3 + i) % len(kinds)]) for i in range(n)]
        if seed % 2:
            for g in gs:
                g["team"] = "red" if int(g["name"][1:]) % 2 else "blue"
        yield bout(*gs, seed=seed, walls=["F6", "G6"], max_turns=300)


def _steps(state, dice):
    """Play on from `state` with tactics for everyone; yield (state before, orders, record)."""
    while not GQ.is_over(state):
        orders = {who: GQ.tactics(state, who) for who in GQ.pending(state).who}
        before = state
        state, events = GQ.apply(state, orders, dice)
        yield before, orders, GQ.record(state, events)


def _through_json(state):
    return GQ.from_json(json.loads(json.dumps(GQ.to_json(state))))


@pytest.mark.parametrize("index", range(7))
def test_the_state_survives_json_at_every_step_and_plays_on_the_same(index):
    """Every state between turns comes back equal from a JSON round trip; and a bout stopped
    half way, stored as JSON (the dice too, which are not part of the state), plays on to
    exactly the log it would have given in one go."""
    b = list(_bouts())[index]
    records = []
    for before, _, record in _steps(GQ.setup(b), dice_for(b)):
        assert _through_json(before) == before
        records.append(record)
    assert records == play_with(GQ, b)["turns"]
    middle = len(records) // 2
    state, dice = GQ.setup(b), dice_for(b)
    for _ in range(middle):
        state, _ = GQ.apply(state, {w: GQ.tactics(state, w) for w in GQ.pending(state).who}, dice)
    stored = json.dumps({"state": GQ.to_json(state), "dice": dice.to_json()})
    data = json.loads(stored)
    resumed = _steps(GQ.from_json(data["state"]), Dice.from_json(data["dice"]))
    assert [record for _, _, record in resumed] == records[middle:]


def test_apply_changes_neither_the_state_nor_the_orders_it_is_given():
    b = next(_bouts())
    state, dice = GQ.setup(b), dice_for(b)
    for before, orders, _ in _steps(state, dice):
        frozen, written = json.dumps(GQ.to_json(before)), copy.deepcopy(orders)
        GQ.apply(before, orders, Dice.from_json(dice.to_json()))
        assert json.dumps(GQ.to_json(before)) == frozen and orders == written


def test_pending_asks_everyone_at_once_for_the_phase_of_the_next_turn():
    b = next(_bouts())
    state, dice = GQ.setup(b), dice_for(b)
    phases = set()
    for before, orders, record in _steps(state, dice):
        pending = GQ.pending(before)
        assert pending.need is Need.EVERYONE
        assert pending.phase == record["phase"]
        assert set(orders) == set(pending.who)
        phases.add(pending.phase)
    assert phases == {"movement", "combat"}


def test_play_is_the_generic_driver_with_the_logs_own_top_level_keys():
    b = next(_bouts())
    log = play(b)
    driven = play_with(GQ, b)
    assert log["turns"] == driven["turns"] and log["result"] == driven["result"]
    assert list(log) == ["ruleset", "version", "board", "contest", "exit", "turns", "result"]


def test_standings_are_core_rows_with_the_rule_sets_columns():
    rows = play(next(_bouts()))["result"]["standings"]
    assert [c.key for c in GQ.columns] == ["defeats", "tally", "body"]
    for row in rows:
        assert {"name", "side", "place", "fate", "score", "defeats", "tally", "body"} <= set(row)
        assert row["defeats"] == len(row["defeated"])


def test_validate_words_the_problem_and_tactics_write_legal_orders():
    b = bout(gladiator("Brutus", square="E5"), gladiator("Nox", "wizard", square="E9"), seed=1)
    state = GQ.setup(b)
    assert GQ.validate(state, "Brutus", {"move": "forward"}) == []
    assert GQ.validate(state, "Brutus", {"move": "fly"})[0].startswith("unknown direction")
    assert GQ.validate(state, "Nox", GQ.order_json(GQ.tactics(state, "Nox"))) == []
