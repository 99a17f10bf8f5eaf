"""Phase 1, "Attempt to increase one tech level": every counter may try to raise one level."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from arena.engine.rulesets.sudden_destruction.data import Levels, raise_problem
from arena.engine.rulesets.sudden_destruction.events import Phase, PhaseBegan, TechRolled
from arena.engine.rulesets.sudden_destruction.orders import Tech
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import Machine


def tech_phase(turn: Round) -> None:
    """Each counter on the board makes its plan's tech attempt, in initiative order. The
    action phase goes in the same order (`turn.order`) unless an attempt raised an
    initiative, which sorts the counters again."""
    turn.tell(PhaseBegan(turn.number, Phase.TECH))
    order = initiative_order(turn.machines, turn.number)
    resort = False
    for m in order:
        attempt = turn.plans[m.seat].tech
        if m.alive and attempt is not None:
            after = tech_roll(m, attempt, turn)
            resort |= after.levels.initiative != m.levels.initiative
            turn.machines[m.seat] = after
    if resort:
        order = initiative_order(turn.machines, turn.number)
    turn.order = [m.seat for m in order]


def tech_roll(m: Machine, attempt: Tech, turn: Round) -> Machine:
    """ "Throw a number of dice equal to the number of levels you want to increase by ... if
    every die thrown is equal to or greater than the target, the attempt succeeds."""
    after = raised(m.levels, attempt.attribute, attempt.level)
    if after is None:
        return m  # refused by validation: never reached for a checked plan
    current = m.levels.get(attempt.attribute)
    dice = tuple(turn.d10() for _ in range(attempt.level - current))
    success = all(d >= attempt.level for d in dice)
    turn.tell(TechRolled(m.name, attempt.attribute, current, attempt.level, dice, success))
    if not success:
        return m
    return m._replace(levels=after, gained=m.gained + attempt.level - current)


@lru_cache(maxsize=4096)
def raised(levels: Levels, attribute: str, level: int) -> Levels | None:
    """`levels` with `attribute` raised to `level`; None when the limits refuse it
    (raise_problem). Counters of a run meet the same levels and attempts again and again, so
    each is worked out once."""
    if raise_problem(levels, attribute, level):
        return None
    return levels.raised(attribute, level)


def initiative_order(machines: Sequence[Machine], round_no: int) -> list[Machine]:
    """Higher initiative first; equal initiative by seat, rotating one seat each round so that
    nobody always goes first."""
    seats = len(machines)
    return sorted(machines, key=lambda m: (-m.levels.initiative, (m.seat - round_no) % seats))
