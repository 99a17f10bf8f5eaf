"""A bout played again with one change ("What if", docs/chronicle.md), and where it parted from
the bout as fought. Pure, like every driver here: the same input gives the same log.

`play_again` replays a bout's input as given up to the changed step, then lets each given order
stand only while it still fits the new course of the fight: an order whose gladiator the step
no longer waits for is dropped, an order the rule set now refuses gives way to the gladiator's
tactics, and tactics fight on past the last given step until the bout ends. Each such change
is said in a note, so nobody reads the re-run as the orders' own doing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arena.engine.core.dice import DiceError
from arena.engine.core.ruleset import Ruleset, bout_dice, given_turns, step_orders
from arena.engine.errors import EngineInputError

JSON = Any


@dataclass(frozen=True, slots=True)
class Rerun:
    """The re-run's log (the shape `play` returns) and its notes in words, in step order."""

    log: dict[str, JSON]
    notes: tuple[str, ...]


def _fitting(
    rules: Ruleset, state: Any, raw: JSON, number: int, step: str
) -> tuple[dict[str, Any], list[str]]:
    """The typed orders of a step after the change: each given order that still fits (read
    once), tactics for the rest of those the step waits for."""
    given = raw if isinstance(raw, Mapping) else {}
    orders: dict[str, Any] = {}
    notes = []
    for who in rules.pending(state).who:
        order = given.get(who)
        if order is None:
            orders[who] = rules.tactics(state, who)
            continue
        problems = rules.validate(state, who, order)
        if problems:
            notes.append(
                f"{step} {number}: {who}'s order no longer fits ({problems[0]}); "
                "the tactics fought it."
            )
            orders[who] = rules.tactics(state, who)
        else:
            orders[who] = rules.read_order(state, who, order)
    return orders, notes


def play_again(rules: Ruleset, bout: Mapping[str, JSON], *, changed: int) -> Rerun:
    """Play `bout` (an engine input, already changed) to its end: steps 1..`changed` as given
    (0: none), each later step with the given orders that still fit and tactics for the rest.
    EngineInputError for an input the rule set refuses."""
    if not isinstance(bout, Mapping):
        raise EngineInputError("bout", "must be a JSON object")
    driven = rules.driver_input(bout)
    try:
        state = rules.setup(driven)
        dice = bout_dice(rules, driven)
        turns = given_turns(driven)
        fill = rules.uses_tactics(driven)
        bound = rules.max_steps(state)
        step = rules.step_word.title
        records: list[dict[str, JSON]] = []
        notes: list[str] = []
        index = 0
        while not rules.is_over(state) and (index < len(turns) or index < bound):
            raw = turns[index] if index < len(turns) else None
            if index < changed:
                orders = step_orders(rules, state, raw, index, fill)
            else:
                orders, said = _fitting(rules, state, raw, index + 1, step)
                notes.extend(said)
            state, events = rules.apply(state, orders, dice)
            records.append(rules.record(state, events))
            index += 1
    except DiceError as exc:
        raise EngineInputError("dice", str(exc)) from None
    log = {
        "ruleset": rules.slug,
        "version": rules.version,
        "turns": records,
        "result": rules.result(state),
    }
    return Rerun(log=rules.log(log, state), notes=tuple(notes))


def order_problems(
    rules: Ruleset, bout: Mapping[str, JSON], *, turn: int, who: str, order: JSON
) -> list[str]:
    """What is wrong with `who` giving `order` on step `turn` (1-based) of `bout` as it was
    fought, in words; [] when the rule set takes it. The bout is replayed as given up to the
    step before."""
    driven = rules.driver_input(bout)
    state = rules.setup(driven)
    dice = bout_dice(rules, driven)
    turns = given_turns(driven)
    fill = rules.uses_tactics(driven)
    step = rules.step_word
    for index in range(turn - 1):
        if rules.is_over(state):
            break
        raw = turns[index] if index < len(turns) else None
        state, _ = rules.apply(state, step_orders(rules, state, raw, index, fill), dice)
    if rules.is_over(state):
        return [f"the bout was over before {step} {turn}"]
    if who not in rules.pending(state).who:
        return [f"{who} gives no order on {step} {turn}"]
    return rules.validate(state, who, order)


def first_divergence(fought: Mapping[str, JSON], again: Mapping[str, JSON]) -> int | None:
    """The first step (1-based) at which two logs of one bout differ (its snapshot or its
    events), or where one goes on and the other has ended; None when they are the same all
    through, result included."""
    first = fought.get("turns") or []
    second = again.get("turns") or []
    for number, (one, other) in enumerate(zip(first, second, strict=False), start=1):
        if one != other:
            return number
    if len(first) != len(second):
        return min(len(first), len(second)) + 1
    if fought.get("result") != again.get("result"):
        return len(first) or None
    return None
