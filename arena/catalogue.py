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
    return {}


def default_equipment(ruleset: str, kind: str) -> list[str]:
    """The equipment a gladiator of this type starts with."""
    return list(gladiator_type(ruleset, kind).get("equipment", []))


def armoury(ruleset: str) -> dict[str, dict[str, Any]]:
    """slug -> item data (name, kind, price, properties). Items with price None are not sold."""
    if ruleset == GLADIATORQUEST:
        return _gladiatorquest_armoury()
    return {}


def equipment_problems(ruleset: str, kind: str, equipment: list[str]) -> list[str]:
    """What is wrong with carrying this equipment into a bout, in words ([] = fine)."""
    if ruleset == GLADIATORQUEST:
        return _gq().equipment_errors(kind, list(equipment))
    return []


def tactics_settings(ruleset: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """name -> (allowed values, default) of the tactics a gladiator may set."""
    if ruleset == GLADIATORQUEST:
        from arena.engine.rulesets.gladiatorquest.tactics import CHOICES, DEFAULT_TACTICS

        defaults = DEFAULT_TACTICS.as_dict()
        return {name: (values, defaults[name]) for name, values in CHOICES.items()}
    return {}
