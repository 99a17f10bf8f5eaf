"""The movement phase (IV): the roll that begins it, and its steps.

A phase begins with everyone's hidden movement roll (IV.B.1). It is played in steps, one turn
each: every gladiator with points left writes a direction (and maybe a throw, a spell, a potion,
a passing attack or an appeal); all papers are revealed and carried out together (IV.B.3).
Standing still costs nothing (IV.B.2). The phase ends when every point is spent, or when a step
brings opponents into contact: the next turn is their combat round (V.A), after which everyone
rolls again (IV.B.6-7, IV.C.5).

Standoffs (a Ludus ruling: the text has none): a step in which nothing at all happens changes
nothing, so the next one would be the same. The first time, the crowd grows impatient: from then
on every gladiator fought by his tactics closes in. The phase goes on; the tactics stop waiting
(tactics.py), and options.max_turns bounds the bout whatever the players write.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.engine.core.board import Facing, Square
from arena.engine.core.records import Frozen, replace
from arena.engine.core.turn import Turn
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import actions, paths
from arena.engine.rulesets.gladiatorquest.events import (
    Bump,
    Bumped,
    CombatEntered,
    Exited,
    Impatience,
    Moved,
    MovementRolled,
    PickedUp,
    StatusRoll,
    Turned,
)
from arena.engine.rulesets.gladiatorquest.orders import (
    STEP_VECTORS,
    Move,
    StepOrder,
    order_location,
    pivoted,
)
from arena.engine.rulesets.gladiatorquest.state import (
    BoutState,
    Contact,
    FighterState,
    Status,
    can_carry,
    can_move,
    loadout_of,
    still_moving,
    weapon_of,
)
from arena.engine.rulesets.gladiatorquest.tactics import step_order, worth_waiting
from arena.engine.rulesets.gladiatorquest.wounds import fall, kill

# --- the roll ---------------------------------------------------------------------------------

NOTHING_USED: frozenset[str] = frozenset()  # what a gladiator has used when a phase begins


def movement_roll(state: BoutState, turn: Turn) -> BoutState:
    """IV.B.1: everyone rolls his movement dice, in the order of the input."""
    fighters = tuple([movement_points(f, turn) for f in state.fighters])
    return replace(state, fighters=fighters, rolled=True, phase_no=state.phase_no + 1)


def movement_points(f: FighterState, turn: Turn) -> FighterState:
    """IV.B.1: his points for the phase: his movement dice (by weight, IV.A; twice as many
    after a speed potion or Swift Wind) and his bonus. Sleep and Fear are shaken off first (a
    6 on the mind dice); Tempest makes him sit this phase out. A spared gladiator rolls too,
    to walk out (VI.B)."""
    bonus = f.gladiator.bonuses.movement
    if f.status is Status.MERCY:
        points = sum(turn.dice.d6s(loadout_of(f.carried).movement_dice)) + bonus
        return replace(f, used=NOTHING_USED, points=points)
    if f.status is not Status.FIGHTING:
        return replace(f, used=NOTHING_USED, points=0)
    if f.effects.asleep or f.effects.afraid:
        f = shake_off(f, turn)
    effects = f.effects
    if effects.tempest:
        turn.tell(StatusRoll(f.name, "tempest", (), False))
        return replace(f, used=NOTHING_USED, points=0, effects=replace(effects, tempest=False))
    if effects.asleep:
        return replace(f, used=NOTHING_USED, points=0)
    kit = loadout_of(f.carried)
    count = kit.movement_dice
    if effects.double_move:
        count *= 2
        effects = replace(effects, double_move=False)
    rolled = tuple(turn.dice.d6s(count))
    points = sum(rolled) + bonus
    turn.tell(MovementRolled(f.name, kit.weight, rolled, points))
    return f.stepped(f.square, f.facing, NOTHING_USED, points, effects)


def shake_off(f: FighterState, turn: Turn) -> FighterState:
    """Sleep and Fear last until a 6 on the victim's mind dice (one die per mind point)."""
    status = "sleep" if f.effects.asleep else "fear"
    rolled = tuple(turn.dice.d6s(max(f.gladiator.mind, 1)))
    ended = 6 in rolled
    turn.tell(StatusRoll(f.name, status, rolled, ended))
    if not ended:
        return f
    return f.affected(**{"asleep" if status == "sleep" else "afraid": False})


