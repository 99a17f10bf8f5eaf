"""What happens to a body (VI): wounds, healing, potions drunk, falling, death and mercy.

Every phase deals these out, so they are here on their own. Each takes the state and the
turn (core/turn.py: its dice and what it tells), and gives back a new state.
"""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiatorquest.data import ITEMS
from arena.engine.rulesets.gladiatorquest.events import Fallen, PotionDrunk
from arena.engine.rulesets.gladiatorquest.state import BoutState, FighterState, Status, can_heal


def wound(
    state: BoutState, turn: Turn, target: str, amount: int, by: str | None
) -> tuple[BoutState, int]:
    """Damage from an opponent (or friendly fire): the new state and the body points lost.
    Striking a gladiator the Emperor spared brings the archers down on the striker (VI.B);
    the spared one is unharmed."""
    if amount <= 0:
        return state, 0
    hurt = state.named(target)
    striker = None if by is None else state.named(by)
    if hurt.status is Status.MERCY:
        if striker is not None and striker.name != target and striker.fighting:
            state = slay_by_archers(state, turn, striker.name)
        return state, 0
    if hurt.status is not Status.FIGHTING:
        return state, 0
    actual = min(amount, hurt.body)
    effects = replace(hurt.effects, rock_skin=0) if hurt.effects.rock_skin else hurt.effects
    if striker is None or striker.side == hurt.side:
        return state.put(replace(hurt, body=hurt.body - actual, effects=effects)), actual
    hurt = replace(hurt, body=hurt.body - actual, effects=effects, last_hit_by=striker.name)
    return state.put(hurt, replace(striker, tally=striker.tally + actual)), actual


def heal(f: FighterState, amount: int) -> FighterState:
    """Up to his starting body; a fallen gladiator healed above 0 fights on (VI.A)."""
    body = min(f.gladiator.max_body, f.body + amount)
    if f.status is Status.DOWN and body > 0:
        return replace(f, body=body, status=Status.FIGHTING, record=replace(f.record, out_at=0))
    return replace(f, body=body)


def drink(
    state: BoutState, turn: Turn, name: str, potion: str, *, given_by: str | None
) -> BoutState:
    """IV.C.4 / VI.A. A given potion is the giver's loss (his potions_used)."""
    owner = state.named(name if given_by is None else given_by)
    owner = owner.without(potion).noted(potions_used=(*owner.record.potions_used, potion))
    state = state.put(owner)
    f = state.named(name)
    roll = None
    if potion == "healing_potion":
        roll = turn.dice.d6()
        f = heal(f, roll)
    elif potion == "strength_potion":
        f = f.affected(courage=f.effects.courage + 2)
    elif potion == "defense_potion":
        f = f.affected(defense_bonus=f.effects.defense_bonus + 2)
    elif potion == "speed_potion":
        f = f.affected(double_move=True)
    elif potion == "heroic_brew":
        f = f.affected(heroic=True)
    turn.tell(PotionDrunk(name, ITEMS[potion].name.lower(), given_by, roll, f.body))
    return state.put(f)


def fall(state: BoutState, turn: Turn) -> BoutState:
    """VI.A: at 0 body a gladiator drinks his own healing potion if he has one; else he
    falls, and is killed unless a teammate able to heal him is still fighting."""
    for index in range(len(state.fighters)):
        f = state.fighters[index]
        if f.body > 0 or f.status is not Status.FIGHTING:
            continue
        if "healing_potion" in f.carried:
            state = drink(state, turn, f.name, "healing_potion", given_by=None)
            f = state.fighters[index]
            if f.body > 0:
                continue
        if any(
            o.name != f.name and o.side == f.side and o.fighting and can_heal(o)
            for o in state.fighters
        ):
            down = f.noted(down_until=state.phase_no + 1, out_at=state.turn)
            state = state.put(replace(down, status=Status.DOWN))
            turn.tell(Fallen(f.name, "down", f.last_hit_by))
        else:
            state = kill(state, turn, f.name, f.last_hit_by)
    return state


def kill(
    state: BoutState, turn: Turn, name: str, by: str | None, *, how: str = "killed"
) -> BoutState:
    """`by` is credited with the defeat (VII) when he is a gladiator and it was a kill."""
    f = state.named(name)
    credited = by if how == "killed" and by in state.places else f.record.defeated_by
    f = f.noted(killed_by=by, out_at=f.record.out_at or state.turn, defeated_by=credited)
    turn.tell(Fallen(name, how, by))
    return state.put(replace(f, status=Status.DEAD))


def slay_by_archers(state: BoutState, turn: Turn, name: str) -> BoutState:
    """VI.B: whoever strikes a spared gladiator is shot by the Emperor's archers."""
    state = state.put(replace(state.named(name), body=0))
    return kill(state, turn, name, "the Emperor's archers", how="archers")


def spare(state: BoutState, name: str) -> BoutState:
    """VI.B: the Emperor grants mercy; "he is still considered defeated"."""
    f = state.named(name)
    credited = f.last_hit_by if f.last_hit_by in state.places else None
    f = f.noted(out_at=state.turn, defeated_by=credited)
    return state.put(replace(f, status=Status.MERCY))
