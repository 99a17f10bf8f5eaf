"""A campaign being archived (campaign/archive.py): its undecided bouts are called off, and
their odds with them, inside the archiving transaction."""

from __future__ import annotations

from arena.bouts.selectors import UNDECIDED
from arena.models import Bout
from arena.odds.services import odds_cancel
from campaign.models import Campaign


def bouts_call_off(*, campaign: Campaign, **_signal) -> list[int]:
    """Cancel every undecided bout of the campaign; the ids of those called off."""
    # A bout being resolved right now holds its row: this waits for it and leaves it decided.
    called_off = list(
        Bout.objects.filter(campaign=campaign, status__in=UNDECIDED).values_list("pk", flat=True)
    )
    Bout.objects.filter(pk__in=called_off, status__in=UNDECIDED).update(
        status=Bout.Status.CANCELLED, turn_deadline=None
    )
    odds_cancel(bouts=called_off)
    return called_off
