"""Draft and sealed events (docs/packs.md): a GM seats gladiators, their booster packs are
opened, and the feats picked (draft) or the packs whole (sealed) join each build's pool. The
rule set says what a pack holds and how an absent player picks (`packs` on its adapter);
nothing here names a rule set.

Locks: the event row first (every pick and every move to the next pick takes it), then the
gladiators in ascending id, as every writer does (docs/architecture.md)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.engine.core.campaign import PackRules
from campaign.errors import LudusError, NotAllowed
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm

from .catalogue import adapter
from .ledger import gladiator_lock
from .models import Gladiator, Holding, PackEvent, PackPick, PackSeat
from .pack_hands import hand
from .pack_notices import notice_draft_pick_due

MAX_SEATS = 8
PICK_HOURS_MAX = 7 * 24


def offers_packs(ruleset: str) -> bool:
    return getattr(adapter(ruleset), "packs", None) is not None


def pack_rules(campaign: Campaign) -> PackRules:
    """The rule set's packs, or LudusError in words when it has none."""
    rules = getattr(adapter(campaign.ruleset), "packs", None)
    if rules is None:
        raise LudusError(f"{campaign.ruleset} has no booster packs: no draft or sealed events.")
    return rules


def seat_packs(event: PackEvent, rules: PackRules, seats: int) -> list[list[str]]:
    """Every seat's packs, opened in order (a draft opens one each, sealed two)."""
    count = rules.packs_per_player[event.kind]
    return [
        [card for n in range(count) for card in rules.event_pack(event.seed, seat, n)]
        for seat in range(seats)
    ]


@transaction.atomic
def pack_event_create(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    kind: str,
    gladiators: Sequence[Gladiator],
    pick_hours: int | None = None,
    seed: int | None = None,
) -> PackEvent:
    """The GM seats gladiators (in seat order) and opens their packs: each must hold the packs
    the event takes (a draft one, sealed two), bought at the armoury, and they are used up.
    A sealed event is over at once: the packs join the pools."""
    check_campaign_gm(campaign=campaign, user=by)
    rules = pack_rules(campaign)
    if kind not in PackEvent.Kind.values:
        raise LudusError(f"An event is one of: {', '.join(PackEvent.Kind.values)}.", field="kind")
    least = 2 if kind == PackEvent.Kind.DRAFT else 1
    ids = [g.pk for g in gladiators]
    if not least <= len(ids) <= MAX_SEATS:
        raise LudusError(
            f"A {kind} seats {least} to {MAX_SEATS} gladiators; {len(ids)} were given.",
            field="gladiators",
        )
    if len(set(ids)) != len(ids):
        raise LudusError("A gladiator takes one seat only.", field="gladiators")
    if pick_hours is not None and not 1 <= pick_hours <= PICK_HOURS_MAX:
        raise LudusError(
            f"A pick waits 1 to {PICK_HOURS_MAX} hours, or until the GM moves on.",
            field="pick_hours",
        )
    locked = {pk: gladiator_lock(gladiator_id=pk) for pk in sorted(ids)}
    needed = rules.packs_per_player[kind]
    for gladiator_id in ids:
        gladiator = locked[gladiator_id]
        if gladiator.campaign_id != campaign.pk:
            raise LudusError("Every gladiator must belong to this campaign.", field="gladiators")
        if not gladiator.is_active:
            raise LudusError(
                f"{gladiator.name} is {gladiator.get_status_display().lower()}.",
                field="gladiators",
            )
        held = gladiator.holdings.filter(item=rules.item).count()
        if held < needed:
            raise LudusError(
                f"{gladiator.name} holds {held} booster pack{'s' * (held != 1)}; a {kind} "
                f"opens {needed}. Its owner buys them at the armoury.",
                field="gladiators",
            )
    for gladiator_id in ids:
        opened = locked[gladiator_id].holdings.filter(item=rules.item).order_by("id")[:needed]
        Holding.objects.filter(pk__in=[h.pk for h in opened]).delete()
    event = PackEvent.objects.create(
        campaign=campaign,
        kind=kind,
        seed=seed if seed is not None else secrets.randbits(48),
        pick_hours=pick_hours,
        pick_deadline=_deadline(pick_hours),
        created_by=by,
    )
    PackSeat.objects.bulk_create(
        PackSeat(event=event, gladiator=locked[gid], seat=n) for n, gid in enumerate(ids)
    )
    audit_record(
        campaign=campaign,
        actor=by,
        action=f"packs.{kind}",
        event=event.pk,
        seats=[locked[g].name for g in ids],
    )
    if kind == PackEvent.Kind.SEALED:
        packs = seat_packs(event, rules, len(ids))
        _finish(event, {seat: packs[seat] for seat in range(len(ids))}, locked_by_seat(event))
    else:
        notice_draft_pick_due(event=event)
    return event


def _deadline(pick_hours: int | None):
    return timezone.now() + timedelta(hours=pick_hours) if pick_hours else None


def locked_by_seat(event: PackEvent) -> dict[int, Gladiator]:
    seats = dict(event.seats.values_list("gladiator_id", "seat"))
    return {seats[pk]: gladiator_lock(gladiator_id=pk) for pk in sorted(seats)}


