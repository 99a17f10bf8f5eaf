from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from campaign.models import Campaign

from .models import Delivery, Notification, Webhook


def unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def inbox_of(*, user) -> QuerySet[Notification]:
    """A user's notifications, newest first, with their events (for a paginated inbox)."""
    return (
        Notification.objects.filter(user=user)
        .select_related("event", "event__campaign")
        .order_by("-id")
    )


def notification_of(*, user, pk: int) -> Notification:
    """One of the user's own notifications; 404 for anybody else's, as for none."""
    found = Notification.objects.filter(user=user, pk=pk).select_related("event").first()
    if found is None:
        raise Http404("No such notification.")
    return found


def webhooks_of(*, campaign: Campaign) -> QuerySet[Webhook]:
    return Webhook.objects.filter(campaign=campaign).order_by("id")


def webhook_of(*, campaign: Campaign, pk: int) -> Webhook:
    found = Webhook.objects.filter(campaign=campaign, pk=pk).select_related("campaign").first()
    if found is None:
        raise Http404("No such webhook.")
    return found


def webhook_deliveries(*, campaign: Campaign) -> QuerySet[Delivery]:
    """The delivery log of the campaign's webhooks, newest first."""
    return (
        Delivery.objects.filter(webhook__campaign=campaign)
        .select_related("event", "webhook")
        .order_by("-id")
    )
