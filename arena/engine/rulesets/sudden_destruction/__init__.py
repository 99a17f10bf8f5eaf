"""Sudden Destruction (sudden-destruction.txt, settled in RULINGS.md): the tech-level duel for
two to four players on a chess board.

Each round every counter on the board writes a secret plan (a tech attempt, its actions, its
standing reactions); the engine plays the tech rolls, the action protocol in initiative order
with interrupts, and the repairs (turn.resolve_turn). RULES.md maps each section of the rule
text to its function; docs/rules/sudden-destruction.md has the protocol, every ruling and the
campaign mapping.
"""

from __future__ import annotations

from arena.engine.core.ruleset import register
from arena.engine.rulesets.sudden_destruction.combat import damage_roll
from arena.engine.rulesets.sudden_destruction.data import ATTRIBUTES, INITIAL, LABELS, Levels
from arena.engine.rulesets.sudden_destruction.ending import winner_of
from arena.engine.rulesets.sudden_destruction.events import (
    Declared,
    Destroyed,
    Evaded,
    Finished,
    Idle,
    Idled,
    Moved,
    Phase,
    PhaseBegan,
    Repaired,
    Shot,
    TechRolled,
    Why,
)
from arena.engine.rulesets.sudden_destruction.orders import Action, Plan, Tech, Verb, read_plan
from arena.engine.rulesets.sudden_destruction.ruleset import SuddenDestruction
from arena.engine.rulesets.sudden_destruction.setup import setup_bout
from arena.engine.rulesets.sudden_destruction.state import SLUG, Machine, Options, State, Tactics
from arena.engine.rulesets.sudden_destruction.tactics import default_plan
from arena.engine.rulesets.sudden_destruction.turn import resolve_turn

register(SuddenDestruction)

__all__ = [
    "ATTRIBUTES",
    "INITIAL",
    "LABELS",
    "SLUG",
    "Action",
    "Declared",
    "Destroyed",
    "Evaded",
    "Finished",
    "Idle",
    "Idled",
    "Levels",
    "Machine",
    "Moved",
    "Options",
    "Phase",
    "PhaseBegan",
    "Plan",
    "Repaired",
    "Shot",
    "State",
    "SuddenDestruction",
    "Tactics",
    "Tech",
    "TechRolled",
    "Verb",
    "Why",
    "damage_roll",
    "default_plan",
    "read_plan",
    "resolve_turn",
    "setup_bout",
    "winner_of",
]
