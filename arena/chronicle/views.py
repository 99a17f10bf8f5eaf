"""The chronicle's pages: the archive (with the GM's draft button and schedule), one chronicle
(with the GM's edit form and publish button), each answering a refusal in words."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaign.confirm import confirm_page
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError

from .models import BODY_MAX, TITLE_MAX
from .selectors import chronicle_forum, chronicle_get, chronicle_sections, chronicles_readable
from .services import (
    WEEKDAYS,
    chronicle_draft,
    chronicle_edit,
    chronicle_publish,
    chronicle_schedule,
    chronicle_schedule_set,
)


class EditForm(forms.Form):
    title = forms.CharField(max_length=TITLE_MAX)
    body = forms.CharField(
        label="The chronicle", max_length=BODY_MAX, widget=forms.Textarea(attrs={"rows": 18})
    )


class ScheduleForm(forms.Form):
    weekday = forms.ChoiceField(
        label="Draft one every",
        required=False,
        choices=[("", "never: I draft by hand"), *[(str(n), d) for n, d in enumerate(WEEKDAYS)]],
    )
    hour = forms.ChoiceField(
        label="At (UTC)", choices=[(str(h), f"{h:02d}:00") for h in range(24)], initial="18"
    )


@require_GET
def chronicle_list(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    is_gm = campaign_is_gm(campaign=campaign, user=request.user)
    schedule = chronicle_schedule(campaign)
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "chronicles": chronicles_readable(campaign=campaign, user=request.user),
        "schedule": schedule and f"{WEEKDAYS[schedule[0]]}s at {schedule[1]:02d}:00 UTC",
        "schedule_form": is_gm
        and ScheduleForm(
            initial={"weekday": str(schedule[0]), "hour": str(schedule[1])} if schedule else None
        ),
    }
    return render(request, "chronicle/list.html", context)


@login_required
@require_POST
def chronicle_draft_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        chronicle = chronicle_draft(campaign=campaign, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return redirect("chronicles", slug=slug)
    messages.success(request, "Drafted. Read it, edit it, then publish it.")
    return redirect("chronicle", slug=slug, pk=chronicle.pk)


@login_required
@require_POST
def chronicle_schedule_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        chronicle_schedule_set(
            campaign=campaign,
            by=request.user,
            weekday=request.POST.get("weekday", ""),
            hour=request.POST.get("hour", ""),
        )
    except LudusError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "The chronicle's schedule is saved.")
    return redirect("chronicles", slug=slug)


@require_http_methods(["GET", "POST"])
def chronicle_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    chronicle = chronicle_get(campaign=campaign, user=request.user, pk=pk)
    is_gm = campaign_is_gm(campaign=campaign, user=request.user)
    form = None
    status = 200
    if is_gm:
        initial = {"title": chronicle.title, "body": chronicle.body}
        form = EditForm(request.POST or None, initial=initial)
        if request.method == "POST":
            try:
                chronicle_edit(
                    chronicle=chronicle,
                    by=request.user,
                    title=request.POST.get("title", ""),
                    body=request.POST.get("body", ""),
                )
            except LudusError as error:
                form.add_error(None, error.message)
                status = 400
            else:
                messages.success(request, "Saved.")
                return redirect("chronicle", slug=slug, pk=pk)
    elif request.method == "POST":
        check_campaign_gm(campaign=campaign, user=request.user)
    context = {
        "campaign": campaign,
        "chronicle": chronicle,
        "sections": chronicle_sections(chronicle),
        "is_gm": is_gm,
        "form": form,
        "forum": chronicle_forum(chronicle) if chronicle.is_published else "",
    }
    return render(request, "chronicle/detail.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def chronicle_publish_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    chronicle = chronicle_get(campaign=campaign, user=request.user, pk=pk)
    back = reverse("chronicle", args=[slug, pk])
    if request.method == "GET":
        check_campaign_gm(campaign=campaign, user=request.user)
        return confirm_page(
            request,
            question=f"Publish “{chronicle.title}”? Every member is told, and everyone who may "
            "read the campaign reads it.",
            yes="Yes, publish it",
            back=back,
            campaign=campaign,
        )
    try:
        chronicle_publish(chronicle=chronicle, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "Published.")
    return redirect(back)
