"""Notification writes: recording an event (in the caller's transaction), fanning it out to
e-mail, web push and webhooks and sending each delivery (in the worker, after commit), the
inbox, the user's notification settings and devices, and the campaign's webhooks.

Exactly once, as far as it can be: an event is one row per `key`; a delivery is one row per
(event, user, channel), (event, device) or (event, webhook); sending claims the delivery row
(status pending to sending, for a lease, in a short transaction), sends with no transaction
open, and records the answer in another. A duplicate message finds the row claimed or sent
and does nothing. The one gap: a worker killed between the receiver's answer and the record
sends it again once its claim lapses (at least once, never lost).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import URLValidator
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError, NotAllowed
from campaign.time_zones import tzinfo_of, zone_of

from . import push, webhooks
from .models import (
    Delivery,
    Digest,
    Event,
    Notification,
    NotificationSettings,
    PushSubscription,
    Webhook,
)
from .queue import enqueue_delivery_send, enqueue_event_fan_out, retry_wait

log = logging.getLogger(__name__)

ALL_KINDS = [kind for kind, _ in Event.Kind.choices]
# By e-mail at once unless the user chooses otherwise: what asks something of a player by a
# deadline, and what they would not want to learn a day late. A few e-mails a day at most.
DEFAULT_NOW = [
    Event.Kind.ORDERS_NEEDED,
    Event.Kind.ORDERS_REMINDER,
    Event.Kind.BOUT_FOUGHT,
    Event.Kind.GLADIATOR_FATE,
    Event.Kind.MERCY_VOTE,
    Event.Kind.DRAFT_PICK_DUE,
    Event.Kind.PRESS_PRIVATE,
]
# Kinds that are one user's own business: never posted to the campaign's webhooks.
PRIVATE_KINDS = frozenset({Event.Kind.PRESS_PRIVATE})
# Every other kind comes in the daily digest.
DEFAULT_DIGEST = [kind for kind in ALL_KINDS if kind not in DEFAULT_NOW]
WEBHOOKS_PER_CAMPAIGN = 5
DEVICES_PER_USER = 10  # push subscriptions a user may hold (a phone, a laptop, ...)
LOG_KEPT = 20  # attempts kept in a delivery's log
# A message not acted on this long after it was due is taken to be lost (the sweeper resends).
LOST_AFTER = timedelta(minutes=5)


# --- recording ------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventNote:
    """An event to record (events_record): what happened, named by `key`, and whose inboxes
    (user ids) it goes to."""

    kind: str
    key: str
    text: str
    users: Iterable[int]
    link: str = ""
    data: dict[str, Any] | None = None


def event_record(
    *,
    campaign: Campaign,
    kind: str,
    key: str,
    text: str,
    users: Iterable[int],
    link: str = "",
    data: dict[str, Any] | None = None,
) -> Event:
    """Record an event once and put it in the inboxes of `users` (ids). Runs inside the
    caller's transaction: if that rolls back, nothing happened. After it commits, the worker
    sends the event out (e-mail, webhooks). An event already recorded (same `key`) changes
    nothing."""
    note = EventNote(kind=kind, key=key, text=text, users=users, link=link, data=data)
    return events_record(campaign=campaign, notes=[note])[0]


def events_record(*, campaign: Campaign, notes: Sequence[EventNote]) -> list[Event]:
    """event_record for several events of one campaign at once (a turn resolved and each
    owner asked for orders): a handful of queries for them all, not a handful for each.
    Returns the events in the order of `notes`."""
    notes = [replace(n, users=sorted(set(n.users))) for n in notes]
    # Most events reach nobody beyond the inbox (no recipient with an address or a device, no
    # webhook): the inbox rows are then the whole delivery, and the worker is spared a task for
    # each (a busy bout records several events a turn).
    everyone = sorted({user for n in notes for user in n.users})
    hooked = Webhook.objects.filter(campaign=campaign).exists()
    # A webhook hears every event but a private message, so its people are looked up then too.
    private = any(n.kind in PRIVATE_KINDS for n in notes)
    reachable = (
        set()
        if (hooked and not private) or not everyone
        else set(
            get_user_model()
            .objects.filter(pk__in=everyone)
            .filter(~Q(email="") | Exists(PushSubscription.objects.filter(user=OuterRef("pk"))))
            .values_list("pk", flat=True)
        )  # those with an address or a device, in one query
    )
    found = {e.key: e for e in Event.objects.filter(key__in=[n.key for n in notes])}
    now = timezone.now()
    new = {
        n.key: (
            Event(
                key=n.key,
                campaign=campaign,
                kind=n.kind,
                text=n.text[:300],
                link=n.link,
                data=n.data or {},
                fanned_out_at=(
                    None
                    if (hooked and n.kind not in PRIVATE_KINDS) or reachable.intersection(n.users)
                    else now
                ),
            ),
            n,
        )
        for n in notes
        if n.key not in found
    }
    if not new:
        return [found[n.key] for n in notes]
    try:
        with transaction.atomic():
            Event.objects.bulk_create([event for event, _ in new.values()])
    except IntegrityError:  # recorded meanwhile by another transaction: one at a time
        return [
            _event_record_one(campaign, n, reached=hooked and n.kind not in PRIVATE_KINDS)
            for n in notes
        ]
    Notification.objects.bulk_create(
        [
            Notification(event=event, user_id=user_id)
            for event, note in new.values()
            for user_id in note.users
        ],
        ignore_conflicts=True,
    )
    for event, _ in new.values():
        if event.fanned_out_at is None:
            transaction.on_commit(lambda pk=event.pk: enqueue_event_fan_out(pk))
    return [found[n.key] if n.key in found else new[n.key][0] for n in notes]


def _event_record_one(campaign: Campaign, note: EventNote, *, reached: bool) -> Event:
    reached = (
        reached
        or get_user_model().objects.filter(pk__in=note.users).exclude(email="").exists()
        or PushSubscription.objects.filter(user_id__in=note.users).exists()
    )
    event, created = Event.objects.get_or_create(
        key=note.key,
        defaults={
            "campaign": campaign,
            "kind": note.kind,
            "text": note.text[:300],
            "link": note.link,
            "data": note.data or {},
            "fanned_out_at": None if reached else timezone.now(),
        },
    )
    if created:
        Notification.objects.bulk_create(
            [Notification(event=event, user_id=user_id) for user_id in note.users],
            ignore_conflicts=True,
        )
        if reached:
            transaction.on_commit(lambda: enqueue_event_fan_out(event.pk))
    return event


def email_choices(*, user_id: int) -> tuple[list[str], list[str]]:
    """The kinds the user wants by e-mail at once, and those in the daily digest."""
    found = NotificationSettings.objects.filter(user_id=user_id).first()
    if found is None:
        return list(DEFAULT_NOW), list(DEFAULT_DIGEST)
    return found.email_kinds, found.digest_kinds


def push_choices(*, user_id: int) -> list[str]:
    """The kinds the user wants pushed to their devices (those by e-mail at once unless they
    chose otherwise)."""
    found = NotificationSettings.objects.filter(user_id=user_id).first()
    return list(DEFAULT_NOW) if found is None else found.push_kinds


def _wanted(user_ids: Iterable[int], field: str) -> dict[int, list[str]]:
    """Each user's kinds on one channel (`email_kinds`: by e-mail at once; `push_kinds`), the
    defaults for a user with no settings."""
    chosen = dict(
        NotificationSettings.objects.filter(user_id__in=user_ids).values_list("user_id", field)
    )
    return {user_id: chosen.get(user_id, DEFAULT_NOW) for user_id in user_ids}


def event_fan_out(*, event_id: int) -> list[int]:
    """Make the event's deliveries (an e-mail to each recipient with a confirmed address who
    wants this kind at once, a kind in their digest waiting for digests_make; a push to each
    device of a recipient who wants this kind pushed; a post to each of the campaign's
    webhooks) and send each. Running it twice makes no second delivery.
    Returns the ids of the deliveries still to be sent."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return []
    with transaction.atomic():
        recipients = list(
            get_user_model().objects.filter(notifications__event=event).exclude(email="")
        )
        wanted = _wanted([user.pk for user in recipients], "email_kinds")
        rows = [
            Delivery(event=event, channel=Delivery.Channel.EMAIL, user=user)
            for user in recipients
            if event.kind in wanted[user.pk]
        ]
        devices = list(PushSubscription.objects.filter(user__notifications__event=event))
        pushed = _wanted({device.user_id for device in devices}, "push_kinds")
        rows += [
            Delivery(
                event=event, channel=Delivery.Channel.PUSH, user_id=device.user_id,
                subscription=device,
            )
            for device in devices
            if event.kind in pushed[device.user_id]
        ]  # fmt: skip
        if event.kind not in PRIVATE_KINDS:  # a private message never leaves its two people
            rows += [
                Delivery(event=event, channel=Delivery.Channel.WEBHOOK, webhook=hook)
                for hook in Webhook.objects.filter(campaign_id=event.campaign_id)
            ]
        Delivery.objects.bulk_create(rows, ignore_conflicts=True)
        Event.objects.filter(pk=event.pk).update(fanned_out_at=timezone.now())
        pending = list(
            Delivery.objects.filter(
                event=event, status=Delivery.Status.PENDING, attempts=0
            ).values_list("pk", flat=True)
        )
        for delivery_id in pending:
            transaction.on_commit(lambda d=delivery_id: enqueue_delivery_send(d))
    return pending


