"""Knockout pages at their old addresses (docs/decisions/0098). A knockout is a knockout
season: the list, the bracket and the cancel answer in place with the seasons' own pages;
the GM's form still draws a knockout from the tournaments' fields, then shows its season."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from arena.seasons.views import season_control, season_detail, season_list
from arena.tournaments.forms import TournamentForm
from arena.tournaments.selectors import tournament_get_visible
from arena.tournaments.services import knockout_entrants, tournament_create
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, form_status
from characters.catalogue import adapter
from characters.selectors import gladiators_active


def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The campaign's seasons, knockouts among them."""
    return season_list(request, slug)


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
            return redirect("season", slug=campaign.slug, pk=tournament.pk)
    context = {"campaign": campaign, "form": form}
    return render(request, "arena/tournament_new.html", context, status=form_status(request))


def tournament_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The knockout season's page: its bracket, table and fixtures."""
    tournament = tournament_get_visible(slug=slug, pk=pk, user=request.user)
    return season_detail(request, slug, tournament.pk)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_cancel_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: are you sure? POST: the knockout season is cancelled (the GM only)."""
    tournament = tournament_get_visible(slug=slug, pk=pk, user=request.user)
    return season_control(request, slug, tournament.pk, "cancel")
