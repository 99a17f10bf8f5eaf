"""What happened in a campaign that somebody should hear of, and how it reached them: the inbox
(in-app), e-mail, web push to a user's devices and the campaign's webhooks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Event(models.Model):
    """One thing that happened, recorded once: `key` names it ("turn_resolved:12:3"), so the
    same event recorded twice (a redelivered task, a retried request) is one row."""

    class Kind(models.TextChoices):
        ORDERS_NEEDED = "orders_needed", "Your orders are needed"
        ORDERS_REMINDER = "orders_reminder", "Your orders are still missing, the turn nearly over"
        TURN_RESOLVED = "turn_resolved", "A turn resolved"
        BOUT_SCHEDULED = "bout_scheduled", "A bout was scheduled"
        BOUT_FOUGHT = "bout_fought", "A bout was fought"
        GLADIATOR_FATE = "gladiator_fate", "Your gladiator died or was spared"
        INVITED = "invited", "You were invited"
        BOUT_VOIDED = "bout_voided", "A bout was voided"
        MERCY_VOTE = "mercy_vote", "A mercy vote is open"
        DRAFT_PICK_DUE = "draft_pick_due", "Your draft pick is due"
        PRESS = "press", "Press in your campaign"
        PRESS_PRIVATE = "press_private", "A private message to you"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="events"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    key = models.CharField(max_length=120, unique=True)
    text = models.CharField(max_length=300)
    link = models.CharField(max_length=300, blank=True, help_text="A path on this site.")
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the worker made its deliveries (None: not yet; the sweeper catches a lost message).
    fanned_out_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(
                fields=["created_at"], condition=Q(fanned_out_at__isnull=True), name="events_unsent"
            )
        ]

    def __str__(self) -> str:
        return self.text


class Notification(models.Model):
    """An event in one user's inbox."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="notifications")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_notification_per_user")
        ]
        indexes = [
            models.Index(fields=["user", "-id"], name="inbox"),
            # The header's unread count reads only this index.
            models.Index(fields=["user"], condition=Q(read_at__isnull=True), name="inbox_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.event} for user {self.user_id}"


class NotificationSettings(models.Model):
    """Which events a user wants by e-mail at once, and which in the daily digest; any other
    kind is in the inbox only (which gets every one). No row: the defaults
    (services.DEFAULT_NOW, DEFAULT_DIGEST)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email_kinds = models.JSONField(default=list, blank=True)  # by e-mail at once
    digest_kinds = models.JSONField(default=list, blank=True)  # in the daily digest
    push_kinds = models.JSONField(default=list, blank=True)  # pushed to the user's devices

    def __str__(self) -> str:
        return f"e-mail settings of user {self.user_id}"


class Digest(models.Model):
    """One user's daily e-mail of the events of one UTC day in their digest kinds. One row per
    user and day: the beat task that makes it, run again, makes no second one; sending claims
    it (pending to sending) as a delivery is claimed."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    events = models.PositiveIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)
    # When it was sent; while sending, when the claim was taken (it lapses after a lease).
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-day", "user_id"]
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="one_digest_a_day")]

    def __str__(self) -> str:
        return f"digest of {self.day} for user {self.user_id}"


class Webhook(models.Model):
    """A URL the worker posts a campaign's events to, signed with the webhook's secret."""

    class Format(models.TextChoices):
        JSON = "json", "Ludus JSON"
        DISCORD = "discord", "Discord-compatible"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.JSON)
    secret = models.CharField(max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.url


class PushKey(models.Model):
    """The site's VAPID key pair (one row, made on the first push or subscription page): the
    push services know the site by its public half, so it lives with the data (a backup
    carries it; a restore keeps every device's subscription working)."""

    private_pem = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"VAPID key of {self.created_at:%Y-%m-%d}"


class PushSubscription(models.Model):
    """One browser's push subscription (the Push API's PushSubscription): where its push
    service takes messages for it, and the keys a message is encrypted to."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's P-256 public key, base64url
    auth = models.CharField(max_length=40)  # its 16-byte authentication secret, base64url
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"


class Delivery(models.Model):
    """One event going out on one channel: an e-mail to a user, a push to one of a user's
    devices, or a post to a webhook. The
    unique constraints make a duplicate fan-out create nothing; the claim taken for a send
    (status sending until `claimed_until`) makes a duplicate send message find nothing to do."""

    class Channel(models.TextChoices):
        EMAIL = "email", "E-mail"
        WEBHOOK = "webhook", "Webhook"
        PUSH = "push", "Push"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Gave up"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deliveries")
    channel = models.CharField(max_length=10, choices=Channel.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    webhook = models.ForeignKey(
        Webhook, null=True, blank=True, on_delete=models.CASCADE, related_name="deliveries"
    )
    # A push: the device (None once the push service said it is gone; the log stays).
    subscription = models.ForeignKey(
        PushSubscription, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    # While sending: when the claim lapses (a worker lost mid-send; the sweeper sends again).
    claimed_until = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Each attempt: {"at": ISO time, "ok": bool, "status": HTTP status or null, "error": words}.
    log = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user", "channel"],
                condition=Q(user__isnull=False) & ~Q(channel="push"),
                name="one_delivery_per_event_user_channel",
            ),
            models.UniqueConstraint(
                fields=["event", "subscription"],
                condition=Q(subscription__isnull=False),
                name="one_delivery_per_event_subscription",
            ),
            models.UniqueConstraint(
                fields=["event", "webhook"],
                condition=Q(webhook__isnull=False),
                name="one_delivery_per_event_webhook",
            ),
        ]
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                condition=Q(status="pending"),
                name="deliveries_pending",
            ),
            models.Index(
                fields=["claimed_until"],
                condition=Q(status="sending"),
                name="deliveries_sending",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.channel} of {self.event} ({self.status})"
