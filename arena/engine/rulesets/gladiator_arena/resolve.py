"""One simultaneous turn: every order first, then movement (with bumps), strikes, kills and the
time limit. resolve_turn never mutates its input and uses no randomness (none of the 0.75
rules needs any), so the Dice argument is accepted for the common turn signature only."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena.data import WEAPONS, damage_of
from arena.engine.rulesets.gladiator_arena.events import (
    Bumped,
    BumpReason,
    Conceded,
    EndReason,
    Finished,
    Hit,
    KillAwarded,
    KillLost,
    KillReason,
    Moved,
    Removed,
    StrikeResult,
    Struck,
    TimeLimit,
    Wounded,
)
from arena.engine.rulesets.gladiator_arena.orders import is_legal, validate_order
from arena.engine.rulesets.gladiator_arena.state import (
    STAY,
    BoutState,
    Concession,
    Gladiator,
    Order,
    RemovalCause,
)

TIME_LIMIT_START = 15
TIME_LIMIT_EVERY = 3
_AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
_ONE = Fraction(1)


def time_limit_applies(turn: int) -> bool:
    """8 c: "Starting turn 15, every third turn all players lose 1 HP" (15, 18, 21 ...)."""
    return turn >= TIME_LIMIT_START and (turn - TIME_LIMIT_START) % TIME_LIMIT_EVERY == 0


def check_orders(state: BoutState, orders: Mapping[str, Order]) -> None:
    """Raise EngineInputError naming the gladiator, the turn and the problem."""
    turn = state.turn + 1
    if state.finished:
        raise EngineInputError(f"turns[{turn - 1}]", f"turn {turn}: the bout is already over")
    for name, order in orders.items():
        g = state.get(name)
        if g is not None and g.alive and order.concede is None and is_legal(state, g, order):
            continue
        problems = validate_order(state, name, order)
        if problems:
            words = "; ".join(p.text for p in problems)
            raise EngineInputError(f"turns[{turn - 1}].{name}", f"{name} on turn {turn}: {words}")


def resolve_turn(
    state: BoutState, orders: Mapping[str, Order], dice: Dice | None = None
) -> tuple[BoutState, tuple[Event, ...]]:
    """Resolve one turn from everyone's orders (a missing order: stay, no strikes)."""
    check_orders(state, orders)
    if any(o.concede is not None for o in orders.values()):
        return _concession(state, orders)

    turn = state.turn + 1
    glads = state.gladiators
    n = len(glads)
    events: list[Event] = []

    # --- movement (section 2; bumps cascade until nothing changes) ---
    start: list[Square] = [g.square for g in glads]
    target: list[Square | None] = [None] * n
    order_of: list[Order] = [STAY] * n
    at_start: dict[Square, int] = {}
    for i, g in enumerate(glads):
        if not g.alive:
            continue
        at_start[g.square] = i
        order = orders.get(g.name, STAY)
        order_of[i] = order
        if order.move is not None and order.move != g.square:
            target[i] = order.move
    moving = {i for i in range(n) if target[i] is not None}
    bumped: dict[int, BumpReason] = {}
    while moving:
        newly: dict[int, BumpReason] = {}
        claims: dict[Square, list[int]] = {}
        for i in moving:
            claims.setdefault(target[i], []).append(i)  # type: ignore[arg-type]
        for claimants in claims.values():
            if len(claimants) > 1:
                for i in claimants:
                    newly[i] = BumpReason.SAME_SQUARE
        for i in moving:
            if i in newly:
                continue
            j = at_start.get(target[i])  # type: ignore[arg-type]
            if j is None:
                continue
            if j in moving and j not in newly:
                if target[j] == start[i]:
                    newly[i] = BumpReason.SWAP
                    newly[j] = BumpReason.SWAP
            else:
                newly[i] = BumpReason.OCCUPIED
        if not newly:
            break
        for i, reason in newly.items():
            bumped[i] = reason
            moving.discard(i)

    final = list(start)
    for i in sorted(bumped):
        events.append(Bumped(glads[i].name, start[i], target[i], bumped[i]))  # type: ignore[arg-type]
    for i in sorted(moving):
        final[i] = target[i]  # type: ignore[call-overload]
        events.append(Moved(glads[i].name, start[i], final[i]))

    # --- strikes (after all moves; from the square moved to or tried) ---
    occupant: dict[Square, int] = {final[i]: i for i, g in enumerate(glads) if g.alive}
    dealt = [0] * n
    taken = [0] * n
    by: dict[int, dict[int, int]] = {}
    for a, g in enumerate(glads):
        if not g.alive:
            continue
        strikes = order_of[a].strikes
        if not strikes:
            continue
        origin = target[a] or start[a]
        weapon = WEAPONS[g.weapon]
        damage = damage_of(g.race, g.weapon)
        for sq in strikes:
            hits: list[Hit] = []
            v = occupant.get(sq)
            if v is not None and v != a:
                hits.append(Hit(glads[v].name, damage, sq))
                _wound(by, dealt, taken, a, v, damage)
            if weapon.splash:
                for dcol, drow in _AROUND:
                    near = Square(sq.col + dcol, sq.row + drow)
                    v = occupant.get(near)
                    if v is not None and v != a:
                        hits.append(Hit(glads[v].name, weapon.splash, near))
                        _wound(by, dealt, taken, a, v, weapon.splash)
            result = StrikeResult.HIT if hits else StrikeResult.MISS
            events.append(Struck(g.name, origin, sq, result, tuple(hits)))

    # --- damage, removals and kills (8, 8 b) ---
    hp = [g.hp - taken[i] for i, g in enumerate(glads)]
    alive = [g.alive for g in glads]
    died: list[int | None] = [g.died_on_turn for g in glads]
    cause: list[RemovalCause | None] = [g.removal for g in glads]
    kills = [g.kills for g in glads]
    for v in sorted(by):
        events.append(Wounded(glads[v].name, taken[v], hp[v]))
    for v in sorted(by):
        if hp[v] > 0:
            continue
        alive[v] = False
        died[v] = turn
        cause[v] = RemovalCause.STRUCK
        events.append(Removed(glads[v].name, final[v], hp[v], RemovalCause.STRUCK))
        for a, share, reason in kill_shares(glads[v].hp, by[v]):
            kills[a] += share
            events.append(KillAwarded(glads[a].name, glads[v].name, share, reason))

    # --- time limit (8 c): after strikes, only those still in the game ---
    if state.options.time_limit and time_limit_applies(turn):
        for i in range(n):
            if not alive[i]:
                continue
            hp[i] -= 1
            events.append(TimeLimit(glads[i].name, hp[i]))
            if hp[i] <= 0:
                alive[i] = False
                died[i] = turn
                cause[i] = RemovalCause.TIME_LIMIT
                kills[i] -= 1
                events.append(Removed(glads[i].name, final[i], hp[i], RemovalCause.TIME_LIMIT))
                events.append(KillLost(glads[i].name, RemovalCause.TIME_LIMIT))

    new: list[Gladiator] = []
    for i, g in enumerate(glads):
        if (
            final[i] is g.square
            and hp[i] == g.hp
            and alive[i] == g.alive
            and not dealt[i]
            and kills[i] == g.kills
        ):
            new.append(g)
        else:
            new.append(
                Gladiator(
                    g.name,
                    g.race,
                    g.weapon,
                    final[i],
                    hp[i],
                    alive[i],
                    died[i],
                    cause[i],
                    kills[i],
                    g.damage_dealt + dealt[i],
                )
            )
    left = [g for g in new if g.alive]
    finished = len(left) <= 1
    if finished:
        reason = EndReason.ONE_LEFT if left else EndReason.NONE_LEFT
        events.append(Finished(reason, left[0].name if left else None))
    return state.evolve(tuple(new), turn=turn, finished=finished), tuple(events)


