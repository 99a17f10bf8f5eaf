"""Voiding a fought bout: the GM declares it void, with a reason. Its payouts are reversed by
compensating ledger lines, the gladiators it killed live again, its ratings are undone
(arena/bouts/ratings.py), and its log stays, so the bout can still be replayed and verified. Its
result goes: no winner, and no entrant's place, fate or count of opponents defeated, so no
page, list or API answer reads it as a result (the log keeps the fight as it happened). Locks
in the documented order (docs/architecture.md): the bout row, then its gladiators in id order,
then the rows written under them."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.bouts.ratings import ratings_undo
from arena.bouts.services import REASON_MAX, entrants_lock
from arena.models import Bout, BoutEntrant
from arena.notices import notice_bout_voided
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.text import text_input
from characters.rewards import bout_payout_reverse


def void_reason_clean(reason: str) -> str:
    return text_input(
        reason,
        field="reason",
        label="The reason",
        max_length=REASON_MAX,
        lead="Say why the bout is void: ",
    )


@transaction.atomic
def bout_void(*, bout: Bout, by: AbstractBaseUser, reason: str) -> Bout:
    """Declare a fought bout void. Voiding a voided bout again changes nothing (a repeated or
    concurrent request waits on the bout's row lock, then finds it voided)."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    reason = void_reason_clean(reason)
    locked = Bout.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=bout.pk)
    if locked.status == Bout.Status.VOIDED:
        return locked
    if locked.status != Bout.Status.RESOLVED:
        raise LudusError(
            f"Only a bout that was fought can be voided; this one is "
            f"{locked.get_status_display().lower()}."
        )
    entrants_lock(bout=locked)  # the gladiators' rows, in id order
    ratings_undo(bout=locked)  # before its places go: later bouts are rated again from them
    gladiators = {
        e.gladiator.name: e.gladiator for e in locked.entrants.select_related("gladiator")
    }
    lines = bout_payout_reverse(
        bout=locked, gladiators=gladiators, note=f"{locked} voided: {reason}", actor=by
    )
    locked.status = Bout.Status.VOIDED
    locked.voided_at = timezone.now()
    locked.voided_by = by
    locked.void_reason = reason
    locked.winner = ""
    locked.save(update_fields=["status", "voided_at", "voided_by", "void_reason", "winner"])
    locked.entrants.update(place=None, fate=BoutEntrant.Fate.PENDING, defeated=0)
    audit_record(
        campaign=locked.campaign,
        actor=by,
        action="bout.void",
        bout=locked.pk,
        title=locked.title,
        reason=reason,
        reversed=[
            {"gladiator": line.gladiator_id, "currency": line.currency, "amount": line.amount}
            for line in lines
        ],
    )
    notice_bout_voided(bout=locked, reason=reason)
    return locked
