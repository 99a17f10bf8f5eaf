"""Account pages: the e-mail address (changed by a link mailed to the new one) and the password
reset by e-mail, which is Django's own views with Ludus's templates, a rate limit, absolute
links to LUDUS_SITE_URL, and the sign-in lockout lifted once the password is new."""

from __future__ import annotations

from datetime import timedelta

from axes.utils import reset as lockout_reset
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from .accounts import confirmation_read, confirmation_send, email_confirm, email_remove
from .errors import LudusError
from .forms import EmailChangeForm
from .sign_in import lockout_name
from .throttles import EmailConfirmThrottle, PasswordResetThrottle, wait_in_words


def confirmation_told(request: HttpRequest, *, user: AbstractBaseUser, address: str) -> bool:
    """Mail the confirmation link and say on the next page what happened."""
    if confirmation_send(user=user, address=address):
        messages.info(
            request,
            f"We sent a link to {address}: follow it to receive Ludus's e-mail there.",
        )
        return True
    messages.warning(
        request,
        f"The link to {address} could not be sent (the mail server did not take it). Ask "
        "again from your account page in a while.",
    )
    return False


@login_required
@require_http_methods(["GET", "POST"])
def account_view(request: HttpRequest) -> HttpResponse:
    form = EmailChangeForm(request.POST or None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        address = form.cleaned_data["email"]
        if not address:
            email_remove(user=request.user)
            messages.success(request, "No e-mail address: Ludus sends you no e-mail now.")
            return redirect("account")
        if address.casefold() == request.user.email.casefold():
            form.add_error("email", f"{address} is your address already.")
        else:
            throttle = EmailConfirmThrottle()
            if throttle.allow_request(request, None):
                confirmation_told(request, user=request.user, address=address)
                return redirect("account")
            form.add_error(
                "email",
                "Too many confirmation links were sent lately. Try again in "
                f"{wait_in_words(throttle.wait())}.",
            )
            status = 429
    return render(request, "registration/account.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def email_confirm_view(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows what the link asks (a mail scanner that opens links changes nothing); the
    button POSTs it."""
    try:
        asked = confirmation_read(token)
        if request.method == "POST":
            user = email_confirm(token=token)
            messages.success(request, f"{user.email} is confirmed: Ludus's e-mail goes there.")
            return redirect("account" if request.user.is_authenticated else "login")
    except LudusError as error:
        return render(
            request, "registration/email_confirm.html", {"error": error.message}, status=400
        )
    return render(request, "registration/email_confirm.html", {"address": asked.address})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's: the same answer whether the address belongs to an account or not; mail only
    to a confirmed address (User.email holds no other), with a link to LUDUS_SITE_URL."""

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        throttle = PasswordResetThrottle()
        if not throttle.allow_request(self.request, None):
            form.add_error(
                None,
                "Too many password resets were asked for from your address lately. Try again "
                f"in {wait_in_words(throttle.wait())}.",
            )
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        expires = timezone.now() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)
        self.extra_email_context = {
            "site_url": settings.LUDUS_SITE_URL,
            "expires": f"{expires:%Y-%m-%d %H:%M} UTC",
        }
        return super().form_valid(form)

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's: a new password from the mailed link. It lifts the sign-in lockout on the name
    (campaign/sign_in.py): whoever set it holds the account's mailbox."""

    success_url = reverse_lazy("password_reset_complete")

    def form_valid(self, form):
        response = super().form_valid(form)
        lockout_reset(username=lockout_name(self.request, {"username": self.user.get_username()}))
        return response

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response
