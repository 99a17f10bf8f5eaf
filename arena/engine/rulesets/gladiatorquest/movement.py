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

from arena.engine.core.board import Square
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
    parse_step_order,
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
from arena.engine.rulesets.gladiatorquest.turn import kill, place, settle

# --- the roll ---------------------------------------------------------------------------------


def begin_phase(turn: BoutState) -> None:
    """IV.B.1: everyone rolls his movement dice. Sleep and Fear are shaken off first (a 6 on
    the mind dice); Tempest makes him sit this phase out."""
    turn.rolled = True
    turn.phase_no += 1
    dice = turn.dice
    for f in turn.fighters:
        f.used = frozenset()
        bonus = f.gladiator.bonuses.movement
        if f.status is Status.MERCY:
            f.points = sum(dice.d6s(loadout_of(f.carried).movement_dice)) + bonus
            continue
        if f.status is not Status.FIGHTING:
            f.points = 0
            continue
        if f.effects.asleep or f.effects.afraid:
            _shake_off(turn, f)
        if f.effects.tempest:
            f.affect(tempest=False)
            f.points = 0
            turn.events.append(StatusRoll(f.name, "tempest", (), False))
            continue
        if f.effects.asleep:
            f.points = 0
            continue
        kit = loadout_of(f.carried)
        count = kit.movement_dice * (2 if f.effects.double_move else 1)
        if f.effects.double_move:
            f.affect(double_move=False)
        rolled = tuple(dice.d6s(count))
        f.points = sum(rolled) + bonus
        turn.events.append(MovementRolled(f.name, kit.weight.value, rolled, f.points))


def _shake_off(turn: BoutState, f: FighterState) -> None:
    """Sleep and Fear last until a 6 on the victim's mind dice (one die per mind point)."""
    status = "sleep" if f.effects.asleep else "fear"
    rolled = tuple(turn.dice.d6s(max(f.gladiator.mind, 1)))
    ended = 6 in rolled
    if ended:
        f.affect(**{"asleep" if status == "sleep" else "afraid": False})
    turn.events.append(StatusRoll(f.name, status, rolled, ended))


def end_phase(turn: BoutState) -> None:
    """VI.A: a fallen gladiator not healed by the end of the next movement phase is dead."""
    for f in turn.fighters:
        if f.status is Status.DOWN and f.record.down_until <= turn.phase_no:
            kill(turn, f, f.last_hit_by)
    turn.rolled = False


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


def read_orders(state: BoutState, raw: Mapping[str, Any]) -> dict[str, StepOrder]:
    """This step's orders: as written (JSON, parsed and checked against the state), as the
    tactics' plan gives them (a StepOrder: taken as it is, like the tactics' order of
    everyone who can move and wrote none)."""
    orders = {}
    for f in state.fighters:
        written = raw.get(f.name)
        if written is None:
            if can_move(f):
                orders[f.name] = step_order(state, f)
            continue
        if not isinstance(written, StepOrder):  # (a StepOrder is the tactics' own)
            here = order_location(state, f.name)
            if not can_move(f) and not writes_orders(state, f):
                raise EngineInputError(here, f"{f.name} {_why_not(f)}")
            written = parse_step_order(written, here, state.options.board.parse)
            actions.check_step_order(state, f, written, here)
        orders[f.name] = written
    return orders


def _why_not(f: FighterState) -> str:
    if f.status is not Status.FIGHTING:
        return "is not fighting"
    if f.effects.asleep:
        return "is asleep"
    return "has no movement points left"


def step(turn: BoutState, orders: dict[str, StepOrder]) -> None:
    """IV.B.3: all papers are shown, then carried out in this order: appeals, potions,
    spells, passing attacks, the moves, potions handed over on arrival, thrown weapons.
    Whoever is brought to 0 body falls at once (VI.A)."""
    events_before = len(turn.events)
    # Most papers only move: nobody can be hurt, healed or spared in a step without these.
    acting = {name: order for name, order in orders.items() if order.acts}
    if acting:
        actions.appeals(turn, acting)
        actions.potions(turn, acting)
        actions.spells(turn, acting)
        settle(turn)
        actions.passing_attacks(turn, acting)
        settle(turn)
    contested = _moves(turn, orders)
    if acting:
        actions.gives_on_arrival(turn, acting)
        actions.throws(turn, acting)
        settle(turn)
    contacts = _contacts(turn, contested)
    turn.standoff = not contacts and len(turn.events) == events_before
    if turn.standoff and not turn.impatient:
        turn.impatient = True
        turn.events.append(Impatience())
    if contacts:
        turn.events.append(
            CombatEntered(
                tuple([(turn.fighters[c.a].name, turn.fighters[c.b].name) for c in contacts])
            )
        )
        turn.combat = tuple(contacts)
        end_phase(turn)
    elif not any(still_moving(f) for f in turn.fighters):
        end_phase(turn)


