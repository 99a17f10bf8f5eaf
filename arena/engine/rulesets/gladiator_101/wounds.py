"""Step 6 of an attack, "Each strike that succeeded both its checks deals damage equal to its
damage roll to its target. Partial and glancing hits are resolved as well", and what a blow
does beyond its damage: a limb's overflow to its torso, the feats a hit or a miss sets off
(Riposte, Bloodlust, Hamstring, Sweep) and the fall of a gladiator whose vital location is at
0 (Last Stand, or killed or knocked out).

Each function takes the state and returns a new one, telling what happened on the turn.
"""

from __future__ import annotations

from arena.engine.core.protocol import Fate
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.data import (
    CARRIES_TO,
    KICK,
    LEFT_LEG,
    LOCATIONS,
    RIGHT_LEG,
    VITAL,
    WEAPONS,
)
from arena.engine.rulesets.gladiator_101.events import Boosted, Fell, Result, Struck, Wounded
from arena.engine.rulesets.gladiator_101.state import FOREVER, Boost, Fighter, State
from arena.engine.rulesets.gladiator_101.strikes import Rolled


def deal(state: State, r: Rolled, turn: Turn) -> State:
    """One rolled strike of the actor's attack, dealt: a miss sets off the defender's
    Riposte; a hit on a defender still fighting wounds it, sets off the attacker's feats and
    may fell it. A strike after the defender fell deals nothing more."""
    attacker = state.actor
    defender = state.opponent(attacker.name)
    turn.tell(
        Struck(attacker.name, defender.name, r.strike.weapon, r.strike.height.value, r.focused,
               r.to_hit, r.roll, r.result, r.location, r.grade, r.grade_roll, r.dice, r.damage)
    )  # fmt: skip
    if r.result is Result.MISS:
        return riposte(state, defender, turn)
    if not defender.standing:
        return state
    state = wound(state, defender, r.location, r.damage, turn)
    if r.result in (Result.FULL, Result.CRIT):
        state = bloodlust(state, turn)
        if r.location in (LEFT_LEG, RIGHT_LEG):
            state = hamstring(state, turn)
        if r.strike.weapon == KICK:
            state = sweep(state, turn)
    return knockout(state, r.strike.weapon, turn)


def wound(state: State, defender: Fighter, location: str, damage: int, turn: Turn) -> State:
    """The damage taken off the location's hit points (never below 0); what a limb cannot
    take passes on to the torso it hangs from."""
    hp = list(defender.hp)
    slot = LOCATIONS.index(location)
    left = hp[slot] - damage
    hp[slot] = max(0, left)
    carried = 0
    if left < 0 and location in CARRIES_TO:
        carried = -left
        torso = LOCATIONS.index(CARRIES_TO[location])
        hp[torso] = max(0, hp[torso] - carried)
    turn.tell(Wounded(defender.name, location, hp[slot], carried))
    return state.with_fighter(defender.but(hp=tuple(hp)))


def _boosted(state: State, fighter: Fighter, boost: Boost) -> State:
    return state.with_fighter(fighter.but(boosts=(*fighter.boosts, boost)))


def riposte(state: State, defender: Fighter, turn: Turn) -> State:
    """Riposte: a strike that misses a defender still fighting gives it + to hit on its
    next turn."""
    bonus = defender.traits.get("riposte")
    if not bonus or not defender.standing:
        return state
    turn.tell(Boosted(defender.name, "Riposte", f"gets +{bonus} to hit"))
    return _boosted(state, defender, Boost("hit", bonus, state.turn + 2, "riposte"))


def bloodlust(state: State, turn: Turn) -> State:
    """Bloodlust: after a full-damage hit, + to hit until the end of the attacker's next turn."""
    attacker = state.actor
    bonus = attacker.traits.get("bloodlust")
    if not bonus:
        return state
    turn.tell(Boosted(attacker.name, "Bloodlust", f"gets +{bonus} to hit"))
    return _boosted(state, attacker, Boost("hit", bonus, state.turn + 3, "bloodlust"))


def hamstring(state: State, turn: Turn) -> State:
    """Hamstring: a full-damage hit on a leg takes Reflex off the defender for the bout."""
    loss = state.actor.traits.get("hamstring")
    if not loss:
        return state
    defender = state.opponent(state.actor.name)
    turn.tell(Boosted(defender.name, "Hamstring", f"loses {loss} Reflex"))
    return _boosted(state, defender, Boost("reflex", -loss, FOREVER, "hamstring"))


def sweep(state: State, turn: Turn) -> State:
    """Sweep: a full-damage kick knocks the defender down; it loses its next move action."""
    if not state.actor.traits.get("sweep"):
        return state
    defender = state.opponent(state.actor.name)
    turn.tell(Boosted(defender.name, "Sweep", "is knocked down"))
    return _boosted(state, defender, Boost("prone", 1, state.turn + 2, "sweep"))


def knockout(state: State, weapon: str, turn: Turn) -> State:
    """A vital location at 0 fells the defender: killed by an edged weapon, knocked out by a
    blunt one, unless its Last Stand keeps it up."""
    defender = state.opponent(state.actor.name)
    down = [loc for loc in VITAL if defender.hp_at(loc) == 0]
    if not down:
        return state
    if defender.traits.get("last_stand") and not defender.uses("last-stand"):
        return last_stand(state, defender, down, turn)
    edged = WEAPONS[weapon].damage.edged
    attacker = state.actor.name
    turn.tell(Fell(defender.name, attacker, "killed" if edged else "knocked out", down[0]))
    fate = Fate.DEAD if edged else Fate.DEFEATED
    return state.with_fighter(defender.but(fate=fate, felled_by=attacker))


def last_stand(state: State, defender: Fighter, down: list[str], turn: Turn) -> State:
    """Last Stand: once a bout, a blow that would fell the gladiator leaves it 1 hit point on
    each vital location at 0."""
    hp = tuple(1 if loc in down else n for loc, n in zip(LOCATIONS, defender.hp, strict=True))
    used = tuple(sorted({**dict(defender.used), "last-stand": 1}.items()))
    turn.tell(Boosted(defender.name, "Last Stand", "stays on its feet"))
    return state.with_fighter(defender.but(hp=hp, used=used))
