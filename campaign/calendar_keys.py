"""The key of a user's calendar feed: a random token, the feed's only key (no user id, no
secret of any bout in the URL). A new one retires the old at once; "off" leaves none."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from .models import UserSettings, new_calendar_token


def calendar_token_of(user: AbstractBaseUser) -> str | None:
    row = UserSettings.objects.filter(user=user).values_list("calendar_token", flat=True)
    return row.first()


def calendar_token_new(*, user: AbstractBaseUser) -> str:
    """A fresh link; the old one answers 404 from now on."""
    row, _ = UserSettings.objects.get_or_create(user=user)
    row.calendar_token = new_calendar_token()
    row.save(update_fields=["calendar_token"])
    return row.calendar_token


def calendar_token_off(*, user: AbstractBaseUser) -> None:
    UserSettings.objects.filter(user=user).update(calendar_token=None)


def calendar_owner(token: str) -> AbstractBaseUser | None:
    """Whose feed this token opens; None for a token retired or never given."""
    row = UserSettings.objects.select_related("user").filter(calendar_token=token).first()
    return row.user if row and row.user.is_active else None