class DeliveryFailed(Exception):
    """A send failed and is to be tried again: the task's Celery retry, with backoff."""

    def __init__(self, error: str, retry_in: float) -> None:
        super().__init__(error)
        self.retry_in = retry_in


def delivery_send(*, delivery_id: int) -> None:
    """Send one delivery once, in three steps, none holding a transaction or a lock while it
    waits on the network: claim the row (a short transaction), send, record the answer
    (another short transaction). A duplicate message finds the row claimed, or sent, and does
    nothing. A failure is logged on the row; a permanent one (an address that is not public,
    no e-mail address) gives up at once, any other raises DeliveryFailed for the task's
    retry, until LUDUS_DELIVERY_ATTEMPTS attempts in all."""
    delivery = _claim(delivery_id)
    if delivery is None:
        return
    send = {
        Delivery.Channel.EMAIL: _email,
        Delivery.Channel.PUSH: push.send,
        Delivery.Channel.WEBHOOK: _webhook,
    }[delivery.channel]
    _record(delivery, send(delivery))


def claim_lease() -> timedelta:
    """How long a claim holds the row. A webhook post ends by its deadline, so a claim that
    lapses is a worker lost mid-send: a redelivered message or the sweeper takes it over
    (at least once)."""
    return LOST_AFTER + timedelta(seconds=settings.LUDUS_WEBHOOK_TIMEOUT_SECONDS)


