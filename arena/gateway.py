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
    content_kinds_of,
    entry_teams_of,
    fight_problems_of,
    house_rules_paid,
    issued_kit_of,
    knockout_entrants_of,
    limits_of,
    pays_experience_of,
    previews_of,
    rolls_dice_of,
    text_help_of,
    winner_falls_of,
)
from arena.engine.core.canonical import canonical, digest
from arena.engine.core.dice import Dice
from arena.engine.core.mercy import VerdictNeeded
from arena.engine.core.protocol import Fate, dice_for
from arena.engine.core.ruleset import RULESETS, Ruleset, StepWord, step_word_of
from arena.engine.lab import (
    Cell,
    LabBuild,
    LabSpec,
    cell_fight,
    lab_builds_of,
    lab_pairs,
    summaries,
    to_csv,
    to_json,
    to_markdown,
    wilson,
)
from arena.engine.lab.builds import mirror_matches_of
from arena.engine.lab.odds import BATCH, CAP, Odds, fight_odds, settled, unanimous
from arena.engine.lab.pool import fight_matrix

__all__ = [
    "BATCH",
    "CAP",
    "KNOCKOUT_ENTRANTS",
    "RULESETS",
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
    "Ruleset",
    "Square",
    "StepWord",
    "VerdictNeeded",
    "WhatIf",
    "campaign_rulesets",
    "canonical",
    "cell_fight",
    "content_kinds_of",
    "dice_for",
    "digest",
    "entry_teams_of",
    "fight_matrix",
    "fight_odds",
    "fight_problems_of",
    "house_rules_paid",
    "issued_kit_of",
    "knockout_entrants_of",
    "lab_builds_of",
    "lab_pairs",
    "limits_of",
    "mirror_matches_of",
    "pays_experience_of",
    "play",
    "previews_of",
    "rolls_dice_of",
    "ruleset",
    "rulesets_available",
    "settled",
    "step_word_of",
    "summaries",
    "text_help_of",
    "to_csv",
    "to_json",
    "to_markdown",
    "unanimous",
    "wilson",
    "winner_falls_of",
]
