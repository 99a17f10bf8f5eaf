"""The attack: the text's "Basic Attack" steps 1-6 and the "Focused Attack".

    To-Hit: 10 + your Accuracy + height mod - weapon Delay (only if part of a multi-strike
    attack)
    Damage Grade: 50 + your Strength + height mod - opponent's Reflex - weapon Delay -
    opponent's armor

Dice, in the text's order: a d100 to hit for each strike; then for each strike that hit, the
hit location (one die over the locations of its height: d2 high, d4 mid, d2 low); then its
damage grade (a d100; none for a crit); then its damage dice. The damage is dealt last,
strike by strike, in the order the strikes were given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.protocol import Fate
from arena.engine.rulesets.gladiator_101.data import (
    AT_HEIGHT,
    CARRIES_TO,
    CRIT,
    FOCUS_BONUS,
    GLANCING,
    GRADE_BASE,
    HEIGHT_MOD,
    KICK,
    LOCATIONS,
    TO_HIT_BASE,
    VITAL,
    WEAPONS,
    Damage,
    Height,
)
from arena.engine.rulesets.gladiator_101.events import Boosted, Fell, Result, Struck, Wounded
from arena.engine.rulesets.gladiator_101.state import (
    FOREVER,
    Boost,
    Fighter,
    State,
    boost_total,
)


@dataclass(frozen=True, slots=True)
class Strike:
    weapon: str
    height: Height

    def __str__(self) -> str:
        return f"{self.weapon} {self.height.value}"


def delays(attacker: Fighter, strikes: tuple[Strike, ...]) -> list[int]:
    """Each strike's Delay in a basic attack. "Kick attacks are so awkward, that they add
    their Delay to the Delay of all other strikes in the attack." Two-Weapon Rhythm takes
    some off each strike of a multi-strike attack."""
    kicked = any(s.weapon == KICK for s in strikes)
    multi = len(strikes) > 1
    return [delay(attacker, s.weapon, kicked=kicked, multi=multi) for s in strikes]


def delay(attacker: Fighter, weapon: str, *, kicked: bool, multi: bool) -> int:
    """One strike's Delay in a basic attack that kicks (`kicked`) or not, of more than one
    strike (`multi`) or not: nothing else of the attack changes it."""
    own = WEAPONS[weapon].delay
    if kicked and weapon != KICK:
        own += WEAPONS[KICK].delay
    if multi:
        own -= attacker.traits.get("multi_delay")
    return max(0, own)


def made_as(
    attacker: Fighter, strikes: tuple[Strike, ...], *, focused: bool
) -> list[tuple[int, bool]]:
    """Each strike's Delay and whether it is made as a focused strike. A focused attack has
    no Delay; Trained Kick's kick beside its one strike is made as in a basic attack (no
    focus bonus, the kick's Delay in its to-hit and grade), and Twin Focus focuses both."""
    if not focused:
        return [(d, False) for d in delays(attacker, strikes)]
    t = attacker.traits
    if len(strikes) == 2 and t.get("focus_kick") and not t.get("twin_focus"):
        kick = WEAPONS[KICK].delay  # "add their Delay to the Delay of all other strikes"
        return [(kick, False) if s.weapon == KICK else (kick, True) for s in strikes]
    return [(0, True)] * len(strikes)


def wounded(f: Fighter) -> bool:
    """A vital location below half its hit points (Berserker)."""
    return any(2 * f.hp[i] < f.traits.max_hp[i] for i, loc in enumerate(LOCATIONS) if loc in VITAL)


def to_hit(
    attacker: Fighter,
    defender: Fighter,
    strike: Strike,
    *,
    delay: int,
    multi: bool,
    focused: bool,
    turn: int,
) -> int:
    """The to-hit check number of one strike."""
    t = attacker.traits
    number = TO_HIT_BASE + attacker.accuracy + HEIGHT_MOD[strike.height]
    if focused:
        number += FOCUS_BONUS + t.get("focus_hit")
    elif multi:
        number -= delay
    number += boost_total(attacker, "hit", turn)
    number += t.hit_with[strike.weapon, strike.height]
    if t.get("berserk") and wounded(attacker):
        number += t.get("berserk")
    if turn < 2:  # each combatant's first turn is turn 0 or 1
        number += t.get("first_strike")
    number -= boost_total(defender, "dodge", turn)  # Light Feet, or a Guard up
    return number


