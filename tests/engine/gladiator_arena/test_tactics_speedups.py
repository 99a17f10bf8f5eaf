"""The default tactics were made faster for the balance lab (bench/README.md,
"Speed work"): they must still give exactly the orders they gave before, and the
driver's shortcut (the tactics' Order objects handed to apply, `plan`) must resolve as their
JSON does."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from arena.engine import ruleset
from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena import (
    ALLOWED,
    BoutState,
    Gladiator,
    Options,
    Order,
    Race,
    default_order,
    new_state,
    resolve_turn,
)
from arena.engine.rulesets.gladiator_arena.play import order_to_json

GA = ruleset("gladiator-arena")

# sha256 of every order of _orders_seen(), written by the tactics before this round of speed
# work (commit 6a34e1e): a change of any order, however rare, changes it.
ORDERS_DIGEST = "8c8ae7da370c9eceac7a6dce1e994c985000b637ce95c422da134e5b59e81f7d"


def _random_state(rng: random.Random) -> BoutState:
    """2 to 8 gladiators of any race and weapon on a board of 6 to 10 squares a side."""
    size = rng.choice((6, 8, 8, 10))
    count = rng.choice((2, 2, 2, 3, 4, 8))
    squares = rng.sample([Square(c, r) for c in range(size) for r in range(size)], count)
    gladiators = []
    for i, square in enumerate(squares):
        race = rng.choice(list(Race))
        gladiators.append(Gladiator.new(f"G{i + 1}", race, rng.choice(ALLOWED[race]), square))
    return new_state(Options(size, size, time_limit=True), gladiators)


def _orders_seen(bouts: int = 300, seed: int = 14) -> list[tuple[int, str, dict]]:
    """Every default order of `bouts` seeded bouts fought by the tactics to their end."""
    rng = random.Random(seed)
    seen = []
    for n in range(bouts):
        state = _random_state(rng)
        while not state.finished and state.turn < 60:
            orders = {g.name: default_order(state, g.name) for g in state.gladiators if g.alive}
            seen.extend((n, name, order_to_json(o)) for name, o in orders.items())
            state, _ = resolve_turn(state, orders)
    return seen


def test_the_tactics_give_the_orders_they_gave_before_the_speed_work():
    seen = _orders_seen()
    assert len(seen) > 5000  # many turns of every size of bout
    digest = hashlib.sha256(json.dumps(seen).encode()).hexdigest()
    assert digest == ORDERS_DIGEST


@pytest.mark.parametrize("seed", range(5))
def test_the_tactics_plan_resolves_as_its_json_does(seed):
    """The driver hands apply the tactics' Order objects (plan); tactics() is their JSON (what
    play-by-web stores): both resolve every turn to the same state and events."""
    state = _random_state(random.Random(seed))
    while not GA.is_over(state):
        who = GA.pending(state).who
        planned = {w: GA.plan(state, w) for w in who}
        written = {w: GA.tactics(state, w) for w in who}
        assert json.loads(json.dumps(written)) == written
        by_json, json_events = GA.apply(state, written, None)
        state, events = GA.apply(state, planned, None)
        assert by_json == state
        assert [e.to_dict() for e in json_events] == [e.to_dict() for e in events]


def test_an_illegal_order_object_is_refused_as_its_json_is():
    """apply checks an Order it is handed as it checks a parsed one: nothing skips the rules."""
    state = new_state(
        Options(8, 8),
        [
            Gladiator.new("A", Race.HUMAN, ALLOWED[Race.HUMAN][0], Square(0, 0)),
            Gladiator.new("B", Race.HUMAN, ALLOWED[Race.HUMAN][0], Square(7, 7)),
        ],
    )
    with pytest.raises(EngineInputError, match="not adjacent"):
        GA.apply(state, {"A": Order(move=Square(5, 5))}, None)
    with pytest.raises(EngineInputError, match="not adjacent"):
        GA.apply(state, {"A": {"move": "F6"}}, None)
