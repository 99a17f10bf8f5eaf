"""Gladiator Arena, rules version 0.75 (gladiator-arena.txt, settled in RULINGS.md).

Simultaneous secret orders on a chess board: every order of a turn is collected, then moves
(with bumps), strikes, kills and the time limit resolve together. Public API:

    from arena.engine.rulesets.gladiator_arena import (
        GladiatorArena, resolve_turn, validate_order, default_order,
        parse_forum_order, format_turn_post, ...
    )

docs/rules/gladiator-arena.md explains every rule, ruling and decision.
"""

from __future__ import annotations

from arena.engine.core.ruleset import register
from arena.engine.rulesets.gladiator_arena.combat import kill_shares
from arena.engine.rulesets.gladiator_arena.data import (
    ALLOWED,
    RACES,
    SLUG,
    WEAPONS,
    Race,
    Weapon,
    combination_problem,
    damage_of,
)
from arena.engine.rulesets.gladiator_arena.ending import time_limit_applies
from arena.engine.rulesets.gladiator_arena.events import (
    Bumped,
    BumpReason,
    Conceded,
    EndReason,
    Finished,
    Hit,
    KillAwarded,
    KillLost,
    KillReason,
    Moved,
    Removed,
    StrikeResult,
    Struck,
    TimeLimit,
    Wounded,
)
from arena.engine.rulesets.gladiator_arena.forum import (
    ForumFormatError,
    Markup,
    board_grid,
    format_order,
    format_turn_post,
    parse_forum_order,
)
from arena.engine.rulesets.gladiator_arena.orders import (
    Problem,
    ProblemKind,
    destinations,
    in_range,
    parse_order,
    strike_targets,
    strikes_allowed,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.ruleset import GladiatorArena
from arena.engine.rulesets.gladiator_arena.setup import mirror, parse_options, setup_bout
from arena.engine.rulesets.gladiator_arena.standings import standings
from arena.engine.rulesets.gladiator_arena.state import (
    STAY,
    BoutState,
    Concession,
    Gladiator,
    Options,
    Order,
    RemovalCause,
    new_state,
    snapshot,
)
from arena.engine.rulesets.gladiator_arena.tactics import default_order, predict
from arena.engine.rulesets.gladiator_arena.turn import resolve_turn

RULES_VERSION = "0.75"

register(GladiatorArena)


__all__ = [
    "ALLOWED",
    "RACES",
    "RULES_VERSION",
    "SLUG",
    "STAY",
    "WEAPONS",
    "BoutState",
    "BumpReason",
    "Bumped",
    "Conceded",
    "Concession",
    "EndReason",
    "Finished",
    "ForumFormatError",
    "Gladiator",
    "GladiatorArena",
    "Hit",
    "KillAwarded",
    "KillLost",
    "KillReason",
    "Markup",
    "Moved",
    "Options",
    "Order",
    "Problem",
    "ProblemKind",
    "Race",
    "RemovalCause",
    "Removed",
    "StrikeResult",
    "Struck",
    "TimeLimit",
    "Weapon",
    "Wounded",
    "board_grid",
    "combination_problem",
    "damage_of",
    "default_order",
    "destinations",
    "format_order",
    "format_turn_post",
    "in_range",
    "kill_shares",
    "mirror",
    "new_state",
    "parse_forum_order",
    "parse_options",
    "parse_order",
    "predict",
    "resolve_turn",
    "setup_bout",
    "snapshot",
    "standings",
    "strike_targets",
    "strikes_allowed",
    "time_limit_applies",
    "validate_order",
]
