"""Knockout pages: the campaign's list, the GM's form that draws one, and the bracket."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from arena.models import Tournament
from arena.tournaments.drawing import bracket_drawing
from arena.tournaments.forms import TournamentForm
from arena.tournaments.selectors import (
    tournament_get_visible,
    tournament_matches,
    tournaments_of_campaign,
)
from arena.tournaments.services import knockout_entrants, tournament_cancel, tournament_create
from campaign.confirm import confirm_page
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, form_status, refused
from characters.catalogue import adapter
from characters.selectors import gladiators_active


def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    context = {
        "campaign": campaign,
        "tournaments": tournaments_of_campaign(campaign=campaign),
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
    }
    return render(request, "arena/tournament_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    initial = {"starts_at": (timezone.now() + timedelta(minutes=1)).replace(second=0)}
    form = TournamentForm(
        request.POST or None,
        initial=initial,
        gladiators=gladiators_active(campaign=campaign),
        options=adapter(campaign.ruleset).options_schema(by_tactics=True),
        entrants=knockout_entrants(campaign),
    )
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_create(
                campaign=campaign, by=request.user, **form.service_arguments()
            )
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{tournament.title} is drawn; round one is scheduled.")
            return redirect("tournament", slug=campaign.slug, pk=tournament.pk)
    context = {"campaign": campaign, "form": form}
    return render(request, "arena/tournament_new.html", context, status=form_status(request))


def tournament_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The bracket; while the knockout runs, its section asks for itself again every few
    seconds (htmx) and stops once the champion is crowned."""
    tournament = tournament_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = tournament.campaign
    matches = tournament_matches(tournament=tournament)
    drawing = bracket_drawing(
        tournament, matches, lambda bout: reverse("bout", args=[campaign.slug, bout.pk])
    )
    template = "arena/tournament_detail.html"
    if request.htmx and request.GET.get("partial") == "bracket":
        template += "#bracket"
    context = {
        "campaign": campaign,
        "tournament": tournament,
        "running": tournament.status == Tournament.Status.RUNNING,
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
        "drawing": drawing,
        "entries": tournament.entries.select_related("gladiator__owner"),
    }
    return render(request, template, context)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_cancel_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: are you sure? POST: call the knockout off (arena/tournaments/services.py)."""
    tournament = tournament_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = tournament.campaign
    check_campaign_gm(campaign=campaign, user=request.user)
    if request.method == "GET":
        return confirm_page(
            request,
            question=f"Cancel {tournament.title}? Its bouts not yet fought are called off, "
            "nobody is crowned, and it cannot be taken up again. Bouts already fought stay.",
            yes="Yes, cancel the knockout",
            back=reverse("tournament", args=[slug, pk]),
            campaign=campaign,
        )
    try:
        cancelled = tournament_cancel(
            tournament=tournament, by=request.user, reason=request.POST.get("reason", "")
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: tournament_detail(request, slug, pk))
    bouts = f"{cancelled} bout{'' if cancelled == 1 else 's'}"
    messages.success(request, f"{tournament.title} is cancelled ({bouts} called off).")
    return redirect("tournament", slug=campaign.slug, pk=tournament.pk)
