"""GladiatorQuest: HeroQuest-style gladiator combat (gladiatorquest.txt, rules in RULINGS.md).

Public data for the campaign shop and gladiator creation:

    from arena.engine.rulesets.gladiatorquest import ARMOURY, GLADIATOR_TYPES, equipment_errors
"""

from __future__ import annotations

from typing import Any, ClassVar

from arena.engine.core.protocol import Column
from arena.engine.core.ruleset import register
from arena.engine.rulesets.gladiatorquest.campaign import GladiatorQuestCampaign
from arena.engine.rulesets.gladiatorquest.data import (
    ARMOURY,
    CONTESTS,
    DEFAULT_SPELLS,
    GLADIATOR_TYPES,
    ITEMS,
    SPELL_GROUPS,
    SPELL_LIST,
    SPELLS,
    TYPES,
    equipment_errors,
    spell_errors,
)
from arena.engine.rulesets.gladiatorquest.engine import resolve
from arena.engine.rulesets.gladiatorquest.tactics import CHOICES as TACTICS_CHOICES
from arena.engine.rulesets.gladiatorquest.tactics import DEFAULT_TACTICS


@register
class GladiatorQuest:
    slug: ClassVar[str] = "gladiatorquest"
    version: ClassVar[str] = "1.1"
    title: ClassVar[str] = "GladiatorQuest"
    columns: ClassVar[tuple[Column, ...]] = (
        Column("defeated", "Defeated", "the opponents it killed or forced to yield"),
        Column("body", "Body left"),
    )
    placing: ClassVar[str] = (
        "The winning side shares first place; the others are placed by how long they lasted, "
        "then by their tally of blows."
    )
    campaign = GladiatorQuestCampaign()
    web = None  # not played by web yet: its bouts are fought by tactics

    def play(self, bout: dict[str, Any]) -> dict[str, Any]:
        return resolve(bout, self.version)


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
