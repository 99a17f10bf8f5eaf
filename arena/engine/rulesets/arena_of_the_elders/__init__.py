"""Arena of the Elders (arena-of-the-elders.txt, settled in RULINGS.md): two teams of four
champions on an arena map, taking turns; team deathmatch, kill the king and capture the flag,
each with its competitive alteration.

The text names eight characters and a map without printing them: Ludus's own are data
(champions.json, arenas.json). docs/rules/arena-of-the-elders.md has every rule, ruling,
the content and the campaign mapping.
"""

from __future__ import annotations

from arena.engine.core.ruleset import register
from arena.engine.rulesets.arena_of_the_elders.arena import ARENAS, Arena, render
from arena.engine.rulesets.arena_of_the_elders.data import CHAMPIONS, Ability, Champion
from arena.engine.rulesets.arena_of_the_elders.orders import Activation, Preparation
from arena.engine.rulesets.arena_of_the_elders.ruleset import ArenaOfTheElders
from arena.engine.rulesets.arena_of_the_elders.setup import (
    draft_next,
    draft_open,
    draft_order,
    draft_problems,
    setup_bout,
)
from arena.engine.rulesets.arena_of_the_elders.state import (
    SLUG,
    TEAMS,
    Effect,
    Fighter,
    Flag,
    Options,
    State,
)

register(ArenaOfTheElders)

__all__ = [
    "ARENAS",
    "CHAMPIONS",
    "SLUG",
    "TEAMS",
    "Ability",
    "Activation",
    "Arena",
    "ArenaOfTheElders",
    "Champion",
    "Effect",
    "Fighter",
    "Flag",
    "Options",
    "Preparation",
    "State",
    "draft_next",
    "draft_open",
    "draft_order",
    "draft_problems",
    "render",
    "setup_bout",
]