def _wound(
    by: dict[int, dict[int, int]], dealt: list[int], taken: list[int], a: int, v: int, dmg: int
) -> None:
    per = by.get(v)
    if per is None:
        per = by[v] = {}
    per[a] = per.get(a, 0) + dmg
    dealt[a] += dmg
    taken[v] += dmg


def kill_shares(
    hp_before: int, damage_by: Mapping[int, int]
) -> list[tuple[int, Fraction, KillReason]]:
    """8 b as ruled: attackers who dealt at least the victim's HP at the start of the turn would
    have killed it alone and share the kill equally; if none would have, whoever dealt the
    most damage takes it (shared on a tie). Attackers keep the order they are given in."""
    alone = [a for a, d in damage_by.items() if d >= hp_before]
    if alone:
        reason = KillReason.ALONE
        winners = alone
    else:
        most = max(damage_by.values())
        reason = KillReason.MOST_DAMAGE
        winners = [a for a, d in damage_by.items() if d == most]
    share = _ONE if len(winners) == 1 else Fraction(1, len(winners))
    return [(a, share, reason) for a in winners]


def _concession(
    state: BoutState, orders: Mapping[str, Order]
) -> tuple[BoutState, tuple[Event, ...]]:
    """8 d: with exactly two left, a concession ends the game before anything else that turn
    (the turn's other orders are not carried out)."""
    turn = state.turn + 1
    events: list[Event] = []
    glads = list(state.gladiators)
    pair = [i for i, g in enumerate(glads) if g.alive]
    kills = {i: glads[i].kills for i in pair}
    conceders = [i for i in pair if orders.get(glads[i].name, STAY).concede is not None]
    for i in conceders:
        g = glads[i]
        choice = orders[g.name].concede
        assert choice is not None
        other = pair[0] if pair[1] == i else pair[1]
        events.append(Conceded(g.name, choice))
        events.append(Removed(g.name, g.square, g.hp, RemovalCause.CONCEDED))
        if choice is Concession.LOSE_KILL:
            kills[i] -= 1
            events.append(KillLost(g.name, RemovalCause.CONCEDED))
        else:
            kills[other] += 1
            events.append(KillAwarded(glads[other].name, g.name, _ONE, KillReason.CONCESSION))
    for i in pair:
        g = glads[i]
        out = i in conceders
        glads[i] = Gladiator(
            g.name,
            g.race,
            g.weapon,
            g.square,
            g.hp,
            not out,
            turn if out else None,
            RemovalCause.CONCEDED if out else None,
            kills[i],
            g.damage_dealt,
        )
    left = [glads[i].name for i in pair if i not in conceders]
    events.append(Finished(EndReason.CONCEDED, left[0] if left else None))
    return state.evolve(tuple(glads), turn=turn, finished=True), tuple(events)
