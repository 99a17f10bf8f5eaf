"""The one door from the Django side to the rules engine (docs/architecture.md, "Layers"):
every app asks the engine through these names, and no module outside arena/engine/ imports
the engine's own modules (the import contract in pyproject.toml, `make lint`). It holds no
Django and no logic, so every app, the campaign domain included, may import it.

What changes inside the engine (a module split, a helper moved) changes this file only."""

from __future__ import annotations

from arena.engine import EngineInputError, campaign_rulesets, play, ruleset, rulesets_available
from arena.engine.core.board import Square
from arena.engine.core.campaign import (
    KNOCKOUT_ENTRANTS,
    SEASON_ENTRANTS,
    Advance,
    CampaignAdapter,
    Card,
    ContentKind,
    Entrant,
    GladiatorType,
    OptionField,
    OrderField,
    Outcome,
    PackRules,
    PickPhase,
    WhatIf,
    house_rules_paid,
)
from arena.engine.core.canonical import canonical, digest
from arena.engine.core.dice import Dice
from arena.engine.core.fallback import fallback_schema, plan_problems
from arena.engine.core.forum import escape_bbcode
from arena.engine.core.mercy import VerdictNeeded
from arena.engine.core.protocol import Fate
from arena.engine.core.rerun import Rerun, first_divergence, order_problems, play_again
from arena.engine.core.ruleset import (
    RULESETS,
    TURN,
    Ruleset,
    StepWord,
    bout_dice,
    read_orders,
)
from arena.engine.lab import (
    Cell,
    LabBuild,
    LabSpec,
    cell_fight,
    lab_pairs,
    summaries,
    to_csv,
    to_json,
    to_markdown,
    wilson,
)
from arena.engine.lab.odds import BATCH, CAP, Odds, fight_odds, settled, unanimous
from arena.engine.lab.pool import fight_matrix

__all__ = [
    "BATCH",
    "CAP",
    "KNOCKOUT_ENTRANTS",
    "RULESETS",
    "SEASON_ENTRANTS",
    "TURN",
    "Advance",
    "CampaignAdapter",
    "Card",
    "Cell",
    "ContentKind",
    "Dice",
    "EngineInputError",
    "Entrant",
    "Fate",
    "GladiatorType",
    "LabBuild",
    "LabSpec",
    "Odds",
    "OptionField",
    "OrderField",
    "Outcome",
    "PackRules",
    "PickPhase",
    "Rerun",
    "Ruleset",
    "Square",
    "StepWord",
    "VerdictNeeded",
    "WhatIf",
    "bout_dice",
    "campaign_rulesets",
    "canonical",
    "cell_fight",
    "digest",
    "escape_bbcode",
    "fallback_schema",
    "fight_matrix",
    "fight_odds",
    "first_divergence",
    "house_rules_paid",
    "lab_pairs",
    "order_problems",
    "plan_problems",
    "play",
    "play_again",
    "read_orders",
    "ruleset",
    "rulesets_available",
    "settled",
    "summaries",
    "to_csv",
    "to_json",
    "to_markdown",
    "unanimous",
    "wilson",
]
