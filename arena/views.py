from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.views import form_error
from characters.catalogue import adapter
from characters.selectors import gladiators_active

from .forms import BoutFilterForm, BoutScheduleForm
from .models import Bout
from .play_views import live_context
from .replay import board_view, entrant_colours, hp_series
from .selectors import (
    bout_get_visible,
    bout_payouts,
    bout_standings,
    bouts_filter,
    bouts_of_campaign,
)
from .services import bout_cancel, bout_schedule


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
        options=adapter(campaign.ruleset).options_schema(by_tactics=True),
    )
    if request.method == "POST" and form.is_valid():
        try:
            bout = bout_schedule(campaign=campaign, by=request.user, **form.service_arguments())
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{bout.title} is scheduled.")
            return redirect("bout", slug=campaign.slug, pk=bout.pk)
    return render(request, "arena/bout_new.html", {"campaign": campaign, "form": form})


def _turn_index(request: HttpRequest, turns: list) -> int:
    """The turn to show (1-based in the URL); the last one by default."""
    try:
        number = int(request.GET.get("turn", len(turns)))
    except ValueError:
        number = len(turns)
    return min(max(number, 1), len(turns)) - 1


def bout_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = bout.campaign
    template = "arena/bout_detail.html"
    partial = request.GET.get("partial")
    if (
        request.htmx
        and partial == "live"
        and not (
            bout.mode == Bout.Mode.ORDERS and bout.status in {Bout.Status.OPEN, Bout.Status.RUNNING}
        )
    ):
        # The bout just ended: reload the whole page to show the result and the replay.
        return HttpResponse(status=204, headers={"HX-Refresh": "true"})
    partials = {"result": "#bout-result", "replay": "#replay", "live": "#bout-live"}
    if request.htmx and partial in partials:
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
    }
    if bout.mode == Bout.Mode.ORDERS:
        context.update(live_context(request, bout))
    if turns:
        colours = entrant_colours(bout.engine_input)
        index = _turn_index(request, turns)
        playing = request.GET.get("play") == "1" and index + 1 < len(turns)
        context.update(
            turn=turns[index],
            number=index + 1,
            board=board_view(log, index, colours, bout.engine_input),
            board_caption=f"The board after turn {index + 1}",
            hp_lines=hp_series(log, colours),
            playing=playing,
        )
    return render(request, template, context)


@login_required
@require_POST
def bout_cancel_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    campaign = bout.campaign
    try:
        bout_cancel(bout=bout, by=request.user, reason=request.POST.get("reason", ""))
        messages.success(request, "The bout was cancelled.")
    except LudusError as error:
        messages.error(request, error.message)
    return redirect("bout", slug=campaign.slug, pk=bout.pk)