def end_of_phase(state: BoutState, turn: Turn, **settled: Any) -> BoutState:
    """VI.A: a fallen gladiator not healed by the end of the next movement phase is dead.
    The next phase's dice are not rolled yet; `settled`: what else the step that ends the
    phase leaves in the state (set in the same new state)."""
    for f in state.fighters:
        if f.status is Status.DOWN and f.record.down_until <= state.phase_no:
            state = kill(state, turn, f.name, f.last_hit_by)
    return replace(state, rolled=False, **settled)


# --- the step -------------------------------------------------------------------------------


def writes_orders(state: BoutState, f: FighterState) -> bool:
    """Whether he writes a direction in the next step. Before the phase's roll (only at the
    start of the bout, or with table dice) that is everyone who will roll and may then move."""
    if state.rolled:
        return can_move(f)
    return f.status is Status.FIGHTING and not f.effects.asleep and not f.effects.tempest


def order_writers(state: BoutState) -> tuple[str, ...]:
    """The names of those who write a direction in the next step (writes_orders), asked
    before every step: whether the phase's roll is made is looked at once, not per gladiator."""
    if state.rolled:
        return tuple([f.name for f in state.fighters if can_move(f)])
    return tuple([f.name for f in state.fighters if writes_orders(state, f)])


def check_orders(state: BoutState, written: Mapping[str, StepOrder | None]) -> dict[str, StepOrder]:
    """This step's orders: as written (read_order's, checked here against the state after
    the phase's roll), and the tactics' order of everyone who can move and wrote none."""
    orders = {}
    for f in state.fighters:
        order = written.get(f.name)
        if order is None:
            if can_move(f):
                orders[f.name] = step_order(state, f)
            continue
        if not can_move(f) and not writes_orders(state, f):
            raise EngineInputError(order_location(state, f.name), f"{f.name} {_why_not(f)}")
        actions.check_step_order(state, f, order)
        orders[f.name] = order
    return orders


def _why_not(f: FighterState) -> str:
    if f.status is not Status.FIGHTING:
        return "is not fighting"
    if f.effects.asleep:
        return "is asleep"
    return "has no movement points left"


