"""Orders within a bout are the rule set's own typed values: the driver reads each given
order's JSON once (`read_order`), asks the tactics for typed orders, hands apply typed orders,
and JSON is written back (`order_json`) only where orders are kept. A rule set without typed
orders (Stone Duel, the toy in tests/rulesets) keeps JSON as its order type."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

import pytest

from arena.engine import ruleset
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import RULESETS, read_orders, step_orders
from arena.engine.errors import EngineInputError
from arena.engine.lab.duel import LabSpec, bout_input
from tests.rulesets.stone_duel import StoneDuel

BOUT = {
    "ruleset": "stone-duel",
    "seed": 3,
    "slingers": [
        {"name": "Ajax", "hp": 3, "sling": True},
        {"name": "Brax", "hp": 4, "sling": False},
    ],
}


class Throw(NamedTuple):
    target: str | None  # None: duck


class TypedDuel(StoneDuel):
    """Stone Duel with typed orders: its apply refuses JSON, so an order that reached it
    unread would fail the bout; every read is counted."""

    def __init__(self) -> None:
        self.reads: list[str] = []

    def read_order(self, state: Any, who: str, order: Any) -> Throw:
        self.reads.append(who)
        problems = self.validate(state, who, order)
        if problems:
            raise EngineInputError(f"turns[{state.turn}].{who}", problems[0])
        return Throw(None if order == {"duck": True} else order["throw"])

    def order_json(self, order: Throw) -> dict[str, Any]:
        return {"duck": True} if order.target is None else {"throw": order.target}

    def tactics(self, state: Any, who: str) -> Throw:
        return Throw(super().tactics(state, who)["throw"])

    def apply(self, state: Any, orders: Mapping[str, Any], dice: Any):
        assert all(type(order) is Throw for order in orders.values()), orders
        return super().apply(state, {w: self.order_json(o) for w, o in orders.items()}, dice)


def test_an_order_without_a_type_of_its_own_stays_its_json():
    rules = StoneDuel()
    state = rules.setup(BOUT)
    order = {"throw": "Brax"}
    assert rules.read_order(state, "Ajax", order) is order
    assert rules.order_json(order) is order
    assert "read_order" not in vars(StoneDuel) and "order_json" not in vars(StoneDuel)


def test_the_driver_reads_each_given_order_once_and_apply_takes_typed_orders():
    given = [{"Ajax": {"throw": "Brax"}, "Brax": {"duck": True}}, {"Brax": {"throw": "Ajax"}}]
    bout = {**BOUT, "tactics": True, "turns": given}
    typed = TypedDuel()
    log = typed.play(bout)
    assert typed.reads == ["Ajax", "Brax", "Brax"]  # the given orders only, each once
    assert log["turns"][0]["events"] == StoneDuel().play(bout)["turns"][0]["events"]
    assert log == StoneDuel().play(bout)


def test_step_orders_are_the_given_read_then_the_tactics_for_the_absent():
    rules = TypedDuel()
    state = rules.setup(BOUT)
    orders = step_orders(rules, state, {"Brax": {"duck": True}}, 0, True)
    assert orders == {"Brax": Throw(None), "Ajax": Throw("Brax")}
    assert list(orders) == ["Brax", "Ajax"]  # the given first, then the absent
    assert step_orders(rules, state, None, 0, False) == {}


def test_an_order_that_cannot_be_read_is_refused_in_words_where_it_was_given():
    rules = TypedDuel()
    state = rules.setup(BOUT)
    with pytest.raises(EngineInputError) as refused:
        read_orders(rules, state, {"Ajax": {"throw": "Ajax"}})
    assert refused.value.field == "turns[0].Ajax"
    assert "another slinger" in refused.value.message
    with pytest.raises(EngineInputError) as refused:
        rules.play({**BOUT, "turns": [{"Ajax": {"throw": "Nobody"}}]})
    assert refused.value.field == "turns[0].Ajax"


def _tactics_bout(slug: str) -> dict[str, Any]:
    rules = ruleset(slug)
    spec = LabSpec(rules, rules.campaign.clean_options({}, by_tactics=True), 1, 5, False)
    first, second = rules.campaign.lab_builds()[:2]
    return bout_input(spec, first, second, 5, [])


@pytest.mark.parametrize("slug", sorted(s for s in RULESETS if RULESETS[s].campaign))
def test_every_tactics_order_is_read_back_from_its_json_unchanged(slug):
    """read_order(state, who, order_json(o)) == o, and order_json is plain JSON: what is
    stored of a tactics order is read back as the order the tactics gave."""
    rules = ruleset(slug)
    bout = rules.driver_input(_tactics_bout(slug))
    state = rules.setup(bout)
    dice = dice_for(bout)
    for _ in range(12):
        if rules.is_over(state):
            break
        orders = step_orders(rules, state, None, 0, True)
        for who, order in orders.items():
            written = rules.order_json(order)
            assert json.loads(json.dumps(written)) == written, (who, written)
            assert rules.read_order(state, who, written) == order, (who, written)
        state, _ = rules.apply(state, orders, dice)
