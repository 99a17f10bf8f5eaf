"""The header's unread count, on every page of a signed-in user: one COUNT over the partial
index of unread notifications (models.Notification, inbox_unread), only when the page shows it."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .selectors import unread_count


def inbox(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_count": SimpleLazyObject(lambda: unread_count(user=user))}
