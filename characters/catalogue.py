"""What each rule set offers the campaign: gladiator types, their starting equipment, the
armoury and its rules.

The engine owns the data; this module only adapts it to the shapes forms and services use, so
the rest of the Django code never imports a rule set's internals. A rule set without a
campaign catalogue (yet) offers no types and no armoury.
"""

from __future__ import annotations

from functools import cache
from typing import Any

GLADIATORQUEST = "gladiatorquest"
GLADIATOR_ARENA = "gladiator-arena"

# Gladiator Arena has no economy of its own; these are Ludus's prices for its weapons
# (docs/rules/gladiator-arena.md, "In a campaign"). Every gladiator starts with a sword, the
# one weapon every race may use.
GA_PRICES = {"sword": 100, "spear": 100, "axe": 150, "bow": 150, "catapult": 300}
GA_STARTING_WEAPON = "sword"


@cache
def _ga():
    from arena.engine.rulesets import gladiator_arena

    return gladiator_arena


@cache
def _ga_armoury() -> dict[str, dict[str, Any]]:
    ga = _ga()
    items = {}
    for weapon, stats in ga.WEAPONS.items():
        reach = "any distance" if stats.max_range is None else f"{stats.max_range}"
        users = [race.value for race, allowed in ga.ALLOWED.items() if weapon in allowed]
        items[weapon.value] = {
            "slug": weapon.value,
            "name": weapon.value.capitalize(),
            "kind": "weapon",
            "price": GA_PRICES[weapon.value],
            "attack": stats.damage,
            "note": f"{stats.damage} damage, reach {stats.min_range}-{reach}; "
            f"for {', '.join(users)}",
        }
    return items


@cache
def _gq():
    from arena.engine.rulesets import gladiatorquest

    return gladiatorquest


@cache
def _gladiatorquest_types() -> dict[str, dict[str, Any]]:
    return {t["slug"]: t for t in _gq().GLADIATOR_TYPES}


@cache
def _gladiatorquest_armoury() -> dict[str, dict[str, Any]]:
    return {i["slug"]: i for i in _gq().ARMOURY}


def gladiator_kinds(ruleset: str) -> list[tuple[str, str]]:
    """(slug, label) of the gladiator types a campaign under this rule set may create."""
    if ruleset == GLADIATOR_ARENA:
        return [
            (race.value, f"{race.value.capitalize()} ({stats.hp} HP, {stats.mpt} MpT)")
            for race, stats in _ga().RACES.items()
        ]
    if ruleset == GLADIATORQUEST:
        return [
            (slug, f"{t['name']} ({'monster' if t['monster'] else 'hero'})")
            for slug, t in _gladiatorquest_types().items()
        ]
    return []


def gladiator_type(ruleset: str, kind: str) -> dict[str, Any]:
    """The type's data: base stats and starting equipment ({} if the rule set has none)."""
    if ruleset == GLADIATORQUEST:
        return _gladiatorquest_types().get(kind, {})
    if ruleset == GLADIATOR_ARENA:
        race = next((r for r in _ga().RACES if r.value == kind), None)
        if race is None:
            return {}
        stats = _ga().RACES[race]
        return {
            "slug": kind,
            "name": kind.capitalize(),
            "hp": stats.hp,
            "mpt": stats.mpt,
            "equipment": [GA_STARTING_WEAPON],
        }
    return {}


def default_equipment(ruleset: str, kind: str) -> list[str]:
    """The equipment a gladiator of this type starts with."""
    return list(gladiator_type(ruleset, kind).get("equipment", []))


def armoury(ruleset: str) -> dict[str, dict[str, Any]]:
    """slug -> item data (name, kind, price, properties). Items with price None are not sold."""
    if ruleset == GLADIATORQUEST:
        return _gladiatorquest_armoury()
    if ruleset == GLADIATOR_ARENA:
        return _ga_armoury()
    return {}


def equipment_problems(ruleset: str, kind: str, equipment: list[str]) -> list[str]:
    """What is wrong with carrying this equipment into a bout, in words ([] = fine)."""
    if ruleset == GLADIATORQUEST:
        return _gq().equipment_errors(kind, list(equipment))
    if ruleset == GLADIATOR_ARENA:
        return _ga_equipment_problems(kind, list(equipment))
    return []


def _ga_equipment_problems(kind: str, equipment: list[str]) -> list[str]:
    ga = _ga()
    race = next((r for r in ga.RACES if r.value == kind), None)
    if race is None:
        return [f"unknown race {kind!r}"]
    problems = []
    for slug in equipment:
        weapon = next((w for w in ga.WEAPONS if w.value == slug), None)
        if weapon is None:
            problems.append(f"unknown weapon {slug!r}")
        elif weapon not in ga.ALLOWED[race]:
            problems.append(f"a {kind} may not fight with a {slug} (the allowed combinations)")
    if len(equipment) > 1:
        problems.append("a gladiator fights with one weapon")
    return problems


def tactics_settings(ruleset: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """name -> (allowed values, default) of the tactics a gladiator may set."""
    if ruleset == GLADIATORQUEST:
        from arena.engine.rulesets.gladiatorquest.tactics import CHOICES, DEFAULT_TACTICS

        defaults = DEFAULT_TACTICS.as_dict()
        return {name: (values, defaults[name]) for name, values in CHOICES.items()}
    return {}


def has_levels(ruleset: str) -> bool:
    """Whether gladiators of this rule set spend experience on level-ups (GladiatorQuest VII.C).
    Gladiator Arena has no stats to raise: its gladiators keep their experience as a record."""
    return ruleset == GLADIATORQUEST


def stat_lines(ruleset: str, kind: str, bonuses: dict[str, int]) -> list[tuple[str, str]]:
    """The sheet's stats as (label, value) pairs, base value plus level-up bonus."""
    base = gladiator_type(ruleset, kind)
    if ruleset == GLADIATOR_ARENA:
        if not base:
            return []
        race = next(r for r in _ga().RACES if r.value == kind)
        stats = _ga().RACES[race]
        bonus = f"{stats.damage_bonus:+d}" if stats.damage_bonus else "none"
        move = "2 MpT a square" if stats.move_cost == 2 else "1 MpT a square"
        if stats.double_move:
            move += "; may run 2 squares"
        return [
            ("Hit points", str(stats.hp)),
            ("Moves per turn", str(stats.mpt)),
            ("Damage bonus", bonus),
            ("Moving", move),
        ]

    def with_bonus(label: str, value: object, stat: str) -> tuple[str, str]:
        extra = bonuses.get(stat, 0)
        return label, f"{value}{f' +{extra}' if extra else ''}"

    return [
        with_bonus("Attack dice", base.get("attack", "?"), "attack"),
        with_bonus("Defend dice", base.get("defend", "?"), "defend"),
        with_bonus("Body", base.get("body", "?"), "body"),
        with_bonus("Mind", base.get("mind", "?"), "mind"),
        with_bonus("Movement", "dice", "movement"),
    ]
