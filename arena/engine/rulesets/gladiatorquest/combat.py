"""The combat phase (V): secret attack types, attack rolls, parries, defence, shield bash.

Everyone in contact writes an attack type and a target; all are revealed; every attack dice
roll is made (so a gladiator slain this round still strikes); then each attack is parried
(only by the defender who chose to attack that attacker, V.F.1, and only if he can reach him,
V.F.2) and defended, and damage is applied at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arena.engine.core.dice import CombatFace
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest.events import Attacked, ShieldDamaged
from arena.engine.rulesets.gladiatorquest.orders import (
    ATTACK_MODIFIERS,
    Attack,
    CombatOrder,
    parse_combat_order,
)
from arena.engine.rulesets.gladiatorquest.state import Fighter, Status
from arena.engine.rulesets.gladiatorquest.tactics import combat_order

if TYPE_CHECKING:
    from arena.engine.rulesets.gladiatorquest.engine import Run

SKULL, WHITE, BLACK = CombatFace.SKULL, CombatFace.WHITE, CombatFace.BLACK


@dataclass(slots=True)
class _Blow:
    attacker: Fighter
    target: Fighter
    order: CombatOrder
    weapon: str
    faces: list[CombatFace]
    parry_dice: int


def dice_for(f: Fighter, attack: Attack, base: int, *, off_balance: bool) -> tuple[int, int]:
    """Attack and parry dice for an attack type (V.C): swing +1/-1, thrust 0/0, jab -1/+1.
    Off balance after a passing attack (IV.C.3): 2 fewer of each, but never below 1 before
    the attack type's modifier ("only 2 attack dice ... then 1 attack and parry die")."""
    if off_balance:
        base = max(1, base - 2)
    mod_attack, mod_parry = ATTACK_MODIFIERS[attack]
    return max(0, base + mod_attack), max(0, base + mod_parry)


def can_reach(a: Fighter, b: Fighter, contested: set[tuple[int, int]], contest: str) -> bool:
    if contested and ((a.index, b.index) in contested or (b.index, a.index) in contested):
        return True
    sa, sb = a.square, b.square
    assert sa is not None and sb is not None
    dc, dr = abs(sa.col - sb.col), abs(sa.row - sb.row)
    return dc + dr == 1 or (dc == 1 and dr == 1 and a.weapon(contest).diagonal)


