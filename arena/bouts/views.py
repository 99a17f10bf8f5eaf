from __future__ import annotations

from datetime import UTC, timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reselect, reswap, retarget

from arena.bouts.filters import BoutFilter
from arena.bouts.forms import BoutScheduleForm, options_chosen
from arena.bouts.page import bout_page, odds_of, verify_section
from arena.bouts.selectors import (
    UNDECIDED,
    bout_engine_input_for,
    bout_get_visible,
    bout_history_page,
    bouts_of_campaign,
)
from arena.bouts.services import (
    VERIFY_SIGN_IN,
    bout_cancel,
    bout_schedule,
    verification_request,
    verify_throttled,
)
from arena.bouts.void import bout_void
from arena.campaign_export import campaign_export_json
from arena.engine_io import bout_options_clean
from arena.gateway import canonical
from arena.models import Bout
from arena.odds.services import odds_preview
from campaign.confirm import confirm_page
from campaign.csv_export import csv_response
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import parse_int
from campaign.shared.pages import form_error, form_status, refused
from campaign.throttles import VerifyThrottle, wait_in_words
from characters.catalogue import rules_of
from characters.selectors import gladiators_active


def bout_history(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    query = request.GET.copy()
    page = query.pop("page", [None])[-1]
    context = bout_history_page(campaign=campaign, query=query, page=page)
    template = "arena/bout_history.html"
    if request.htmx:
        template += "#history"
    return render(request, template, context)


def bout_history_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The fight history as the page filters it, every bout, as CSV: date, title, entrants
    (in their places), status and winner."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    filters = BoutFilter(
        request.GET or None, bouts_of_campaign(campaign=campaign), campaign=campaign
    )
    if request.GET and not filters.is_valid():
        return HttpResponse(
            "The filters are not valid: "
            + "; ".join(f"{name}: {' '.join(errors)}" for name, errors in filters.errors.items()),
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    bouts = filters.qs
    lines = (
        [
            bout.scheduled_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M"),
            bout.title,
            "; ".join(e.gladiator.name for e in bout.entrants.all()),
            bout.get_status_display(),
            "" if bout.is_void else bout.winner,
        ]
        for bout in bouts
    )
    header = ["when (UTC)", "bout", "entrants", "status", "winner"]
    return csv_response(f"{campaign.slug}-bouts.csv", header, lines)


@login_required
@require_http_methods(["GET", "POST"])
def bout_new(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    initial = {"scheduled_at": (timezone.now() + timedelta(minutes=1)).replace(second=0)}
    form = BoutScheduleForm(
        request.POST or None,
        initial=initial,
        gladiators=gladiators_active(campaign=campaign),
        options=rules_of(campaign).options_schema(by_tactics=True),
    )
    if request.method == "POST" and form.is_valid():
        try:
            bout = bout_schedule(campaign=campaign, by=request.user, **form.service_arguments())
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, schedule_message(bout, fight_now=form.fight_now))
            return redirect("bout", slug=campaign.slug, pk=bout.pk)
    context = {"campaign": campaign, "form": form}
    return render(request, "arena/bout_new.html", context, status=form_status(request))


def schedule_message(bout: Bout, *, fight_now: bool) -> str:
    """What the GM is told on the bout's page after scheduling it: true whether or not the
    worker has fought it by the time the page shows the message."""
    if fight_now:
        return (
            f"{bout.title} went to the arena to be fought now: its result is below once it is in."
        )
    return f"{bout.title} is scheduled for {bout.scheduled_at:%Y-%m-%d %H:%M} UTC."


@login_required
def bout_odds_preview_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The schedule form's odds of the gladiators ticked so far (htmx swaps them in beside the
    form, and polls while the worker simulates)."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    schema = rules_of(campaign).options_schema(by_tactics=True)
    form = BoutScheduleForm(
        request.GET, gladiators=gladiators_active(campaign=campaign), options=schema
    )
    form.is_valid()  # the time and title may still be missing: only the fields that are valid count
    gladiators = list(form.cleaned_data.get("gladiators") or [])
    context: dict = {"campaign": campaign, "query": request.GET.urlencode()}
    try:
        options = bout_options_clean(
            campaign=campaign,
            options=options_chosen(schema, form.cleaned_data),
            by_tactics=True,
        )
        row = odds_preview(
            campaign=campaign, by=request.user, gladiators=gladiators, options=options
        )
    except LudusError as error:
        context["problem"] = error.message
    else:
        if row is not None:
            context.update(odds_of(row))
    return render(request, "arena/bout_new.html#schedule-odds", context)