def _claim(delivery_id: int) -> Delivery | None:
    """Take the row for one attempt: pending, or sending with a lapsed claim. The attempt's
    number is the claim's token: only its holder records its answer."""
    now = timezone.now()
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event", "event__campaign", "webhook", "user", "subscription")
            .filter(pk=delivery_id)
            .filter(
                Q(status=Delivery.Status.PENDING)
                | Q(status=Delivery.Status.SENDING, claimed_until__lte=now)
            )
            .first()
        )
        if delivery is None:
            return None
        delivery.status, delivery.claimed_until = Delivery.Status.SENDING, now + claim_lease()
        delivery.attempts += 1
        delivery.save(update_fields=["status", "claimed_until", "attempts"])
    return delivery


def _record(delivery: Delivery, answer: webhooks.Answer) -> None:
    """Log the attempt on the row and settle it: sent, gave up, or pending its retry (then
    DeliveryFailed is raised, after the commit)."""
    now = timezone.now()
    entry = {"at": now.isoformat(), "ok": answer.ok, "status": answer.status}
    retry_in = None
    with transaction.atomic():
        row = (
            Delivery.objects.select_for_update()
            .filter(pk=delivery.pk, status=Delivery.Status.SENDING, attempts=delivery.attempts)
            .first()
        )
        if row is None:  # the claim lapsed and another attempt took the row over
            log.warning("delivery %s attempt %s: claim lost", delivery.pk, delivery.attempts)
            return
        row.log = [*row.log, {**entry, "error": answer.error[:300]}][-LOG_KEPT:]
        row.claimed_until = row.next_attempt_at = None
        if answer.ok:
            row.status, row.sent_at = Delivery.Status.SENT, now
        elif answer.permanent or row.attempts >= settings.LUDUS_DELIVERY_ATTEMPTS:
            row.status = Delivery.Status.FAILED
        else:
            retry_in = retry_wait(row.attempts)
            row.status, row.next_attempt_at = (
                Delivery.Status.PENDING,
                now + timedelta(seconds=retry_in),
            )
        row.save(update_fields=["log", "claimed_until", "next_attempt_at", "status", "sent_at"])
    if not answer.ok:
        log.warning("delivery %s attempt %s: %s", delivery.pk, delivery.attempts, answer.error)
    if retry_in is not None:
        raise DeliveryFailed(answer.error, retry_in)