def _moves(
    turn: BoutState, orders: dict[str, StepOrder]
) -> list[tuple[FighterState, FighterState]]:
    """Carry out every written direction at once; return opposing pairs that contested a
    square (V.A: they enter combat, and may shield-bash, V.F.3)."""
    intents: dict[str, Square] = {}
    labels: dict[str, str] = {}
    pivots_after: list[tuple[FighterState, str]] = []
    for f in turn.fighters:
        if f.status is Status.MERCY:
            if f.square == turn.options.exit:
                _leave(turn, f)
            elif f.points > 0:
                there = _walker_step(turn, f)
                if there is not None:
                    f.points -= 1
                    intents[f.name] = there
                    labels[f.name] = "towards the exit"
            continue
        order = orders.get(f.name)
        if order is None or f.status is not Status.FIGHTING:
            continue
        if order.pivot:
            if order.pivot_after:
                pivots_after.append((f, order.pivot))
            else:
                _pivot(turn, f, order.pivot)
        if order.move is Move.STAND:
            continue
        f.points -= 1
        if order.move is Move.TURN_AROUND:
            f.facing = f.facing.reversed()
            turn.events.append(Turned(f.name, "turn_around", f.facing.value))
            continue
        assert f.square is not None
        (col, row), (dcol, drow) = f.square, STEP_VECTORS[f.facing, order.move]
        intents[f.name] = Square(col + dcol, row + drow)
        labels[f.name] = order.move.value
    contested, moved = _carry_out(turn, intents, labels)
    # The pivots written for after the step (moving never changes who is fighting).
    for f, side in pivots_after:
        _pivot(turn, f, side)
    for f in moved:
        if f.status is Status.MERCY and f.square == turn.options.exit:
            _leave(turn, f)
        elif f.status is Status.FIGHTING and turn.ground:
            _pick_up(turn, f)
    return contested


def _leave(turn: BoutState, f: FighterState) -> None:
    turn.events.append(Exited(f.name, str(f.square)))
    place(turn, f, None)
    f.status = Status.EXITED


def _carry_out(
    turn: BoutState, intents: dict[str, Square], labels: dict[str, str]
) -> tuple[list[tuple[FighterState, FighterState]], list[FighterState]]:
    """The moves of one step, all at once: a move into a wall or the edge bumps; two or more
    into one square all bump (V.A); a move into an occupied square bumps unless its occupant
    moves away (a swap bumps both, a rotation goes round). Returns the opposing pairs that
    contested a square, and who moved."""
    by_name, names, steps = turn.by_name, turn.options.names, turn.options.steps
    claims: dict[Square, list[str]] = {}  # each open square moved into: by whom
    for name, sq in intents.items():
        if sq in steps:
            claims.setdefault(sq, []).append(name)
        else:
            turn.events.append(Bumped(name, _square_name(sq), Bump.WALL, by_name[name].points))
    # The moves not contested, in the order written (each square's claims are in that order),
    # and the squares claimed by two or more: all of them bump.
    valid: dict[str, Square] = {}
    contested: list[tuple[FighterState, FighterState]] = []
    for sq, claimants in claims.items():
        if len(claimants) == 1:
            valid[claimants[0]] = sq
        else:
            group = [by_name[n] for n in claimants]
            for f in group:
                turn.events.append(Bumped(f.name, names[sq], Bump.CONTESTED, f.points))
            for i, a in enumerate(group):
                for b in group[i + 1 :]:
                    if a.status is b.status is Status.FIGHTING and a.side != b.side:
                        contested.append((a, b))
    occupied = turn.occupied
    changed = True
    while changed:
        changed = False
        for name in list(valid):
            occupant = occupied.get(valid[name])
            if occupant is None:
                continue
            f = by_name[name]
            if occupant.name not in valid or valid[occupant.name] == f.square:
                del valid[name]
                turn.events.append(Bumped(name, names[intents[name]], Bump.OCCUPIED, f.points))
                changed = True
    # All at once: every mover leaves his square before any enters one (a rotation goes round).
    movers = [by_name[name] for name in valid]
    for f in movers:
        del occupied[f.square]
    for f in movers:
        start, f.square = f.square, valid[f.name]
        occupied[f.square] = f
        turn.events.append(
            Moved(f.name, labels[f.name], names[start], names[f.square], f.facing.value, f.points)
        )
    return contested, movers