def reflex(f: Fighter, turn: int) -> int:
    return f.reflex + boost_total(f, "reflex", turn)


def armour(f: Fighter, location: str, turn: int) -> int:
    return f.traits.armour[LOCATIONS.index(location)] + boost_total(f, "armour@all", turn)


def grade(
    attacker: Fighter,
    defender: Fighter,
    strike: Strike,
    location: str,
    *,
    delay: int,
    focused: bool,
    turn: int,
) -> int:
    """The damage grade's check number of one strike that hit `location`."""
    t = attacker.traits
    weapon = WEAPONS[strike.weapon]
    number = GRADE_BASE + attacker.strength + HEIGHT_MOD[strike.height]
    number -= reflex(defender, turn)
    if focused:  # "does not factor in Delay on its Damage Grade roll": only a kick's beside it
        number += t.get("focus_grade")
    number -= delay
    number -= max(0, armour(defender, location, turn) - t.get("pierce"))
    number += boost_total(attacker, "grade", turn)
    number += t.grade_with[strike.weapon, strike.height]
    if weapon.damage is Damage.BLUDGEONING:
        number += t.get("blunt")
    if t.get("berserk") and wounded(attacker):
        number += t.get("berserk")
    if t.get("opportunist") and 0 in defender.hp:
        number += t.get("opportunist")
    return number


def crit_range(attacker: Fighter) -> int:
    return CRIT + attacker.traits.get("crit")


@dataclass(frozen=True, slots=True)
class Rolled:
    strike: Strike
    to_hit: int
    roll: int
    result: Result = Result.MISS
    focused: bool = False  # made as a focused strike (not Trained Kick's kick beside one)
    location: str = ""
    grade: int | None = None
    grade_roll: int | None = None
    dice: tuple[int, ...] = ()
    damage: int = 0


def roll_attack(
    state: State,
    attacker: Fighter,
    defender: Fighter,
    strikes: tuple[Strike, ...],
    *,
    focused: bool,
    dice: Dice,
) -> list[Rolled]:
    """Steps 3-5 for every strike: to-hit, hit location, damage grade, damage dice."""
    turn = state.turn
    multi = len(strikes) > 1
    modes = made_as(attacker, strikes, focused=focused)
    crit = crit_range(attacker)
    rolled = []
    for s, (d, f) in zip(strikes, modes, strict=True):  # 3) a To-Hit check for each strike
        number = to_hit(attacker, defender, s, delay=d, multi=multi, focused=f, turn=turn)
        roll = dice.d100()
        # A roll in the crit range always hits (ruling: the crit range is a success whatever
        # the check number), and a roll at or under the check number hits.
        result = Result.CRIT if roll <= crit else Result.FULL if roll <= number else Result.MISS
        rolled.append(Rolled(s, number, roll, result, focused=f))
    for i, r in enumerate(rolled):  # 4) the exact hit location of each that hit
        if r.result is not Result.MISS:
            places = AT_HEIGHT[r.strike.height]
            rolled[i] = replace(r, location=places[dice.d(len(places)) - 1])
    for i, r in enumerate(rolled):  # 5) the Full-Damage check of each that hit (not a crit)
        if r.result is Result.FULL:
            delay, focus = modes[i]
            number = grade(
                attacker, defender, r.strike, r.location, delay=delay, focused=focus, turn=turn
            )
            roll = dice.d100()
            result = (
                Result.FULL
                if roll <= number
                else Result.GLANCING
                if roll - number > GLANCING
                else Result.PARTIAL
            )
            rolled[i] = replace(r, grade=number, grade_roll=roll, result=result)
    for i, r in enumerate(rolled):  # the damage roll of each
        if r.result is not Result.MISS:
            rolled[i] = _damage(attacker, defender, r, dice=dice)
    return rolled


def _damage(attacker: Fighter, defender: Fighter, r: Rolled, *, dice: Dice):
    weapon = WEAPONS[r.strike.weapon]
    t = attacker.traits
    if r.result is Result.GLANCING:  # "it deals only 1 damage (a "glancing hit")"
        return replace(r, damage=1)
    count = weapon.dice + (t.get("focus_die") if r.focused else 0)
    if r.result is Result.PARTIAL:  # "reduced to 1 damage die (2d4 becomes 1d4)"
        count = 1
    if r.result is Result.CRIT and t.get("vital_strike"):
        rolls = (weapon.sides,) * count
    else:
        rolls = tuple(dice.d(weapon.sides) for _ in range(count))
    damage = sum(rolls) + t.get(f"damage@{r.strike.weapon}")
    if r.result is Result.PARTIAL:  # Ludus's damage reduction (Iron Skin) is on partial hits
        damage -= defender.traits.get("dr")  # only; a crit "ignores all" of it anyway
    # "No amount of damage reduction can reduce the damage of a strike below 1."
    return replace(r, dice=rolls, damage=max(1, damage))


