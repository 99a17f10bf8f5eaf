"""Pages: the inbox, the user's notification settings and a campaign's webhooks (GM only)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.views import form_error, form_status

from .forms import NotificationSettingsForm, WebhookForm
from .selectors import (
    inbox_of,
    notification_of,
    unread_count,
    webhook_deliveries,
    webhook_of,
    webhooks_of,
)
from .services import (
    email_choices,
    notification_read,
    notification_settings_set,
    notifications_read_all,
    webhook_create,
    webhook_delete,
)

INBOX_PAGE = 50


@login_required
def inbox(request: HttpRequest) -> HttpResponse:
    page = Paginator(inbox_of(user=request.user), INBOX_PAGE).get_page(request.GET.get("page"))
    return render(request, "notifications/inbox.html", {"page": page})


@login_required
@require_POST
def notification_read_view(request: HttpRequest, pk: int) -> HttpResponse:
    notification = notification_read(
        notification=notification_of(user=request.user, pk=pk), by=request.user
    )
    if request.htmx:
        context = {"n": notification, "unread_count": unread_count(user=request.user)}
        return render(request, "notifications/inbox.html#inbox-item", context)
    return redirect("inbox")


@login_required
@require_POST
def notifications_read_all_view(request: HttpRequest) -> HttpResponse:
    count = notifications_read_all(by=request.user)
    messages.success(request, f"{count} marked read." if count else "Nothing was unread.")
    return redirect("inbox")


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings_view(request: HttpRequest) -> HttpResponse:
    now, digest = email_choices(user_id=request.user.pk)
    initial = {"email_kinds": now, "digest_kinds": digest}
    form = NotificationSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            notification_settings_set(user=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, "Notification settings saved.")
            return redirect("notification-settings")
    return render(
        request, "notifications/settings.html", {"form": form}, status=form_status(request)
    )


@login_required
@require_http_methods(["GET", "POST"])
def webhooks_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            hook = webhook_create(campaign=campaign, by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"Webhook {hook.url} added: every event is posted to it.")
            return redirect("webhooks", slug=slug)
    log = Paginator(webhook_deliveries(campaign=campaign), 50).get_page(request.GET.get("page"))
    context = {
        "campaign": campaign,
        "form": form,
        "webhooks": webhooks_of(campaign=campaign),
        "log": log,
    }
    return render(request, "notifications/webhooks.html", context, status=form_status(request))


@login_required
@require_POST
def webhook_delete_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    webhook_delete(webhook=webhook_of(campaign=campaign, pk=pk), by=request.user)
    messages.success(request, "The webhook is removed.")
    return redirect("webhooks", slug=slug)
