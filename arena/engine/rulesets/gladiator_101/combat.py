"""The attack: the text's "Basic Attack" steps 1-5 and the "Focused Attack" (step 6, the
damage dealt, is wounds.py).

    To-Hit: 10 + your Accuracy + height mod - weapon Delay (only if part of a multi-strike
    attack)
    Damage Grade: 50 + your Strength + height mod - opponent's Reflex - weapon Delay -
    opponent's armor

Dice, in the text's order: a d100 to hit for each strike; then for each strike that hit, the
hit location (one die over the locations of its height: d2 high, d4 mid, d2 low); then its
damage grade (a d100; none for a crit); then its damage dice. The damage is dealt last,
strike by strike, in the order the strikes were given (wounds.deal).
"""

from __future__ import annotations

from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.data import (
    AT_HEIGHT,
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
)
from arena.engine.rulesets.gladiator_101.events import Result, Struck
from arena.engine.rulesets.gladiator_101.state import Fighter, State, boost_total, effects_on
from arena.engine.rulesets.gladiator_101.strikes import Strike
from arena.engine.rulesets.gladiator_101.wounds import deal


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


def berserk(f: Fighter) -> int:
    """Berserker's bonus to hit and to the damage grade: while the fighter is wounded."""
    bonus = f.traits.get("berserk")
    return bonus if bonus and wounded(f) else 0


class Checks:
    """The check numbers of the attacker's strikes at the defender on one turn:

        To-Hit: 10 + your Accuracy + height mod - weapon Delay (only if part of a
        multi-strike attack)
        Damage Grade: 50 + your Strength + height mod - opponent's Reflex - weapon Delay -
        opponent's armor

    with the feats and boosts of both. What the turn fixes (scores, boosts, Berserker, First
    Strike, the defender's Reflex, dodge and armour by location) is summed once; a strike
    adds its own part (height, weapon, Delay, focus). The attack and the tactics both read
    their numbers here."""

    __slots__ = ("armour", "armour_shift", "grade", "hit", "traits")

    def __init__(self, attacker: Fighter, defender: Fighter, turn: int) -> None:
        mine, theirs = effects_on(attacker, turn), effects_on(defender, turn)
        berserker = berserk(attacker)
        self.traits = attacker.traits
        self.hit = (
            TO_HIT_BASE
            + attacker.accuracy
            + mine.get("hit", 0)
            + berserker
            + (mine.get("first_strike", 0) if turn < 2 else 0)  # each one's first turn: 0 or 1
            - theirs.get("dodge", 0)  # Light Feet, or a Guard up
        )
        opportunist = mine.get("opportunist", 0) if 0 in defender.hp else 0
        self.grade = (
            GRADE_BASE
            + attacker.strength
            - (defender.reflex + theirs.get("reflex", 0))
            + mine.get("grade", 0)
            + berserker
            + opportunist
        )
        # The defender's armour by location, and what its Brace adds and Piercing takes off.
        self.armour = defender.traits.armour_at
        self.armour_shift = theirs.get("armour@all", 0) - mine.get("pierce", 0)

    def to_hit(self, strike: Strike, *, delay: int, multi: bool, focused: bool) -> int:
        """The to-hit check number of one strike."""
        number = self.hit + HEIGHT_MOD[strike.height]
        if focused:  # "The strike gets a +25 modifier on its To-Hit roll"
            number += FOCUS_BONUS + self.traits.get("focus_hit")
        elif multi:
            number -= delay
        return number + self.traits.hit_with[strike.weapon, strike.height]

    def damage_grade(self, strike: Strike, location: str, *, delay: int, focused: bool) -> int:
        """The damage grade's check number of one strike that hit `location`. A focused
        strike "does not factor in Delay on its Damage Grade roll": its `delay` is 0, or a
        kick's beside it (made_as)."""
        t = self.traits
        armour = max(0, self.armour[location] + self.armour_shift)
        number = self.grade + HEIGHT_MOD[strike.height] - delay - armour
        number += t.grade_with[strike.weapon, strike.height]
        if focused:
            number += t.get("focus_grade")
        if WEAPONS[strike.weapon].damage is Damage.BLUDGEONING:
            number += t.get("blunt")
        return number


def reflex(f: Fighter, turn: int) -> int:
    return f.reflex + boost_total(f, "reflex", turn)


def crit_range(attacker: Fighter) -> int:
    return CRIT + attacker.traits.get("crit")


