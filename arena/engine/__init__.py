"""Ludus rules engine: pure Python, no Django. The contract the Django side calls:

from arena.engine import play, ruleset, campaign_rulesets, EngineInputError
result = play(bout)          # plain JSON-able dict in, plain JSON-able dict out
plugin = ruleset(slug)       # a core.ruleset.Ruleset: .campaign adapter, .web play
"""

from __future__ import annotations

from typing import Any

from arena.engine import rulesets as _rulesets  # noqa: F401  (fills the registry)
from arena.engine.core.ruleset import RULESETS, Ruleset
from arena.engine.errors import EngineInputError

__all__ = ["EngineInputError", "campaign_rulesets", "play", "ruleset", "rulesets_available"]


def rulesets_available() -> list[dict[str, str]]:
    return [
        {"slug": cls.slug, "version": cls.version, "title": cls.title} for cls in RULESETS.values()
    ]


def ruleset(slug: str) -> Ruleset:
    """The registered rule set `slug` (EngineInputError naming the known ones otherwise)."""
    cls = RULESETS.get(slug) if isinstance(slug, str) else None
    if cls is None:
        known = ", ".join(sorted(RULESETS))
        raise EngineInputError("ruleset", f"unknown rule set {slug!r} (available: {known})")
    return cls()


def campaign_rulesets() -> list[Ruleset]:
    """The rule sets a campaign can be run under: those with a campaign adapter."""
    return [cls() for cls in RULESETS.values() if cls.campaign is not None]


def play(bout: dict[str, Any]) -> dict[str, Any]:
    """Resolve a bout. Deterministic: the same input gives the same output, byte for byte."""
    if not isinstance(bout, dict):
        raise EngineInputError("bout", "must be a JSON object")
    return ruleset(bout.get("ruleset")).play(bout)  # type: ignore[arg-type]
