"""Pages: the inbox, the user's notification settings and devices, the service worker that
shows a push, and a campaign's webhooks (GM only)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, form_status

from .forms import NotificationSettingsForm, WebhookForm
from .models import PushSubscription
from .push import application_server_key
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
    push_choices,
    push_subscribe,
    push_unsubscribe,
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
    initial = {
        "email_kinds": now,
        "digest_kinds": digest,
        "push_kinds": push_choices(user_id=request.user.pk),
    }
    form = NotificationSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            notification_settings_set(user=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, "Notification settings saved.")
            return redirect("notification-settings")
    context = {
        "form": form,
        "push_key": application_server_key(),
        "devices": PushSubscription.objects.filter(user=request.user).count(),
    }
    return render(request, "notifications/settings.html", context, status=form_status(request))


@login_required
@require_POST
def push_subscription_view(request: HttpRequest) -> JsonResponse:
    """The page's script posts the browser's PushSubscription here as a form (endpoint,
    p256dh, auth: its toJSON()), with the CSRF token; `endpoint` and `remove` forget it. The
    answer is JSON, for the script to say in words."""
    endpoint = request.POST.get("endpoint", "")
    if request.POST.get("remove"):
        push_unsubscribe(user=request.user, endpoint=endpoint)
        return JsonResponse({"ok": True, "subscribed": False})
    try:
        push_subscribe(
            user=request.user, endpoint=endpoint, p256dh=request.POST.get("p256dh", ""),
            auth=request.POST.get("auth", ""),
        )  # fmt: skip
    except LudusError as error:
        return JsonResponse({"ok": False, "error": error.message}, status=400)
    return JsonResponse({"ok": True, "subscribed": True})


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site's root so its scope covers every page. It only
    shows a push as a notification and opens its link when tapped."""
    response = HttpResponse(
        render_to_string("notifications/sw.js"), content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"  # a new version reaches the browsers at once
    return response


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
