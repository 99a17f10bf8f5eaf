"""What a refused or rejected request must leave exactly as it was."""

from __future__ import annotations

from typing import Any

from arena.models import Bout, BoutWhatIf, Division, LabRun, Season, SeasonEntry, Tournament
from campaign.lore.models import Biography, Note
from campaign.models import AuditEntry, Campaign, Membership
from campaign.notifications.models import Webhook
from campaign.press.models import Post
from campaign.reliability.models import Vacation
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
                "owner": g.owner.username,
                "biography": Biography.objects.filter(gladiator=g)
                .values_list("text", flat=True)
                .first(),
            }
            for g in Gladiator.objects.filter(campaign=campaign)
        },
        "ledger": LedgerLine.objects.filter(gladiator__campaign=campaign).count(),
        "bouts": dict(Bout.objects.filter(campaign=campaign).values_list("id", "status")),
        "tournaments": Tournament.objects.filter(campaign=campaign).count(),
        "divisions": sorted(
            Division.objects.filter(campaign=campaign).values_list("name", flat=True)
        ),
        "seasons": sorted(Season.objects.filter(campaign=campaign).values_list("title", flat=True)),
        "movements": sorted(
            SeasonEntry.objects.filter(season__campaign=campaign).values_list("movement", flat=True)
        ),
        "audit": AuditEntry.objects.filter(campaign=campaign).count(),
        "invite": Campaign.objects.get(pk=campaign.pk).invite_code,
        "name": Campaign.objects.get(pk=campaign.pk).name,
        "archived": Campaign.objects.get(pk=campaign.pk).is_archived,
        "members": Membership.objects.filter(campaign=campaign).count(),
        "roles": sorted(
            Membership.objects.filter(campaign=campaign).values_list("user__username", "role")
        ),
        "campaigns": Campaign.objects.count(),
        "lab_runs": dict(LabRun.objects.filter(campaign=campaign).values_list("id", "status")),
        "webhooks": sorted(Webhook.objects.filter(campaign=campaign).values_list("url", flat=True)),
        "vacations": Vacation.objects.filter(campaign=campaign).count(),
        "lore": sorted(
            (title, revealed is not None)
            for title, revealed in Note.objects.filter(campaign=campaign).values_list(
                "title", "revealed_at"
            )
        ),
        "press": sorted(
            (text, hidden is not None)
            for text, hidden in Post.objects.filter(campaign=campaign).values_list(
                "text", "hidden_at"
            )
        ),
        "what_ifs": BoutWhatIf.objects.filter(bout__campaign=campaign).count(),
    }
