"""Rule sets. Importing this package registers every rule set in core.RULESETS."""

from __future__ import annotations

import arena.engine.rulesets.gladiator_arena  # noqa: F401  (registers itself)
from arena.engine.rulesets import (
    gladiatorquest,  # noqa: F401  (registers itself)
    sudden_destruction,  # noqa: F401  (registers itself)
)
