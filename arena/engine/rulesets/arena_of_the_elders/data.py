"""The champions as data (champions.json beside this file): health, speed, flying, swimming and
five abilities each. The rule text names eight characters without printing them; these are
Ludus's own, documented in docs/rules/arena-of-the-elders.md.

Ability slot 1 is known from level 1, the sheet's choice of slot 2, 3 or 4 from level 3, and
slot 5 from level 6 ("Ability rules").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

MAX_LEVEL = 6
CHOICE_LEVEL = 3  # the sheet's choice of the 2nd, 3rd or 4th ability
FIFTH_LEVEL = 6

# What an ability can do. On a hit: fire, poison, stun. For its duration: the rest of TIMED.
ON_HIT = frozenset(("fire", "poison", "stun"))
TIMED = frozenset(("haste", "soar", "shield", "evade", "slow", "expose"))
# Passive abilities "always take effect".
PASSIVE = frozenset(
    (
        "armour",
        "fireproof",
        "sear",
        "venom",
        "high-ground",
        "tidal",
        "keen",
        "regenerate",
        "vantage",
    )
)
# The statistics a passive ability may change by a whole number ("modifiers"): speed, flying
# (squares of walls and ledges it may cross), health (the most it has), range (of its
# abilities on others), hit (its to-hit rolls) and damage (that it deals).
STATS = ("speed", "flying", "health", "range", "hit", "damage")
# What the timed effects on a character add to its speed: haste +2, Updraft +1, slow -1.
SPEED_EFFECTS = {"haste": 2, "soar": 1, "slow": -1}
KINDS = ("attack", "heal", "buff", "passive")
TARGETS = ("enemy", "ally", "self")


@dataclass(frozen=True, slots=True)
class Ability:
    key: str
    name: str
    slot: int  # 1..5 on the sheet
    kind: str  # attack, heal, buff, passive
    target: str = "self"  # enemy, ally (the user included), self
    range: int = 0
    hit: tuple[int, int] | None = None  # the d6 results that hit; None: no roll
    damage: int = 0
    crit: int | None = None  # damage instead, on a natural 6
    heal: int = 0
    cooldown: int = 0
    duration: int = 0
    effects: tuple[str, ...] = ()
    text: str = ""
    modifiers: tuple[tuple[str, int], ...] = ()  # a passive's (statistic, change), STATS

    @property
    def passive(self) -> bool:
        return self.kind == "passive"

    def line(self) -> str:
        """The ability as the sheet prints it."""
        if self.passive:
            changes = "".join(f" {stat} {n:+d};" for stat, n in self.modifiers)
            return f"{self.name} (passive):{changes} {self.text.removeprefix('Passive: ')}"
        parts = [f"range {self.range}" if self.target != "self" else "self"]
        if self.hit is not None:
            parts.append(f"hit {self.hit[0]}-{self.hit[1]}")
        if self.damage:
            crit = f" (crit {self.crit})" if self.crit is not None else ""
            parts.append(f"{self.damage} damage{crit}")
        if self.heal:
            parts.append(f"heal {self.heal}")
        shown = [e for e in self.effects]
        if shown:
            parts.append(", ".join(shown))
        if self.cooldown:
            parts.append(f"cooldown {self.cooldown}")
        if self.duration:
            parts.append(f"duration {self.duration}")
        text = f" - {self.text}" if self.text else ""
        return f"{self.name}: {'; '.join(parts)}{text}"


@dataclass(frozen=True, slots=True)
class Champion:
    key: str
    name: str
    title: str
    health: int
    speed: int
    abilities: tuple[Ability, ...]  # five, slot order
    flying: int = 0
    swimming: bool = False
    preferred: int = 2  # the default choice among slots 2-4
    text: str = ""
    # What a character of each level and level-3 choice has (Stats): asked at every
    # weighing of every move, so worked out once, when the champion is made.
    sheets: Mapping[tuple[int, int], Stats] = field(init=False, repr=False, compare=False)
    # What `named` finds for each ability's key, the name a typed order keeps
    # (orders.Activation.ability): looked up once, not at every use.
    by_key: Mapping[str, Ability] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sheets = {}
        for level in range(1, MAX_LEVEL + 1):
            for choice in (2, 3, 4):
                sheets[level, choice] = _stats(self, _known(self.abilities, level, choice))
        object.__setattr__(self, "sheets", sheets)  # a frozen dataclass sets it this way
        object.__setattr__(self, "by_key", {a.key: self.named(a.key) for a in self.abilities})

    def ability(self, slot: int) -> Ability:
        return self.abilities[slot - 1]

    def named(self, word: str) -> Ability | None:
        """An ability by key, name (any case) or slot number."""
        word = str(word).strip().lower()
        for a in self.abilities:
            if word in (a.key, a.name.lower(), str(a.slot)):
                return a
        return None

    def known(self, level: int, choice: int) -> tuple[Ability, ...]:
        """The abilities a character of this level knows, with `choice` its slot 2-4."""
        return self.sheets[level, choice].known

    def passives(self, level: int, choice: int) -> frozenset[str]:
        """The effects of the passive abilities a character of this level has."""
        return self.sheets[level, choice].passives

    def modifier(self, level: int, choice: int, stat: str) -> int:
        """What the passive abilities a character of this level has add to `stat`."""
        return self.sheets[level, choice].modifiers.get(stat, 0)


class Stats(NamedTuple):
    """What a champion of one level and level-3 choice has: the abilities it knows, its
    passives, what they add to each statistic, and its statistics with them (timed effects
    aside: they change during a bout)."""

    known: tuple[Ability, ...]
    passives: frozenset[str]  # the effects of its passive abilities
    modifiers: Mapping[str, int]  # what they add to each statistic (STATS)
    health: int  # the most health it has
    speed: int  # before timed effects (SPEED_EFFECTS) and the floor of 0
    flying: int  # before Updraft
    actives: tuple[Ability, ...]  # the known abilities it uses (not passive), in slot order
    # Each of its champion's abilities' range by key, with what its passives add to ranges
    # (not to a use on oneself), before Vantage (moves.base_reach).
    reach: Mapping[str, int]

    def has(self, passive: str) -> bool:
        return passive in self.passives

    def mod(self, stat: str) -> int:
        """ "abilities with the word passive always take effect": what its passives add to a
        statistic (STATS)."""
        return self.modifiers.get(stat, 0)


def _stats(champion: Champion, known: tuple[Ability, ...]) -> Stats:
    passives = frozenset(e for a in known if a.passive for e in a.effects)
    changes: dict[str, int] = {}
    for a in known:
        for stat, n in a.modifiers if a.passive else ():
            changes[stat] = changes.get(stat, 0) + n
    added = changes.get("range", 0)
    return Stats(
        known=known,
        passives=passives,
        modifiers=changes,
        health=max(1, champion.health + changes.get("health", 0)),
        speed=champion.speed + changes.get("speed", 0),
        flying=max(0, champion.flying + changes.get("flying", 0)),
        actives=tuple([a for a in known if not a.passive]),
        reach={a.key: a.range + (added if a.target != "self" else 0) for a in champion.abilities},
    )


def _known(abilities: tuple[Ability, ...], level: int, choice: int) -> tuple[Ability, ...]:
    """Slot 1 from level 1, the chosen slot 2-4 from level 3, slot 5 from level 6."""
    out = [abilities[0]]
    if level >= CHOICE_LEVEL:
        out.append(abilities[choice - 1])
    if level >= FIFTH_LEVEL:
        out.append(abilities[4])
    return tuple(out)


def ability_problems(raw: Mapping[str, Any], where: str) -> list[str]:
    problems = []
    if raw.get("kind") not in KINDS:
        problems.append(f"{where}: kind is one of {', '.join(KINDS)}")
    if raw.get("kind") != "passive" and raw.get("target", "self") not in TARGETS:
        problems.append(f"{where}: target is one of {', '.join(TARGETS)}")
    effects = set(raw.get("effects", []))
    unknown = effects - ON_HIT - TIMED - PASSIVE
    if unknown:
        problems.append(f"{where}: unknown effects {sorted(unknown)}")
    if effects & TIMED and not raw.get("duration"):
        problems.append(f"{where}: {sorted(effects & TIMED)} need a duration")
    hit = raw.get("hit")
    if hit is not None and not (len(hit) == 2 and 1 <= hit[0] <= hit[1] <= 6):
        problems.append(f"{where}: hit is [low, high] within 1-6")
    return problems


def champion_from_json(raw: Mapping[str, Any]) -> Champion:
    abilities = []
    for slot, a in enumerate(raw["abilities"], start=1):
        abilities.append(
            Ability(
                key=a["key"],
                name=a["name"],
                slot=slot,
                kind=a["kind"],
                target=a.get("target", "self"),
                range=a.get("range", 0),
                hit=tuple(a["hit"]) if a.get("hit") else None,  # type: ignore[arg-type]
                damage=a.get("damage", 0),
                crit=a.get("crit"),
                heal=a.get("heal", 0),
                cooldown=a.get("cooldown", 0),
                duration=a.get("duration", 0),
                effects=tuple(a.get("effects", ())),
                text=a.get("text", ""),
                modifiers=tuple((stat, n) for stat, n in a.get("modifiers", {}).items()),
            )
        )
    return Champion(
        key=raw["key"],
        name=raw["name"],
        title=raw.get("title", ""),
        health=raw["health"],
        speed=raw["speed"],
        abilities=tuple(abilities),
        flying=raw.get("flying", 0),
        swimming=bool(raw.get("swimming", False)),
        preferred=raw.get("preferred", 2),
        text=raw.get("text", ""),
    )


def champion_problems(raw: Mapping[str, Any]) -> list[str]:
    key = raw.get("key", "?")
    problems = []
    abilities = raw.get("abilities", [])
    if len(abilities) != 5:
        problems.append(f"{key}: five abilities")
    for n, a in enumerate(abilities, start=1):
        problems += ability_problems(a, f"{key} ability {n}")
    if abilities and abilities[0].get("kind") == "passive":
        problems.append(f"{key}: the first ability is one the character can use")
    if raw.get("preferred", 2) not in (2, 3, 4):
        problems.append(f"{key}: preferred is 2, 3 or 4")
    return problems


def _load() -> dict[str, Champion]:
    raw = json.loads((Path(__file__).parent / "champions.json").read_text())
    out = {}
    for c in raw["champions"]:
        problems = champion_problems(c)
        if problems:
            raise ValueError("; ".join(problems))
        out[c["key"]] = champion_from_json(c)
    return out


CHAMPIONS: dict[str, Champion] = _load()