def step(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """IV.B.3: all papers are shown, then carried out in this order: appeals, potions,
    spells, passing attacks, the moves, potions handed over on arrival, thrown weapons.
    Whoever is brought to 0 body falls at once (VI.A). Opponents brought into contact enter
    combat (V.A): the next turn is their round."""
    told_before = len(turn.events)
    # Most papers only move: nobody can be hurt, healed or spared in a step without these.
    acting = {name: order for name, order in orders.items() if order.acts}
    if acting:
        state = actions.appeals(state, acting, turn)
        state = actions.potions(state, acting, turn)
        state = actions.spells(state, acting, turn)
        state = fall(state, turn)
        state = actions.passing_attacks(state, acting, turn)
        state = fall(state, turn)
    state, contested = moves(state, orders, turn)
    if acting:
        state = actions.gives_on_arrival(state, acting, turn)
        state = actions.throws(state, acting, turn)
        state = fall(state, turn)
    contacts = contacts_of(state, contested)
    standoff = not contacts and len(turn.events) == told_before
    impatient = state.impatient
    if standoff and not impatient:
        turn.tell(Impatience())
        impatient = True
    if contacts:
        names = tuple([(state.fighters[c.a].name, state.fighters[c.b].name) for c in contacts])
        turn.tell(CombatEntered(names))
        return end_of_phase(
            state, turn, standoff=standoff, impatient=impatient, combat=tuple(contacts)
        )
    if not any(map(still_moving, state.fighters)):
        return end_of_phase(state, turn, standoff=standoff, impatient=impatient)
    if standoff is state.standoff and impatient is state.impatient:
        return state  # (most steps: nothing to note)
    return replace(state, standoff=standoff, impatient=impatient)


class Stepper(Frozen):
    """One who tries to step this turn: himself as he stood before it, and what the step
    leaves him with whether he arrives or bumps (the facing after a pivot, before or after
    the step; the things used; the points after the one it costs), where he tries to go and
    the log's word for it. He is made a new record once, when it is known where he ends up
    (`at`)."""

    who: FighterState
    facing: Facing
    used: frozenset[str]
    points: int
    to: Square
    how: str

    def at(self, square: Square | None) -> FighterState:
        """Him after the step, standing on `square`."""
        return self.who.stepped(square, self.facing, self.used, self.points)


def moves(
    state: BoutState, orders: dict[str, StepOrder], turn: Turn
) -> tuple[BoutState, list[tuple[str, str]]]:
    """Carry out every written direction at once (pivots first, unless written for after
    the step); return the new state and the opposing pairs that contested a square (V.A: they
    enter combat, and may shield-bash, V.F.3)."""
    pivots_after: list[tuple[str, str]] = []
    exit_square, neighbours = state.options.exit, state.options.neighbours
    # Each who pivots or turns without stepping, as he now stands, and each who steps, by
    # name: all put in the state once, after the bumps and the pivots written for after the
    # step; before a spared gladiator walks, though, as he waits on what the others may
    # still do (then those who step are put as they stand before it, a point spent).
    turned: dict[str, FighterState] = {}
    steppers: dict[str, Stepper] = {}
    walkers = False  # a spared gladiator walks this step (he may reach the exit)
    for f in state.fighters:
        if f.status is Status.MERCY:
            if turned or steppers:
                waiting = [s.at(s.who.square) for s in steppers.values()]
                state, turned = state.put(*turned.values(), *waiting), {}
            if f.square == exit_square:
                state = leave(state, f.name, turn)
            elif f.points > 0:
                there = walker_step(state, f)
                if there is not None:
                    walkers = True
                    steppers[f.name] = Stepper(
                        f, f.facing, f.used, f.points - 1, there, "towards the exit"
                    )
            continue
        order = orders.get(f.name)
        if order is None or f.status is not Status.FIGHTING:
            continue
        facing, used = f.facing, f.used
        if order.pivot:
            if order.pivot_after:
                pivots_after.append((f.name, order.pivot))
            else:
                facing, used = pivot(f.name, facing, used, order.pivot, turn)
        move = order.move
        if move is Move.STAND:
            if used is not f.used:
                turned[f.name] = replace(f, facing=facing, used=used)
            continue
        if move is Move.TURN_AROUND:
            facing = facing.reversed()
            turn.tell(Turned(f.name, "turn_around", facing))
            turned[f.name] = replace(f, points=f.points - 1, facing=facing, used=used)
            continue
        assert f.square is not None
        vector = STEP_VECTORS[facing, move]
        there = neighbours[f.square].get(vector)
        if there is None:  # into a wall or off the board: he bumps (named in the log)
            there = Square(f.square.col + vector[0], f.square.row + vector[1])
        steppers[f.name] = Stepper(f, facing, used, f.points - 1, there, move)
    arrived, contested = bump(state, steppers, turn)
    for name, side in pivots_after:
        if name in steppers:
            s = steppers[name]
            facing, used = pivot(name, s.facing, s.used, side, turn)
            steppers[name] = replace(s, facing=facing, used=used)
        else:
            f = turned.get(name) or state.named(name)
            facing, used = pivot(name, f.facing, f.used, side, turn)
            if used is not f.used:
                turned[name] = replace(f, facing=facing, used=used)
    stepped = [s.at(arrived.get(name, s.who.square)) for name, s in steppers.items()]
    if turned or stepped:
        state = state.put(*turned.values(), *stepped)
    if not walkers and not state.ground:
        return state, contested  # (most steps: nobody leaves, nothing to pick up)
    for name in arrived:
        f = state.named(name)
        if f.status is Status.MERCY and f.square == exit_square:
            state = leave(state, name, turn)
        elif f.status is Status.FIGHTING and state.ground:
            state = pick_up(state, name, turn)
    return state, contested


def leave(state: BoutState, name: str, turn: Turn) -> BoutState:
    """VI.B: a spared gladiator who reaches the exit leaves the arena."""
    f = state.named(name)
    turn.tell(Exited(name, str(f.square)))
    return state.put(replace(f, square=None, status=Status.EXITED))


def bump(
    state: BoutState, steppers: Mapping[str, Stepper], turn: Turn
) -> tuple[dict[str, Square], list[tuple[str, str]]]:
    """The moves of one step, all at once (V.A): a move into a wall or the edge bumps; two
    or more into one square all bump; a move into an occupied square bumps unless its
    occupant moves away (a swap bumps both, a rotation goes round). Returns where each who
    moves arrives (in the order written), and the opposing pairs that contested a square."""
    names, steps = state.options.names, state.options.steps
    claims: dict[Square, list[str]] = {}  # each open square moved into: by whom
    for name, s in steppers.items():
        if s.to in steps:
            claims.setdefault(s.to, []).append(name)
        else:
            turn.tell(Bumped(name, _square_name(s.to), Bump.WALL, s.points))
    # The moves not contested, in the order written (each square's claims are in that order),
    # and the squares claimed by two or more: all of them bump.
    valid: dict[str, Square] = {}
    contested: list[tuple[str, str]] = []
    for sq, claimants in claims.items():
        if len(claimants) == 1:
            valid[claimants[0]] = sq
            continue
        group = [steppers[n] for n in claimants]
        for s in group:
            turn.tell(Bumped(s.who.name, names[sq], Bump.CONTESTED, s.points))
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if a.who.fighting and b.who.fighting and a.who.side != b.who.side:
                    contested.append((a.who.name, b.who.name))
    occupied = state.occupied
    changed = True
    while changed:
        changed = False
        for name in list(valid):
            occupant = occupied.get(valid[name])
            if occupant is None:
                continue
            s = steppers[name]
            if occupant.name not in valid or valid[occupant.name] == s.who.square:
                del valid[name]
                turn.tell(Bumped(name, names[s.to], Bump.OCCUPIED, s.points))
                changed = True
    for name, there in valid.items():
        s = steppers[name]
        assert s.who.square is not None
        turn.tell(Moved(name, s.how, names[s.who.square], names[there], s.facing, s.points))
    return valid, contested


def _square_name(sq: Square) -> str:
    """A1 notation, or (col,row) for a step off the board."""
    return str(sq) if 0 <= sq.col < 26 and sq.row >= 0 else f"({sq.col},{sq.row})"


def pivot(
    name: str, facing: Facing, used: frozenset[str], side: str, turn: Turn
) -> tuple[Facing, frozenset[str]]:
    """IV.B.4: one free pivot a phase, a quarter turn left or right. His facing and what he
    has used this phase after it (the same when he has pivoted already)."""
    if "pivot" in used:
        return facing, used
    facing = pivoted(facing, side)
    turn.tell(Turned(name, f"pivot_{side}", facing))
    return facing, used | {"pivot"}


def pick_up(state: BoutState, name: str, turn: Turn) -> BoutState:
    """IV.C.1: a weapon on the ground is picked up by walking onto it, if he may carry it."""
    f = state.named(name)
    keep = []
    for lying in state.ground:
        if lying.square == f.square and can_carry(f, lying.item, state.options.contest):
            f = replace(f, carried=(*f.carried, lying.item))
            if lying.owner == f.name:
                thrown = list(f.record.thrown)
                thrown.remove(lying.item)
                f = f.noted(thrown=tuple(thrown))
            else:
                f = f.noted(items_gained=(*f.record.items_gained, lying.item))
            turn.tell(PickedUp(f.name, lying.item, str(lying.square)))
        else:
            keep.append(lying)
    return replace(state.put(f), ground=tuple(keep))


def walker_step(state: BoutState, f: FighterState) -> Square | None:
    """VI.B: a spared gladiator walks to the exit by the shortest free way. When there is
    none he waits, while waiting can change something (as the tactics do); otherwise he
    walks straight at the exit all the same (and bumps, spending the point)."""
    here = f.square
    assert here is not None
    goal = state.options.exit
    if here.manhattan(goal) == 1:
        step = (goal.col - here.col, goal.row - here.row)
        blocked = goal in state.occupied
    else:
        step = paths.step_towards(state.options.steps, state.occupied, here, goal, diagonal=False)
        blocked = step == paths.STAY
    if blocked:
        if worth_waiting(state, f):
            return None
        if step == paths.STAY:
            step = paths.straight_at(here, goal)
    return Square(here.col + step[0], here.row + step[1])


def contacts_of(state: BoutState, contested: list[tuple[str, str]]) -> list[Contact]:
    """V.A, V.F.2: opposing fighters orthogonally adjacent, or diagonally adjacent when
    at least one has a diagonal weapon, or who contested a square."""
    contacts: list[Contact] = []
    seen = set()
    for a_name, b_name in contested:
        a, b = state.named(a_name), state.named(b_name)
        i, j = sorted((a.gladiator.index, b.gladiator.index))
        if a.fighting and b.fighting and (i, j) not in seen:
            seen.add((i, j))
            contacts.append(Contact(i, j, True))
    # Who is fighting, each with his place and square (read once, as every pair asks).
    active = [(i, f, *f.square) for i, f in enumerate(state.fighters) if f.fighting]
    contest = state.options.contest
    for n, (i, a, a_col, a_row) in enumerate(active):
        for j, b, b_col, b_row in active[n + 1 :]:
            dc, dr = abs(a_col - b_col), abs(a_row - b_row)
            if dc > 1 or dr > 1 or b.side == a.side:
                continue
            pair = (i, j)
            if pair in seen:
                continue
            # Side by side, or diagonally with a diagonal weapon on either side.
            if dc + dr == 1 or weapon_of(a, contest).diagonal or weapon_of(b, contest).diagonal:
                contacts.append(Contact(*pair, False))
    return contacts
