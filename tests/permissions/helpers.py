"""What a refused or rejected request must leave exactly as it was."""

from __future__ import annotations

from typing import Any

from arena.models import Bout, LabRun
from campaign.models import AuditEntry, Campaign, Membership
from campaign.notifications.models import Webhook
from characters.models import Gladiator, LedgerLine


def snapshot(campaign: Campaign) -> dict[str, Any]:
    """Everything a refused request must leave as it was."""
    return {
        "gladiators": {
            g.name: {
                "gold": g.gold,
                "xp": g.xp,
                "level": g.level,
                "status": g.status,
                "bonuses": g.build.get("bonuses", {}),
                "tactics": g.tactics,
                "holdings": sorted(g.holdings.values_list("id", "item", "equipped")),
            }
            for g in Gladiator.objects.filter(campaign=campaign)
        },
        "ledger": LedgerLine.objects.filter(gladiator__campaign=campaign).count(),
        "bouts": dict(Bout.objects.filter(campaign=campaign).values_list("id", "status")),
        "audit": AuditEntry.objects.filter(campaign=campaign).count(),
        "invite": Campaign.objects.get(pk=campaign.pk).invite_code,
        "members": Membership.objects.filter(campaign=campaign).count(),
        "campaigns": Campaign.objects.count(),
        "lab_runs": dict(LabRun.objects.filter(campaign=campaign).values_list("id", "status")),
        "webhooks": sorted(Webhook.objects.filter(campaign=campaign).values_list("url", flat=True)),
    }
