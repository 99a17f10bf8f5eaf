"""One round of Sudden Destruction: tech attempts, the action protocol, repair.

The text's action phase is table talk ("players take turns in whatever order they agree
upon"); here it is a protocol every plan is played by (docs/rules/sudden-destruction.md):

* The round runs in ticks. In each tick every counter still on the board carries out the
  next action of its plan, in initiative order: higher initiative first, equal initiative by
  seat, the seats rotating one place each round so that nobody always goes first.
* A step that brings a counter within an enemy's range (or an enemy within its own) lets
  whoever now has the other in range interrupt at once, if its plan says so and it has
  firing left.
* An attack: if the target has the higher initiative, movement left and its plan says
  "evade", it steps out of range by the shortest way and the attack is void (no firing
  used). Otherwise the target may fire back (its plan's "return fire", firing left, the
  attacker in range): the higher initiative resolves first and the other fires only if it is
  still on the board; on equal initiative both resolve whatever happens.
* Destruction is immediate; a destroyed counter does nothing more this round, except the
  pending shot of an equal-initiative exchange.

`resolve_round` never mutates its input; every random number comes from the Dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from arena.engine.core.board import ORTHOGONAL, Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.rulesets.sudden_destruction.data import Levels, raise_problem
from arena.engine.rulesets.sudden_destruction.events import (
    Declared,
    Destroyed,
    Evaded,
    Finished,
    Idle,
    Idled,
    Moved,
    Phase,
    PhaseBegan,
    Repaired,
    Shot,
    TechRolled,
    Why,
)
from arena.engine.rulesets.sudden_destruction.plan import ANY, Action, Plan, Verb, step_towards
from arena.engine.rulesets.sudden_destruction.state import Machine, State


def roll(dice: Dice) -> int:
    """One d10 showing 0-9 (RULINGS: the text's examples need a 0)."""
    return dice.d10(zero_based=True)


def damage_roll(dice: Dice, low: int, high: int) -> tuple[int, int | None]:
    """Damage of a hit: `low` when min = max (no die), else every value from min to max equally
    likely: a d10 read in equal bands, re-rolled when it falls beyond the last whole band
    (RULINGS). Returns (damage, the die that decided it)."""
    count = high - low + 1
    if count <= 1:
        return low, None
    band = 10 // count
    while True:
        die = roll(dice)
        if die < band * count:
            return low + die // band, die


@dataclass(slots=True)
class _Live:
    """A counter during the round: what the frozen Machine becomes while the round is played."""

    m: Machine
    levels: Levels
    square: Square
    damage: int
    armour: int
    alive: bool
    plan: Plan
    gained: int = 0
    plates_used: int = 0
    destroyed_in: int = 0
    destroyed_by: tuple[str, ...] = ()
    moves_left: int = 0
    shots_left: int = 0
    cursor: int = 0

    @property
    def name(self) -> str:
        return self.m.name

    def reaches(self, other: _Live) -> bool:
        """`other` is within this counter's range (orthogonal distance; 0 = same square)."""
        return self.square.manhattan(other.square) <= self.levels.range

    def frozen(self) -> Machine:
        m = self.m
        return Machine(
            name=m.name,
            seat=m.seat,
            square=self.square,
            levels=self.levels,
            damage=self.damage,
            armour=self.armour,
            alive=self.alive,
            destroyed_in=self.destroyed_in,
            destroyed_by=self.destroyed_by,
            gained=m.gained + self.gained,
            plates_used=m.plates_used + self.plates_used,
            tactics=m.tactics,
        )


def initiative_order(live: list[_Live], round_no: int) -> list[_Live]:
    """Higher initiative first; equal initiative by seat, rotating one seat each round."""
    seats = len(live)
    return sorted(live, key=lambda c: (-c.levels.initiative, (c.m.seat - round_no) % seats))


class _Round:
    def __init__(self, state: State, plans: Mapping[str, Plan], dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.number = state.round + 1
        self.events: list[Event] = []
        self.live = [
            _Live(
                m,
                m.levels,
                m.square,
                m.damage,
                m.armour,
                m.alive,
                plans.get(m.name, Plan()),
                destroyed_in=m.destroyed_in,
                destroyed_by=m.destroyed_by,
            )
            for m in state.machines
        ]
        self.by_name = {c.name: c for c in self.live}
        self.tick = 0

    # Phase 1 ---------------------------------------------------------------------------------
    def tech(self) -> None:
        self.events.append(PhaseBegan(self.number, Phase.TECH))
        for c in initiative_order(self.live, self.number):
            attempt = c.plan.tech
            if not c.alive or attempt is None:
                continue
            current = c.levels.get(attempt.attribute)
            if raise_problem(c.levels, attempt.attribute, attempt.level):
                continue  # refused by validate: never reached for a checked plan
            dice = tuple(roll(self.dice) for _ in range(attempt.level - current))
            success = all(d >= attempt.level for d in dice)
            if success:
                c.levels = c.levels.raised(attempt.attribute, attempt.level)
                c.gained += attempt.level - current
            self.events.append(
                TechRolled(c.name, attempt.attribute, current, attempt.level, dice, success)
            )

    # Phase 2 ---------------------------------------------------------------------------------
    def actions(self) -> None:
        self.events.append(PhaseBegan(self.number, Phase.ACTIONS))
        self.order = initiative_order(self.live, self.number)
        # Interrupts on one step are taken in this order (step).
        self.rank = {id(c): i for i, c in enumerate(self.order)}
        for c in self.live:
            c.moves_left, c.shots_left = c.levels.movement, c.levels.firing_rate
        while True:
            acting = [c for c in self.order if self.busy(c)]
            if not acting:
                break
            self.tick += 1
            for c in acting:
                if self.busy(c):
                    self.act(c, c.plan.actions[c.cursor])
        # Unused movement and firing are lost ("Players cannot save movement or firing
        # points until the next round").

    @staticmethod
    def busy(c: _Live) -> bool:
        """Whether the counter still acts: 'Actions continue until players have used up all
        their movement points and firing rate or they do not wish to do anything else.'
        """
        spent = c.moves_left <= 0 and c.shots_left <= 0
        return c.alive and not spent and c.cursor < len(c.plan.actions)

    def named(self, name: str) -> _Live | None:
        """The counter of that name while it is on the board."""
        c = self.by_name.get(name)
        return c if c is not None and c.alive else None

    @staticmethod
    def goal(other: _Live | None, action: Action) -> Square | None:
        """Where a step of `action` heads: the counter it names (`other`, on the board), or
        its square."""
        if other is not None:
            return other.square
        try:
            return Square.parse(action.target)
        except ValueError:
            return None  # a counter named in the plan has been destroyed

    def idle(self, c: _Live, action: Action, reason: Idle) -> None:
        self.events.append(Idled(c.name, action.words(), reason, self.tick))

    def act(self, c: _Live, action: Action) -> None:
        verb = action.verb
        if verb is Verb.WAIT:
            c.cursor += 1
        elif verb is Verb.FIRE:
            c.cursor += 1
            self.fire(c, action)
        else:
            self.walk(c, action)

    def walk(self, c: _Live, action: Action) -> None:
        """move / go / close: one step this tick; go and close keep going in later ticks."""
        other = self.named(action.target)
        goal = self.goal(other, action)
        target = other if action.verb is Verb.CLOSE else None
        if goal is None:
            c.cursor += 1
            return self.idle(c, action, Idle.NO_TARGET)
        arrived = c.reaches(target) if target is not None else c.square == goal
        if arrived:
            c.cursor += 1
            return self.idle(c, action, Idle.ARRIVED)
        if c.moves_left <= 0:
            c.cursor += 1
            return self.idle(c, action, Idle.NO_MOVEMENT_LEFT)
        self.step(c, step_towards(c.square, goal))
        arrived = c.reaches(target) if target is not None else c.square == goal
        if action.verb is Verb.MOVE or arrived or c.moves_left <= 0 or not c.alive:
            c.cursor += 1
        return None

    def step(self, c: _Live, to: Square, *, evading: bool = False) -> None:
        """One square of movement, then the interrupts it allows (2.2: 'When one player moves
        into range of another's guns, the other player may immediately "interrupt"')."""
        start = c.square
        # Each other counter's distance to the mover before and after the step: range is
        # the same distance read against either counter's range level.
        apart = [
            (o, start.manhattan(o.square), to.manhattan(o.square))
            for o in self.live
            if o.alive and o is not c
        ]
        c.square = to
        c.moves_left -= 1
        self.events.append(Moved(c.name, str(start), str(to), self.tick, evading))
        # Whoever now has an enemy in range that it did not have before may interrupt:
        # the others on the mover, and the mover on those it came within its own range of.
        mine = c.levels.range
        chances = [(o, c) for o, was, now in apart if now <= o.levels.range < was]
        chances += [(c, o) for o, was, now in apart if now <= mine < was]
        rank = self.rank
        for shooter, target in sorted(chances, key=lambda p: rank[id(p[0])]):
            wanted = shooter.plan.interrupt in (ANY, target.name)
            if (
                wanted
                and shooter.alive
                and target.alive
                and shooter.shots_left > 0
                and shooter.reaches(target)
            ):
                self.attack(shooter, target, Why.INTERRUPT)

    def fire(self, c: _Live, action: Action) -> None:
        if c.shots_left <= 0:
            return self.idle(c, action, Idle.NO_FIRING_LEFT)
        if action.target == ANY:
            near = [o for o in self.live if o.alive and o is not c and c.reaches(o)]
            if not near:
                return self.idle(c, action, Idle.NO_TARGET)
            target = min(
                near,
                key=lambda o: (
                    c.square.manhattan(o.square),
                    o.levels.hit_points - o.damage,
                    o.m.seat,
                ),
            )
        else:
            found = self.named(action.target)
            if found is None:
                return self.idle(c, action, Idle.NO_TARGET)
            if not c.reaches(found):
                return self.idle(c, action, Idle.OUT_OF_RANGE)
            target = found
        self.attack(c, target, Why.PLAN)
        return None

    def escape(self, target: _Live, attacker: _Live) -> list[Square] | None:
        """The shortest way out of the attacker's range within the target's movement left
        (the farthest square from the attacker among the nearest ways, then A1 order)."""
        board = self.state.options
        reach = attacker.levels.range
        frontier, seen = [(target.square, [])], {target.square}
        for _ in range(target.moves_left):
            found, nxt = [], []
            for square, path in frontier:
                for dcol, drow in ORTHOGONAL:
                    to = Square(square.col + dcol, square.row + drow)
                    if to in seen or not board.contains(to):
                        continue
                    seen.add(to)
                    way = [*path, to]
                    nxt.append((to, way))
                    if to.manhattan(attacker.square) > reach:
                        found.append(way)
            if found:
                return min(
                    found,
                    key=lambda w: (-w[-1].manhattan(attacker.square), w[-1].row, w[-1].col),
                )
            frontier = nxt
        return None

    def attack(self, a: _Live, t: _Live, why: Why) -> None:
        """A declared attack of `a` on `t`, with the target's answer (2.2)."""
        self.events.append(Declared(a.name, t.name, why, self.tick))
        if t.levels.initiative > a.levels.initiative and t.plan.evade and t.moves_left > 0:
            way = self.escape(t, a)
            if way is not None:
                self.events.append(Evaded(t.name, a.name, str(way[-1]), self.tick))
                for square in way:
                    if t.alive:
                        self.step(t, square, evading=True)
                return
        back = t.plan.return_fire and t.shots_left > 0 and t.reaches(a)
        if not back:
            self.shoot(a, t)
            return
        self.events.append(Declared(t.name, a.name, Why.RETURN_FIRE, self.tick))
        if t.levels.initiative > a.levels.initiative:
            self.shoot(t, a)
            if a.alive:
                self.shoot(a, t)
        elif a.levels.initiative > t.levels.initiative:
            self.shoot(a, t)
            if t.alive:
                self.shoot(t, a)
        else:
            # Equal initiative: "they have effectively both fired simultaneously. Both
            # attacks are resolved, regardless of the outcome."
            self.shoot(a, t)
            self.shoot(t, a)

    def shoot(self, s: _Live, t: _Live) -> None:
        s.shots_left -= 1
        die = roll(self.dice)
        hit = die <= s.levels.accuracy
        damage, decider = (
            damage_roll(self.dice, s.levels.min_fire, s.levels.max_fire) if hit else (0, None)
        )
        absorbed = min(t.armour, damage)
        t.armour -= absorbed
        t.plates_used += absorbed
        t.damage += damage - absorbed
        self.events.append(
            Shot(
                s.name,
                t.name,
                die,
                hit,
                decider,
                damage - absorbed,
                absorbed,
                t.damage,
                t.levels.hit_points,
                self.tick,
            )
        )
        if t.alive and t.damage >= t.levels.hit_points:
            t.alive = False
            t.destroyed_in = self.number
            t.destroyed_by = (s.name,)
            self.events.append(Destroyed(t.name, s.name, self.number, self.tick))

    # Phase 3 ---------------------------------------------------------------------------------
    def repair(self) -> None:
        self.events.append(PhaseBegan(self.number, Phase.REPAIR))
        for c in self.live:
            if c.alive and c.damage > 0 and c.levels.repair > 0:
                after = max(0, c.damage - c.levels.repair)
                self.events.append(Repaired(c.name, c.damage, after))
                c.damage = after

    def finish(self) -> State:
        machines = tuple(c.frozen() for c in self.live)
        state = replace(self.state, machines=machines, round=self.number)
        living = [m for m in machines if m.alive]
        if len(living) >= 2 and self.number < self.state.options.max_rounds:
            return state
        winner = winner_of(state)
        if len(living) == 1:
            reason = f"{winner} is the last on the board"
        elif living:
            reason = f"the round limit ({self.number}) is reached: a tie"
        elif winner:
            reason = f"all destroyed in round {self.number}; {winner} has the highest initiative"
        else:
            reason = f"all destroyed in round {self.number} with equal initiative: a tie"
        self.events.append(Finished(winner or "", reason))
        return replace(state, finished=True)


def winner_of(state: State) -> str | None:
    """The last counter on the board; if the last ones were all destroyed in the same round,
    the one of them with the highest initiative; None for a tie (or while it goes on)."""
    living = [m for m in state.machines if m.alive]
    if len(living) == 1:
        return living[0].name
    if living:
        return None
    last = max((m.destroyed_in for m in state.machines), default=0)
    final = [m for m in state.machines if m.destroyed_in == last]
    top = max(m.levels.initiative for m in final)
    best = [m for m in final if m.levels.initiative == top]
    return best[0].name if len(best) == 1 else None


def resolve_round(
    state: State, plans: Mapping[str, Plan], dice: Dice
) -> tuple[State, tuple[Event, ...]]:
    """Play one round from the plans of the counters on the board (absent: an empty plan)."""
    r = _Round(state, plans, dice)
    r.tech()
    r.actions()
    r.repair()
    after = r.finish()
    return after, tuple(r.events)
