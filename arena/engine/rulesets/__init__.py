"""Rule sets. Importing this package registers every rule set in core.RULESETS."""

from __future__ import annotations

from arena.engine.rulesets import gladiatorquest  # noqa: F401  (registers itself)
