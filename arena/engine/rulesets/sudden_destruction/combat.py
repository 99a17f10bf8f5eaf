"""Attacks (2.2): interrupts, the target's answer (evading or returning fire), hits, damage,
armour and SUDDEN DESTRUCTION. Counters are seats; each function changes the round's counters
(round.py) by putting a new counter in a seat's place."""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.rulesets.sudden_destruction.events import Declared, Destroyed, Evaded, Shot, Why
from arena.engine.rulesets.sudden_destruction.movement import escape_route, step
from arena.engine.rulesets.sudden_destruction.orders import ANY
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import Machine


def move_one_square(mover: int, to: Square, turn: Round, *, evading: bool = False) -> None:
    """One square of movement (seat `mover`), then the interrupts it allows."""
    before = turn.machines[mover].square
    step(mover, to, turn, evading=evading)
    interrupts(mover, before, turn)


def interrupts(mover: int, start: Square, turn: Round) -> None:
    """2.2: 'When one player moves into range of another's guns, the other player may
    immediately "interrupt"'. Whoever now has an enemy in range that it did not have before
    the step from `start` may attack: the others on the mover, and the mover on those it
    came within its own range of; in initiative order. Seats throughout."""
    machines = turn.machines
    me = machines[mover]
    to = me.square
    chances: list[tuple[int, int]] = []
    for o in machines:
        if not o.alive or o.seat == mover:
            continue
        # Range is one distance read against either counter's range level; the distance
        # before the step matters only when one of them reaches the other after it.
        now = to.manhattan(o.square)
        if now > o.levels.range and now > me.levels.range:
            continue
        was = start.manhattan(o.square)
        if now <= o.levels.range < was:
            chances.append((o.seat, mover))
        if now <= me.levels.range < was:
            chances.append((mover, o.seat))
    if not chances:
        return  # most steps bring nobody into range
    for shooter, target in sorted(chances, key=lambda pair: turn.rank[pair[0]]):
        s, t = machines[shooter], machines[target]
        wanted = turn.plans[shooter].interrupt in (ANY, t.name)
        if wanted and s.alive and t.alive and turn.shots[shooter] > 0 and s.reaches(t):
            attack(shooter, target, Why.INTERRUPT, turn)


def attack(attacker: int, target: int, why: Why, turn: Round) -> None:
    """A declared attack (seats), with the target's answer: it steps out of range if it may
    (evade), else it may fire back (return_fire), else the attacker shoots."""
    a, t = turn.machines[attacker], turn.machines[target]
    turn.tell(Declared(a.name, t.name, why, turn.tick))
    moves = turn.moves[target]
    plan = turn.plans[target]
    if t.levels.initiative > a.levels.initiative and plan.evade and moves > 0:
        way = escape_route(turn.options, t, a, moves)
        if way is not None:
            evade(target, attacker, way, turn)
            return
    if plan.return_fire and turn.shots[target] > 0 and t.reaches(a):
        return_fire(attacker, target, turn)
        return
    shoot(attacker, target, turn)


def evade(target: int, attacker: int, way: list[Square], turn: Round) -> None:
    """2.2: 'If the target of an attack has a higher initiative rating and has movement points
    left, he can try ... to move out of range ... The attack has not happened and the player
    who had declared the attack has not used up any of his firing rate.'"""
    t = turn.machines[target]
    turn.tell(Evaded(t.name, turn.machines[attacker].name, str(way[-1]), turn.tick))
    for square in way:
        if turn.machines[target].alive:
            move_one_square(target, square, turn, evading=True)


def return_fire(attacker: int, target: int, turn: Round) -> None:
    """The target fires back: the higher initiative resolves first and the other fires only if
    still on the board; on equal initiative 'they have effectively both fired simultaneously.
    Both attacks are resolved, regardless of the outcome.'"""
    a_m, t_m = turn.machines[attacker], turn.machines[target]
    turn.tell(Declared(t_m.name, a_m.name, Why.RETURN_FIRE, turn.tick))
    a, t = a_m.levels.initiative, t_m.levels.initiative
    first, second = (target, attacker) if t > a else (attacker, target)
    shoot(first, second, turn)
    if a == t or turn.machines[second].alive:
        shoot(second, first, turn)


def shoot(shooter: int, target: int, turn: Round) -> None:
    """One shot (seats), spending a firing point: a hit on a d10 of at most the accuracy, then
    the damage, less what armour plates absorb; damage reaching the hit points destroys. The
    target changes once, and only when the shot hurts it."""
    s = turn.machines[shooter]
    turn.shots[shooter] -= 1
    die = turn.d10()
    hit = die <= s.levels.accuracy
    damage, decider = (
        damage_roll(turn.dice, s.levels.min_fire, s.levels.max_fire) if hit else (0, None)
    )
    t = turn.machines[target]
    absorbed = min(t.armour, damage)
    total = t.damage + damage - absorbed
    turn.tell(
        Shot(s.name, t.name, die, hit, decider, damage - absorbed, absorbed, total,
             t.levels.hit_points, turn.tick)
    )  # fmt: skip
    if damage == 0:
        return
    t = t._replace(armour=t.armour - absorbed, plates_used=t.plates_used + absorbed, damage=total)
    if t.alive and total >= t.levels.hit_points:
        t = destroyed(t, s.name, turn)
    turn.machines[target] = t


def destroyed(m: Machine, by: str, turn: Round) -> Machine:
    """SUDDEN DESTRUCTION: the counter leaves the board at once."""
    turn.tell(Destroyed(m.name, by, turn.number, turn.tick))
    return m._replace(alive=False, destroyed_in=turn.number, destroyed_by=(by,))


def damage_roll(dice: Dice, low: int, high: int) -> tuple[int, int | None]:
    """Damage of a hit: `low` when min = max (no die), else every value from min to max equally
    likely: a d10 read in equal bands, re-rolled when it falls beyond the last whole band
    (RULINGS). Returns (damage, the die that decided it)."""
    count = high - low + 1
    if count <= 1:
        return low, None
    band = 10 // count
    while True:
        die = dice.d10(zero_based=True)
        if die < band * count:
            return low + die // band, die


def nearest_in_range(machines: Sequence[Machine], shooter: Machine) -> Machine | None:
    """The enemy a "fire any" shoots at: the nearest in range, then the weakest, then by seat."""
    near = [o for o in machines if o.alive and o.name != shooter.name and shooter.reaches(o)]
    if not near:
        return None
    return min(near, key=lambda o: (shooter.square.manhattan(o.square), o.hp_left, o.seat))
