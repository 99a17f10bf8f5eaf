"""The AI that writes a gladiator's orders from his tactics, for players who write none.

The defaults fight sensibly: close in, thrust (swing when ahead, jab when nearly dead), throw
spare throwing weapons, drink healing when at half body, cast attack spells first, and appeal
to the Emperor at 1 body point when the tally makes mercy at least an even chance. The tactics
read the state as it stands before the turn, as a player reads the board.

Standing still is free (IV.B.2), but a movement phase lasts until every point is spent
(IV.B.6). So a gladiator who has nowhere to go stands only while waiting can change something:
while someone else may still move, and not right after a step in which nothing happened.
Otherwise he uses his points: one keeping his distance steps farther away if he can, anyone
else turns around (it costs a point, IV.B.4).
"""

from __future__ import annotations

import functools
from collections.abc import Container, Sequence
from dataclasses import dataclass, replace
from typing import Any

from arena.engine.core.board import Facing, Square
from arena.engine.rulesets.gladiatorquest import paths
from arena.engine.rulesets.gladiatorquest.data import (
    DEFAULT_TACTICS,
    TACTICS_CHOICES,
    Item,
    Tactics,
    parse_tactics,
)
from arena.engine.rulesets.gladiatorquest.orders import (
    STAND,
    STEP_VECTORS,
    Attack,
    CastOrder,
    CombatOrder,
    Move,
    PotionOrder,
    StepOrder,
    ThrowOrder,
)
from arena.engine.rulesets.gladiatorquest.state import (
    BoutState,
    FighterState,
    Loadout,
    Status,
    arms_for,
    can_carry,
    still_moving,
    weapon_of,
)

CHOICES = TACTICS_CHOICES  # (the name the campaign's pages import)

_ATTACK_SPELLS = (
    "genie",
    "ball_of_flame",
    "chaos_ball_of_flame",
    "lightning_bolt",
    "fire_of_wrath",
)
_CONTROL_SPELLS = ("chaos_sleep", "sleep", "tempest", "chaos_tempest", "fear")
_HEAL_SPELLS = ("heal_body", "water_of_healing")


# --- the movement step ------------------------------------------------------------------


def step_order(state: BoutState, f: FighterState) -> StepOrder:
    sq = f.square
    assert sq is not None
    t = f.gladiator.tactics
    # One pass over everyone: his enemies, and the squares he cannot step into (a list of a
    # few squares is made faster than state.occupied's table of who stands where).
    enemies: list[FighterState] = []
    blocked: list[Square | None] = []
    for o in state.fighters:
        blocked.append(o.square)
        if o.status is Status.FIGHTING and o.side != f.side:
            enemies.append(o)
    if not enemies:
        return _paced(state, f, _rescue_order(state, f) or STAND)
    # (A lone enemy is the target without asking pick_target: every step of a duel.)
    target = enemies[0] if len(enemies) == 1 else pick_target(f, enemies)
    there = target.square
    assert there is not None
    # The way to him, and his (Chebyshev) distance: the longer leg of it.
    (col, row), (target_col, target_row) = sq, there
    vcol, vrow = target_col - col, target_row - row
    dist = max(abs(vcol), abs(vrow))
    if f.body == 1 and (t.appeal == "always" or (t.appeal == "if_likely" and f.tally >= 2)):
        return StepOrder(appeal=True)
    # What he carries, his weapons, and what his tactics make of them (worked out once per kit).
    plan = plan_of(
        f.carried, f.spells, t.weapon, t.throw, t.approach, t.spells, state.options.contest
    )
    kit, reach = plan.kit, plan.passing
    # (Each choice only for one who has the means, and a potion or spell only once a phase
    # (IV.C): most have no potion, spell or team.)
    potion = _potion_choice(f, kit, dist) if kit.potions and "potion" not in f.used else None
    spell = _spell_choice(state, f, target, dist) if f.spells and "spell" not in f.used else None
    passing = None
    if reach.reach > 1:
        nearest = max(1, reach.min_range)
        in_reach = [o for o in enemies if nearest < sq.chebyshev(o.square) <= reach.reach]
        if in_reach:
            passing = pick_target(f, in_reach).name
    throw = _throw_choice(state, f, kit, target, dist) if plan.throws else None
    if throw is not None:
        return StepOrder(throw=throw, spell=spell, potion=potion)
    rescue = _rescue_order(state, f) if f.gladiator.team is not None else None
    if rescue is not None and (rescue.potion or rescue.spell or dist > 3):
        return _paced(state, f, rescue)
    steps = state.options.steps
    # One who keeps his distance does so until the crowd grows impatient.
    if plan.keeps_away and not state.impatient:
        step = paths.step_away(steps, blocked, sq, there) if dist < 3 else paths.STAY
        if step == paths.STAY and not worth_waiting(state, f):
            step = paths.step_away(steps, blocked, sq, there)
    else:
        goal = _lost_weapon(state, f, dist) if not kit.weapons else None
        if goal is None:
            step = paths.step_towards(steps, blocked, sq, there, diagonal=plan.weapon.diagonal)
        elif sq.manhattan(goal) == 1:
            step = (goal.col - sq.col, goal.row - sq.row)
        else:
            step = paths.step_towards(steps, blocked, sq, goal, diagonal=False)
    # Where the target will be from the square he steps to, for the free pivot towards him.
    order = _walk(f.facing, step, vcol - step[0], vrow - step[1], "pivot" not in f.used)
    if spell or potion or passing:
        order = StepOrder(order.move, order.pivot, order.pivot_after, None, spell, potion, passing)
    # (Only an order to stand still may need pacing: most orders step, and skip the call.)
    return order if order.move is not Move.STAND else _paced(state, f, order)


