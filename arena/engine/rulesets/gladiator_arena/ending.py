"""How gladiators leave the game other than by strikes, and how the bout ends: the time limit
(8 c), a concession (8 d), and the last one standing (8)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction

from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_arena.events import (
    Conceded,
    EndReason,
    Finished,
    KillAwarded,
    KillLost,
    KillReason,
    Removed,
    TimeLimit,
)
from arena.engine.rulesets.gladiator_arena.state import (
    BoutState,
    Concession,
    Gladiator,
    Order,
    RemovalCause,
)

TIME_LIMIT_START = 15
TIME_LIMIT_EVERY = 3


def time_limit_applies(turn: int) -> bool:
    """8 c: "Starting turn 15, every third turn all players lose 1 HP" (15, 18, 21 ...)."""
    return turn >= TIME_LIMIT_START and (turn - TIME_LIMIT_START) % TIME_LIMIT_EVERY == 0


def time_limit(glads: list[Gladiator], number: int, told: list[Event]) -> None:
    """8 c, after the turn's strikes: everyone still in the game loses 1 HP; one who falls to
    it leaves the game and loses a kill point (one already struck down is not touched), in
    `glads` (the turn's gladiators)."""
    for i, g in enumerate(glads):
        if g.alive:
            glads[i] = _worn(g, number, told)


def _worn(g: Gladiator, number: int, told: list[Event]) -> Gladiator:
    hp = g.hp - 1
    told.append(TimeLimit.of(g.name, hp))
    if hp > 0:
        return g.struck(1, 0)
    told.append(Removed.of(g.name, str(g.square), hp, RemovalCause.TIME_LIMIT))
    told.append(KillLost.of(g.name, RemovalCause.TIME_LIMIT))
    return g.removed(number, RemovalCause.TIME_LIMIT, hp, -1)


def concession(
    state: BoutState,
    orders: Mapping[str, Order],
    conceding: Collection[str],
    number: int,
    told: list[Event],
) -> BoutState:
    """8 d: with exactly two left, a concession ends the bout before anything else that turn
    (the turn's other orders are not carried out): the conceder leaves the game and either
    the other gains a kill or (a standoff) the conceder loses one. `conceding`: the names
    whose orders concede (the turn found them), taken in setup order."""
    glads = state.gladiators
    pair = [i for i, g in enumerate(glads) if g.alive]
    kills = {i: glads[i].kills for i in pair}
    conceders = [i for i in pair if glads[i].name in conceding]
    for i in conceders:
        g = glads[i]
        choice = orders[g.name].concede
        other = pair[0] if pair[1] == i else pair[1]
        told.append(Conceded.of(g.name, choice))  # type: ignore[arg-type]
        told.append(Removed.of(g.name, str(g.square), g.hp, RemovalCause.CONCEDED))
        if choice is Concession.LOSE_KILL:
            kills[i] -= 1
            told.append(KillLost.of(g.name, RemovalCause.CONCEDED))
        else:
            kills[other] += 1
            told.append(
                KillAwarded.of(glads[other].name, g.name, Fraction(1), KillReason.CONCESSION)
            )
    left = [glads[i].name for i in pair if i not in conceders]
    told.append(Finished.of(EndReason.CONCEDED, left[0] if left else None))
    return BoutState(
        state.board,
        state.options,
        tuple(
            _conceded(g, number, kills[i], i in conceders) if i in kills else g
            for i, g in enumerate(glads)
        ),
        number,
        True,
        state.index,
        state.square_names,
        state.squares_by_name,
    )


def _conceded(g: Gladiator, number: int, kills: Fraction, out: bool) -> Gladiator:
    if not out:
        return g.scored(kills - g.kills)
    return g.removed(number, RemovalCause.CONCEDED, g.hp, kills - g.kills)


def end_of_turn(
    state: BoutState, glads: list[Gladiator], number: int, told: list[Event]
) -> BoutState:
    """Section 8: the bout ends when one gladiator or none is left. The turn's one new
    state, with the turn's gladiators (`glads`) frozen into it."""
    left = [g for g in glads if g.alive]
    finished = len(left) <= 1
    if finished:
        reason = EndReason.ONE_LEFT if left else EndReason.NONE_LEFT
        told.append(Finished.of(reason, left[0].name if left else None))
    return BoutState(
        state.board, state.options, tuple(glads), number, finished, state.index,
        state.square_names, state.squares_by_name,
    )  # fmt: skip
