"""Hypothesis strategies: random boards, gladiators and legal orders."""

from __future__ import annotations

from hypothesis import strategies as st

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena import (
    ALLOWED,
    BoutState,
    Gladiator,
    Options,
    Order,
    Race,
    destinations,
    new_state,
    strike_targets,
    strikes_allowed,
)


@st.composite
def states(draw, min_gladiators: int = 2, max_gladiators: int = 8) -> BoutState:
    width = draw(st.integers(3, 10))
    height = draw(st.integers(3, 10))
    count = draw(st.integers(min_gladiators, max_gladiators))
    squares = draw(
        st.lists(
            st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)),
            min_size=count,
            max_size=count,
            unique=True,
        )
    )
    gladiators = []
    for i, (col, row) in enumerate(squares):
        race = draw(st.sampled_from(list(Race)))
        weapon = draw(st.sampled_from(ALLOWED[race]))
        gladiators.append(Gladiator.new(f"G{i + 1}", race, weapon, Square(col, row)))
    time_limit = draw(st.booleans())
    return new_state(Options(width, height, time_limit=time_limit), gladiators)


@st.composite
def legal_order(draw, state: BoutState, name: str) -> Order:
    g = state.get(name)
    assert g is not None
    dest = draw(st.sampled_from((None, *destinations(state, name))))
    targets = strike_targets(state, name, dest)
    allowed = strikes_allowed(g, dest) if targets else 0
    strikes = draw(st.lists(st.sampled_from(targets), max_size=allowed)) if allowed else []
    return Order(move=dest, strikes=tuple(strikes))


@st.composite
def turn_orders(draw, state: BoutState) -> dict[str, Order]:
    orders = {}
    for g in state.gladiators:
        if g.alive and draw(st.integers(0, 9)) > 0:
            orders[g.name] = draw(legal_order(state, g.name))
    return orders
