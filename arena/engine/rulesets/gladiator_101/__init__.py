"""Gladiator 101 (gladiator-101.txt, settled in RULINGS.md): a duel of point-bought
gladiators with identical kit and feats from the core set, d100 checks by height and hit
location, fought one combatant's turn at a time. docs/rules/gladiator-101.md has every rule,
ruling and the content Ludus designed (feats, kit, hit points)."""

from __future__ import annotations

from arena.engine.core.ruleset import register
from arena.engine.rulesets.gladiator_101.ruleset import Gladiator101

register(Gladiator101)

__all__ = ["Gladiator101"]
