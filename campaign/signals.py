"""What the campaign domain tells the apps above it while it changes a campaign, so that it
never imports them (docs/architecture.md). Each is sent inside the service's transaction; a
receiver does its app's part under the same locks and returns what it changed, which the
service writes into its audit entry."""

from __future__ import annotations

from django.dispatch import Signal

# A member is being removed: a receiver passes what the member owns in the campaign to the GM
# removing them, and returns the names of what passed (campaign, user, to).
member_removing = Signal()

# A campaign is being archived: a receiver calls off what would still change it, and returns
# the ids of the bouts it called off (campaign).
campaign_archiving = Signal()

# What the arena and characters tell the apps above the campaign domain that must not import
# them (campaign/lore reveals secrets on these). Sent inside the deciding transaction; the
# receivers' return values are not used.
# A bout has been decided (bout): its result and log are stored.
bout_decided = Signal()
# A gladiator has died in a bout (gladiator, bout).
gladiator_fell = Signal()


def changed(responses: list[tuple[object, list]]) -> list:
    """Everything the receivers of one signal returned, in one list."""
    return [item for _receiver, items in responses for item in items]
