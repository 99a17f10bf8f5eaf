"""A user's e-mail address: asked at sign-up, changed on the account page, and in use only once
its owner has followed the link sent to it.

The address a user's mail goes to is `User.email`, and it only ever holds a confirmed address:
an address given at sign-up or on the account page is not stored, it travels in a signed link
(django.core.signing, timestamped) mailed to it, and following that link stores it. So the
notifications, the digest and the password reset (Django's, which looks users up by
`User.email`) reach confirmed addresses only, and an unconfirmed one can neither be flooded
from Ludus nor be used to take over an account. The link names the address it replaces: once
any address is confirmed, older links are spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from .errors import LudusError

CONFIRM_SALT = "ludus.accounts.email-confirm"


@dataclass(frozen=True)
class Confirmation:
    """What a confirmation link asks: `user_id`'s address to become `address`, replacing
    `replaces` (their address when the link was made)."""

    user_id: int
    address: str
    replaces: str


def confirm_token(*, user: AbstractBaseUser, address: str) -> str:
    return signing.dumps({"u": user.pk, "new": address, "old": user.email}, salt=CONFIRM_SALT)


def confirm_link(*, user: AbstractBaseUser, address: str) -> str:
    token = confirm_token(user=user, address=address)
    return settings.LUDUS_SITE_URL + reverse("email-confirm", args=[token])


def confirmation_send(*, user: AbstractBaseUser, address: str) -> bool:
    """Mail the confirmation link to `address` (not yet the user's). False when the mail server
    refused it or could not be reached: the caller says so, nothing else changed."""
    until = timezone.now() + timedelta(days=settings.LUDUS_EMAIL_CONFIRM_DAYS)
    body = "\n".join(
        [
            f"Hello {user.get_username()},",
            "",
            f"To receive Ludus's e-mail at {address}, follow this link by "
            f"{until:%Y-%m-%d %H:%M} UTC:",
            "",
            confirm_link(user=user, address=address),
            "",
            "Until then this address gets nothing from Ludus. If you did not ask for it, ignore",
            "this message.",
            "",
            "-- Ludus",
        ]
    )
    message = EmailMessage(subject="Confirm your e-mail address for Ludus", body=body, to=[address])
    try:
        message.send(fail_silently=False)
    except Exception:  # SMTP refusals, a server down, a timeout: the page says so
        return False
    return True


def confirmation_read(token: str) -> Confirmation:
    """The request a link carries, or LudusError in words: altered, expired or spent links."""
    try:
        found = signing.loads(
            token, salt=CONFIRM_SALT, max_age=settings.LUDUS_EMAIL_CONFIRM_DAYS * 24 * 3600
        )
    except signing.SignatureExpired:
        raise LudusError(
            "This confirmation link has expired: ask for a new one on your account page."
        ) from None
    except signing.BadSignature:
        raise LudusError(
            "This is not a confirmation link Ludus sent (it may have been cut short): "
            "copy the whole link from the e-mail."
        ) from None
    return Confirmation(user_id=found["u"], address=found["new"], replaces=found["old"])


@transaction.atomic
def email_confirm(*, token: str) -> AbstractBaseUser:
    """Store the address a confirmation link carries as its user's. Refused in words, changing
    nothing, when the link is bad, expired or spent (the address changed since), or when
    another account has confirmed the address meanwhile."""
    request = confirmation_read(token)
    users = get_user_model().objects
    user = users.select_for_update().filter(pk=request.user_id, is_active=True).first()
    if user is None:
        raise LudusError("The account this link was made for no longer exists.")
    if user.email == request.address:
        return user  # followed twice: already done
    if user.email != request.replaces:
        raise LudusError(
            "This link is spent: your address has changed since it was sent. Ask for a new one "
            "on your account page."
        )
    if users.filter(email__iexact=request.address).exclude(pk=user.pk).exists():
        raise LudusError(
            f"{request.address} is already the confirmed address of another account: each "
            "address belongs to one account (it is how a forgotten password is reset)."
        )
    user.email = request.address
    user.save(update_fields=["email"])
    return user


def email_remove(*, user: AbstractBaseUser) -> None:
    """No address at all: no e-mail, and no password reset by e-mail."""
    get_user_model().objects.filter(pk=user.pk).update(email="")
    user.email = ""