@functools.cache
def _walk(
    facing: Facing, step: tuple[int, int], dcol: int, drow: int, may_pivot: bool
) -> StepOrder:
    """The order that steps by `step` (STAY: stands) without turning, and then, if he still
    may, pivots to face a target (dcol, drow) away from his new square. (Every gladiator's
    order of every step has one, from a few values that recur all the time: each is worked
    out once. Unbounded, unlike the caches keyed on what a gladiator carries: its keys are
    bounded by the board's size, and a bounded cache reorders its entries on every hit.)"""
    move = Move.STAND if step == paths.STAY else _RELATIVE_MOVES[facing, step]
    pivot = _PIVOTS.get((facing, Facing.towards(dcol, drow))) if may_pivot else None
    # StepOrder's fields in their order (move, pivot, pivot_after), not by keyword: a class
    # called with keywords goes through a dict of them.
    return StepOrder(move, pivot, pivot is not None)


def worth_waiting(state: BoutState | Any, f: FighterState | Any) -> bool:
    """Whether standing still may change something: someone else may still move this
    phase, and the last step was not a standoff. (Before the phase's roll, everyone may.)"""
    if not state.rolled:
        return True
    if state.standoff:
        return False
    return any(o.name != f.name and still_moving(o) for o in state.fighters)


def _paced(state: BoutState, f: FighterState, order: StepOrder) -> StepOrder:
    """An order to stand still, when waiting is no use: turn around instead (unless he is
    in contact with an opponent: then combat begins after this step anyway, V.A)."""
    if order.move is not Move.STAND or order.throw or order.appeal or worth_waiting(state, f):
        return order
    if _in_contact(state, f):
        return order
    return replace(order, move=Move.TURN_AROUND, pivot=None, pivot_after=False)


def _in_contact(state: BoutState, f: FighterState) -> bool:
    assert f.square is not None
    contest = state.options.contest
    diagonal = weapon_of(f, contest).diagonal
    return any(
        o.status is Status.FIGHTING
        and o.side != f.side
        and paths.next_to(f.square, o.square, diagonal=diagonal or weapon_of(o, contest).diagonal)
        for o in state.fighters
    )


# The written direction that steps by (dcol, drow) without turning, by facing (STEP_VECTORS
# the other way).
_RELATIVE_MOVES = {(facing, vector): move for (facing, move), vector in STEP_VECTORS.items()}


# The free pivot that turns one facing towards another (a half turn starts to the right).
_PIVOTS = {
    (facing, want): "left" if want is facing.turned_left() else "right"
    for facing in Facing
    for want in Facing
    if want is not facing
}


def pick_target(f: FighterState, candidates: list[FighterState]) -> FighterState:
    if len(candidates) == 1:
        return candidates[0]
    assert f.square is not None
    # Each candidate's (distance, body, index, himself): his index tells any two apart, so
    # the fighters at the end are never compared.
    seen = [(f.square.chebyshev(o.square), o.body, o.gladiator.index, o) for o in candidates]
    how = f.gladiator.tactics.target
    if how == "weakest":
        return min([(body, dist, index, o) for dist, body, index, o in seen])[-1]
    if how == "strongest":
        return max([(body, -dist, -index, o) for dist, body, index, o in seen])[-1]
    return min(seen)[-1]