def bout_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    template = "arena/bout_detail.html"
    partial = request.GET.get("partial")
    # The bout has left its live phases (decided or cancelled) while the page polled it: the
    # page is rebuilt in place (result, replay), and live.js moves focus to the result.
    ended = (
        request.htmx
        and partial == "live"
        and not (
            bout.mode == Bout.Mode.ORDERS and bout.status in {Bout.Status.OPEN, Bout.Status.RUNNING}
        )
    )
    partials = {
        "result": "#bout-result",
        "replay": "#replay",
        "live": "#bout-live",
        "verify": "#bout-verify",
        "odds": "#bout-odds",
    }
    if request.htmx and partial in partials and not ended:
        template += partials[partial]
    turn = request.GET.get("turn")
    context = bout_page(
        bout=bout,
        user=request.user,
        part=partial,
        polled=bool(request.htmx),
        turn=None if turn is None else parse_int(turn),
        play=request.GET.get("play") == "1",
    )
    # A polled result also replaces the page head's buttons (out of band), so a bout that was
    # fought or cancelled meanwhile offers no "Cancel" any more.
    context["oob"] = bool(request.htmx) and partial == "result"
    if partial == "odds" and "odds" not in context:
        return HttpResponse("")  # fought meanwhile: the odds section goes
    response = render(request, template, context)
    if ended:
        response = reselect(reswap(retarget(response, "main"), "outerHTML"), "main")
    return response


@login_required
@require_http_methods(["GET", "POST"])
def bout_cancel_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = bout.campaign
    if request.method == "GET":
        check_campaign_gm(campaign=campaign, user=request.user)
        return confirm_page(
            request,
            question=f"Cancel {bout.title}? Nobody is paid and it cannot be fought again.",
            yes="Yes, cancel the bout",
            back=reverse("bout", args=[slug, pk]),
            campaign=campaign,
        )
    try:
        bout_cancel(bout=bout, by=request.user, reason=request.POST.get("reason", ""))
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: bout_detail(request, slug, pk))
    messages.success(request, "The bout was cancelled.")
    return redirect("bout", slug=campaign.slug, pk=bout.pk)


@login_required
@require_http_methods(["GET", "POST"])
def bout_void_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: are you sure, and why? POST: void the bout (arena/bouts/void.py)."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = bout.campaign
    check_campaign_gm(campaign=campaign, user=request.user)
    if request.method == "GET":
        return confirm_page(
            request,
            question=f"Void {bout.title}? Its payouts are taken back, the gladiators it killed "
            "live again, and its log stays.",
            yes="Yes, void the bout",
            back=reverse("bout", args=[slug, pk]),
            campaign=campaign,
            reason="Why is it void?",
        )
    try:
        bout_void(bout=bout, by=request.user, reason=request.POST.get("reason", ""))
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: bout_detail(request, slug, pk))
    messages.success(request, "The bout is void: its payouts are reversed.")
    return redirect("bout", slug=campaign.slug, pk=bout.pk)


def verify_refusal(request: HttpRequest) -> tuple[str, int]:
    """Why this request may not queue a verification now, and its status ("" when it may)."""
    if not request.user.is_authenticated:
        return VERIFY_SIGN_IN, 403
    throttle = VerifyThrottle()
    if not throttle.allow_request(request, None):
        return verify_throttled(wait_in_words(throttle.wait())), 429
    return "", 200


@require_POST
def bout_verify_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Ask the worker to check the bout: anyone signed in who can see the bout may, a few
    times an hour (campaign/throttles.py, shared with the API)."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    refusal, status = verify_refusal(request)
    if refusal:
        messages.error(request, refusal)
        response = refused(request, lambda: bout_detail(request, slug, pk))
        response.status_code = status
        return response
    try:
        verification_request(bout=bout, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: bout_detail(request, slug, pk))
    if request.htmx:
        context = {
            "campaign": bout.campaign,
            "bout": bout,
            **verify_section(bout=bout, user=request.user),
        }
        return render(request, "arena/bout_detail.html#bout-verify", context)
    messages.success(request, "The worker is checking the bout.")
    return redirect(reverse("bout", args=[slug, pk]) + "#bout-verify")


@login_required
def campaign_export_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole campaign as JSON (arena/campaign_export.py), for its GM alone."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    response = HttpResponse(campaign_export_json(campaign), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}-export.json"'
    return response


def bout_download(request: HttpRequest, slug: str, pk: int, part: str) -> HttpResponse:
    """A decided bout's engine input (as this user may read it) or its log, in canonical JSON:
    `python -m arena.engine play bout-<id>.json` fights it again."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    if bout.status in UNDECIDED:
        raise Http404("The bout is not decided yet.")
    if part == "input":
        doc, name = bout_engine_input_for(bout=bout, user=request.user), f"bout-{bout.pk}.json"
    else:
        doc, name = bout.log, f"bout-{bout.pk}-log.json"
    if doc is None:
        raise Http404("This bout has no such record.")
    response = HttpResponse(canonical(doc) + b"\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