def _email(delivery: Delivery) -> webhooks.Answer:
    event, user = delivery.event, delivery.user
    if not user.email:
        return webhooks.Answer(False, None, "No e-mail address any more.", permanent=True)
    zone = zone_of(user)
    lines = [event.text, "", f"When: {when(event.created_at, zone)}"]
    deadline = (event.data or {}).get("deadline")
    if deadline:
        lines.append(f"Deadline: {when(datetime.fromisoformat(deadline), zone)}")
    if event.link:
        lines += ["", webhooks.absolute(event.link)]
    lines += [
        "",
        f"-- Ludus, {event.campaign.name}",
        f"Which e-mails you get: {settings.LUDUS_SITE_URL}/settings/notifications/",
    ]
    message = EmailMessage(
        subject=f"[{event.campaign.name}] {event.text}"[:200],
        body="\n".join(lines),
        to=[user.email],
        headers={"X-Ludus-Event": event.kind, "X-Ludus-Delivery": str(delivery.pk)},
    )
    try:
        message.send(fail_silently=False)
    except Exception as error:  # SMTP refusals, a server down, a timeout: retried
        return webhooks.Answer(False, None, f"{type(error).__name__}: {error}")
    return webhooks.Answer(True, None, "")


def when(moment: datetime, zone: str = "") -> str:
    """An absolute time as every e-mail gives it, in the reader's zone (their setting, UTC
    without one) with the zone's short name: "2026-11-26 20:00 CET"."""
    return f"{moment.astimezone(tzinfo_of(zone)):%Y-%m-%d %H:%M %Z}"


def _webhook(delivery: Delivery) -> webhooks.Answer:
    hook = delivery.webhook
    payload = webhooks.body(delivery.event, delivery, hook)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Ludus-Webhook/1",
        "X-Ludus-Event": delivery.event.kind,
        "X-Ludus-Delivery": str(delivery.pk),
        webhooks.SIGNATURE_HEADER: webhooks.signature(hook.secret, payload),
    }
    return webhooks.post(hook.url, payload, headers)


def deliveries_sweep(*, now: datetime | None = None) -> int:
    """Resend what a lost message left behind: events never fanned out, deliveries whose send
    or retry is long overdue, claims whose worker was lost mid-send. A duplicate is harmless
    (the claims above)."""
    now = now or timezone.now()
    late = now - LOST_AFTER
    events = Event.objects.filter(fanned_out_at__isnull=True, created_at__lte=late)
    deliveries = Delivery.objects.filter(
        Q(status=Delivery.Status.PENDING, next_attempt_at__lte=late)
        | Q(status=Delivery.Status.PENDING, next_attempt_at__isnull=True, created_at__lte=late)
        | Q(status=Delivery.Status.SENDING, claimed_until__lte=now)
    )
    count = 0
    for event_id in events.values_list("pk", flat=True)[:500]:
        enqueue_event_fan_out(event_id)
        count += 1
    for delivery_id in deliveries.values_list("pk", flat=True)[:500]:
        enqueue_delivery_send(delivery_id)
        count += 1
    return count


# --- the inbox ------------------------------------------------------------------------------


def notification_read(*, notification: Notification, by: AbstractBaseUser) -> Notification:
    """Mark one notification read (by its user only)."""
    if notification.user_id != by.pk:
        raise NotAllowed("This notification is somebody else's.")
    if notification.read_at is None:
        notification.read_at = timezone.now()
        Notification.objects.filter(pk=notification.pk, read_at__isnull=True).update(
            read_at=notification.read_at
        )
    return notification


def notifications_read_all(*, by: AbstractBaseUser) -> int:
    return Notification.objects.filter(user=by, read_at__isnull=True).update(read_at=timezone.now())


