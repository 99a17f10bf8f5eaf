"""The combat phase (V): secret attack types, attack rolls, parries, defence, shield bash.

Everyone in contact writes an attack type and a target; all are revealed; every attack dice
roll is made (so a gladiator slain this round still strikes); then each attack is parried
(only by the defender who chose to attack that attacker, V.F.1, and only if he can reach him,
V.F.2) and defended, and damage is applied at the end.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import CombatFace
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest.actions import faces
from arena.engine.rulesets.gladiatorquest.events import Attacked, ShieldDamaged
from arena.engine.rulesets.gladiatorquest.orders import (
    ATTACK_MODIFIERS,
    Attack,
    CombatOrder,
    order_location,
)
from arena.engine.rulesets.gladiatorquest.state import (
    BoutState,
    Front,
    defend_dice_of,
    weapon_of,
)
from arena.engine.rulesets.gladiatorquest.tactics import combat_order
from arena.engine.rulesets.gladiatorquest.wounds import wound

SKULL, WHITE, BLACK = CombatFace.SKULL, CombatFace.WHITE, CombatFace.BLACK


def can_attack(state: BoutState, front: Front) -> bool:
    """Whether he writes an attack this round: awake, someone in reach, and (in a magic-only
    contest) no spells left (VIII.H.3)."""
    f = front.fighter
    if f.effects.asleep or not front.reachable:
        return False
    return not (state.options.contest == "magic_only" and f.spells)


def check_orders(
    state: BoutState, written: Mapping[str, CombatOrder | None]
) -> dict[str, CombatOrder]:
    """This round's orders: as written (read_order's, checked here against the round), and
    the tactics' for everyone who wrote none."""
    orders = {}
    for name, front in state.fronts.items():
        order = written.get(name)
        if order is not None:
            _check(state, front, order)
            if not order.target:
                order = CombatOrder(order.attack, front.reachable[0].name)
        else:
            order = tactics_order(state, front)
        if order is not None and can_attack(state, front):
            orders[name] = order
    return orders


def tactics_order(state: BoutState, front: Front) -> CombatOrder | None:
    return combat_order(state, front.fighter, front.reachable, front.bashable)


def _check(state: BoutState, front: Front, order: CombatOrder) -> None:
    """Refuse an attack that cannot be made, at its place in the input (worked out only for
    one that is refused: every order of every round is checked)."""
    problem = _problem(front, order)
    if problem is not None:
        field, message = problem
        raise EngineInputError(order_location(state, front.fighter.name) + field, message)


def _problem(front: Front, order: CombatOrder) -> tuple[str, str] | None:
    """What is wrong with an attack, if anything: the order's field (after its location)
    and the reason in words."""
    f = front.fighter
    if f.effects.asleep:
        return "", f"{f.name} is asleep and cannot attack"
    if not front.reachable:
        return "", f"{f.name} cannot reach anyone: his weapon does not attack diagonally (V.F.2)"
    target = order.target or front.reachable[0].name
    if target not in [o.name for o in front.reachable]:
        names = ", ".join(o.name for o in front.reachable)
        return ".target", f"{target} is not an opponent {f.name} can reach (one of {names})"
    if order.attack is Attack.SHIELD_BASH:
        if not f.shield_dice:
            return ".attack", f"{f.name} has no shield to bash with"
        if target not in front.bashable:
            return (
                ".attack",
                "a shield bash needs both to have tried to enter the same square (V.F.3)",
            )
    return None


def dice_for(attack: Attack, base: int, *, off_balance: bool) -> tuple[int, int]:
    """Attack and parry dice for an attack type (V.C): swing +1/-1, thrust 0/0, jab -1/+1.
    Off balance after a passing attack (IV.C.3): 2 fewer of each, but never below 1 before
    the attack type's modifier ("only 2 attack dice ... then 1 attack and parry die")."""
    if off_balance:
        base = max(1, base - 2)
    mod_attack, mod_parry = ATTACK_MODIFIERS[attack]
    return max(0, base + mod_attack), max(0, base + mod_parry)


