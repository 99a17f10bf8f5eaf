"""Draft and sealed reads. The rule: a pick is seen by the gladiator's owner alone until the
event is over (not by the other players, not by the GM); then by everyone who sees the
campaign, with the seed that made the packs."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.http import Http404

from arena.gateway import Card
from campaign.models import Campaign
from campaign.selectors import campaign_get_visible
from campaign.shared.errors import LudusError

from .models import Gladiator, PackEvent, PackPick, PackSeat
from .pack_events import pack_rules, seat_packs
from .pack_hands import hand


def pack_events_of_campaign(*, campaign: Campaign) -> QuerySet[PackEvent]:
    """The newest first (said here: a count annotated on it would drop the model's ordering)."""
    return PackEvent.objects.filter(campaign=campaign).order_by("-created_at", "-id")


def pack_event_get_visible(*, slug: str, pk: int, user) -> PackEvent:
    campaign = campaign_get_visible(slug=slug, user=user)
    event = pack_events_of_campaign(campaign=campaign).select_related("campaign").filter(pk=pk)
    if not event.exists():
        raise Http404("No such event.")
    return event.get()


def pack_event_seed(*, event: PackEvent) -> int | None:
    """The seed that made the packs, once the event is over; None while a draft runs (whoever
    knew it would know every hand)."""
    return event.seed if event.status == PackEvent.Status.FINISHED else None


def pack_seat_gladiator(*, event: PackEvent, gladiator_id: int | None) -> Gladiator:
    """The gladiator with this id seated at the event, or a refusal in words."""
    seat = event.seats.select_related("gladiator").filter(gladiator_id=gladiator_id).first()
    if seat is None:
        raise LudusError("Choose a gladiator seated at this draft.", field="gladiator")
    return seat.gladiator


@dataclass
class SeatView:
    seat: PackSeat
    gladiator: Gladiator
    mine: bool
    picked_now: bool  # has made the current pick (what it picked stays secret)
    picks_made: int  # how many picks it has made (the count is no secret, the cards are)
    cards_shown: bool = False  # its picks or pool may be shown to this user
    cards: list[Card] = field(default_factory=list)  # picks or pool: shown when allowed
    hand: list[Card] = field(default_factory=list)  # the pack in hand: its owner's only


def pack_event_seats(*, event: PackEvent, user) -> list[SeatView]:
    """Every seat as `user` may see it."""
    rules = pack_rules(event.campaign)
    seats = list(event.seats.select_related("gladiator__owner"))
    number = {s.pk: s.seat for s in seats}
    rows = PackPick.objects.filter(seat__event=event).values_list("seat_id", "pick", "card")
    picks = {(number[seat_id], pick): card for seat_id, pick, card in rows}
    over = event.status == PackEvent.Status.FINISHED
    packs = seat_packs(event, rules, len(seats))
    views = []
    for seat in seats:
        mine = user.is_authenticated and seat.gladiator.owner_id == user.pk
        view = SeatView(
            seat=seat,
            gladiator=seat.gladiator,
            mine=mine,
            picked_now=(seat.seat, event.pick) in picks,
            picks_made=sum(1 for s, _ in picks if s == seat.seat),
            cards_shown=over or mine,
        )
        if view.cards_shown:
            if event.kind == PackEvent.Kind.SEALED:
                owned = packs[seat.seat]
            else:
                owned = [c for (s, _), c in sorted(picks.items()) if s == seat.seat]
            view.cards = [rules.card(c) for c in owned]
        if mine and not over and not view.picked_now:
            view.hand = [rules.card(c) for c in hand(packs, picks, seat.seat, event.pick)]
        views.append(view)
    return views