def _square_name(sq: Square) -> str:
    """A1 notation, or (col,row) for a step off the board."""
    return str(sq) if 0 <= sq.col < 26 and sq.row >= 0 else f"({sq.col},{sq.row})"


def _pivot(turn: BoutState, f: FighterState, side: str) -> None:
    if "pivot" in f.used:
        return
    f.use("pivot")
    f.facing = pivoted(f.facing, side)
    turn.events.append(Turned(f.name, f"pivot_{side}", f.facing.value))


def _pick_up(turn: BoutState, f: FighterState) -> None:
    """IV.C.1: a weapon on the ground is picked up by walking onto it, if he may carry it."""
    keep = []
    for lying in turn.ground:
        if lying.square == f.square and can_carry(f, lying.item, turn.options.contest):
            f.carried = (*f.carried, lying.item)
            if lying.owner == f.name:
                thrown = list(f.record.thrown)
                thrown.remove(lying.item)
                f.note(thrown=tuple(thrown))
            else:
                f.note(items_gained=(*f.record.items_gained, lying.item))
            turn.events.append(PickedUp(f.name, lying.item, str(lying.square)))
        else:
            keep.append(lying)
    turn.ground = tuple(keep)


def _walker_step(turn: BoutState, f: FighterState) -> Square | None:
    """VI.B: a spared gladiator walks to the exit by the shortest free way. When there is
    none he waits, while waiting can change something (as the tactics do); otherwise he
    walks straight at the exit all the same (and bumps, spending the point)."""
    here = f.square
    assert here is not None
    goal = turn.options.exit
    if here.manhattan(goal) == 1:
        step = (goal.col - here.col, goal.row - here.row)
        blocked = goal in turn.occupied
    else:
        step = paths.step_towards(turn.options.steps, turn.occupied, here, goal, diagonal=False)
        blocked = step == paths.STAY
    if blocked:
        if worth_waiting(turn, f):
            return None
        if step == paths.STAY:
            step = paths.straight_at(here, goal)
    return Square(here.col + step[0], here.row + step[1])


def _contacts(turn: BoutState, contested: list[tuple[FighterState, FighterState]]) -> list[Contact]:
    """V.A, V.F.2: opposing fighters orthogonally adjacent, or diagonally adjacent when
    at least one has a diagonal weapon, or who contested a square."""
    contacts: list[Contact] = []
    seen = set()
    for a, b in contested:
        i, j = sorted((a.gladiator.index, b.gladiator.index))
        if a.status is Status.FIGHTING and b.status is Status.FIGHTING and (i, j) not in seen:
            seen.add((i, j))
            contacts.append(Contact(i, j, True))
    active = [f for f in turn.fighters if f.status is Status.FIGHTING]
    contest = turn.options.contest
    for n, a in enumerate(active):
        assert a.square is not None
        col, row = a.square
        for b in active[n + 1 :]:
            assert b.square is not None
            b_col, b_row = b.square
            dc, dr = abs(col - b_col), abs(row - b_row)
            if dc > 1 or dr > 1 or b.side == a.side:
                continue
            pair = (a.gladiator.index, b.gladiator.index)
            if pair in seen:
                continue
            # Side by side, or diagonally with a diagonal weapon on either side.
            if dc + dr == 1 or weapon_of(a, contest).diagonal or weapon_of(b, contest).diagonal:
                contacts.append(Contact(*pair, False))
    return contacts