def to_hit_check(checks: Checks, crit: int, s: Strike, mode: tuple[int, bool], multi: bool,
                 dice: Dice) -> tuple[int, int, Result]:  # fmt: skip
    """Step 3: "Make a To-Hit check for each strike": (check number, roll, result). A roll in
    the crit range always hits (ruling: the crit range is a success whatever the check
    number), and a roll at or under the check number hits."""
    delay, focused = mode
    number = checks.to_hit(s, delay=delay, multi=multi, focused=focused)
    roll = dice.d100()
    return number, roll, (
        Result.CRIT if roll <= crit else Result.FULL if roll <= number else Result.MISS
    )  # fmt: skip


def hit_location(strike: Strike, dice: Dice) -> str:
    """Step 4: "Exact Hit-Locations are determined for each that hit": one die over the
    locations of its height."""
    places = AT_HEIGHT[strike.height]
    return places[dice.d(len(places)) - 1]


def full_damage_check(
    checks: Checks, s: Strike, location: str, mode: tuple[int, bool], dice: Dice
) -> tuple[int, int, Result]:
    """Step 5: "Make a Full-Damage check for each strike that hit. Each strike that fails is
    reduced to 1 damage die ..., unless it failed by more than 50" (a glancing hit):
    (check number, roll, result)."""
    delay, focused = mode
    number = checks.damage_grade(s, location, delay=delay, focused=focused)
    roll = dice.d100()
    if roll <= number:
        return number, roll, Result.FULL
    if roll - number > GLANCING:
        return number, roll, Result.GLANCING
    return number, roll, Result.PARTIAL


def damage_roll(
    attacker: Fighter, defender: Fighter, s: Strike, result: Result, focused: bool, dice: Dice
) -> tuple[tuple[int, ...], int]:
    """The damage of a strike that hit: (its dice, its damage). One die on a partial hit,
    1 damage on a glancing one; "No amount of damage reduction can reduce the damage of a
    strike below 1"."""
    weapon = WEAPONS[s.weapon]
    t = attacker.traits
    if result is Result.GLANCING:  # "it deals only 1 damage (a "glancing hit")"
        return (), 1
    count = weapon.dice + (t.get("focus_die") if focused else 0)
    if result is Result.PARTIAL:  # "reduced to 1 damage die (2d4 becomes 1d4)"
        count = 1
    if result is Result.CRIT and t.get("vital_strike"):
        rolls = (weapon.sides,) * count
    else:
        rolls = tuple(dice.d(weapon.sides) for _ in range(count))
    damage = sum(rolls) + t.damage_with[s.weapon]
    if result is Result.PARTIAL:  # Ludus's damage reduction (Iron Skin) is on partial hits
        damage -= defender.traits.get("dr")  # only; a crit "ignores all" of it anyway
    return rolls, max(1, damage)


def roll_attack(
    attacker: Fighter, defender: Fighter, now: int, strikes: tuple[Strike, ...], *,
    focused: bool, dice: Dice,
) -> list[Struck]:  # fmt: skip
    """Steps 3-5 of the attacker's attack on turn `now`, in the text's order: every strike's
    to-hit, then the hit location of each that hit, then the full-damage check of each (not a
    crit), then the damage dice of each. Each strike is made once as the event that tells it,
    filled in step by step before it is told."""
    modes = made_as(attacker, strikes, focused=focused)
    checks = Checks(attacker, defender, now)
    crit, multi = crit_range(attacker), len(strikes) > 1
    rolled = [
        Struck(attacker.name, defender.name, s.weapon, s.height.value, m[1],
               *to_hit_check(checks, crit, s, m, multi, dice))
        for s, m in zip(strikes, modes, strict=True)
    ]  # fmt: skip
    for s, struck in zip(strikes, rolled, strict=True):
        if struck.result is not Result.MISS:
            struck.location = hit_location(s, dice)
    for s, m, struck in zip(strikes, modes, rolled, strict=True):
        if struck.result is Result.FULL:  # a miss, or a crit, passes without a roll
            struck.grade, struck.grade_roll, struck.result = full_damage_check(
                checks, s, struck.location, m, dice
            )
    for s, struck in zip(strikes, rolled, strict=True):
        if struck.result is not Result.MISS:
            struck.dice, struck.damage = damage_roll(
                attacker, defender, s, struck.result, struck.focused, dice
            )
    return rolled


def attack(state: State, strikes: tuple[Strike, ...], *, focused: bool, turn: Turn) -> State:
    """The actor's basic or focused attack on its opponent: its strikes rolled (steps 3-5),
    then dealt one by one (step 6), the two gladiators carried from blow to blow and set in
    one new state at the end."""
    attacker = state.actor
    defender = state.opponent(attacker.name)
    now = state.turn
    for struck in roll_attack(attacker, defender, now, strikes, focused=focused, dice=turn.dice):
        attacker, defender = deal(attacker, defender, struck, now, turn)
    return state.with_fighters(attacker, defender)