def predict(state: BoutState, thrower: FighterState, target: FighterState) -> Square:
    """Where the thrower guesses the target will be: one step straight at him."""
    here, there = target.square, thrower.square
    assert here is not None and there is not None
    dcol, drow = there.col - here.col, there.row - here.row
    step = (1 if dcol > 0 else -1, 0) if abs(dcol) > abs(drow) else (0, 1 if drow > 0 else -1)
    nxt = Square(here.col + step[0], here.row + step[1])
    return nxt if state.options.board.is_open(nxt) and nxt not in state.occupied else here


@dataclass(frozen=True, slots=True)
class Plan:
    """What his tactics make of what he carries and the spells he has left: worked out once
    for each, as it is asked every step and changes only when he throws, drinks, casts or
    picks up something."""

    kit: Loadout
    weapon: Item  # his weapon hand to hand (weapon_of)
    passing: Item  # his weapon of a passing attack (passing_weapon_of)
    throws: bool  # he carries a throwing weapon his tactics let go
    keeps_away: bool  # he keeps his distance, while the crowd is patient


@functools.lru_cache(maxsize=4096)
def plan_of(
    carried: tuple[str, ...],
    spells: tuple[str, ...],
    weapon_choice: str | None,
    throw: str,
    approach: str,
    casting: str,
    contest: str,
) -> Plan:
    """His plan, from what he carries, the spells he has left, the four settings of his
    tactics it reads (weapon, throw, approach, spells) and the contest."""
    fists = contest == "magic_only" and bool(spells)  # VIII.H.3
    kit, weapon, passing = arms_for(carried, weapon_choice, fists)
    # A throw only by one whose tactics let a throwing weapon go: any ("always"), or one of
    # two or more weapons ("spare"), so that another stays in hand.
    throws = bool(kit.throwing_weapons) and (
        throw == "always" or (throw == "spare" and len(kit.weapons) > 1)
    )
    # A crossbow keeps its distance while it can shoot, and so does one whose tactics say so
    # while he has a ranged attack: an attack spell he may cast, or a throwing weapon he may
    # throw.
    ranged = (casting != "never" and any(s in _ATTACK_SPELLS for s in spells)) or (
        throw != "never" and len(kit.throwing_weapons) > (0 if throw == "always" else 1)
    )
    keeps_away = passing.bow or (approach == "keep_distance" and ranged)
    return Plan(kit, weapon, passing, throws, keeps_away)


def _lost_weapon(state: BoutState, f: FighterState, dist: int) -> Square | None:
    """An unarmed gladiator goes to fetch a weapon lying nearer than the enemy."""
    sq = f.square
    assert sq is not None
    best = None
    for lying in state.ground:
        where = lying.square
        near = sq.chebyshev(where) < dist and (
            best is None or sq.chebyshev(where) < sq.chebyshev(best)
        )
        if near and where not in state.occupied and can_carry(f, lying.item, state.options.contest):
            best = where
    return best


def _potion_choice(f: FighterState, kit: Loadout, dist: int) -> PotionOrder | None:
    """(For one who has a potion and has not drunk one this phase.)"""
    potions = kit.potions
    hurt = f.body <= f.gladiator.max_body // 2
    if "healing_potion" in potions and f.gladiator.tactics.drink == "when_hurt" and hurt:
        return PotionOrder("healing_potion")
    if dist <= 2:
        for slug in ("heroic_brew", "strength_potion", "defense_potion"):
            if slug in potions and not (slug == "strength_potion" and f.effects.courage):
                return PotionOrder(slug)
    if dist >= 7 and "speed_potion" in potions and not f.effects.double_move:
        return PotionOrder("speed_potion")
    return None


def _spell_choice(
    state: BoutState, f: FighterState, target: FighterState, dist: int
) -> CastOrder | None:
    """(For one who has spells and has not cast one this phase.)"""
    spells = f.spells
    if f.gladiator.tactics.spells == "never":
        return None
    for slug in _HEAL_SPELLS:
        if slug in spells and f.body <= f.gladiator.max_body // 2:
            return CastOrder(slug, f.name)
    for slug in _ATTACK_SPELLS:
        if slug in spells:
            return CastOrder(slug, target.name)
    if "firestorm" in spells and not any(
        o is not f and (o.side == f.side or o.status is Status.MERCY) and o.square
        for o in state.fighters
    ):
        return CastOrder("firestorm", None)
    held = target.effects.asleep or target.effects.tempest or target.effects.afraid
    for slug in _CONTROL_SPELLS:
        if slug in spells and not held and not ("sleep" in slug and target.gladiator.type.undead):
            return CastOrder(slug, target.name)
    if dist <= 3:
        if "courage" in spells and not f.effects.courage:
            return CastOrder("courage", f.name)
        if "rock_skin" in spells and not f.effects.rock_skin:
            return CastOrder("rock_skin", f.name)
    return None


