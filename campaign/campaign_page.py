"""The campaign page's one selector: what the page shows of a campaign to a user, from its
members and leaders to the bouts ahead and behind and the orders the user owes. It reads from
the apps above the campaign domain, so it sits with the project's pages (docs/architecture.md),
not in campaign/selectors.py.
"""

from __future__ import annotations

from typing import Any

from arena.bouts.selectors import bouts_recent, bouts_upcoming, orders_needed
from arena.play.turns import plays_turn_by_turn
from characters.pack_events import offers_packs
from characters.selectors import standings
from characters.shop import DEFAULT_SELL_RATIO

from .content import content_kinds
from .models import Campaign
from .selectors import AnyUser, campaign_members, campaign_role

LEADERS = 10  # a long campaign has a thousand gladiators: the standings page pages them all
BOUTS = 10  # each of the bouts ahead and behind; the fight history has the rest


def campaign_page(*, campaign: Campaign, user: AnyUser, join_url: str) -> dict[str, Any]:
    """The campaign page's context for `user`; `join_url` is the invite link, absolute."""
    role = campaign_role(campaign=campaign, user=user)
    return {
        "campaign": campaign,
        "role": role,
        "is_gm": role == "gm",
        "members": campaign_members(campaign=campaign),
        "gladiators": standings(campaign=campaign)[:LEADERS],
        "gladiator_count": campaign.gladiators.count(),
        "upcoming": bouts_upcoming(campaign=campaign)[:BOUTS],
        "recent": bouts_recent(campaign=campaign)[:BOUTS],
        "join_url": join_url,
        "turn_by_turn": plays_turn_by_turn(campaign.ruleset),
        "content_kinds": content_kinds(campaign),
        "has_packs": offers_packs(campaign.ruleset),
        "needed": orders_needed(user=user, campaign=campaign),
        "sell_ratio": campaign.options.get("sell_ratio", DEFAULT_SELL_RATIO),
    }
