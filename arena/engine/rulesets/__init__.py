"""Rule sets. Importing this package registers every rule set in core.RULESETS."""

from __future__ import annotations

from arena.engine.rulesets import (
    gladiator_101,  # noqa: F401  (registers itself)
    gladiator_arena,  # noqa: F401  (registers itself)
    gladiatorquest,  # noqa: F401  (registers itself)
    sudden_destruction,  # noqa: F401  (registers itself)
)
