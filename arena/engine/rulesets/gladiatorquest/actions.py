"""The special cases of the movement phase (IV.C) and the appeal (VI.B).

Resolution order inside one step (all papers are revealed first): appeals, potions, spells,
passing attacks, then the moves, then thrown weapons (they need the moves: the thrower
predicted where his target would be).
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.dice import CombatFace
from arena.engine.core.mercy import MercyDecided
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest.data import ITEMS, SPELLS, Kind
from arena.engine.rulesets.gladiatorquest.events import Appealed, Attacked, SpellCast, Thrown
from arena.engine.rulesets.gladiatorquest.orders import (
    Move,
    StepOrder,
    destination,
    order_location,
)
from arena.engine.rulesets.gladiatorquest.state import (
    BoutState,
    FighterState,
    Lying,
    Status,
    defend_dice_of,
    passing_weapon_of,
)
from arena.engine.rulesets.gladiatorquest.wounds import (
    drink,
    heal,
    kill,
    slay_by_archers,
    spare,
    wound,
)

THROW_MIN, THROW_MAX, THROW_FLIGHT = 3, 12, 15
MERCY_TARGET = 6


FACE_WORDS: dict[CombatFace, str] = {face: face.value for face in CombatFace}


def faces(dice: list[CombatFace]) -> tuple[str, ...]:
    """Combat dice as the log writes them: each face's word (from a table, as every attack
    and defence writes its dice)."""
    return tuple([FACE_WORDS[face] for face in dice])


# --- validation of written orders ----------------------------------------------------------


def check_step_order(state: BoutState, f: FighterState, order: StepOrder) -> None:
    """Refuse what cannot be done, naming the field (an "impossible order") at its place in
    the input (order_location: worked out only for an order that does more than move)."""
    if order.pivot and "pivot" in f.used:
        raise EngineInputError(
            f"{order_location(state, f.name)}.pivot",
            f"{f.name} has already pivoted this movement phase (IV.B.4)",
        )
    if not order.acts:
        return  # a direction and a pivot: any is allowed (a wall or a body bumps, V.A)
    where = order_location(state, f.name)

    def fail(sub: str, message: str) -> None:
        raise EngineInputError(f"{where}.{sub}", message)

    def named(name: str, sub: str) -> FighterState:
        other = state.fighter(name)
        if other is None:
            raise EngineInputError(f"{where}.{sub}", f"no gladiator called {name!r}")
        return other

    if order.appeal and f.body != 1:
        fail("appeal", f"{f.name} may appeal only at exactly 1 body point (VI.B), has {f.body}")
    if order.potion is not None:
        p = order.potion
        if p.potion not in f.carried or ITEMS[p.potion].kind is not Kind.POTION:
            fail("potion", f"{f.name} carries no {p.potion}")
        if p.give_to is None and "potion" in f.used:
            fail("potion", "only one potion may be drunk per movement phase (IV.C.4)")
        if p.give_to is not None:
            other = named(p.give_to, "potion.give_to")
            if "give" in f.used:
                fail("potion", "only one potion may be given per movement phase (IV.C.4)")
            if (
                other.side != f.side
                or other.name == f.name
                or other.status not in (Status.FIGHTING, Status.DOWN)
            ):
                fail("potion.give_to", f"{p.give_to} is not a teammate in the fight")
            assert f.square is not None and other.square is not None
            if f.square.chebyshev(other.square) != 1:
                # VI.A "if a teammate can make it to an adjacent square": a give written on
                # the paper of the step that brings him there is handed over on arrival.
                there = destination(f, order)
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
        if "spell" in f.used:
            fail("spell", "only one spell per movement phase (IV.C.2)")
        spell = SPELLS[s.spell]
        if spell.target == "none":
            fail("spell", f"{spell.name} cannot be cast in the arena")
        if spell.target in ("enemy", "ally"):
            if s.target is None:
                fail("spell.target", f"{spell.name} needs a target")
            assert s.target is not None
            other = named(s.target, "spell.target")
            if other.square is None or other.status is Status.DEAD:
                fail("spell.target", f"{other.name} is not in the arena")
            if spell.target == "ally" and other.side != f.side:
                fail("spell.target", f"{spell.name} is cast on oneself or a teammate")
            if spell.target == "enemy" and other.name == f.name:
                fail("spell.target", f"{spell.name} is cast on an opponent")
            if "sleep" in spell.slug and other.gladiator.type.undead:
                fail("spell.target", "sleep does not work on the undead")
    if order.passing is not None:
        other = named(order.passing, "passing_attack")
        if other.side == f.side or other.status is not Status.FIGHTING:
            fail("passing_attack", f"{other.name} is not an opponent in the fight (IV.C.3)")
        weapon = passing_weapon_of(f, state.options.contest)
        if weapon.reach <= 1:
            fail("passing_attack", f"the {weapon.name.lower()} does not reach past one square")
        assert f.square is not None
        if other.square is None or not 1 < f.square.chebyshev(other.square) <= weapon.reach:
            fail("passing_attack", f"{other.name} is not 2..{weapon.reach} squares away")
    if order.throw is not None:
        t = order.throw
        other = named(t.target, "throw.at")
        item = ITEMS.get(t.weapon)
        if t.weapon not in f.carried or item is None or not item.throwable:
            fail("throw.weapon", f"{f.name} carries no throwable {t.weapon}")
        if state.options.contest == "magic_only" and f.spells:
            fail("throw", "magic-only contest: no weapons while spells are left (VIII.H.3)")
        if other.status is not Status.FIGHTING or other.side == f.side:
            fail("throw.at", f"{other.name} is not an opponent in the fight")
        assert f.square is not None and other.square is not None
        dist = f.square.chebyshev(other.square)
        if not THROW_MIN <= dist <= THROW_MAX:
            fail(
                "throw.at",
                f"{other.name} is {dist} squares away; a throw needs "
                f"{THROW_MIN} to {THROW_MAX} (IV.C.1)",
            )
        if state.rolled and f.points < 1:
            fail("throw", "a throw costs a movement point")


# --- appeals, potions ------------------------------------------------------------------------


def appeals(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """VI.B: one red die + the tally; 6 or more and the Emperor grants mercy. A campaign's
    house rule may decide instead (core/mercy.py): spare, kill, or a vote of the crowd."""
    for name, order in orders.items():
        if not order.appeal:
            continue  # (each pass looks up only those whose paper has its action)
        f = state.named(name)
        if f.body != 1 or not f.fighting:
            continue
        mercy = state.options.mercy
        # The campaign's house rule first (it may stop the fight for a vote); else the dice.
        decided = mercy.decide(f"turn {state.turn}: {f.name}", f.name)
        if decided is not None:
            turn.tell(MercyDecided(f.name, mercy.rule, decided.verdict, decided.up, decided.down))
        if decided is None or decided.verdict == "dice":
            roll = turn.dice.d6()
            granted = roll + f.tally >= MERCY_TARGET
            turn.tell(Appealed(f.name, roll, f.tally, granted))
        else:
            granted = decided.verdict == "spare"
        if granted:
            state = spare(state, name)
            continue
        state = kill(state.put(replace(f, body=0)), turn, name, "the Emperor")
        # The Emperor kills him, but he fell to the one who wounded him last.
        if f.last_hit_by in state.places:
            state = state.put(state.named(name).noted(defeated_by=f.last_hit_by))
    return state


def potions(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """IV.C.4: one potion drunk and one given a movement phase."""
    for name, order in orders.items():
        if order.potion is None:
            continue
        f = state.named(name)
        if not f.fighting:
            continue
        p = order.potion
        if p.potion not in f.carried:
            continue
        if p.give_to is None:
            if "potion" not in f.used:
                state = drink(state.put(f.using("potion")), turn, name, p.potion, given_by=None)
        elif "give" not in f.used:
            state = give(state, name, p.give_to, p.potion, turn)
    return state


def gives_on_arrival(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """After the moves: a give written with a move, not yet handed over because the two were
    not adjacent before it, is handed over if the move brought them together (VI.A)."""
    for name, order in orders.items():
        if order.potion is None or order.potion.give_to is None:
            continue
        f = state.named(name)
        if (
            order.move is Move.STAND
            or order.move is Move.TURN_AROUND
            or "give" in f.used
            or not f.fighting
            or order.potion.potion not in f.carried
        ):
            continue
        state = give(state, name, order.potion.give_to, order.potion.potion, turn)
    return state


def give(state: BoutState, giver: str, receiver: str, potion: str, turn: Turn) -> BoutState:
    """IV.C.4: handed to an adjacent teammate, who drinks it."""
    f, other = state.named(giver), state.named(receiver)
    assert f.square is not None and other.square is not None
    if other.status not in (Status.FIGHTING, Status.DOWN) or f.square.chebyshev(other.square) != 1:
        return state
    return drink(state.put(f.using("give")), turn, receiver, potion, given_by=giver)


# --- spells ---------------------------------------------------------------------------------


def spells(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """IV.C.2: once per movement phase; attack spells hit automatically."""
    for name, order in orders.items():
        if order.spell is None:
            continue
        f = state.named(name)
        if not f.fighting or "spell" in f.used:
            continue
        cast = order.spell
        if cast.spell not in f.spells:
            continue
        left = tuple([s for s in f.spells if s != cast.spell])
        state = state.put(replace(f, used=f.used | {"spell"}, spells=left))
        state = cast_spell(state, name, cast.spell, cast.target, turn)
    return state


def cast_spell(
    state: BoutState, caster: str, slug: str, target_name: str | None, turn: Turn
) -> BoutState:
    """IV.C.2 and the spell cards: what each spell does."""
    spell = SPELLS[slug]
    name = spell.name
    target = state.fighter(target_name or "")
    if target is not None and (target.square is None or target.status is Status.DEAD):
        turn.tell(SpellCast(caster, name, target.name, (), 0, 0, "the target is gone"))
        return state
    if slug == "genie":
        assert target is not None
        turn.tell(SpellCast(caster, name, target.name, (), 0, 0, ""))
        return strike(state, caster, target.name, spell.attack, "spell", name, turn)[0]
    if spell.damage and slug not in ("firestorm", "lightning_bolt"):
        assert target is not None
        saves = tuple(turn.dice.d6s(spell.save_dice))
        dmg = spell.damage - sum(1 for s in saves if s >= 5)
        turn.tell(SpellCast(caster, name, target.name, saves, max(dmg, 0), 0, ""))
        return wound(state, turn, target.name, dmg, caster)[0]
    if slug == "firestorm":
        for index in range(len(state.fighters)):
            o = state.fighters[index]
            if o.name == caster or o.square is None:
                continue
            if o.status is not Status.FIGHTING and o.status is not Status.MERCY:
                continue
            saves = tuple(turn.dice.d6s(spell.save_dice))
            dmg = spell.damage - sum(1 for s in saves if s >= 5)
            turn.tell(SpellCast(caster, name, o.name, saves, max(dmg, 0), 0, ""))
            state = wound(state, turn, o.name, dmg, caster)[0]
        return state
    if slug == "lightning_bolt":
        here = state.named(caster).square
        assert target is not None and here is not None and target.square is not None
        board = state.options.board
        for sq in board.line(here, target.square, max(board.width, board.height)):
            o = state.occupied.get(sq)
            if o is not None and o.status in (Status.FIGHTING, Status.MERCY):
                turn.tell(SpellCast(caster, name, o.name, (), spell.damage, 0, ""))
                state = wound(state, turn, o.name, spell.damage, caster)[0]
        return state
    if spell.heal:
        assert target is not None
        healed = heal(target, spell.heal)
        turn.tell(SpellCast(caster, name, target.name, (), 0, healed.body - target.body, ""))
        return state.put(healed)
    effect, changed = spell_effect(slug, target)
    turn.tell(SpellCast(caster, name, target.name if target else None, (), 0, 0, effect))
    if changed is not None:
        state = state.put(changed)
    if target is not None and target.status is Status.MERCY and spell.target == "enemy":
        state = slay_by_archers(state, turn, caster)
    return state


def spell_effect(slug: str, target: FighterState | None) -> tuple[str, FighterState | None]:
    """What a spell that neither wounds nor heals leaves on its target, in words, and the
    target as it leaves him (None: unchanged)."""
    if target is None:
        return "no effect in an open arena", None
    if slug == "courage":
        return "+2 attack dice on the next attack", target.affected(
            courage=target.effects.courage + 2
        )
    if slug == "rock_skin":
        return "+1 defend die until wounded", target.affected(rock_skin=1)
    if slug == "swift_wind":
        return "twice the movement dice next time", target.affected(double_move=True)
    if slug in ("tempest", "chaos_tempest"):
        return "misses the next turn", target.affected(tempest=True)
    if slug in ("sleep", "chaos_sleep"):
        if target.gladiator.type.undead:
            return "no effect on the undead", None
        return "falls asleep", target.affected(asleep=True)
    if slug == "fear":
        return "attacks with 1 die while afraid", target.affected(afraid=True)
    return "no effect in an open arena", None


# --- attacks outside the combat phase --------------------------------------------------------


def strike(
    state: BoutState, by: str, target: str, dice: int, how: str, weapon: str, turn: Turn
) -> tuple[BoutState, int]:
    """Attack dice against defend dice, no parry (passing attacks, throws, Genie): the new
    state and the body points dealt."""
    attack = turn.dice.combat(dice)
    skulls = attack.count(CombatFace.SKULL)
    defend: list[CombatFace] = []
    blocked = 0
    hit = state.named(target)
    if skulls and not hit.effects.asleep and hit.status is Status.FIGHTING:
        defend = turn.dice.combat(defend_dice_of(hit) + hit.effects.defense_bonus)
        if hit.effects.defense_bonus:
            state = state.put(hit.affected(defense_bonus=0))
        blocked = min(skulls, defend.count(CombatFace.WHITE))
    state, dealt = wound(state, turn, target, skulls - blocked, by)
    body = state.named(target).body
    turn.tell(
        Attacked(
            by,
            target,
            how,
            weapon,
            faces(attack),
            skulls,
            (),
            0,
            faces(defend),
            blocked,
            dealt,
            body,
        )
    )
    return state, dealt


def passing_attacks(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """IV.C.3: a reach weapon strikes an opponent more than one square away; no parries.
    The attacker is off balance if combat follows in this movement phase."""
    for name, order in orders.items():
        if order.passing is None:
            continue
        f = state.named(name)
        if not f.fighting:
            continue
        target = state.named(order.passing)
        weapon = passing_weapon_of(f, state.options.contest)
        assert f.square is not None
        if target.square is None or not 1 < f.square.chebyshev(target.square) <= weapon.reach:
            continue
        dice = weapon.attack + f.gladiator.bonuses.attack + f.effects.courage
        f = f.using("passing")
        if f.effects.courage:
            f = f.affected(courage=0)
        state = state.put(f)
        state = strike(state, name, target.name, dice, "passing", weapon.name.lower(), turn)[0]
    return state


def throws(state: BoutState, orders: dict[str, StepOrder], turn: Turn) -> BoutState:
    """IV.C.1: the thrower names the square he predicts; a miss flies on for 15 squares
    from the thrower, stops at a wall and hits whoever stands in the way."""
    for name, order in orders.items():
        if order.throw is None:
            continue
        f = state.named(name)
        if not f.fighting:
            continue
        t = order.throw
        if t.weapon not in f.carried:
            continue
        item = ITEMS[t.weapon]
        state = state.put(replace(f, points=max(f.points - 1, 0)).without(t.weapon))
        target = state.named(t.target)
        assert f.square is not None
        struck: FighterState | None = None
        if target.square == t.square and target.status is Status.FIGHTING:
            hit, struck, landed = True, target, t.square
        else:
            hit = False
            path = state.options.board.line(f.square, t.square, THROW_FLIGHT)
            landed = path[-1] if path else f.square
            for sq in path:
                o = state.occupied.get(sq)
                if o is not None and o.status in (Status.FIGHTING, Status.MERCY):
                    struck, landed = o, sq
                    break
        turn.tell(
            Thrown(
                name,
                item.name.lower(),
                target.name,
                str(t.square),
                hit,
                struck.name if struck else None,
                str(landed),
            )
        )
        state = lay(state, t.weapon, landed, name)
        if struck is None:
            continue
        if struck.status is Status.MERCY:
            state = slay_by_archers(state, turn, name)
        else:
            dice = item.attack + f.gladiator.bonuses.attack
            state = strike(state, name, struck.name, dice, "thrown", item.name.lower(), turn)[0]
    return state


def lay(state: BoutState, item: str, square: Square, owner: str) -> BoutState:
    """IV.C.1: a thrown weapon lies where it landed, until someone walks onto it."""
    f = state.named(owner)
    state = state.put(f.noted(thrown=(*f.record.thrown, item)))
    return replace(state, ground=(*state.ground, Lying(item, square, owner)))
