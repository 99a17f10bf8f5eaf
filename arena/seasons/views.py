"""Season pages: the campaign's list, the GM's form that opens one, the season's table and
fixtures (live by htmx while it runs), and the GM's pause, resume, extend and cancel, each
asked for confirmation first, and an owner's withdrawal."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from campaign.confirm import confirm_page
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import parse_id
from campaign.shared.pages import form_error, form_status, refused
from characters.catalogue import adapter
from characters.selectors import gladiators_active

from .drawing import season_drawing
from .forms import SeasonForm
from .models import Season
from .selectors import (
    divisions_of_campaign,
    season_entry_of,
    season_get_visible,
    season_view,
    seasons_of_campaign,
)
from .services import (
    season_cancel,
    season_extend,
    season_open,
    season_pause,
    season_resume,
    season_winner,
    season_withdraw,
)


def season_list(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    context = {
        "campaign": campaign,
        "seasons": seasons_of_campaign(campaign=campaign),
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
    }
    return render(request, "arena/season_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    start = (timezone.now() + timedelta(days=1)).replace(minute=0, second=0, microsecond=0)
    form = SeasonForm(
        request.POST or None,
        initial={"first_round_at": start},
        gladiators=gladiators_active(campaign=campaign),
        options=adapter(campaign.ruleset).options_schema(by_tactics=True),
        divisions=divisions_of_campaign(campaign=campaign),
    )
    if request.method == "POST" and form.is_valid():
        try:
            season = season_open(campaign=campaign, by=request.user, **form.service_arguments())
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{season.title} is open: {season.rounds} rounds.")
            return redirect("season", slug=campaign.slug, pk=season.pk)
    context = {"campaign": campaign, "form": form}
    return render(request, "arena/season_new.html", context, status=form_status(request))


def season_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The table and the fixtures; while the season runs, the table asks for itself again
    every few seconds (htmx), so it follows the bouts as the worker fights them."""
    season = season_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = season.campaign
    template = "arena/season_detail.html"
    if request.htmx and request.GET.get("partial") == "table":
        template += "#table"
    user = request.user
    view = season_view(season=season)
    context = {
        "campaign": campaign,
        "season": season,
        "view": view,
        # Its division's promotion confirmed: the final table shows who went up and down.
        "moved": any(entry.movement for _, entry in view.table),
        "drawing": season_drawing(
            season, view.fixtures, lambda bout: reverse("bout", args=[campaign.slug, bout.pk])
        ),
        "live": season.status == Season.Status.RUNNING,
        "is_gm": campaign_is_gm(campaign=campaign, user=user),
        "user_id": user.pk if user.is_authenticated else None,
        "open": season.status in (Season.Status.RUNNING, Season.Status.PAUSED),
        "winner": season_winner(season) if season.status == Season.Status.FINISHED else None,
    }
    return render(request, template, context)


def _number(value: str, *, field: str, what: str) -> int:
    number = parse_id(value)
    if number is None:
        raise LudusError(f"{what} is a whole number of 1 or more, not {value[:20]!r}.", field=field)
    return number


# The GM's controls: (service, question, yes, done)
CONTROLS = {
    "pause": (
        lambda season, by, post: season_pause(season=season, by=by),
        "Pause {title}? No round is played until you resume it; bouts already scheduled are "
        "still fought.",
        "Yes, pause the season",
        "{title} is paused.",
    ),
    "resume": (
        lambda season, by, post: season_resume(season=season, by=by),
        "Resume {title}? Its calendar moves on by the time it was paused.",
        "Yes, resume the season",
        "{title} runs again.",
    ),
    "extend": (
        lambda season, by, post: season_extend(
            season=season,
            by=by,
            rounds=_number(post.get("rounds", ""), field="rounds", what="The number of rounds"),
        ),
        "Give {title} more Swiss rounds? They follow on the same calendar.",
        "Yes, extend the season",
        "{title} is extended.",
    ),
    "cancel": (
        lambda season, by, post: season_cancel(season=season, by=by, reason=post.get("reason", "")),
        "Cancel {title}? Its bouts not yet fought are called off and no later round is "
        "played; the table stays as it stands. This cannot be undone.",
        "Yes, cancel the season",
        "{title} is cancelled.",
    ),
}


@login_required
@require_http_methods(["GET", "POST"])
def season_control(request: HttpRequest, slug: str, pk: int, action: str) -> HttpResponse:
    """GET: are you sure? POST: do it (the GM only)."""
    season = season_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = season.campaign
    check_campaign_gm(campaign=campaign, user=request.user)
    service, question, yes, done = CONTROLS[action]
    if request.method == "GET":
        return confirm_page(
            request,
            question=question.format(title=season.title),
            yes=yes,
            back=reverse("season", args=[slug, pk]),
            campaign=campaign,
            reason="Why (optional)" if action == "cancel" else "",
            fields=("rounds",),
        )
    try:
        service(season, request.user, request.POST)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: season_detail(request, slug, pk))
    messages.success(request, done.format(title=season.title))
    return redirect("season", slug=campaign.slug, pk=season.pk)


@login_required
@require_http_methods(["GET", "POST"])
def season_withdraw_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: are you sure? POST: the owner takes its gladiator out of the season."""
    season = season_get_visible(slug=slug, pk=pk, user=request.user)
    source = request.POST if request.method == "POST" else request.GET
    try:
        entry = season_entry_of(
            season=season,
            gladiator_id=_number(
                source.get("gladiator", ""), field="gladiator", what="The gladiator"
            ),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: season_detail(request, slug, pk))
    if request.method == "GET":
        return confirm_page(
            request,
            question=f"Withdraw {entry.gladiator.name} from {season.title}? It forfeits every "
            "fixture from now on; its results so far stand.",
            yes="Yes, withdraw it",
            back=reverse("season", args=[slug, pk]),
            campaign=season.campaign,
            fields=("gladiator",),
        )
    try:
        season_withdraw(entry=entry, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: season_detail(request, slug, pk))
    messages.success(request, f"{entry.gladiator.name} is withdrawn from {season.title}.")
    return redirect("season", slug=season.campaign.slug, pk=season.pk)