def _locked_event(event_id: int) -> PackEvent:
    event = PackEvent.objects.select_for_update().select_related("campaign").get(pk=event_id)
    if event.status != PackEvent.Status.DRAFTING:
        raise LudusError("The draft is over.")
    return event


def _picks(event: PackEvent) -> dict[tuple[int, int], str]:
    rows = PackPick.objects.filter(seat__event=event).values_list("seat__seat", "pick", "card")
    return {(seat, pick): card for seat, pick, card in rows}


@transaction.atomic
def pack_pick(
    *, event: PackEvent, gladiator: Gladiator, card: str, pick: int, by: AbstractBaseUser
) -> PackPick:
    """The gladiator's owner takes one card of the pack in hand. `pick` is the pick the page
    showed: a page left open past its pick is refused in words. When every seat has picked,
    the packs pass on (or the draft ends)."""
    if gladiator.owner_id != by.pk:
        raise NotAllowed(f"Only {gladiator.name}'s owner picks for it.")
    event = _locked_event(event.pk)
    seat = event.seats.filter(gladiator=gladiator).first()
    if seat is None:
        raise LudusError(f"{gladiator.name} has no seat at this draft.", field="gladiator")
    if pick != event.pick:
        raise LudusError(
            # Said for a page left open and for an API call alike.
            f"That was for pick {pick + 1}; the draft is at pick {event.pick + 1}. "
            "Look at the pack in hand again.",
            field="pick",
        )
    if seat.picks.filter(pick=pick).exists():
        raise LudusError(f"{gladiator.name} has made pick {pick + 1} already.", field="card")
    rules = pack_rules(event.campaign)
    seats = event.seats.count()
    picks = _picks(event)
    in_hand = hand(seat_packs(event, rules, seats), picks, seat.seat, pick)
    if card not in in_hand:
        raise LudusError("That card is not in the pack in hand.", field="card")
    made = PackPick.objects.create(seat=seat, pick=pick, card=card)
    picks[(seat.seat, pick)] = card
    _move_on_when_all_picked(event, rules, seats, picks)
    return made


@transaction.atomic
def pack_autopick(*, event_id: int, by: AbstractBaseUser | None = None) -> int:
    """The absent seats of the current pick take the rule set's auto-pick, and the draft moves
    on: the GM's "move on now", or the sweeper once a pick's time is up (by None). Returns how
    many picks were made for the absent."""
    event = PackEvent.objects.select_related("campaign").get(pk=event_id)
    if by is not None:
        check_campaign_gm(campaign=event.campaign, user=by)
    event = _locked_event(event_id)
    rules = pack_rules(event.campaign)
    seats = list(event.seats.select_related("gladiator"))
    packs = seat_packs(event, rules, len(seats))
    picks = _picks(event)
    made = 0
    for seat in seats:
        if (seat.seat, event.pick) in picks:
            continue
        in_hand = hand(packs, picks, seat.seat, event.pick)
        taken = [picks[(seat.seat, p)] for p in range(event.pick)]
        card = rules.auto_pick(in_hand, taken, seat.gladiator.build)
        PackPick.objects.create(seat=seat, pick=event.pick, card=card, auto=True)
        picks[(seat.seat, event.pick)] = card
        made += 1
    _move_on_when_all_picked(event, rules, len(seats), picks)
    return made


def _move_on_when_all_picked(
    event: PackEvent, rules: PackRules, seats: int, picks: dict[tuple[int, int], str]
) -> None:
    if any((seat, event.pick) not in picks for seat in range(seats)):
        return
    pack_size = len(seat_packs(event, rules, 1)[0])
    if event.pick + 1 < pack_size:
        event.pick += 1
        event.pick_deadline = _deadline(event.pick_hours)
        event.save(update_fields=["pick", "pick_deadline"])
        notice_draft_pick_due(event=event)
        return
    won = {seat: [picks[(seat, p)] for p in range(pack_size)] for seat in range(seats)}
    _finish(event, won, locked_by_seat(event))


def _finish(event: PackEvent, cards: dict[int, list[str]], gladiators: dict[int, Gladiator]):
    """Every seat's cards join its gladiator's pool; the event is over."""
    rules = pack_rules(event.campaign)
    for seat, gladiator in gladiators.items():
        gladiator.build = rules.add_to_pool(gladiator.build, cards[seat])
        gladiator.save(update_fields=["build"])
    event.status = PackEvent.Status.FINISHED
    event.finished_at = timezone.now()
    event.pick_deadline = None
    event.save(update_fields=["status", "finished_at", "pick_deadline"])


def pack_deadlines_sweep() -> int:
    """Beat's sweeper: every draft whose pick is past its time moves on with auto-picks."""
    due = PackEvent.objects.filter(
        status=PackEvent.Status.DRAFTING, pick_deadline__lte=timezone.now()
    ).values_list("pk", flat=True)
    moved = 0
    for event_id in list(due):
        try:
            pack_autopick(event_id=event_id)
            moved += 1
        except LudusError:  # finished in the meantime
            continue
    return moved
