"""Tactics: a gladiator's named settings, and the AI that writes his orders from them.

The defaults fight sensibly: close in, thrust (swing when ahead, jab when nearly dead), throw
spare throwing weapons, drink healing when at half body, cast attack spells first, and appeal
to the Emperor at 1 body point when the tally makes mercy at least an even chance.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from arena.engine.core.board import Facing, Square
from arena.engine.rulesets.gladiatorquest.data import ITEMS, Kind, Status
from arena.engine.rulesets.gladiatorquest.orders import (
    STAND,
    Attack,
    CastOrder,
    CombatOrder,
    Move,
    PotionOrder,
    StepOrder,
    ThrowOrder,
)

if TYPE_CHECKING:
    from arena.engine.rulesets.gladiatorquest.engine import Run
    from arena.engine.rulesets.gladiatorquest.state import Fighter


CHOICES: dict[str, tuple[str, ...]] = {
    "approach": ("close", "keep_distance"),
    "attack": ("auto", "swing", "thrust", "jab"),
    "target": ("nearest", "weakest", "strongest"),
    "throw": ("spare", "always", "never"),
    "drink": ("when_hurt", "never"),
    "appeal": ("if_likely", "always", "never"),
    "shield_bash": ("auto", "always", "never"),
    "spells": ("attack_first", "never"),
}


@dataclass(frozen=True, slots=True)
class Tactics:
    approach: str = "close"  # close in, or keep 3+ squares away while throwing / casting
    attack: str = "auto"  # preferred attack type
    target: str = "nearest"  # which opponent to go for
    throw: str = "spare"  # throw a throwing weapon only if another weapon stays in hand
    drink: str = "when_hurt"  # healing potion at half body (always automatic at 0, VI.A)
    appeal: str = "if_likely"  # at 1 body point: when tally >= 2 (mercy on a 4+)
    shield_bash: str = "auto"  # when two contest a square and the shield hits as hard
    spells: str = "attack_first"
    weapon: str | None = None  # the weapon to fight with (default: most attack dice)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT_TACTICS = Tactics()


def parse_tactics(raw: Any) -> Tactics:
    if raw is None:
        return DEFAULT_TACTICS
    if not isinstance(raw, dict):
        raise ValueError("must be an object of named settings")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "weapon":
            if value is not None and value not in ITEMS:
                raise ValueError(f"weapon: unknown item {value!r}")
            out[key] = value
            continue
        if key not in CHOICES:
            raise ValueError(f"unknown setting {key!r} (known: {', '.join(CHOICES)}, weapon)")
        if value not in CHOICES[key]:
            raise ValueError(f"{key}: {value!r} is not one of {', '.join(CHOICES[key])}")
        out[key] = value
    return Tactics(**out)


# --- helpers ---------------------------------------------------------------------------


def _manhattan(a: Square, b: Square) -> int:
    return abs(a.col - b.col) + abs(a.row - b.row)


def _cheb(a: Square, b: Square) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))


def relative_move(facing: Facing, dcol: int, drow: int) -> Move:
    """The written direction that steps by (dcol, drow) without turning."""
    return _RELATIVE_MOVES.get((facing.vector, dcol, drow), Move.RIGHT)


def _relative_move_table() -> dict[tuple[tuple[int, int], int, int], Move]:
    """(facing's vector, dcol, drow) -> the written direction, for every facing and unit step
    (anything else is a step to the right, as it always was)."""
    table = {}
    for facing in Facing:
        vec = facing.vector
        table[vec, vec[0], vec[1]] = Move.FORWARD
        table[vec, -vec[0], -vec[1]] = Move.BACK
        left = facing.turned_left().vector
        table[vec, left[0], left[1]] = Move.LEFT
        table[vec, -left[0], -left[1]] = Move.RIGHT
    return table


_RELATIVE_MOVES = _relative_move_table()


def pick_target(run: Run, f: Fighter, candidates: list[Fighter]) -> Fighter:
    if len(candidates) == 1:
        return candidates[0]  # (what min/max would pick, without building the keys)
    sq = f.square
    assert sq is not None
    # Each candidate's sort key, with the distance worked out inline, followed by the fighter.
    # Every key holds the unique index, so min/max never get as far as comparing fighters and
    # pick exactly what min/max with a key function would.
    col, row = sq
    how = f.tactics.target
    keyed = []
    for o in candidates:
        ocol, orow = o.square
        dc, dr = abs(col - ocol), abs(row - orow)
        dist = dc if dc > dr else dr
        if how == "weakest":
            keyed.append((o.body, dist, o.index, o))
        elif how == "strongest":
            keyed.append((o.body, -dist, -o.index, o))
        else:
            keyed.append((dist, o.body, o.index, o))
    return (max(keyed) if how == "strongest" else min(keyed))[3]


def _goal_reached(f: Fighter, sq: Square, target: Square, diagonal: bool) -> bool:
    return _manhattan(sq, target) == 1 or (diagonal and _cheb(sq, target) == 1)


def step_towards(run: Run, f: Fighter, target: Square, *, diagonal: bool) -> tuple[int, int]:
    """One orthogonal step closer to a square next to `target` (greedy, BFS when stuck).

    Greedy: of the free neighbours, the first (in ORTHOGONAL order) with the lowest score
    below the current one; the score is the Manhattan distance, or (Chebyshev, Manhattan)
    for a diagonal weapon."""
    here = f.square
    assert here is not None
    tcol, trow = target
    hcol, hrow = here
    dc, dr = abs(hcol - tcol), abs(hrow - trow)
    if dc + dr == 1 or (diagonal and dc == 1 and dr == 1):
        return (0, 0)  # (the goal is reached: _goal_reached, inline)
    occupied = run.occupied
    best_step = None
    if diagonal:
        best = (dc if dc > dr else dr, dc + dr)
        for dcol, drow, nxt in run.grid.steps[here]:
            if nxt in occupied:
                continue
            dc, dr = abs(hcol + dcol - tcol), abs(hrow + drow - trow)
            score = (dc if dc > dr else dr, dc + dr)
            if score < best:
                best, best_step = score, (dcol, drow)
    else:
        best_manhattan = dc + dr
        for dcol, drow, nxt in run.grid.steps[here]:
            if nxt in occupied:
                continue
            manhattan = abs(hcol + dcol - tcol) + abs(hrow + drow - trow)
            if manhattan < best_manhattan:
                best_manhattan, best_step = manhattan, (dcol, drow)
    if best_step is not None:
        return best_step
    return _bfs_step(run, here, target, diagonal, f)


def _bfs_step(
    run: Run, start: Square, target: Square, diagonal: bool, f: Fighter
) -> tuple[int, int]:
    steps, occupied = run.grid.steps, run.occupied
    first: dict[Square, tuple[int, int]] = {start: (0, 0)}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if sq is not start and _goal_reached(f, sq, target, diagonal):
            return first[sq]
        for dcol, drow, nxt in steps[sq]:
            if nxt in first or nxt in occupied:
                continue
            first[nxt] = (dcol, drow) if sq is start else first[sq]
            queue.append(nxt)
    return (0, 0)


def step_away(run: Run, f: Fighter, threat: Square) -> tuple[int, int]:
    """The first free neighbour (ORTHOGONAL order) that is farthest from the threat, if it
    is farther than here."""
    here = f.square
    assert here is not None
    best, best_step = _manhattan(here, threat), (0, 0)
    for dcol, drow, nxt in run.grid.steps[here]:
        if nxt in run.occupied:
            continue
        manhattan = _manhattan(nxt, threat)
        if manhattan > best:
            best, best_step = manhattan, (dcol, drow)
    return best_step


def predict(run: Run, thrower: Fighter, target: Fighter) -> Square:
    """Where the thrower guesses the target will be: one step straight at him."""
    here, there = target.square, thrower.square
    assert here is not None and there is not None
    dcol, drow = there.col - here.col, there.row - here.row
    step = (1 if dcol > 0 else -1, 0) if abs(dcol) > abs(drow) else (0, 1 if drow > 0 else -1)
    nxt = Square(here.col + step[0], here.row + step[1])
    return nxt if run.board.is_open(nxt) and nxt not in run.occupied else here


# --- the movement step ------------------------------------------------------------------

_ATTACK_SPELLS = (
    "genie",
    "ball_of_flame",
    "chaos_ball_of_flame",
    "lightning_bolt",
    "fire_of_wrath",
)
_CONTROL_SPELLS = ("chaos_sleep", "sleep", "tempest", "chaos_tempest", "fear")
_HEAL_SPELLS = ("heal_body", "water_of_healing")


def step_order(run: Run, f: Fighter) -> StepOrder:
    sq = f.square
    assert sq is not None
    t = f.tactics
    side = f.side
    fighting = Status.FIGHTING
    enemies = [o for o in run.fighters if o.status is fighting and o.side != side]
    if not enemies:
        return _rescue_order(run, f) or STAND
    target = pick_target(run, f, enemies)
    there = target.square
    assert there is not None
    dist = max(abs(sq.col - there.col), abs(sq.row - there.row))
    appeal = f.body == 1 and (t.appeal == "always" or (t.appeal == "if_likely" and f.tally >= 2))
    if appeal:
        return StepOrder(appeal=True)
    kit = f.loadout()
    potion = _potion_choice(run, f, dist) if kit.potions else None
    spell = _spell_choice(run, f, target, dist) if f.spells else None
    weapon = f.weapon(run.options.contest, kit)
    reach = weapon if kit.shooting is None else f.passing_weapon(run.options.contest, kit)
    passing = None
    if reach.reach > 1:
        in_reach = [
            o
            for o in enemies
            if reach.min_range < _cheb(sq, o.square) <= reach.reach
            or (reach.min_range <= 1 and 1 < _cheb(sq, o.square) <= reach.reach)
        ]
        if in_reach:
            passing = pick_target(run, f, in_reach).name
    throw = _throw_choice(run, f, target, dist) if kit.throwing_weapons else None
    if throw is not None:
        return StepOrder(throw=throw, spell=spell, potion=potion)
    rescue = _rescue_order(run, f) if run.has_teammates else None
    if rescue is not None and (rescue.potion or rescue.spell or dist > 3):
        return rescue
    if reach.bow and not run.impatient:
        # A crossbow keeps its distance while it can shoot.
        dcol, drow = step_away(run, f, there) if dist < 3 else (0, 0)
    elif t.approach == "keep_distance" and _has_ranged(run, f) and dist < 3:
        dcol, drow = step_away(run, f, there)
    elif t.approach == "keep_distance" and _has_ranged(run, f):
        dcol, drow = (0, 0)
    else:
        unarmed_goal = _lost_weapon_goal(run, f, dist) if not kit.weapons else None
        goal = unarmed_goal or there
        dcol, drow = step_towards(run, f, goal, diagonal=weapon.diagonal and not unarmed_goal)
        if unarmed_goal and (dcol, drow) == (0, 0) and _manhattan(sq, goal) == 1:
            dcol, drow = goal.col - sq.col, goal.row - sq.row
    facing = f.facing
    move = Move.STAND if (dcol, drow) == (0, 0) else relative_move(facing, dcol, drow)
    pivot = None
    if not f.pivot_used:
        want = Facing.towards(there.col - (sq.col + dcol), there.row - (sq.row + drow))
        if want is facing.turned_left():
            pivot = "left"
        elif want is facing.turned_right() or want is facing.reversed():
            pivot = "right"
    if spell is None and potion is None and passing is None:
        return _PLAIN_STEPS[move, pivot]
    return StepOrder(
        move=move, pivot=pivot, pivot_after=True, spell=spell, potion=potion, passing=passing
    )


# The orders that only move and pivot, made once: most orders the tactics write are these,
# and building a frozen dataclass every time costs more than looking one up.
_PLAIN_STEPS = {
    (move, pivot): StepOrder(move=move, pivot=pivot, pivot_after=True)
    for move in Move
    for pivot in (None, "left", "right")
}


def _has_ranged(run: Run, f: Fighter) -> bool:
    if run.impatient:
        return False
    if f.tactics.spells != "never" and any(s in _ATTACK_SPELLS for s in f.spells):
        return True
    if f.tactics.throw == "never":
        return False
    spare = 0 if f.tactics.throw == "always" else 1
    return f.loadout().throwables > spare


def _lost_weapon_goal(run: Run, f: Fighter, dist: int) -> Square | None:
    """An unarmed gladiator goes to fetch a weapon lying nearer than the enemy."""
    if f.weapons():
        return None
    sq = f.square
    assert sq is not None
    best = None
    for item, where, _owner in run.ground:
        near = _cheb(sq, where) < dist and (best is None or _cheb(sq, where) < _cheb(sq, best))
        if near and where not in run.occupied and run.can_carry(f, item):
            best = where
    return best


def _potion_choice(run: Run, f: Fighter, dist: int) -> PotionOrder | None:
    if f.potion_used:
        return None
    potions = f.loadout().potions
    if not potions:
        return None
    if "healing_potion" in potions and f.tactics.drink == "when_hurt" and f.body <= f.max_body // 2:
        return PotionOrder("healing_potion")
    if dist <= 2:
        for slug in ("heroic_brew", "strength_potion", "defense_potion"):
            if slug in potions and not (slug == "strength_potion" and f.courage):
                return PotionOrder(slug)
    if dist >= 7 and "speed_potion" in potions and not f.double_move:
        return PotionOrder("speed_potion")
    return None


def _spell_choice(run: Run, f: Fighter, target: Fighter, dist: int) -> CastOrder | None:
    if f.spell_used or not f.spells or f.tactics.spells == "never":
        return None
    spells = f.spells
    for slug in _HEAL_SPELLS:
        if slug in spells and f.body <= f.max_body // 2:
            return CastOrder(slug, f.name)
    for slug in _ATTACK_SPELLS:
        if slug in spells:
            return CastOrder(slug, target.name)
    if "firestorm" in spells and not any(
        o is not f and (o.side == f.side or o.status is Status.MERCY) and o.square
        for o in run.fighters
    ):
        return CastOrder("firestorm", None)
    for slug in _CONTROL_SPELLS:
        if slug in spells and not (target.asleep or target.tempest or target.afraid):
            if "sleep" in slug and target.gtype.undead:
                continue
            return CastOrder(slug, target.name)
    if dist <= 3:
        if "courage" in spells and not f.courage:
            return CastOrder("courage", f.name)
        if "rock_skin" in spells and not f.rock_skin:
            return CastOrder("rock_skin", f.name)
    return None


def _throw_choice(run: Run, f: Fighter, target: Fighter, dist: int) -> ThrowOrder | None:
    how = f.tactics.throw
    if how == "never" or not 3 <= dist <= 12:
        return None
    kit = f.loadout()
    weapons = kit.weapons
    throwables = kit.throwing_weapons
    if not throwables:
        return None
    if how == "spare" and len(weapons) < 2:
        return None
    # Throw the weakest throwable, keep the best weapon in hand.
    pick = min(throwables, key=lambda w: (w.attack, w.slug))
    return ThrowOrder(pick.slug, target.name, predict(run, f, target))


def _rescue_order(run: Run, f: Fighter) -> StepOrder | None:
    """VI.A: get a healing potion or spell to a fallen teammate."""
    down = [o for o in run.fighters if o.status is Status.DOWN and o.side == f.side and o is not f]
    if not down:
        return None
    sq = f.square
    assert sq is not None
    ally = min(down, key=lambda o: (_cheb(sq, o.square), o.index))
    if not f.spell_used:
        for slug in _HEAL_SPELLS:
            if slug in f.spells:
                return StepOrder(spell=CastOrder(slug, ally.name))
    if "healing_potion" not in f.carried or f.potion_given:
        return None
    if _manhattan(sq, ally.square) == 1 or _cheb(sq, ally.square) == 1:
        return StepOrder(potion=PotionOrder("healing_potion", ally.name))
    dcol, drow = step_towards(run, f, ally.square, diagonal=True)
    if (dcol, drow) == (0, 0):
        return StepOrder()
    move = relative_move(f.facing, dcol, drow)
    if _cheb(Square(sq.col + dcol, sq.row + drow), ally.square) == 1:
        # The step that brings him next to the fallen carries the potion (handed over on
        # arrival, VI.A): with his last point it would otherwise come too late.
        return StepOrder(move=move, potion=PotionOrder("healing_potion", ally.name))
    return StepOrder(move=move)


# --- the combat round -------------------------------------------------------------------


def combat_order(
    run: Run, f: Fighter, targets: list[Fighter], contested: set[str]
) -> CombatOrder | None:
    if not targets:
        return None
    if len(targets) == 1:
        target = targets[0]  # (what min/max would pick, without building the keys)
    elif f.tactics.target != "strongest":
        target = min(targets, key=lambda o: (o.body, o.index))
    else:
        target = max(targets, key=lambda o: (o.body, -o.index))
    weapon = f.weapon(run.options.contest)
    base = weapon.attack + f.bonuses["attack"]
    if (
        f.shield_dice
        and target.name in contested
        and f.tactics.shield_bash != "never"
        and (f.tactics.shield_bash == "always" or 2 * f.shield_dice >= base + 1)
    ):
        return CombatOrder(Attack.SHIELD_BASH, target.name)
    pref = f.tactics.attack
    if pref == "jab" and (base <= 1 or run.impatient):
        pref = "thrust"  # a jab with one die rolls no attack dice at all
    if pref != "auto":
        return CombatOrder(Attack(pref), target.name)
    if f.body <= 2 and base >= 2 and target.body > 2:
        return CombatOrder(Attack.JAB, target.name)
    if f.body >= target.body or target.body <= base:
        return CombatOrder(Attack.SWING, target.name)
    return CombatOrder(Attack.THRUST, target.name)


__all__ = ["DEFAULT_TACTICS", "Kind", "Tactics", "combat_order", "parse_tactics", "step_order"]
