"""The campaign's rule set, as forms and services need it: the rule set's campaign adapter
(arena/engine/core/campaign.py) looked up by the campaign's slug, with its refusals in words.

Nothing here knows a rule set: every question goes to the adapter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine import EngineInputError, ruleset
from arena.engine.core.campaign import (
    Advance,
    CampaignAdapter,
    GladiatorType,
    content_kinds_of,
    fight_problems_of,
    issued_kit_of,
    pays_experience_of,
)
from campaign.content import content_documents
from campaign.errors import LudusError


def adapter(slug: str) -> CampaignAdapter:
    """The campaign adapter of rule set `slug`; LudusError if it has none."""
    try:
        found = ruleset(slug).campaign
    except EngineInputError as error:
        raise LudusError(error.message, field="ruleset") from None
    if found is None:
        raise LudusError(f"The rule set {slug!r} cannot be played in campaigns yet.")
    return found


def rules_of(campaign: Any) -> CampaignAdapter:
    """The campaign's adapter: its rule set's, seeing the content the GM added to this
    campaign (campaign/content.py). Asked once per campaign object."""
    found = getattr(campaign, "_rules_of", None)
    if found is None:
        found = adapter(campaign.ruleset)
        if content_kinds_of(found):
            documents = content_documents(campaign)
            if documents:
                try:
                    found = found.with_content(documents)
                except EngineInputError as error:  # stored content its rule set now refuses
                    raise LudusError(f"The campaign's GM content: {error}") from None
        campaign._rules_of = found
    return found


def gladiator_kinds(slug: str, *, campaign: Any = None) -> list[tuple[str, str]]:
    """(slug, label) of the gladiator types a campaign under this rule set may create (with
    `campaign`, its GM's own too)."""
    rules = rules_of(campaign) if campaign is not None else adapter(slug)
    return [(t.slug, t.label) for t in rules.types()]


def gladiator_type(slug: str, kind: str, *, campaign: Any = None) -> GladiatorType | None:
    rules = rules_of(campaign) if campaign is not None else adapter(slug)
    return next((t for t in rules.types() if t.slug == kind), None)


def armoury(slug: str) -> Mapping[str, Mapping[str, Any]]:
    """slug -> item data (name, kind, price, note). Items with price None are not sold."""
    return adapter(slug).armoury()


def pays_experience(slug: str) -> bool:
    """Whether bouts of rule set `slug` pay experience (some rule texts give it no use)."""
    return pays_experience_of(adapter(slug))


def issued_kit(gladiator: Any) -> list[Mapping[str, Any]]:
    """The armoury's items this gladiator is issued for every bout without holding them."""
    rules = adapter(gladiator.campaign.ruleset)
    items = rules.armoury()
    return [items[slug] for slug in issued_kit_of(rules, gladiator.kind) if slug in items]


def equipment_problems(gladiator: Any, equipment: Sequence[str]) -> list[str]:
    """What is wrong with this gladiator carrying `equipment` into a bout ([] = fine)."""
    rules = rules_of(gladiator.campaign)
    return rules.equipment_problems(gladiator.kind, gladiator.build, list(equipment))


def equipped_items(gladiator: Any) -> list[str]:
    """The slugs of what the gladiator carries into a bout (from its prefetched holdings, when
    they are)."""
    return sorted(h.item for h in gladiator.holdings.all() if h.equipped)


def fight_problems(
    gladiator: Any, equipment: Sequence[str] | None = None, *, campaign: Any = None
) -> list[str]:
    """What keeps the gladiator from fighting with `equipment` (by default what it has
    equipped), each in words that follow its name ("has no weapon ..."); [] = it can fight.
    `campaign`: the gladiator's, when the caller holds it (its adapter is asked once)."""
    rules = rules_of(campaign if campaign is not None else gladiator.campaign)
    carried = equipped_items(gladiator) if equipment is None else list(equipment)
    return fight_problems_of(rules, gladiator.kind, gladiator.build, carried)


def check_gladiator_can_fight(
    gladiator: Any, *, campaign: Any = None, field: str = "gladiators"
) -> None:
    """Refuse, in words, a gladiator that cannot fight as it is equipped now: at every entry
    into a bout (scheduling, entering by web, a knockout's draw), before anything is stored."""
    problems = fight_problems(gladiator, campaign=campaign)
    if problems:
        raise LudusError(f"{gladiator.name} cannot enter a bout: it {problems[0]}.", field=field)


def tactics_settings(slug: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """name -> (allowed values, default) of the tactics a gladiator may set."""
    return {t.name: (t.choices, t.default) for t in adapter(slug).tactics()}


def advances_of(gladiator: Any) -> list[Advance]:
    """What the gladiator can improve now (whatever it can afford)."""
    rules = rules_of(gladiator.campaign)
    return rules.advances(gladiator.kind, gladiator.build, gladiator.level)


def sheet_lines(gladiator: Any) -> list[tuple[str, str]]:
    return rules_of(gladiator.campaign).sheet(gladiator.kind, gladiator.build)