def resolve(run: Run, pairs: list[tuple[Fighter, Fighter, bool]], raw: Any) -> None:
    contest = run.options.contest
    contested = {(a.index, b.index) for a, b, c in pairs if c}
    opponents: dict[Fighter, list[Fighter]] = {}
    for a, b, _ in pairs:
        if a.fighting and b.fighting:
            opponents.setdefault(a, []).append(b)
            opponents.setdefault(b, []).append(a)
    where = f"turns[{run.turn - 1}].orders" if raw else ""  # (only for refusing orders)
    orders: dict[Fighter, CombatOrder] = {}
    for f in run.fighters:
        if f not in opponents:
            if raw and raw.get(f.name) is not None:
                raise EngineInputError(f"{where}.{f.name}", f"{f.name} is not in this combat")
            continue
        reachable = []
        sf = f.square
        assert sf is not None
        for o in opponents[f]:
            so = o.square
            assert so is not None
            # (side by side, the usual case, is answered here; can_reach says it too)
            if abs(sf.col - so.col) + abs(sf.row - so.row) == 1 or can_reach(
                f, o, contested, contest
            ):
                reachable.append(o)
        explicit = raw.get(f.name) if raw else None
        if explicit is not None:
            order = parse_combat_order(explicit, f"{where}.{f.name}")
            _check(f, order, reachable, contested, f"{where}.{f.name}", run)
            if not order.target:
                order = CombatOrder(order.attack, reachable[0].name)
        else:
            bashable = (
                {
                    o.name
                    for o in reachable
                    if ((f.index, o.index) in contested or (o.index, f.index) in contested)
                }
                if contested
                else _NOBODY
            )
            order = combat_order(run, f, reachable, bashable)
        if order is None or f.asleep or (contest == "magic_only" and f.spells):
            continue
        orders[f] = order
    blows: list[_Blow] = []
    for f, order in orders.items():
        target = run.by_name[order.target]
        if order.attack is Attack.SHIELD_BASH:
            count, parry, label = 2 * f.shield_dice, 0, "shield"
        else:
            weapon = f.weapon(contest)
            base = 1 if f.afraid else weapon.attack + f.bonuses["attack"]
            count, parry = dice_for(f, order.attack, base, off_balance=f.passing_attacked)
            count += f.courage
            f.courage = 0
            label = weapon.name.lower()
        rolls = 2 if f.heroic and order.attack is not Attack.SHIELD_BASH else 1
        f.heroic = False
        for _ in range(rolls):
            blows.append(_Blow(f, target, order, label, run.dice.combat(count), parry))
    first_blow: dict[Fighter, _Blow] = {}  # whose parry dice count when he is attacked
    for blow in blows:
        first_blow.setdefault(blow.attacker, blow)
    damage: list[tuple[_Blow, int, tuple[str, ...], int, tuple[str, ...], int]] = []
    dice = run.dice
    for blow in blows:
        a, d = blow.attacker, blow.target
        skulls = blow.faces.count(SKULL)
        d_order = orders.get(d)
        parry: tuple[str, ...] = ()
        parried = 0
        bashing = (
            d_order is not None
            and d_order.attack is Attack.SHIELD_BASH
            and a.name == d_order.target
        )
        if blow.order.attack is Attack.SHIELD_BASH and bashing:
            skulls = 0  # V.F.3: two bashes nullify each other
        elif bashing:
            parried = skulls  # V.F.3: the basher's shield blocks all of his opponent's hits
        elif skulls and d_order is not None and d_order.target == a.name and not d.asleep:
            parry_faces = dice.combat(first_blow[d].parry_dice)
            parried = min(skulls, parry_faces.count(BLACK))
            parry = _names(parry_faces)
        left = skulls - parried
        defend: tuple[str, ...] = ()
        blocked = 0
        if left and not d.asleep:
            defend_faces = dice.combat(d.defend_dice() + d.defense_bonus)
            d.defense_bonus = 0
            blocked = min(left, defend_faces.count(WHITE))
            defend = _names(defend_faces)
        damage.append((blow, skulls, parry, parried, defend, blocked))
    for blow, skulls, parry, parried, defend, blocked in damage:
        dealt = run.wound(blow.target, skulls - parried - blocked, blow.attacker)
        how = blow.order.attack._value_  # (`.value` is a slow descriptor)
        run.events.append(
            Attacked(
                blow.attacker.name,
                blow.target.name,
                how,
                blow.weapon,
                _names(blow.faces),
                skulls,
                parry,
                parried,
                defend,
                blocked,
                dealt,
                blow.target.body,
            )
        )
        if blow.order.attack is Attack.SHIELD_BASH:
            _shield_wear(run, blow)


def _shield_wear(run: Run, blow: _Blow) -> None:
    """V.F.3: two or more black shields in a bash cost the shield a defend die; a shield with
    none left is destroyed and discarded."""
    f = blow.attacker
    if blow.faces.count(BLACK) < 2 or not f.shield_dice:
        return
    f.shield_dice -= 1
    if f.shield_dice == 0 and "shield" in f.carried:
        f.carried.remove("shield")
        f.items_lost.append("shield")
    run.events.append(ShieldDamaged(f.name, f.shield_dice))


def _check(
    f: Fighter,
    order: CombatOrder,
    reachable: list[Fighter],
    contested: set[tuple[int, int]],
    where: str,
    run: Run,
) -> None:
    if f.asleep:
        raise EngineInputError(where, f"{f.name} is asleep and cannot attack")
    if not reachable:
        raise EngineInputError(
            where, f"{f.name} cannot reach anyone: his weapon does not attack diagonally (V.F.2)"
        )
    names = [o.name for o in reachable]
    if order.target and order.target not in names:
        raise EngineInputError(
            f"{where}.target",
            f"{order.target} is not an opponent {f.name} can reach (one of {', '.join(names)})",
        )
    if order.attack is Attack.SHIELD_BASH:
        target = run.by_name[order.target] if order.target else reachable[0]
        if not f.shield_dice:
            raise EngineInputError(f"{where}.attack", f"{f.name} has no shield to bash with")
        if (f.index, target.index) not in contested and (target.index, f.index) not in contested:
            raise EngineInputError(
                f"{where}.attack",
                "a shield bash needs both to have tried to enter the same square (V.F.3)",
            )
    if f.status is not Status.FIGHTING:
        raise EngineInputError(where, f"{f.name} is not fighting")


_NOBODY: frozenset[str] = frozenset()  # no contested squares this round: nobody to bash


def _names(faces: list[CombatFace]) -> tuple[str, ...]:
    return tuple([face._value_ for face in faces])  # (`.value` is a slow descriptor)
