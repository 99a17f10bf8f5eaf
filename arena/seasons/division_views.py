"""Division pages: the campaign's divisions with their last seasons (the GM adds one there),
and the next seasons' proposal: each division's final table marked (up, down, out), the next
entrants, and the GM's confirmation, which opens them."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from campaign.models import Campaign
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import IntegerField, TextField
from campaign.shared.pages import form_error

from .divisions import (
    MOVES_DEFAULT,
    MOVES_MAX,
    NAME_MAX,
    NEXT_TITLE_MAX,
    division_create,
    division_delete,
    division_edit,
    divisions_advance,
    promotion_proposal,
)
from .models import Division
from .selectors import division_get, divisions_of_campaign, last_seasons, seasons_of_campaign


class DivisionForm(forms.Form):
    name = TextField(max_length=NAME_MAX, label="Name", help_text="Below the others: Division II")
    moves = IntegerField(
        label="Up and down",
        min_value=0,
        max_value=MOVES_MAX,
        required=False,
        help_text="How many change places with the division below; empty: the campaign's "
        "number, given when the next seasons are proposed.",
    )


class MovesForm(forms.Form):
    moves = IntegerField(
        label="Up and down, for a division without its own number",
        min_value=0,
        max_value=MOVES_MAX,
        initial=MOVES_DEFAULT,
        required=False,
    )


class ConfirmForm(forms.Form):
    # The campaign's number the proposal shown was made with.
    moves = IntegerField(min_value=0, max_value=MOVES_MAX, required=False, widget=forms.HiddenInput)
    title = TextField(
        max_length=NEXT_TITLE_MAX,
        label="Title of the next seasons",
        help_text='Each is named "title, division".',
    )
    first_round_at = forms.DateTimeField(
        label="Round one at (UTC)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    digest = forms.CharField(max_length=64, widget=forms.HiddenInput)


@require_http_methods(["GET", "POST"])
def division_list(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the divisions, top first, with their last seasons. POST: the GM adds one."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    campaign = campaign_get_visible(slug=slug, user=request.user)
    if request.method == "GET":
        return _list_page(request, campaign, DivisionForm())
    check_campaign_gm(campaign=campaign, user=request.user)
    form = DivisionForm(request.POST)
    if form.is_valid():
        try:
            division = division_create(campaign=campaign, by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{division.name} is added, rank {division.rank}.")
            return redirect("divisions", slug=campaign.slug)
    return _list_page(request, campaign, form, status=400)


def _list_page(
    request: HttpRequest, campaign: Campaign, form: DivisionForm, status: int = 200
) -> HttpResponse:
    divisions = list(divisions_of_campaign(campaign=campaign))
    last = last_seasons(divisions)
    context = {
        "campaign": campaign,
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
        "form": form,
        "divisions": [(d, last.get(d.pk)) for d in divisions],
    }
    return render(request, "arena/division_list.html", context, status=status)


@require_http_methods(["GET", "POST"])
def divisions_next(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the proposal (htmx asks for it again when the campaign's number changes). POST:
    the GM confirms the proposal shown, which opens the next seasons."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    campaign = campaign_get_visible(slug=slug, user=request.user)
    is_gm = campaign_is_gm(campaign=campaign, user=request.user)
    if request.method == "GET":
        asked = MovesForm(request.GET)
        moves = asked.cleaned_data["moves"] if asked.is_valid() else None
        moves = MOVES_DEFAULT if moves is None else moves
        start = (timezone.now() + timedelta(days=1)).replace(minute=0, second=0, microsecond=0)
        form = ConfirmForm(initial={"moves": moves, "first_round_at": start})
        return _next_page(request, campaign, is_gm, form, moves, asked)
    check_campaign_gm(campaign=campaign, user=request.user)
    form = ConfirmForm(request.POST)
    moves = MOVES_DEFAULT
    if form.is_valid():
        moves = form.cleaned_data["moves"]
        moves = MOVES_DEFAULT if moves is None else moves
        try:
            seasons = divisions_advance(
                campaign=campaign,
                by=request.user,
                digest=form.cleaned_data["digest"],
                title=form.cleaned_data["title"],
                first_round_at=form.cleaned_data["first_round_at"],
                moves=moves,
            )
        except LudusError as error:
            form_error(form, error)
        else:
            names = ", ".join(s.title for s in seasons)
            messages.success(request, f"The next seasons are open: {names}.")
            return redirect("divisions", slug=campaign.slug)
    return _next_page(request, campaign, is_gm, form, moves, MovesForm(), status=400)


def _next_page(
    request: HttpRequest,
    campaign: Campaign,
    is_gm: bool,
    form: ConfirmForm,
    moves: int,
    asked: MovesForm,
    status: int = 200,
) -> HttpResponse:
    proposal = promotion_proposal(campaign=campaign, moves=moves)
    if proposal.digest and not form.is_bound:
        form.initial["digest"] = proposal.digest
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "proposal": proposal,
        "form": form,
        "asked": asked,
    }
    template = "arena/divisions_next.html"
    if request.htmx and request.GET.get("partial") == "proposal":
        template += "#proposal"
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
def division_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: the division, its seasons, newest first (and the GM's form). POST: the GM
    renames it or gives it its own number of moves."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    campaign = campaign_get_visible(slug=slug, user=request.user)
    division = division_get(campaign=campaign, pk=pk)
    if request.method == "GET":
        form = DivisionForm(initial={"name": division.name, "moves": division.moves})
        return _division_page(request, division, form)
    check_campaign_gm(campaign=campaign, user=request.user)
    form = DivisionForm(request.POST)
    if form.is_valid():
        try:
            division = division_edit(division=division, by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{division.name} is saved.")
            return redirect("divisions", slug=campaign.slug)
    return _division_page(request, division, form, status=400)


@require_http_methods(["POST"])
def division_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The GM removes a division that has no season yet."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    campaign = campaign_get_visible(slug=slug, user=request.user)
    division = division_get(campaign=campaign, pk=pk)
    try:
        division_delete(division=division, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return redirect("division", slug=campaign.slug, pk=division.pk)
    messages.success(request, f"{division.name} is removed.")
    return redirect("divisions", slug=campaign.slug)


def _division_page(
    request: HttpRequest, division: Division, form: DivisionForm, status: int = 200
) -> HttpResponse:
    campaign = division.campaign
    seasons = list(
        seasons_of_campaign(campaign=campaign)
        .filter(division=division)
        .order_by("-created_at", "-pk")
    )
    context = {
        "campaign": campaign,
        "division": division,
        "seasons": seasons,
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
        "form": form,
    }
    return render(request, "arena/division_detail.html", context, status=status)
