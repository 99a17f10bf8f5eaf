"""Rule-set independent pieces: board, dice, events, the Ruleset base class and registry."""

from __future__ import annotations

from arena.engine.core.board import DIAGONAL, ORTHOGONAL, Board, Facing, Square
from arena.engine.core.dice import CombatFace, Dice, DiceError
from arena.engine.core.events import Event, plain
from arena.engine.core.ruleset import RULESETS, Ruleset, register

__all__ = [
    "DIAGONAL",
    "ORTHOGONAL",
    "RULESETS",
    "Board",
    "CombatFace",
    "Dice",
    "DiceError",
    "Event",
    "Facing",
    "Ruleset",
    "Square",
    "plain",
    "register",
]
