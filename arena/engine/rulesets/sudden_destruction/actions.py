"""Phase 2, "Actions": every counter carries out its plan, one action a tick, in initiative
order, until all movement and firing is spent or nobody wishes to do anything else.

A counter is its seat here (round.py): `me` is the seat of the counter acting, and the
round's counters change in place of their seats."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.sudden_destruction.combat import (
    attack,
    move_one_square,
    nearest_in_range,
)
from arena.engine.rulesets.sudden_destruction.events import Idle, Idled, Phase, PhaseBegan, Why
from arena.engine.rulesets.sudden_destruction.movement import step_towards
from arena.engine.rulesets.sudden_destruction.orders import ANY, Action, Verb
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import Machine


def action_phase(turn: Round) -> None:
    """The ticks of the round: in each, every counter still busy takes the next action of its
    plan, in initiative order (as the levels stand after the tech phase)."""
    turn.tell(PhaseBegan(turn.number, Phase.ACTIONS))
    machines, plans = turn.machines, turn.plans
    order = turn.order
    turn.rank = [0] * len(order)
    for place, seat in enumerate(order):
        turn.rank[seat] = place
    points_for_the_round(turn)
    cursor = [0] * len(order)  # the next action of each plan, by seat
    # Whoever is not busy stays so (points, plans and counters only run out), so each tick
    # asks only those who acted in the one before; a tick in which nobody is busy tells
    # nothing and ends the phase.
    acting = order
    while acting:
        turn.tick += 1
        still = []
        for me in acting:
            if busy(machines[me], turn, cursor[me]):
                if act(me, plans[me].actions[cursor[me]], turn):
                    cursor[me] += 1
                still.append(me)
        acting = still
    turn.tick = 0


def points_for_the_round(turn: Round) -> None:
    """Movement points and firing rate to spend this round, as the levels say (a counter off
    the board does nothing more). They live on the round, not the state: 'Players cannot
    save movement or firing points until the next round.'"""
    turn.moves = [m.levels.movement if m.alive else 0 for m in turn.machines]
    turn.shots = [m.levels.firing_rate if m.alive else 0 for m in turn.machines]


def busy(m: Machine, turn: Round, cursor: int) -> bool:
    """Whether the counter still acts: 'Actions continue until players have used up all their
    movement points and firing rate or they do not wish to do anything else.'"""
    if not m.alive:
        return False
    spent = turn.moves[m.seat] <= 0 and turn.shots[m.seat] <= 0
    return not spent and cursor < len(turn.plans[m.seat].actions)


def act(me: int, action: Action, turn: Round) -> bool:
    """One action of the plan of seat `me`; whether it is done (the plan goes on to the next)."""
    if action.verb is Verb.WAIT:
        return True
    if action.verb is Verb.FIRE:
        fire(me, action, turn)
        return True
    if action.verb is Verb.ATTACK:
        return press_attack(me, action, turn)
    return walk(me, action, turn)


def idle(m: Machine, action: Action, reason: Idle, turn: Round) -> None:
    turn.tell(Idled(m.name, action.words(), reason, turn.tick))


def goal_of(other: Machine | None, action: Action) -> Square | None:
    """Where a step of `action` heads: `other`, the counter it names (on the board), or its
    square."""
    if other is not None:
        return other.square
    try:
        return Square.parse(action.target)
    except ValueError:
        return None  # a counter named in the plan has been destroyed


def walk(me: int, action: Action, turn: Round) -> bool:
    """move / go / close: one step this tick; go and close keep going in later ticks (move
    until the square or counter, close until the counter is within range)."""
    other = turn.on_board(action.target)  # the counter the action names, looked up once
    goal = goal_of(other, action)
    m = turn.machines[me]
    if goal is None:
        idle(m, action, Idle.NO_TARGET, turn)
        return True
    closing = action.verb is Verb.CLOSE and other is not None
    if arrived(m, other, goal, closing):
        idle(m, action, Idle.ARRIVED, turn)
        return True
    if turn.moves[me] <= 0:
        idle(m, action, Idle.NO_MOVEMENT_LEFT, turn)
        return True
    move_one_square(me, step_towards(m.square, goal), turn)
    m = turn.machines[me]
    if closing:
        other = turn.machines[other.seat]  # it may have been shot or evaded on the way
    there = arrived(m, other, goal, closing)
    return action.verb is Verb.MOVE or there or turn.moves[me] <= 0 or not m.alive


def arrived(m: Machine, other: Machine | None, goal: Square, closing: bool) -> bool:
    """A close has arrived when its counter (`other`) is within range, a move or go on its
    square."""
    if closing and other is not None:
        return m.reaches(other)
    return m.square == goal


def fire(me: int, action: Action, turn: Round) -> None:
    """fire X: an attack on X if it is on the board and in range; fire any: on the nearest."""
    m = turn.machines[me]
    if turn.shots[me] <= 0:
        idle(m, action, Idle.NO_FIRING_LEFT, turn)
        return
    if action.target == ANY:
        target = nearest_in_range(turn.machines, m)
        if target is None:
            idle(m, action, Idle.NO_TARGET, turn)
            return
    else:
        found = turn.on_board(action.target)
        if found is None:
            idle(m, action, Idle.NO_TARGET, turn)
            return
        if not m.reaches(found):
            idle(m, action, Idle.OUT_OF_RANGE, turn)
            return
        target = found
    attack(me, target.seat, Why.PLAN, turn)


def press_attack(me: int, action: Action, turn: Round) -> bool:
    """attack X: a step towards X while it is out of range, a shot at it while it is in range,
    one a tick, until the firing is spent or X is off the board. A target that steps out of
    range costs no firing, so the next tick closes on it again."""
    machines = turn.machines
    m = machines[me]
    seat = turn.seat_of(action.target)
    if seat is None:
        idle(m, action, Idle.NO_TARGET, turn)
        return True
    if turn.shots[me] <= 0:
        idle(m, action, Idle.NO_FIRING_LEFT, turn)
        return True
    target = machines[seat]
    if m.reaches(target):
        attack(me, seat, Why.PLAN, turn)
    elif turn.moves[me] > 0:
        move_one_square(me, step_towards(m.square, target.square), turn)
    else:
        idle(m, action, Idle.OUT_OF_RANGE, turn)
        return True
    return not machines[seat].alive or turn.shots[me] <= 0 or not machines[me].alive
