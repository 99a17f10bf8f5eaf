"""What each rule set offers the campaign: gladiator types and their starting equipment.

The engine owns the data; this module only adapts it to the shapes forms and services use, so
the rest of the Django code never imports a rule set's internals.
"""

from __future__ import annotations

from functools import cache


@cache
def _gladiatorquest_types() -> dict[str, dict]:
    from arena.engine.rulesets.gladiatorquest import GLADIATOR_TYPES

    return {t["slug"]: t for t in GLADIATOR_TYPES}


def gladiator_kinds(ruleset: str) -> list[tuple[str, str]]:
    """(slug, label) of the gladiator types a campaign under this rule set may create."""
    if ruleset == "gladiatorquest":
        return [
            (slug, f"{t['name']} ({'monster' if t['monster'] else 'hero'})")
            for slug, t in _gladiatorquest_types().items()
        ]
    return []


def default_equipment(ruleset: str, kind: str) -> list[str]:
    """The equipment a gladiator of this type starts with (until it buys its own)."""
    if ruleset == "gladiatorquest":
        return list(_gladiatorquest_types()[kind]["equipment"])
    return []
