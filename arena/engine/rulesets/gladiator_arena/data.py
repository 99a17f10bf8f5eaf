"""Races, weapons and the allowed combinations (sections 6 and 7, the second post's list)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

SLUG = "gladiator-arena"


class Race(Enum):
    HUMAN = "human"
    DWARF = "dwarf"
    ELF = "elf"
    HALFLING = "halfling"
    GIANT = "giant"


class Weapon(Enum):
    AXE = "axe"
    SWORD = "sword"
    SPEAR = "spear"
    BOW = "bow"
    CATAPULT = "catapult"


@dataclass(frozen=True, slots=True)
class RaceStats:
    hp: int
    mpt: int
    damage_bonus: int
    move_cost: int
    # A halfling may spend 2 MpT to move two squares (section 6).
    double_move: bool


@dataclass(frozen=True, slots=True)
class WeaponStats:
    damage: int
    # Chebyshev distance: a strike may hit squares with min_range <= distance <= max_range.
    min_range: int
    max_range: int | None
    strike_cost: int
    # Bow and catapult deal fixed damage "on all races"; the other weapons take the race bonus.
    fixed_damage: bool
    # Catapult: one strike a turn, spends every MpT left, none in a turn the player moves.
    siege: bool
    splash: int


RACES: dict[Race, RaceStats] = {
    Race.HUMAN: RaceStats(hp=8, mpt=3, damage_bonus=0, move_cost=1, double_move=False),
    Race.DWARF: RaceStats(hp=9, mpt=2, damage_bonus=1, move_cost=1, double_move=False),
    Race.ELF: RaceStats(hp=7, mpt=4, damage_bonus=-1, move_cost=1, double_move=False),
    Race.HALFLING: RaceStats(hp=5, mpt=3, damage_bonus=-1, move_cost=1, double_move=True),
    Race.GIANT: RaceStats(hp=11, mpt=2, damage_bonus=1, move_cost=2, double_move=False),
}

WEAPONS: dict[Weapon, WeaponStats] = {
    Weapon.AXE: WeaponStats(4, 1, 1, 1, fixed_damage=False, siege=False, splash=0),
    Weapon.SWORD: WeaponStats(2, 1, 2, 1, fixed_damage=False, siege=False, splash=0),
    Weapon.SPEAR: WeaponStats(1, 1, 3, 1, fixed_damage=False, siege=False, splash=0),
    Weapon.BOW: WeaponStats(1, 3, None, 2, fixed_damage=True, siege=False, splash=0),
    Weapon.CATAPULT: WeaponStats(2, 2, None, 1, fixed_damage=True, siege=True, splash=1),
}

# The "allowed combos" list of the rules' second post (RULINGS.md: any other is refused).
ALLOWED: dict[Race, tuple[Weapon, ...]] = {
    Race.DWARF: (Weapon.AXE, Weapon.SWORD, Weapon.SPEAR),
    Race.HUMAN: (Weapon.AXE, Weapon.SWORD, Weapon.SPEAR, Weapon.BOW),
    Race.ELF: (Weapon.AXE, Weapon.SWORD, Weapon.BOW),
    Race.HALFLING: (Weapon.AXE, Weapon.SWORD, Weapon.BOW, Weapon.CATAPULT),
    Race.GIANT: (Weapon.AXE, Weapon.SWORD, Weapon.SPEAR, Weapon.BOW, Weapon.CATAPULT),
}


@dataclass(frozen=True, slots=True)
class Kit:
    """What a race carrying a weapon can do, worked out once per allowed pair (sections 6 and
    7 together): a turn reads these numbers for every gladiator, never the two tables."""

    hp: int
    mpt: int
    double_move: bool
    damage: int
    min_range: int
    max_range: int | None
    siege: bool
    splash: int
    # Strikes allowed after a move of 0, 1 or 2 squares (a halfling's double move), by the
    # squares moved: strikes_left of the MpT each leaves, worked out with the kit, as every
    # order is checked against them.
    strikes: tuple[int, ...]


def move_cost(race: RaceStats, squares: int) -> int:
    """MpT a move of `squares` squares costs: 0 to stay, a step the race's (a giant's 2), a
    halfling's double move 2 (sections 2 and 6)."""
    if squares == 0:
        return 0
    return 2 if squares == 2 else race.move_cost


def strikes_left(weapon: WeaponStats, left: int, moving: bool) -> int:
    """Strikes `left` MpT buy (section 7: a bow's strike costs two; a catapult strikes once,
    with every MpT left, and never in a turn it moves)."""
    if weapon.siege:
        return 0 if moving or left <= 0 else 1
    return left // weapon.strike_cost


def a(word: str) -> str:
    """The word with its indefinite article: "a sword", "an axe", "an elf"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def damage_of(race: Race, weapon: Weapon) -> int:
    """Damage one strike does on its target square."""
    stats = WEAPONS[weapon]
    if stats.fixed_damage:
        return stats.damage
    return stats.damage + RACES[race].damage_bonus


def combination_problem(race: Race, weapon: Weapon) -> str | None:
    """Why a race may not carry a weapon, in words, or None when the pair is allowed."""
    if weapon in ALLOWED[race]:
        return None
    if damage_of(race, weapon) <= 0:
        return f"{a(race.value)} can't use {a(weapon.value)}: its damage would be 0"
    allowed = ", ".join(w.value for w in ALLOWED[race])
    return f"{a(race.value)} can't use {a(weapon.value)} (allowed: {allowed})"


# Each race and weapon by its word: every gladiator of every bout names his two.
_RACE_BY_WORD = {race.value: race for race in Race}
_WEAPON_BY_WORD = {weapon.value: weapon for weapon in Weapon}


def parse_race(text: object) -> Race | None:
    return _RACE_BY_WORD.get(text.strip().lower()) if isinstance(text, str) else None


def parse_weapon(text: object) -> Weapon | None:
    return _WEAPON_BY_WORD.get(text.strip().lower()) if isinstance(text, str) else None


def _kit(race: Race, weapon: Weapon) -> Kit:
    r, w = RACES[race], WEAPONS[weapon]
    return Kit(
        hp=r.hp,
        mpt=r.mpt,
        double_move=r.double_move,
        damage=damage_of(race, weapon),
        min_range=w.min_range,
        max_range=w.max_range,
        siege=w.siege,
        splash=w.splash,
        strikes=tuple(
            strikes_left(w, r.mpt - move_cost(r, squares), moving=squares > 0)
            for squares in (0, 1, 2)
        ),
    )


KITS: dict[tuple[Race, Weapon], Kit] = {
    (race, weapon): _kit(race, weapon) for race, weapons in ALLOWED.items() for weapon in weapons
}
# Each allowed pair by its two words ("elf", "bow"), with its kit: setup finds a gladiator's
# race, weapon and kit in one look-up when he names them as the words themselves.
PAIRS_BY_WORDS: dict[tuple[str, str], tuple[Race, Weapon, Kit]] = {
    (race.value, weapon.value): (race, weapon, kit) for (race, weapon), kit in KITS.items()
}