# --- settings -------------------------------------------------------------------------------


def notification_settings_set(
    *,
    user: AbstractBaseUser,
    email_kinds: Iterable[str],
    digest_kinds: Iterable[str] = (),
    push_kinds: Iterable[str] | None = None,
) -> NotificationSettings:
    """The events the user wants by e-mail at once, those in the daily digest (a kind in
    neither is in the inbox only), and those pushed to their devices (unchanged when None).
    The address is the account's, confirmed (campaign/accounts.py)."""
    now, digest = set(email_kinds), set(digest_kinds)
    pushed = set(push_choices(user_id=user.pk) if push_kinds is None else push_kinds)
    for field, chosen in (("email_kinds", now), ("digest_kinds", digest), ("push_kinds", pushed)):
        unknown = chosen - set(ALL_KINDS)
        if unknown:
            raise LudusError(f"No such event: {sorted(unknown)[0]}.", field=field)
    both = [Event.Kind(kind).label for kind in ALL_KINDS if kind in now & digest]
    if both:
        raise LudusError(
            f'"{both[0]}" is chosen both at once and in the digest: choose one.',
            field="digest_kinds",
        )
    found, _ = NotificationSettings.objects.update_or_create(
        user_id=user.pk,
        defaults={
            "email_kinds": [kind for kind in ALL_KINDS if kind in now],
            "digest_kinds": [kind for kind in ALL_KINDS if kind in digest],
            "push_kinds": [kind for kind in ALL_KINDS if kind in pushed],
        },
    )
    return found


# --- devices (web push) ---------------------------------------------------------------------


@transaction.atomic
def push_subscribe(
    *, user: AbstractBaseUser, endpoint: str, p256dh: str, auth: str
) -> PushSubscription:
    """Keep a browser's push subscription for the user: the pushes of the kinds they chose go
    to it. The same endpoint again (the browser renewed its keys, or another account signed
    in on it) is one row, now this user's. The endpoint's address is checked as each push
    connects (public addresses only, as a webhook's)."""
    try:
        _URL(endpoint)
    except ValidationError:
        raise LudusError("The push endpoint is not a web address.", field="endpoint") from None
    if not endpoint.startswith("https://") and not settings.LUDUS_WEBHOOK_ALLOW_PRIVATE:
        raise LudusError("A push endpoint is an https:// address.", field="endpoint")
    problem = push.key_problem(p256dh, auth)
    if problem:
        raise LudusError(problem, field="keys")
    others = PushSubscription.objects.filter(user_id=user.pk).exclude(endpoint=endpoint)
    if others.count() >= DEVICES_PER_USER:
        raise LudusError(
            f"At most {DEVICES_PER_USER} devices get pushes: remove one first.", field="endpoint"
        )
    found, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user_id": user.pk, "p256dh": p256dh, "auth": auth}
    )
    return found


def push_unsubscribe(*, user: AbstractBaseUser, endpoint: str | None = None) -> int:
    """Forget one of the user's devices (by endpoint), or all of them. Returns how many."""
    mine = PushSubscription.objects.filter(user_id=user.pk)
    if endpoint is not None:
        mine = mine.filter(endpoint=endpoint)
    return mine.delete()[0]


# --- the daily digest -----------------------------------------------------------------------


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time.min, tzinfo=UTC)
    return start, start + timedelta(days=1)


def digest_items(*, user_id: int, day: date) -> list[Notification]:
    """The user's notifications of `day` (UTC) whose kind is in their digest, oldest first:
    their own inbox rows only, so a digest holds nothing their inbox does not."""
    _, digest = email_choices(user_id=user_id)
    start, end = _day_bounds(day)
    return list(
        Notification.objects.filter(
            user_id=user_id,
            event__kind__in=digest,
            event__created_at__gte=start,
            event__created_at__lt=end,
        )
        .select_related("event", "event__campaign")
        .order_by("event__created_at", "event_id")
    )


