"""The triggers that reveal a note's secret, told by the apps lore may not import
(campaign/signals.py); connected in LoreConfig.ready()."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from campaign.signals import bout_decided, campaign_archiving, gladiator_fell

from .services import reveal_on_bout_end, reveal_on_campaign_end, reveal_on_death


@receiver(bout_decided, dispatch_uid="lore.bout_decided")
def _bout_decided(sender: Any, *, bout: Any, **_: Any) -> None:
    reveal_on_bout_end(bout=bout)


@receiver(gladiator_fell, dispatch_uid="lore.gladiator_fell")
def _gladiator_fell(sender: Any, *, gladiator: Any, **_: Any) -> None:
    reveal_on_death(gladiator=gladiator)


@receiver(campaign_archiving, dispatch_uid="lore.campaign_archiving")
def _campaign_archiving(sender: Any, *, campaign: Any, **_: Any) -> list:
    reveal_on_campaign_end(campaign=campaign)
    return []  # the archive's audit entry lists bouts called off; the reveals audit themselves