def _throw_choice(
    state: BoutState, f: FighterState, kit: Loadout, target: FighterState, dist: int
) -> ThrowOrder | None:
    """(For one with a throwing weapon his tactics let him throw.)"""
    if not 3 <= dist <= 12:
        return None
    if state.options.contest == "magic_only" and f.spells:
        return None  # VIII.H.3: no weapons while spells are left
    # Throw the weakest throwable, keep the best weapon in hand.
    pick = min(kit.throwing_weapons, key=lambda w: (w.attack, w.slug))
    return ThrowOrder(pick.slug, target.name, predict(state, f, target))


def _rescue_order(state: BoutState, f: FighterState) -> StepOrder | None:
    """VI.A: get a healing potion or spell to a fallen teammate."""
    if f.gladiator.team is None:
        return None  # (nobody to rescue in a free-for-all)
    down = [
        o
        for o in state.fighters
        if o.status is Status.DOWN and o.side == f.side and o.name != f.name
    ]
    if not down:
        return None
    sq = f.square
    assert sq is not None
    ally = min(down, key=lambda o: (sq.chebyshev(o.square), o.gladiator.index))
    there = ally.square
    assert there is not None
    if "spell" not in f.used:
        for slug in _HEAL_SPELLS:
            if slug in f.spells:
                return StepOrder(spell=CastOrder(slug, ally.name))
    if "healing_potion" not in f.carried or "give" in f.used:
        return None
    if sq.chebyshev(there) == 1:
        return StepOrder(potion=PotionOrder("healing_potion", ally.name))
    step = paths.step_towards(state.options.steps, state.occupied, sq, there, diagonal=True)
    if step == paths.STAY:
        return STAND
    move = _RELATIVE_MOVES[f.facing, step]
    if Square(sq.col + step[0], sq.row + step[1]).chebyshev(there) == 1:
        # The step that brings him next to the fallen carries the potion (handed over on
        # arrival, VI.A): with his last point it would otherwise come too late.
        return StepOrder(move=move, potion=PotionOrder("healing_potion", ally.name))
    return StepOrder(move=move)


# --- the combat round -------------------------------------------------------------------


def combat_order(
    state: BoutState,
    f: FighterState,
    targets: Sequence[FighterState],
    bashable: Container[str],
) -> CombatOrder | None:
    """`targets`: the opponents he can strike; `bashable`: those he contested a square with."""
    if not targets:
        return None
    t = f.gladiator.tactics
    if len(targets) == 1:
        target = targets[0]  # (most rounds: no choice to weigh)
    elif t.target != "strongest":  # (ranked in a list as in pick_target)
        target = min([(o.body, o.gladiator.index, o) for o in targets])[-1]
    else:
        target = max([(o.body, -o.gladiator.index, o) for o in targets])[-1]
    base = weapon_of(f, state.options.contest).attack + f.gladiator.bonuses.attack
    if (
        f.shield_dice
        and target.name in bashable
        and t.shield_bash != "never"
        and (t.shield_bash == "always" or 2 * f.shield_dice >= base + 1)
    ):
        return CombatOrder(Attack.SHIELD_BASH, target.name)
    pref = t.attack
    if pref == "jab" and (base <= 1 or state.impatient):
        pref = "thrust"  # a jab with one die rolls no attack dice at all
    if pref != "auto":
        return CombatOrder(Attack(pref), target.name)
    if f.body <= 2 and base >= 2 and target.body > 2:
        return CombatOrder(Attack.JAB, target.name)
    if f.body >= target.body or target.body <= base:
        return CombatOrder(Attack.SWING, target.name)
    return CombatOrder(Attack.THRUST, target.name)


__all__ = [
    "CHOICES",
    "DEFAULT_TACTICS",
    "Tactics",
    "combat_order",
    "parse_tactics",
    "pick_target",
    "step_order",
]