def digests_make(*, day: date) -> list[int]:
    """Make the digests of `day` (one per user with a confirmed address and anything in their
    digest that day) and send each not yet sent. Run again (beat runs it every hour for the
    day before), it makes none twice and sends again only what failed. Returns the ids sent."""
    start, end = _day_bounds(day)
    users = (
        Notification.objects.filter(event__created_at__gte=start, event__created_at__lt=end)
        .exclude(user__email="")
        .values_list("user_id", flat=True)
        .distinct()
    )
    sent = []
    for user_id in sorted(set(users)):
        items = digest_items(user_id=user_id, day=day)
        if not items:
            continue
        digest, _ = Digest.objects.get_or_create(
            user_id=user_id, day=day, defaults={"events": len(items)}
        )
        if digest_send(digest=digest, items=items):
            sent.append(digest.pk)
    return sent


def digest_send(*, digest: Digest, items: list[Notification]) -> bool:
    """Claim the digest (pending, or sending with a lapsed claim: a worker lost), send it with
    no transaction open, record the answer. False when another run has it or it failed (it
    stays pending for the next run)."""
    lapsed = timezone.now() - claim_lease()
    claimed = Digest.objects.filter(
        Q(status=Digest.Status.PENDING) | Q(status=Digest.Status.SENDING, sent_at__lte=lapsed),
        pk=digest.pk,
    ).update(status=Digest.Status.SENDING, sent_at=timezone.now(), attempts=F("attempts") + 1)
    if not claimed:
        return False
    user = get_user_model().objects.get(pk=digest.user_id)
    zone = zone_of(user)
    lines = [f"What happened on {digest.day:%Y-%m-%d} (UTC) in your campaigns:", ""]
    for item in items:
        event = item.event
        lines.append(f"{when(event.created_at, zone)}  [{event.campaign.name}] {event.text}")
        if event.link:
            lines.append(f"    {webhooks.absolute(event.link)}")
    lines += [
        "",
        f"-- Ludus, your daily digest ({len(items)} events)",
        f"Which e-mails you get: {settings.LUDUS_SITE_URL}/settings/notifications/",
    ]
    message = EmailMessage(
        subject=f"Ludus: your digest of {digest.day:%Y-%m-%d}, {len(items)} events",
        body="\n".join(lines),
        to=[user.email],
        headers={"X-Ludus-Digest": str(digest.pk)},
    )
    try:
        message.send(fail_silently=False)
    except Exception as error:  # SMTP refusals, a server down: the next run tries again
        Digest.objects.filter(pk=digest.pk).update(
            status=Digest.Status.PENDING, error=f"{type(error).__name__}: {error}"[:300]
        )
        log.warning("digest %s: %s", digest.pk, error)
        return False
    Digest.objects.filter(pk=digest.pk).update(
        status=Digest.Status.SENT, sent_at=timezone.now(), events=len(items), error=""
    )
    return True


# --- webhooks -------------------------------------------------------------------------------

_URL = URLValidator(schemes=["http", "https"])


@transaction.atomic
def webhook_create(
    *, campaign: Campaign, by: AbstractBaseUser, url: str, format: str = Webhook.Format.JSON
) -> Webhook:
    """The GM registers a URL that receives every event of the campaign, signed with a new
    secret the page shows the GM."""
    check_campaign_gm(campaign=campaign, user=by)
    try:
        _URL(url)
    except ValidationError:
        raise LudusError(
            "Give a web address starting with https:// or http://.", field="url"
        ) from None
    if format not in Webhook.Format.values:
        raise LudusError("Choose Ludus JSON or Discord-compatible.", field="format")
    if Webhook.objects.filter(campaign=campaign).count() >= WEBHOOKS_PER_CAMPAIGN:
        raise LudusError(
            f"A campaign has at most {WEBHOOKS_PER_CAMPAIGN} webhooks: remove one first.",
            field="url",
        )
    hook = Webhook.objects.create(
        campaign=campaign, url=url, format=format, secret=secrets.token_hex(32), created_by=by
    )
    audit_record(campaign=campaign, actor=by, action="webhook.create", webhook=hook.pk, url=url)
    return hook


@transaction.atomic
def webhook_delete(*, webhook: Webhook, by: AbstractBaseUser) -> None:
    check_campaign_gm(campaign=webhook.campaign, user=by)
    audit_record(
        campaign=webhook.campaign, actor=by, action="webhook.delete", webhook=webhook.pk,
        url=webhook.url,
    )  # fmt: skip
    webhook.delete()
