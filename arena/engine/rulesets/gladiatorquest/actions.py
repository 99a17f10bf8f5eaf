"""The special cases of the movement phase (IV.C) and the appeal (VI.B).

Resolution order inside one step (all papers are revealed first): appeals, potions, spells,
passing attacks, then the moves, then thrown weapons (they need the moves: the thrower
predicted where his target would be).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.core.dice import CombatFace
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest.data import ITEMS, SPELLS, Kind
from arena.engine.rulesets.gladiatorquest.events import (
    Appealed,
    Attacked,
    PotionDrunk,
    SpellCast,
    Thrown,
)
from arena.engine.rulesets.gladiatorquest.orders import Move, StepOrder
from arena.engine.rulesets.gladiatorquest.state import Fighter, Status

if TYPE_CHECKING:
    from arena.engine.rulesets.gladiatorquest.engine import Run

THROW_MIN, THROW_MAX, THROW_FLIGHT = 3, 12, 15
MERCY_TARGET = 6
SKULL, WHITE = CombatFace.SKULL, CombatFace.WHITE


def can_heal(f: Fighter) -> bool:
    return (
        "healing_potion" in f.carried or "heal_body" in f.spells or ("water_of_healing" in f.spells)
    )


def _names(faces: list[CombatFace]) -> tuple[str, ...]:
    return tuple([face._value_ for face in faces])  # (`.value` is a slow descriptor)


def _cheb(a: Fighter, b: Fighter) -> int:
    assert a.square is not None and b.square is not None
    return a.square.chebyshev(b.square)


# --- validation of written orders ----------------------------------------------------------


def check_step_order(run: Run, f: Fighter, order: StepOrder, where: str) -> None:
    """Refuse what cannot be done, naming the field (an "impossible order")."""

    def fail(sub: str, message: str) -> None:
        raise EngineInputError(f"{where}.{sub}", message)

    if order.pivot and f.pivot_used:
        fail("pivot", f"{f.name} has already pivoted this movement phase (IV.B.4)")
    if order.appeal and f.body != 1:
        fail("appeal", f"{f.name} may appeal only at exactly 1 body point (VI.B), has {f.body}")
    if order.potion is not None:
        p = order.potion
        if p.potion not in f.carried or ITEMS[p.potion].kind is not Kind.POTION:
            fail("potion", f"{f.name} carries no {p.potion}")
        if p.give_to is None and f.potion_used:
            fail("potion", "only one potion may be drunk per movement phase (IV.C.4)")
        if p.give_to is not None:
            other = run.fighter(p.give_to, f"{where}.potion.give_to")
            if f.potion_given:
                fail("potion", "only one potion may be given per movement phase (IV.C.4)")
            if (
                other.side != f.side
                or other is f
                or other.status not in (Status.FIGHTING, Status.DOWN)
            ):
                fail("potion.give_to", f"{p.give_to} is not a teammate in the fight")
            if _cheb(f, other) != 1:
                # VI.A "if a teammate can make it to an adjacent square": a give written on
                # the paper of the step that brings him there is handed over on arrival.
                there = run.destination(f, order)
                assert other.square is not None
                if there is None or there.chebyshev(other.square) != 1:
                    fail(
                        "potion.give_to",
                        f"{p.give_to} is not in an adjacent square, nor next to the square "
                        f"{f.name}'s move of this step leads to",
                    )
    if order.spell is not None:
        s = order.spell
        if s.spell not in f.spells:
            fail("spell", f"{f.name} has no {s.spell} spell left")
        if f.spell_used:
            fail("spell", "only one spell per movement phase (IV.C.2)")
        spell = SPELLS[s.spell]
        if spell.target == "none":
            fail("spell", f"{spell.name} cannot be cast in the arena")
        if spell.target in ("enemy", "ally"):
            if s.target is None:
                fail("spell.target", f"{spell.name} needs a target")
            assert s.target is not None
            other = run.fighter(s.target, f"{where}.spell.target")
            if other.square is None or other.status is Status.DEAD:
                fail("spell.target", f"{other.name} is not in the arena")
            if spell.target == "ally" and other.side != f.side:
                fail("spell.target", f"{spell.name} is cast on oneself or a teammate")
            if spell.target == "enemy" and other is f:
                fail("spell.target", f"{spell.name} is cast on an opponent")
            if "sleep" in spell.slug and other.gtype.undead:
                fail("spell.target", "sleep does not work on the undead")
    if order.passing is not None:
        other = run.fighter(order.passing, f"{where}.passing_attack")
        if other.side == f.side or other.status is not Status.FIGHTING:
            fail("passing_attack", f"{other.name} is not an opponent in the fight (IV.C.3)")
        weapon = f.passing_weapon(run.options.contest)
        if weapon.reach <= 1:
            fail("passing_attack", f"the {weapon.name.lower()} does not reach past one square")
        if other.square is None or not (1 < _cheb(f, other) <= weapon.reach):
            fail("passing_attack", f"{other.name} is not 2..{weapon.reach} squares away")
    if order.throw is not None:
        t = order.throw
        other = run.fighter(t.target, f"{where}.throw.at")
        item = ITEMS.get(t.weapon)
        if t.weapon not in f.carried or item is None or not item.throwable:
            fail("throw.weapon", f"{f.name} carries no throwable {t.weapon}")
        if run.options.contest == "magic_only" and f.spells:
            fail("throw", "magic-only contest: no weapons while spells are left (VIII.H.3)")
        if other.status is not Status.FIGHTING or other.side == f.side:
            fail("throw.at", f"{other.name} is not an opponent in the fight")
        dist = _cheb(f, other)
        if not THROW_MIN <= dist <= THROW_MAX:
            fail(
                "throw.at",
                f"{other.name} is {dist} squares away; a throw needs "
                f"{THROW_MIN} to {THROW_MAX} (IV.C.1)",
            )
        if f.points < 1:
            fail("throw", "a throw costs a movement point")


# --- appeals, potions ------------------------------------------------------------------------


def appeals(run: Run, orders: dict[str, StepOrder]) -> None:
    """VI.B: one red die + the tally; 6 or more and the Emperor grants mercy."""
    for f in run.fighters:
        order = orders.get(f.name)
        if order is None or not order.appeal or f.body != 1 or not f.fighting:
            continue
        roll = run.dice.d6()
        granted = roll + f.tally >= MERCY_TARGET
        run.events.append(Appealed(f.name, roll, f.tally, granted))
        if granted:
            run.defeat_by_mercy(f)
        else:
            f.body = 0
            run.kill(f, "the Emperor", how="killed")
            if f.last_hit_by in run.by_name:
                run.by_name[f.last_hit_by].defeated.append(f.name)


def potions(run: Run, orders: dict[str, StepOrder]) -> None:
    for f in run.fighters:
        order = orders.get(f.name)
        if order is None or order.potion is None or not f.fighting:
            continue
        p = order.potion
        if p.potion not in f.carried:
            continue
        if p.give_to is None:
            if not f.potion_used:
                f.potion_used = True
                drink(run, f, p.potion, given_by=None)
        elif not f.potion_given:
            _give(run, f, run.by_name[p.give_to], p.potion)


def gives_on_arrival(run: Run, orders: dict[str, StepOrder]) -> None:
    """After the moves: a give written with a move, not yet handed over because the two were
    not adjacent before it, is handed over if the move brought them together (VI.A)."""
    for f in run.fighters:
        order = orders.get(f.name)
        if (
            order is None
            or order.potion is None
            or order.potion.give_to is None
            or order.move is Move.STAND
            or order.move is Move.TURN_AROUND
            or f.potion_given
            or not f.fighting
            or order.potion.potion not in f.carried
        ):
            continue
        _give(run, f, run.by_name[order.potion.give_to], order.potion.potion)


def _give(run: Run, f: Fighter, other: Fighter, potion: str) -> None:
    """IV.C.4: handed to an adjacent teammate, who drinks it; the giver is the one who loses
    it (his `potions_used`: the campaign takes it off his inventory, not the drinker's)."""
    if other.status in (Status.FIGHTING, Status.DOWN) and _cheb(f, other) == 1:
        f.potion_given = True
        drink(run, other, potion, given_by=f)


def drink(run: Run, f: Fighter, potion: str, *, given_by: Fighter | None) -> None:
    owner = f if given_by is None else given_by
    owner.carried.remove(potion)
    owner.potions_used.append(potion)
    roll = None
    if potion == "healing_potion":
        roll = run.dice.d6()
        _heal(f, roll)
    elif potion == "strength_potion":
        f.courage += 2
    elif potion == "defense_potion":
        f.defense_bonus += 2
    elif potion == "speed_potion":
        f.double_move = True
    elif potion == "heroic_brew":
        f.heroic = True
    run.events.append(
        PotionDrunk(
            f.name,
            ITEMS[potion].name.lower(),
            None if given_by is None else given_by.name,
            roll,
            f.body,
        )
    )


def _heal(f: Fighter, amount: int) -> int:
    before = f.body
    f.body = min(f.max_body, f.body + amount)
    if f.status is Status.DOWN and f.body > 0:
        f.status = Status.FIGHTING
        f.out_at = 0
    return f.body - before


# --- spells ---------------------------------------------------------------------------------


def spells(run: Run, orders: dict[str, StepOrder]) -> None:
    """IV.C.2: once per movement phase; attack spells hit automatically."""
    for f in run.fighters:
        order = orders.get(f.name)
        if order is None or order.spell is None or not f.fighting or f.spell_used:
            continue
        cast = order.spell
        if cast.spell not in f.spells:
            continue
        f.spell_used = True
        f.spells.remove(cast.spell)
        _cast(run, f, cast.spell, run.by_name.get(cast.target or ""))


def _save(run: Run, dice: int) -> tuple[int, ...]:
    return tuple(run.dice.d6s(dice))


def _cast(run: Run, f: Fighter, slug: str, target: Fighter | None) -> None:
    spell = SPELLS[slug]
    ev = run.events
    name = spell.name
    if target is not None and (target.square is None or target.status is Status.DEAD):
        ev.append(SpellCast(f.name, name, target.name, (), 0, 0, "the target is gone"))
        return
    if slug == "genie":
        assert target is not None
        ev.append(SpellCast(f.name, name, target.name, (), 0, 0, ""))
        _strike(run, f, target, spell.attack, "spell", name)
    elif spell.damage and slug not in ("firestorm", "lightning_bolt"):
        assert target is not None
        saves = _save(run, spell.save_dice)
        dmg = spell.damage - sum(1 for s in saves if s >= 5)
        ev.append(SpellCast(f.name, name, target.name, saves, max(dmg, 0), 0, ""))
        run.wound(target, dmg, f)
    elif slug == "firestorm":
        for o in run.fighters:
            if o is f or o.square is None or o.status not in (Status.FIGHTING, Status.MERCY):
                continue
            saves = _save(run, spell.save_dice)
            dmg = spell.damage - sum(1 for s in saves if s >= 5)
            ev.append(SpellCast(f.name, name, o.name, saves, max(dmg, 0), 0, ""))
            run.wound(o, dmg, f)
    elif slug == "lightning_bolt":
        assert target is not None and f.square is not None and target.square is not None
        path = run.board.line(f.square, target.square, max(run.board.width, run.board.height))
        for sq in path:
            o = run.occupied.get(sq)
            if o is not None and o.status in (Status.FIGHTING, Status.MERCY):
                ev.append(SpellCast(f.name, name, o.name, (), spell.damage, 0, ""))
                run.wound(o, spell.damage, f)
    elif spell.heal:
        assert target is not None
        healed = _heal(target, spell.heal)
        ev.append(SpellCast(f.name, name, target.name, (), 0, healed, ""))
    else:
        effect = _apply_effect(slug, target)
        ev.append(SpellCast(f.name, name, target.name if target else None, (), 0, 0, effect))
        if target is not None and target.status is Status.MERCY and spell.target == "enemy":
            run.slay_by_archers(f)


def _apply_effect(slug: str, target: Fighter | None) -> str:
    if target is None:
        return "no effect in an open arena"
    if slug == "courage":
        target.courage += 2
        return "+2 attack dice on the next attack"
    if slug == "rock_skin":
        target.rock_skin = 1
        return "+1 defend die until wounded"
    if slug == "swift_wind":
        target.double_move = True
        return "twice the movement dice next time"
    if slug in ("tempest", "chaos_tempest"):
        target.tempest = True
        return "misses the next turn"
    if slug in ("sleep", "chaos_sleep"):
        if target.gtype.undead:
            return "no effect on the undead"
        target.asleep = True
        return "falls asleep"
    if slug == "fear":
        target.afraid = True
        return "attacks with 1 die while afraid"
    return "no effect in an open arena"


# --- attacks outside the combat phase --------------------------------------------------------


def _strike(run: Run, by: Fighter, target: Fighter, dice: int, how: str, weapon: str) -> int:
    """Attack dice against defend dice, no parry (passing attacks, throws, Genie)."""
    faces = run.dice.combat(dice)
    skulls = faces.count(SKULL)
    defend: list[CombatFace] = []
    blocked = 0
    if skulls and not target.asleep and target.status is Status.FIGHTING:
        count = target.defend_dice() + target.defense_bonus
        target.defense_bonus = 0
        defend = run.dice.combat(count)
        blocked = min(skulls, defend.count(WHITE))
    dealt = run.wound(target, skulls - blocked, by)
    run.events.append(
        Attacked(
            by.name,
            target.name,
            how,
            weapon,
            _names(faces),
            skulls,
            (),
            0,
            _names(defend),
            blocked,
            dealt,
            target.body,
        )
    )
    return dealt


def passing_attacks(run: Run, orders: dict[str, StepOrder]) -> None:
    """IV.C.3: a reach weapon strikes an opponent more than one square away; no parries.
    The attacker is off balance if combat follows in this movement phase."""
    for f in run.fighters:
        order = orders.get(f.name)
        if order is None or order.passing is None or not f.fighting:
            continue
        target = run.by_name[order.passing]
        weapon = f.passing_weapon(run.options.contest)
        if target.square is None or not 1 < _cheb(f, target) <= weapon.reach:
            continue
        f.passing_attacked = True
        dice = weapon.attack + f.bonuses["attack"] + f.courage
        f.courage = 0
        _strike(run, f, target, dice, "passing", weapon.name.lower())


def throws(run: Run, orders: dict[str, StepOrder]) -> None:
    """IV.C.1: the thrower names the square he predicts; a miss flies on for 15 squares
    from the thrower, stops at a wall and hits whoever stands in the way."""
    for f in run.fighters:
        order = orders.get(f.name)
        if order is None or order.throw is None or not f.fighting:
            continue
        t = order.throw
        if t.weapon not in f.carried or f.points < 0:
            continue
        item = ITEMS[t.weapon]
        f.points -= 1 if f.points > 0 else 0
        f.carried.remove(t.weapon)
        target = run.by_name[t.target]
        assert f.square is not None
        struck: Fighter | None = None
        if target.square == t.square and target.status is Status.FIGHTING:
            hit, struck, landed = True, target, t.square
        else:
            hit = False
            path = run.board.line(f.square, t.square, THROW_FLIGHT)
            landed = path[-1] if path else f.square
            for sq in path:
                o = run.occupied.get(sq)
                if o is not None and o.status in (Status.FIGHTING, Status.MERCY):
                    struck, landed = o, sq
                    break
        run.events.append(
            Thrown(
                f.name,
                item.name.lower(),
                target.name,
                str(t.square),
                hit,
                struck.name if struck else None,
                str(landed),
            )
        )
        run.ground.append((t.weapon, landed, f.name))
        f.thrown.append(t.weapon)
        if struck is not None:
            if struck.status is Status.MERCY:
                run.slay_by_archers(f)
            else:
                dice = item.attack + f.bonuses["attack"]
                _strike(run, f, struck, dice, "thrown", item.name.lower())
