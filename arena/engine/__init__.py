"""Ludus rules engine: pure Python, no Django. The contract the Django side calls:

from arena.engine import play, EngineInputError, rulesets_available
result = play(bout)          # plain JSON-able dict in, plain JSON-able dict out
"""

from __future__ import annotations

from typing import Any

from arena.engine import rulesets as _rulesets  # noqa: F401  (fills the registry)
from arena.engine.core.ruleset import RULESETS
from arena.engine.errors import EngineInputError

__all__ = ["EngineInputError", "play", "rulesets_available"]


def rulesets_available() -> list[dict[str, str]]:
    return [
        {"slug": cls.slug, "version": cls.version, "title": cls.title} for cls in RULESETS.values()
    ]


def play(bout: dict[str, Any]) -> dict[str, Any]:
    """Resolve a bout. Deterministic: the same input gives the same output, byte for byte."""
    if not isinstance(bout, dict):
        raise EngineInputError("bout", "must be a JSON object")
    slug = bout.get("ruleset")
    cls = RULESETS.get(slug) if isinstance(slug, str) else None
    if cls is None:
        known = ", ".join(sorted(RULESETS))
        raise EngineInputError("ruleset", f"unknown rule set {slug!r} (available: {known})")
    return cls().play(bout)
