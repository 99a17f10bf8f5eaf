"""Step 6 of an attack, "Each strike that succeeded both its checks deals damage equal to its
damage roll to its target. Partial and glancing hits are resolved as well", and what a blow
does beyond its damage: a limb's overflow to its torso, the feats a hit or a miss sets off
(Riposte, Bloodlust, Hamstring, Sweep) and the fall of a gladiator whose vital location is at
0 (Last Stand, or killed or knocked out).

Each function takes the gladiators a blow concerns and returns them anew, telling what
happened on the turn; the attack sets them in the state once (combat.attack).
"""

from __future__ import annotations

from arena.engine.core.protocol import Fate
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.data import (
    CARRIES_TO,
    KICK,
    LEFT_LEG,
    LOCATIONS,
    RIGHT_LEG,
    SLOT,
    VITAL,
    WEAPONS,
)
from arena.engine.rulesets.gladiator_101.events import Boosted, Fell, Result, Struck, Wounded
from arena.engine.rulesets.gladiator_101.state import FOREVER, Boost, Fighter


def deal(
    attacker: Fighter, defender: Fighter, struck: Struck, now: int, turn: Turn
) -> tuple[Fighter, Fighter]:
    """One rolled strike of the attacker's attack on turn `now`, dealt: (attacker, defender)
    after it. A miss sets off the defender's Riposte; a hit on a defender still fighting
    wounds it, sets off the attacker's feats and may fell it. A strike after the defender
    fell deals nothing more."""
    turn.tell(struck)
    if struck.result is Result.MISS:
        return attacker, riposte(defender, now, turn)
    if not defender.standing:
        return attacker, defender
    defender = wound(defender, struck.location, struck.damage, turn)
    if struck.result is Result.FULL or struck.result is Result.CRIT:
        attacker = bloodlust(attacker, now, turn)
        if struck.location in (LEFT_LEG, RIGHT_LEG):
            defender = hamstring(attacker, defender, turn)
        if struck.weapon == KICK:
            defender = sweep(attacker, defender, now, turn)
    return attacker, knockout(attacker, defender, struck.weapon, turn)


def wound(defender: Fighter, location: str, damage: int, turn: Turn) -> Fighter:
    """The damage taken off the location's hit points (never below 0); what a limb cannot
    take passes on to the torso it hangs from."""
    hp = list(defender.hp)
    slot = SLOT[location]
    left = hp[slot] - damage
    hp[slot] = max(0, left)
    carried = 0
    if left < 0 and location in CARRIES_TO:
        carried = -left
        torso = SLOT[CARRIES_TO[location]]
        hp[torso] = max(0, hp[torso] - carried)
    turn.tell(Wounded(defender.name, location, hp[slot], carried))
    return replace(defender, hp=tuple(hp))


def _boosted(fighter: Fighter, boost: Boost) -> Fighter:
    return replace(fighter, boosts=(*fighter.boosts, boost))


def riposte(defender: Fighter, now: int, turn: Turn) -> Fighter:
    """Riposte: a strike that misses a defender still fighting gives it + to hit on its
    next turn."""
    bonus = defender.traits.get("riposte")
    if not bonus or not defender.standing:
        return defender
    turn.tell(Boosted(defender.name, "Riposte", f"gets +{bonus} to hit"))
    return _boosted(defender, Boost("hit", bonus, now + 2, "riposte"))


def bloodlust(attacker: Fighter, now: int, turn: Turn) -> Fighter:
    """Bloodlust: after a full-damage hit, + to hit until the end of the attacker's next turn."""
    bonus = attacker.traits.get("bloodlust")
    if not bonus:
        return attacker
    turn.tell(Boosted(attacker.name, "Bloodlust", f"gets +{bonus} to hit"))
    return _boosted(attacker, Boost("hit", bonus, now + 3, "bloodlust"))


def hamstring(attacker: Fighter, defender: Fighter, turn: Turn) -> Fighter:
    """Hamstring: a full-damage hit on a leg takes Reflex off the defender for the bout."""
    loss = attacker.traits.get("hamstring")
    if not loss:
        return defender
    turn.tell(Boosted(defender.name, "Hamstring", f"loses {loss} Reflex"))
    return _boosted(defender, Boost("reflex", -loss, FOREVER, "hamstring"))


def sweep(attacker: Fighter, defender: Fighter, now: int, turn: Turn) -> Fighter:
    """Sweep: a full-damage kick knocks the defender down; it loses its next move action."""
    if not attacker.traits.get("sweep"):
        return defender
    turn.tell(Boosted(defender.name, "Sweep", "is knocked down"))
    return _boosted(defender, Boost("prone", 1, now + 2, "sweep"))


def knockout(attacker: Fighter, defender: Fighter, weapon: str, turn: Turn) -> Fighter:
    """A vital location at 0 fells the defender: killed by an edged weapon, knocked out by a
    blunt one, unless its Last Stand keeps it up."""
    down = [loc for loc in VITAL if defender.hp[SLOT[loc]] == 0]
    if not down:
        return defender
    if defender.traits.get("last_stand") and not defender.uses("last-stand"):
        return last_stand(defender, down, turn)
    edged = WEAPONS[weapon].damage.edged
    turn.tell(Fell(defender.name, attacker.name, "killed" if edged else "knocked out", down[0]))
    return replace(defender, fate=Fate.DEAD if edged else Fate.DEFEATED, felled_by=attacker.name)


def last_stand(defender: Fighter, down: list[str], turn: Turn) -> Fighter:
    """Last Stand: once a bout, a blow that would fell the gladiator leaves it 1 hit point on
    each vital location at 0."""
    hp = tuple(1 if loc in down else n for loc, n in zip(LOCATIONS, defender.hp, strict=True))
    used = tuple(sorted({**dict(defender.used), "last-stand": 1}.items()))
    turn.tell(Boosted(defender.name, "Last Stand", "stays on its feet"))
    return replace(defender, hp=hp, used=used)
