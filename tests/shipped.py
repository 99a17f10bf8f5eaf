"""The rule sets Ludus ships, as against every registered one: tests/rulesets registers Stone
Duel, its worked example, for the whole test session, so a test about what Ludus offers (the
README, the demo, the command line in a process of its own) asks for these."""

from __future__ import annotations

from arena.engine import campaign_rulesets
from arena.engine.core.ruleset import Ruleset


def shipped_rulesets() -> list[Ruleset]:
    return [
        r for r in campaign_rulesets() if type(r).__module__.startswith("arena.engine.rulesets.")
    ]
