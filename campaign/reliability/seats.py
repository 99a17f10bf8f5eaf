"""Replacement players: the GM hands a seat (one gladiator, or a member's whole stable) to
another member. The seat keeps its history (bouts, ledger, record stay with the gladiator);
the record of misses stays with the person (TurnAttendance rows keep their user); the order
the old owner gave for a turn not yet resolved is dropped, so are their conditional fallback
orders, and the change is announced."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F

from arena.models import Bout, TurnOrder
from campaign.models import Campaign, Membership
from campaign.press.services import post_create
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from characters.models import Gladiator

from .models import FallbackOrders


def _member(campaign: Campaign, username: object, field: str) -> AbstractBaseUser:
    name = str(username or "").strip()
    user = get_user_model().objects.filter(username__iexact=name).first() if name else None
    if user is None or not Membership.objects.filter(campaign=campaign, user=user).exists():
        raise LudusError(
            f"{name[:40] or 'Nobody'} is not a member of {campaign.name}; invite them first.",
            field=field,
        )
    return user


@transaction.atomic
def seat_hand_over(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    to: object,
    gladiator: Gladiator | None = None,
    player: object = None,
) -> list[Gladiator]:
    """The GM gives `gladiator` (or every gladiator of the member named `player`) to the
    member named `to`, at once: the old owner can no longer see its secret orders or give
    them. Returns the gladiators handed over."""
    check_campaign_gm(campaign=campaign, user=by)
    if (gladiator is None) == (player in (None, "")):
        raise LudusError("Name one gladiator, or the player whose stable is handed over.")
    new = _member(campaign, to, "to")
    if gladiator is not None:
        if gladiator.campaign_id != campaign.pk:
            raise LudusError("That gladiator is not in this campaign.", field="gladiator")
        chosen = Gladiator.objects.filter(pk=gladiator.pk)
    else:
        old = _member(campaign, player, "player")
        chosen = Gladiator.objects.filter(campaign=campaign, owner=old)
    # Gladiator rows in id order, as every writer locks them (docs/architecture.md).
    seat = list(chosen.select_for_update(of=("self",)).select_related("owner").order_by("pk"))
    if not seat:
        raise LudusError("That player has no gladiator to hand over.", field="player")
    before = {g.owner.username for g in seat}
    if before == {new.username}:
        raise LudusError(f"{new.username} owns that seat already.", field="to")
    # The old owner's orders for turns not yet resolved: the new player orders afresh.
    dropped, _ = TurnOrder.objects.filter(
        entrant__gladiator__in=seat, bout__status=Bout.Status.RUNNING, turn=F("bout__turn")
    ).delete()
    # The old owner's conditional fallback orders are their secret plan, not the seat's.
    FallbackOrders.objects.filter(gladiator__in=seat).delete()
    Gladiator.objects.filter(pk__in=[g.pk for g in seat]).update(owner=new)
    names = [g.name for g in seat]
    audit_record(
        campaign=campaign,
        actor=by,
        action="seat.hand_over",
        gladiators=names,
        old=sorted(before),
        to=new.username,
        orders_dropped=dropped,
    )
    post_create(
        campaign=campaign,
        by=by,
        announcement=True,
        text=f"{', '.join(sorted(before))}'s seat ({', '.join(names)}) is now played by "
        f"{new.username}.",
    )
    for g in seat:
        g.owner = new
    return seat