def deal(
    state: State, attacker: Fighter, defender: Fighter, rolled: list[Rolled]
) -> tuple[State, list[Event]]:
    """Step 6: every strike that hit deals its damage, in order; a strike that takes a vital
    location to 0 fells the defender: killed by an edged weapon, knocked out by a blunt one."""
    events: list[Event] = []
    hp = list(defender.hp)
    used = dict(defender.used)
    fate, felled_by = defender.fate, defender.felled_by
    turn = state.turn
    boosts = list(defender.boosts)
    mine = list(attacker.boosts)
    t = attacker.traits
    for r in rolled:
        events.append(
            Struck(attacker.name, defender.name, r.strike.weapon, r.strike.height.value,
                   r.focused, r.to_hit, r.roll, r.result, r.location, r.grade, r.grade_roll,
                   r.dice, r.damage)
        )  # fmt: skip
        if r.result is Result.MISS:
            riposte = defender.traits.get("riposte")
            if riposte and fate is Fate.FIGHTING:
                boosts.append(Boost("hit", riposte, turn + 2, "riposte"))
                events.append(Boosted(defender.name, "Riposte", f"gets +{riposte} to hit"))
            continue
        if fate is not Fate.FIGHTING:
            continue
        slot = LOCATIONS.index(r.location)
        left = hp[slot] - r.damage
        carried = 0
        hp[slot] = max(0, left)
        if left < 0 and r.location in CARRIES_TO:
            carried = -left
            torso = LOCATIONS.index(CARRIES_TO[r.location])
            hp[torso] = max(0, hp[torso] - carried)
        events.append(Wounded(defender.name, r.location, hp[slot], carried))
        full = r.result in (Result.FULL, Result.CRIT)
        if full and t.get("bloodlust"):
            mine.append(Boost("hit", t.get("bloodlust"), turn + 3, "bloodlust"))
            events.append(Boosted(attacker.name, "Bloodlust", f"gets +{t.get('bloodlust')} to hit"))
        if full and t.get("hamstring") and r.location in ("left leg", "right leg"):
            boosts.append(Boost("reflex", -t.get("hamstring"), FOREVER, "hamstring"))
            events.append(Boosted(defender.name, "Hamstring", f"loses {t.get('hamstring')} Reflex"))
        if full and t.get("sweep") and r.strike.weapon == KICK:
            boosts.append(Boost("prone", 1, turn + 2, "sweep"))
            events.append(Boosted(defender.name, "Sweep", "is knocked down"))
        down = [loc for loc in VITAL if hp[LOCATIONS.index(loc)] == 0]
        if down:
            if defender.traits.get("last_stand") and not used.get("last-stand"):
                used["last-stand"] = 1
                for loc in down:
                    hp[LOCATIONS.index(loc)] = 1
                events.append(Boosted(defender.name, "Last Stand", "stays on its feet"))
                continue
            edged = WEAPONS[r.strike.weapon].damage.edged
            fate = Fate.DEAD if edged else Fate.DEFEATED
            felled_by = attacker.name
            events.append(
                Fell(defender.name, attacker.name, "killed" if edged else "knocked out", down[0])
            )
    defender = replace(
        defender, hp=tuple(hp), fate=fate, felled_by=felled_by, boosts=tuple(boosts),
        used=tuple(sorted(used.items())),
    )  # fmt: skip
    attacker = replace(attacker, boosts=tuple(mine))
    return state.with_fighter(defender).with_fighter(attacker), events


def attack(
    state: State, attacker: Fighter, strikes: tuple[Strike, ...], *, focused: bool, dice: Dice
) -> tuple[State, list[Event]]:
    defender = state.opponent(attacker.name)
    rolled = roll_attack(state, attacker, defender, strikes, focused=focused, dice=dice)
    return deal(state, attacker, defender, rolled)