def combat_round(state: BoutState, orders: dict[str, CombatOrder], turn: Turn) -> BoutState:
    """V.B-V.F: every attack is rolled first, in order; then each is parried and defended (a
    gladiator slain this round still strikes); the damage is dealt at the end."""
    contest = state.options.contest
    # A blow: (attacker, target, attack type, the weapon's name, the attack faces).
    blows: list[tuple[str, str, Attack, str, list[CombatFace]]] = []
    parry_dice: dict[str, int] = {}  # an attacker's parry dice, if he is attacked (V.F.1)
    for name, order in orders.items():
        f = state.named(name)
        attack = order.attack
        effects = f.effects
        if attack is Attack.SHIELD_BASH:
            count, parry, label = 2 * f.shield_dice, 0, "shield"
        else:
            weapon = weapon_of(f, contest)
            base = 1 if effects.afraid else weapon.attack + f.gladiator.bonuses.attack
            count, parry = dice_for(attack, base, off_balance="passing" in f.used)
            count += effects.courage
            label = weapon.name.lower()
        parry_dice[name] = parry
        rolls = 2 if effects.heroic and attack is not Attack.SHIELD_BASH else 1
        if (effects.courage and attack is not Attack.SHIELD_BASH) or effects.heroic:
            courage = 0 if attack is not Attack.SHIELD_BASH else effects.courage
            state = state.put(f.affected(courage=courage, heroic=False))
        for _ in range(rolls):
            blows.append((name, order.target, attack, label, turn.dice.combat(count)))
    # Each blow parried and defended, noted beside it: (skulls, parry faces, parried, defend
    # faces, blocked).
    struck = []
    for blow in blows:
        a, d_name, attack, _, rolled = blow
        d = state.named(d_name)
        skulls = rolled.count(SKULL)
        d_order = orders.get(d_name)
        parry: tuple[str, ...] = ()
        parried = 0
        bashing = (
            d_order is not None and d_order.attack is Attack.SHIELD_BASH and a == d_order.target
        )
        if attack is Attack.SHIELD_BASH and bashing:
            skulls = 0  # V.F.3: two bashes nullify each other
        elif bashing:
            parried = skulls  # V.F.3: the basher's shield blocks all of his opponent's hits
        elif skulls and d_order is not None and d_order.target == a and not d.effects.asleep:
            parry_faces = turn.dice.combat(parry_dice[d_name])
            parried = min(skulls, parry_faces.count(BLACK))
            parry = faces(parry_faces)
        left = skulls - parried
        defend: tuple[str, ...] = ()
        blocked = 0
        if left and not d.effects.asleep:
            defend_faces = turn.dice.combat(defend_dice_of(d) + d.effects.defense_bonus)
            if d.effects.defense_bonus:
                state = state.put(d.affected(defense_bonus=0))
            blocked = min(left, defend_faces.count(WHITE))
            defend = faces(defend_faces)
        struck.append((blow, skulls, parry, parried, defend, blocked))
    for (a, d, attack, weapon, rolled), skulls, parry, parried, defend, blocked in struck:
        state, dealt = wound(state, turn, d, skulls - parried - blocked, a)
        body = state.named(d).body
        turn.tell(
            Attacked(
                a,
                d,
                attack,
                weapon,
                faces(rolled),
                skulls,
                parry,
                parried,
                defend,
                blocked,
                dealt,
                body,
            )
        )
        if attack is Attack.SHIELD_BASH:
            state = shield_wear(state, a, rolled, turn)
    return state


def shield_wear(state: BoutState, name: str, rolled: list[CombatFace], turn: Turn) -> BoutState:
    """V.F.3: two or more black shields in a bash cost the shield a defend die; a shield with
    none left is destroyed and discarded."""
    f = state.named(name)
    if rolled.count(BLACK) < 2 or not f.shield_dice:
        return state
    f = replace(f, shield_dice=f.shield_dice - 1)
    if f.shield_dice == 0 and "shield" in f.carried:
        f = f.without("shield").noted(items_lost=(*f.record.items_lost, "shield"))
    turn.tell(ShieldDamaged(name, f.shield_dice))
    return state.put(f)
