"""The state of a Gladiator 101 bout between turns: plain frozen data, exactly JSON.

One protocol step is one combatant's turn. `State.turn` counts the turns played; the
combatant of turn t is the one seated `(first + t) % 2`. A temporary bonus (a Battle Cry, a
Guard, a knock-down) is a Boost that lasts while the turn number is below its `until`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import msgspec

from arena.engine.core.board import Square
from arena.engine.core.protocol import Fate
from arena.engine.core.records import Frozen, replace
from arena.engine.rulesets.gladiator_101.data import (
    ARMOUR,
    DEFAULT_BOARD,
    DEFAULT_MAX_TURNS,
    GROUPS,
    HIT_POINTS,
    LOCATIONS,
    SLOT,
    SLUG,
    WEAPONS,
    Height,
)
from arena.engine.rulesets.gladiator_101.feats import FEATS, Ability, Timing

__all__ = ["SLUG"]

FOREVER = 1_000_000  # a boost for the rest of the bout (Hamstring)

# Tactics settings: the first choice of each is the default.
AIM = ("best", "high", "mid", "low")
STYLE = ("best", "focused", "flurry")
SETTINGS = {"aim": AIM, "style": STYLE}


@dataclass(frozen=True, slots=True)
class Tactics:
    aim: str = AIM[0]  # the height it strikes at: the best by its reckoning, or always one
    style: str = STYLE[0]  # focused attacks, many strikes, or whichever it reckons best

    def to_json(self) -> dict[str, str]:
        return {"aim": self.aim, "style": self.style}


@dataclass(frozen=True, slots=True)
class Options:
    width: int = DEFAULT_BOARD[0]
    height: int = DEFAULT_BOARD[1]
    max_turns: int = DEFAULT_MAX_TURNS
    tactics: bool = False

    def contains(self, square: Square) -> bool:
        return 0 <= square.col < self.width and 0 <= square.row < self.height

    def starts(self) -> tuple[Square, Square]:
        """The two starting squares: facing each other across the middle, seven squares
        apart on the default board (the one who starts closes in and strikes)."""
        mid = self.width // 2
        gap = min(7, self.height - 1)
        low = (self.height - 1 - gap) // 2
        return Square(mid - 1, low), Square(mid, low + gap)


class Traits:
    """A fighter's feats summed once: the passive effects by key, its abilities by the slug a
    turn's order names (the feat's, also for a foil) and the slugs of its fast and of its
    slow ones in order, its hit points and armour, and the bonuses of a strike by its weapon
    and height (a feat names either), to hit and to the damage grade, and its damage by
    weapon."""

    __slots__ = (
        "abilities", "armour", "armour_at", "damage_with", "effects", "fast", "grade_with",
        "hit_with", "max_hp", "slow",
    )  # fmt: skip

    def __init__(self, feats: tuple[str, ...]) -> None:
        effects: dict[str, int] = {}
        abilities: dict[str, tuple[Ability, Timing]] = {}
        for slug in feats:
            feat = FEATS[slug]
            for key, value in feat.effects:
                effects[key] = effects.get(key, 0) + value
            if feat.ability is not None:
                abilities[feat.base] = (feat.ability, feat.timing)
        self.effects = effects
        self.abilities = abilities
        self.fast = tuple(sorted(s for s, (_, t) in abilities.items() if t is Timing.FAST))
        self.slow = tuple(sorted(s for s, (_, t) in abilities.items() if t is Timing.SLOW))
        self.max_hp = tuple(HIT_POINTS[loc] + self._at("hp", loc) for loc in LOCATIONS)
        self.armour = tuple(ARMOUR[loc] + self._at("armour", loc) for loc in LOCATIONS)
        self.armour_at = dict(zip(LOCATIONS, self.armour, strict=True))  # by location's name
        self.hit_with = self._by_strike("hit")
        self.grade_with = self._by_strike("grade")
        self.damage_with = {w: self.get(f"damage@{w}") for w in WEAPONS}  # by weapon

    def _by_strike(self, base: str) -> dict[tuple[str, Height], int]:
        """The effect `base` of a strike by (weapon, height): its "@height" and "@weapon"."""
        get = self.effects.get
        return {
            (w, h): get(f"{base}@{h.value}", 0) + get(f"{base}@{w}", 0)
            for w in WEAPONS
            for h in Height
        }

    def _at(self, base: str, location: str) -> int:
        return sum(
            value
            for key, value in self.effects.items()
            if key.startswith(base + "@") and location in GROUPS[key.partition("@")[2]]
        )

    def get(self, key: str) -> int:
        return self.effects.get(key, 0)


@lru_cache(maxsize=4096)
def traits_of(feats: tuple[str, ...]) -> Traits:
    return Traits(feats)


NO_TRAITS = traits_of(())  # a fighter's before __post_init__ sets his own


class Boost(Frozen):
    key: str  # an effect key ("hit", "reflex", "armour@all", "prone" ...)
    value: int
    until: int  # lasts while State.turn < until
    source: str = ""  # the feat it came from
    since: int = 0  # and counts from this turn on (Patient Hunter's aim: from your next turn)


class Fighter(Frozen):
    """A fighter as he stands: a `Frozen` record, copied with `replace` by every change a turn
    makes (core/records.py)."""

    name: str
    seat: int
    square: Square
    accuracy: int
    reflex: int
    strength: int
    feats: tuple[str, ...]
    hp: tuple[int, ...]  # by LOCATIONS
    fate: Fate = Fate.FIGHTING
    felled_by: str = ""
    boosts: tuple[Boost, ...] = ()
    used: tuple[tuple[str, int], ...] = ()  # abilities with a limit: (slug, times used)
    tactics: Tactics = Tactics()
    # Its feats summed (traits_of): set whenever a fighter is made or copied, from its feats,
    # not worked out at every check.
    traits: Traits = NO_TRAITS

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "traits", traits_of(self.feats))

    @property
    def standing(self) -> bool:
        return self.fate is Fate.FIGHTING

    def uses(self, slug: str) -> int:
        return dict(self.used).get(slug, 0)

    def hp_at(self, location: str) -> int:
        return self.hp[SLOT[location]]

    @property
    def hp_total(self) -> int:
        return sum(self.hp)


class State(Frozen):
    options: Options
    fighters: tuple[Fighter, ...]
    first: int = 0  # the seat of who acts on turn 0 ("one combatant is randomly decided")
    turn: int = 0  # combatant turns played
    finished: bool = False

    @property
    def actor(self) -> Fighter:
        return self.fighters[(self.first + self.turn) % len(self.fighters)]

    def get(self, name: str) -> Fighter | None:
        for f in self.fighters:
            if f.name == name:
                return f
        return None

    def opponent(self, name: str) -> Fighter:
        a, b = self.fighters
        return b if a.name == name else a

    def with_fighter(self, fighter: Fighter) -> State:
        """The state with `fighter` in its seat; the other fighter is shared, not copied."""
        a, b = self.fighters
        return replace(self, fighters=(fighter, b) if fighter.seat == a.seat else (a, fighter))

    def with_fighters(self, one: Fighter, other: Fighter) -> State:
        """The state with both fighters in their seats (an attack's, after its last blow)."""
        return replace(
            self, fighters=(one, other) if one.seat == self.fighters[0].seat else (other, one)
        )


def effects_on(fighter: Fighter, turn: int) -> Mapping[str, int]:
    """The fighter's passive effects plus its boosts running on `turn`, by key: what the
    check numbers of a turn read, summed once (its feats' own, shared, when none runs)."""
    running = [b for b in fighter.boosts if b.since <= turn < b.until]
    if not running:
        return fighter.traits.effects
    effects = dict(fighter.traits.effects)
    for b in running:
        effects[b.key] = effects.get(b.key, 0) + b.value
    return effects


def boost_total(fighter: Fighter, key: str, turn: int) -> int:
    """The fighter's passive effect `key` plus its boosts of that key still running."""
    total = fighter.traits.effects.get(key, 0)
    for b in fighter.boosts:
        if b.key == key and b.since <= turn < b.until:
            total += b.value
    return total


# -- JSON -----------------------------------------------------------------------------------


def fighter_to_json(f: Fighter) -> dict[str, Any]:
    return {
        "name": f.name,
        "seat": f.seat,
        "square": str(f.square),
        "scores": [f.accuracy, f.reflex, f.strength],
        "feats": list(f.feats),
        "hp": list(f.hp),
        "fate": f.fate.value,
        "felled_by": f.felled_by,
        "boosts": [[b.key, b.value, b.until, b.source, b.since] for b in f.boosts],
        "used": [list(u) for u in f.used],
        "tactics": f.tactics.to_json(),
    }


def fighter_from_json(data: Mapping[str, Any]) -> Fighter:
    accuracy, reflex, strength = data["scores"]
    return Fighter(
        name=data["name"],
        seat=data["seat"],
        square=Square.parse(data["square"]),
        accuracy=accuracy,
        reflex=reflex,
        strength=strength,
        feats=tuple(data["feats"]),
        hp=tuple(data["hp"]),
        fate=Fate(data["fate"]),
        felled_by=data["felled_by"],
        boosts=tuple(Boost(*b) for b in data["boosts"]),
        used=tuple((slug, n) for slug, n in data["used"]),
        tactics=Tactics(**data["tactics"]),
    )


def state_to_json(state: State) -> dict[str, Any]:
    o = state.options
    return {
        "options": {"board": [o.width, o.height], "max_turns": o.max_turns, "tactics": o.tactics},
        "fighters": [fighter_to_json(f) for f in state.fighters],
        "first": state.first,
        "turn": state.turn,
        "finished": state.finished,
    }


def state_from_json(data: Mapping[str, Any]) -> State:
    o = data["options"]
    return State(
        options=Options(o["board"][0], o["board"][1], o["max_turns"], o["tactics"]),
        fighters=tuple(fighter_from_json(f) for f in data["fighters"]),
        first=data["first"],
        turn=data["turn"],
        finished=data["finished"],
    )
