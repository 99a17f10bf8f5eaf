"""Rule sets. Importing this package registers every rule set in core.RULESETS."""

from __future__ import annotations

from arena.engine.rulesets import (
    arena_of_the_elders,  # noqa: F401  (registers itself)
    gladiator_101,  # noqa: F401  (registers itself)
    gladiator_arena,  # noqa: F401  (registers itself)
    gladiatorquest,  # noqa: F401  (registers itself)
    sudden_destruction,  # noqa: F401  (registers itself)
)
