"""GladiatorQuest: HeroQuest-style gladiator combat (gladiatorquest.txt, rules in RULINGS.md).

Public data for the campaign shop and gladiator creation:

    from arena.engine.rulesets.gladiatorquest import ARMOURY, GLADIATOR_TYPES, equipment_errors

The modules, in the order they build on each other: data (armoury, types, spells, tactics
settings), events, orders, state (the frozen records of a bout), setup, paths, tactics (the AI),
wounds (VI: damage, falls, death, mercy), ending (II.G), actions (IV.C), movement (IV), combat
(V), turn (resolve_turn: the sequence of a turn), standings, ruleset (the turn protocol).
RULES.md maps every section of the rule text to the function that implements it.
"""

from __future__ import annotations

from arena.engine.core.ruleset import register
from arena.engine.rulesets.gladiatorquest.data import (
    ARMOURY,
    CONTESTS,
    DEFAULT_SPELLS,
    DEFAULT_TACTICS,
    GLADIATOR_TYPES,
    ITEMS,
    SPELL_GROUPS,
    SPELL_LIST,
    SPELLS,
    TACTICS_CHOICES,
    TYPES,
    equipment_errors,
    spell_errors,
)
from arena.engine.rulesets.gladiatorquest.ruleset import GladiatorQuest

register(GladiatorQuest)

__all__ = [
    "ARMOURY",
    "CONTESTS",
    "DEFAULT_SPELLS",
    "DEFAULT_TACTICS",
    "GLADIATOR_TYPES",
    "ITEMS",
    "SPELLS",
    "SPELL_GROUPS",
    "SPELL_LIST",
    "TACTICS_CHOICES",
    "TYPES",
    "GladiatorQuest",
    "equipment_errors",
    "spell_errors",
]
