from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from arena.selectors import bouts_recent, bouts_upcoming
from arena.turns import plays_turn_by_turn
from characters.selectors import gladiators_of_campaign
from characters.shop import DEFAULT_SELL_RATIO

from .errors import LudusError
from .forms import CampaignForm, JoinForm, OptionsForm, SignupForm
from .selectors import (
    campaign_get_visible,
    campaign_members,
    campaign_role,
    campaigns_of,
    campaigns_visible,
)
from .services import (
    campaign_create,
    campaign_find_by_code,
    campaign_invite_reset,
    campaign_join,
    campaign_options_set,
    check_campaign_gm,
    ruleset_choices,
)


def form_error(form, error: LudusError) -> None:
    """Show a service's error on the form field it names (or on the whole form)."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def dashboard(request: HttpRequest) -> HttpResponse:
    mine = campaigns_of(user=request.user).order_by("name")
    public = campaigns_visible(user=request.user).exclude(pk__in=mine.values("pk"))
    return render(request, "campaign/dashboard.html", {"mine": mine, "public": public[:50]})


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome to Ludus, {user.username}.")
        return redirect("dashboard")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_new(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST or None, ruleset_choices=ruleset_choices())
    if request.method == "POST" and form.is_valid():
        try:
            campaign = campaign_create(by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"Campaign {campaign.name} created. You are its GM.")
            return redirect("campaign", slug=campaign.slug)
    return render(request, "campaign/campaign_new.html", {"form": form})


def campaign_detail(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    role = campaign_role(campaign=campaign, user=request.user)
    context = {
        "campaign": campaign,
        "role": role,
        "is_gm": role == "gm",
        "members": campaign_members(campaign=campaign),
        "gladiators": gladiators_of_campaign(campaign=campaign),
        "upcoming": bouts_upcoming(campaign=campaign)[:10],
        "recent": bouts_recent(campaign=campaign)[:10],
        "join_url": request.build_absolute_uri(f"/join/{campaign.invite_code}/"),
        "turn_by_turn": plays_turn_by_turn(campaign.ruleset),
        "options_form": OptionsForm(
            initial={"sell_ratio": campaign.options.get("sell_ratio", DEFAULT_SELL_RATIO)}
        ),
    }
    return render(request, "campaign/campaign_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    form = JoinForm(request.POST or None, initial={"code": code})
    campaign = None
    if code:
        try:
            campaign = campaign_find_by_code(code=code)
        except LudusError as error:
            form_error(form, error)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = campaign_find_by_code(code=form.cleaned_data["code"])
            campaign_join(campaign=campaign, user=request.user, code=form.cleaned_data["code"])
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"You joined {campaign.name}.")
            return redirect("campaign", slug=campaign.slug)
    return render(request, "campaign/join.html", {"form": form, "campaign": campaign})


@login_required
@require_POST
def invite_reset(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        campaign_invite_reset(campaign=campaign, by=request.user)
        messages.success(request, "A new invite code was issued; the old link no longer works.")
    except LudusError as error:
        messages.error(request, error.message)
    return redirect("campaign", slug=campaign.slug)


@login_required
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    """The GM's trail: who did what, when."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    page = Paginator(campaign.audit.select_related("actor"), 50).get_page(request.GET.get("page"))
    return render(request, "campaign/audit.html", {"campaign": campaign, "page": page})


@login_required
@require_POST
def options(request: HttpRequest, slug: str) -> HttpResponse:
    """The GM's house rules (for now: what the armoury pays back)."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    form = OptionsForm(request.POST)
    if form.is_valid():
        try:
            campaign_options_set(campaign=campaign, by=request.user, **form.cleaned_data)
            messages.success(request, "House rules saved.")
        except LudusError as error:
            messages.error(request, error.message)
    else:
        messages.error(request, "The sell ratio is a number between 0 and 1.")
    return redirect("campaign", slug=campaign.slug)
