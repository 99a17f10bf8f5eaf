from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reselect, reswap, retarget

from arena.engine.core.canonical import canonical
from campaign.confirm import confirm_page
from campaign.errors import LudusError
from campaign.inputs import parse_int
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.throttles import VerifyThrottle, wait_in_words
from campaign.views import form_error, form_status, refused
from characters.catalogue import rules_of
from characters.selectors import gladiators_active

from .engine_io import bout_options_clean
from .forms import BoutFilterForm, BoutScheduleForm, options_chosen
from .live import live_context
from .mercy import mercy_vote_view
from .models import Bout, BoutOdds, BoutVerification
from .odds import odds_lines, odds_preview, odds_request, odds_unanimous, odds_words
from .replay import board_view, entrant_colours, event_sections, hp_series, input_terrain
from .selectors import (
    UNDECIDED,
    bout_engine_input_for,
    bout_get_visible,
    bout_payouts,
    bout_proof,
    bout_sealed_orders,
    bout_standings,
    bout_verification_last,
    bouts_filter,
    bouts_of_campaign,
)
from .services import (
    VERIFIABLE,
    VERIFY_SIGN_IN,
    bout_cancel,
    bout_schedule,
    verification_request,
    verify_throttled,
)
from .void import bout_void


def bout_history(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    filters = BoutFilterForm(request.GET or None, campaign=campaign)
    bouts = bouts_of_campaign(campaign=campaign)
    if filters.is_valid():
        bouts = bouts_filter(bouts=bouts, **filters.cleaned_data)
    page = Paginator(bouts, 25).get_page(request.GET.get("page"))
    template = "arena/bout_history.html"
    if request.htmx:
        template += "#history"
    query = request.GET.copy()
    query.pop("page", None)
    context = {"campaign": campaign, "page": page, "filters": filters, "query": query.urlencode()}
    return render(request, template, context)


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


def _turn_index(request: HttpRequest, turns: list) -> int:
    """The turn to show (1-based in the URL); the last one by default."""
    number = parse_int(request.GET.get("turn", len(turns)))
    if number is None:
        number = len(turns)
    return min(max(number, 1), len(turns)) - 1


def bout_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = bout.campaign
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
    log = bout.log or {}
    turns = log.get("turns", [])
    context = {
        "campaign": campaign,
        "bout": bout,
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
        "turns": turns,
        "standings": bout_standings(bout=bout),
        "payouts": bout_payouts(bout=bout),
        # A polled result also replaces the page head's buttons (out of band), so a bout that
        # was fought or cancelled meanwhile offers no "Cancel" any more.
        "oob": bool(request.htmx) and partial == "result",
        "mercy": mercy_vote_view(bout=bout, user=request.user),
        **verify_context(request, bout),
    }
    if bout.mode == Bout.Mode.ORDERS:
        context.update(live_context(request, bout))
    if not request.htmx or partial == "odds":
        context.update(odds_context(bout))
        if partial == "odds" and "odds" not in context:
            return HttpResponse("")  # fought meanwhile: the odds section goes
    if turns:
        colours = entrant_colours(bout.engine_input)
        index = _turn_index(request, turns)
        playing = request.GET.get("play") == "1" and index + 1 < len(turns)
        context.update(
            turn=turns[index],
            turn_sections=event_sections(turns[index].get("events", [])),
            last_sections=event_sections(turns[-1].get("events", [])),
            number=index + 1,
            board=board_view(
                log,
                index,
                colours,
                bout.engine_input,
                terrain=input_terrain(bout.ruleset, bout.engine_input),
            ),
            board_caption=f"The board after {bout.step} {index + 1}",
            hp_chart=hp_series(log, colours, step=bout.step),
            playing=playing,
            stepping=request.htmx and partial == "replay",
            # A play-by-web turn that was resolved from orders has its forum post (a turn
            # fought by tactics after "let tactics fight the rest" has none).
            forum_turns=len((bout.engine_input or {}).get("turns") or [])
            if bout.mode == Bout.Mode.ORDERS
            else 0,
        )
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
    """GET: are you sure, and why? POST: void the bout (arena/void.py)."""
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


def odds_context(bout: Bout) -> dict:
    """Each entrant's chance to win and to die, while the bout is still to be fought."""
    row = odds_request(bout=bout)
    return {} if row is None else odds_of(row)


def odds_of(row: BoutOdds) -> dict:
    return {
        "odds": row,
        "odds_lines": odds_lines(row) if row.status == BoutOdds.Status.DONE else [],
        "odds_unanimous": odds_unanimous(row),
        "odds_words": odds_words(row),
        "odds_cap": row.terms.get("bouts"),
    }


def verify_context(request: HttpRequest, bout: Bout) -> dict:
    """What the bout page shows so that anyone can check the bout (docs/verification.md)."""
    decided = bout.status not in UNDECIDED
    verification = bout_verification_last(bout=bout)
    readable = bout_engine_input_for(bout=bout, user=request.user) if decided else None
    proof = bout_proof(bout=bout)
    return {
        "proof": proof,
        # How far the digests go: a bout still fought turn by turn has hashed only its steps so
        # far (none at its first step), a decided one its whole fight.
        "steps_fought": len((bout.log or {}).get("turns") or []),
        "terms_json": canonical(proof["terms"]).decode() if proof["terms"] else "",
        "sealed_orders": bout_sealed_orders(bout=bout, user=request.user),
        "verification": verification,
        "verifying": verification is not None
        and verification.outcome == BoutVerification.Outcome.PENDING,
        "verifiable": bout.status in VERIFIABLE,
        "downloadable": decided and readable is not None,
        "tactics_hidden": readable is not None and readable != bout.engine_input,
    }


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
        context = {"campaign": bout.campaign, "bout": bout, **verify_context(request, bout)}
        return render(request, "arena/bout_detail.html#bout-verify", context)
    messages.success(request, "The worker is checking the bout.")
    return redirect(reverse("bout", args=[slug, pk]) + "#bout-verify")


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
