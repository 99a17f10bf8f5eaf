"""The forms of absence: the GM's missed-turn policy (campaign page), a player's vacation
(campaign page), the GM's deadline control of a bout (more time, pause, resume), and a
player's conditional fallback orders (the gladiator's sheet)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from arena.bouts.selectors import bout_get_visible
from arena.bouts.views import bout_detail
from arena.play.views import gm_bout_action, gm_bout_confirm, posted_turn
from campaign.confirm import confirm_page
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import parse_int
from campaign.shared.pages import refused
from campaign.views import campaign_detail
from characters.models import Gladiator
from characters.selectors import gladiator_get
from characters.views import gladiator_detail

from .deadlines import bout_deadline_extend, bout_pause, bout_resume
from .fallback import fallback_plan_set, fallback_schema_of, plan_from_form
from .models import Vacation
from .seats import seat_hand_over
from .services import missed_turn_policy_set
from .vacations import vacation_end, vacation_set


@login_required
@require_POST
def missed_turn_policy_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        missed_turn_policy_set(
            campaign=campaign,
            by=request.user,
            excused_allowed=request.POST.get("excused_allowed", ""),
            disorder_after=request.POST.get("disorder_after", ""),
            vacation_days=request.POST.get("vacation_days"),
            vacation_waits=request.POST.get("vacation_waits"),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: campaign_detail(request, campaign.slug))
    messages.success(request, "Missed-turn policy saved.")
    return redirect("campaign", slug=campaign.slug)


@login_required
@require_POST
def bout_deadline_extend_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The GM's "more time" form on the bout page: hours and a reason."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        extension = bout_deadline_extend(
            bout=bout,
            by=request.user,
            turn=posted_turn(request),
            hours=request.POST.get("hours", ""),
            reason=request.POST.get("reason", ""),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: bout_detail(request, slug, pk))
    messages.success(
        request,
        f"{bout.step.title} {extension.turn}'s deadline is {extension.hours} hours later.",
    )
    return redirect("bout", slug=slug, pk=pk)


@login_required
@require_POST
def vacation_set_view(request: HttpRequest, slug: str) -> HttpResponse:
    """A player's own vacation, from the campaign page: first and last day."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        vacation = vacation_set(
            campaign=campaign,
            by=request.user,
            starts=request.POST.get("starts", ""),
            ends=request.POST.get("ends", ""),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: campaign_detail(request, campaign.slug))
    messages.success(
        request, f"You are on vacation from {vacation.starts:%Y-%m-%d} to {vacation.ends:%Y-%m-%d}."
    )
    return redirect("campaign", slug=campaign.slug)


@login_required
@require_POST
def vacation_end_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    vacation = Vacation.objects.filter(campaign=campaign, user=request.user, pk=pk).first()
    try:
        if vacation is None:
            raise LudusError("You have no such vacation in this campaign.")
        vacation_end(vacation=vacation, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: campaign_detail(request, campaign.slug))
    messages.success(request, "Welcome back: your vacation is over.")
    return redirect("campaign", slug=campaign.slug)


@login_required
@require_http_methods(["GET", "POST"])
def bout_pause_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "GET":
        return gm_bout_confirm(
            request, slug, pk,
            "Pause {title} at {step} {turn}? Its deadline stops until you resume it.",
            "Yes, pause the bout",
            reason="Why (shown to the players)",
        )  # fmt: skip
    return gm_bout_action(
        request, slug, pk, bout_pause,
        "The bout is paused at {step} {turn}.",
        gives_reason=True,
    )  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def bout_resume_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "GET":
        return gm_bout_confirm(
            request, slug, pk,
            "Resume {title} at {step} {turn}? Its deadline runs again with the time it had left.",
            "Yes, resume the bout",
            reason="Why (kept in the audit trail)",
        )  # fmt: skip
    return gm_bout_action(
        request, slug, pk, bout_resume,
        "The bout runs again at {step} {turn}.",
        gives_reason=True,
    )  # fmt: skip


SEAT_FIELDS = ("gladiator", "player", "to")


@login_required
@require_http_methods(["GET", "POST"])
def seat_hand_over_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The GM hands a seat (a gladiator, or a player's stable) to another member, after an
    "are you sure?" naming both."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    given = request.GET if request.method == "GET" else request.POST
    try:
        gladiator = None
        if given.get("gladiator"):
            number = parse_int(given.get("gladiator"), low=1)
            gladiator = Gladiator.objects.filter(campaign=campaign, pk=number or 0).first()
            if gladiator is None:
                raise LudusError("No such gladiator in this campaign.", field="gladiator")
        if request.method == "GET":
            seat = gladiator.name if gladiator else f"{given.get('player', '')[:40]}'s stable"
            return confirm_page(
                request,
                question=f"Hand {seat} to {given.get('to', '')[:40]}? The old owner loses it "
                "at once, and their order for the turn under way is dropped.",
                yes="Yes, hand the seat over",
                back=reverse("campaign", args=[slug]),
                campaign=campaign,
                fields=SEAT_FIELDS,
            )
        seat = seat_hand_over(
            campaign=campaign,
            by=request.user,
            to=given.get("to", ""),
            gladiator=gladiator,
            player=given.get("player") or None,
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: campaign_detail(request, campaign.slug))
    names = ", ".join(g.name for g in seat)
    messages.success(request, f"{names}: now played by {seat[0].owner.username}.")
    return redirect("campaign", slug=campaign.slug)


@login_required
@require_POST
def fallback_orders_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The owner's conditional fallback orders, from the gladiator's sheet."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    try:
        plan = plan_from_form(fallback_schema_of(gladiator), request.POST)
        fallback_plan_set(gladiator=gladiator, by=request.user, plan=plan)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: gladiator_detail(request, slug, pk))
    if plan:
        messages.success(request, f"{gladiator.name}'s fallback orders are saved.")
    else:
        messages.success(request, f"{gladiator.name} has no fallback orders now.")
    if request.htmx:
        return gladiator_detail(request, slug, pk)
    return redirect(reverse("gladiator", args=[slug, pk]) + "#fallback-orders")
