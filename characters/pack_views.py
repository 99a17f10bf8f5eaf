"""Draft and sealed pages: the campaign's events with the GM's form, and one event, where
each player sees the pack in hand of their own gladiators and nobody else's picks."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import IntegerField, parse_int
from campaign.shared.pages import form_error, form_status, refused
from characters.forms import GladiatorChoice

from .models import Gladiator, PackEvent
from .pack_events import (
    PICK_HOURS_MAX,
    offers_packs,
    pack_autopick,
    pack_event_create,
    pack_pick,
    pack_rules,
)
from .pack_selectors import (
    pack_event_get_visible,
    pack_event_seats,
    pack_events_of_campaign,
    pack_seat_gladiator,
)
from .selectors import gladiators_active


class PackEventForm(forms.Form):
    kind = forms.ChoiceField(choices=PackEvent.Kind.choices, label="Event")
    gladiators = GladiatorChoice(
        queryset=Gladiator.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text="Seated in this order; each must hold its booster packs (a draft opens one, "
        "sealed two).",
    )
    pick_hours = IntegerField(
        label="Hours a pick waits",
        min_value=1,
        max_value=PICK_HOURS_MAX,
        required=False,
        help_text="Then the absent take the auto-pick. Empty: until the GM moves on.",
    )

    def __init__(self, *args, gladiators, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["gladiators"].queryset = gladiators


def pack_events(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    context = {
        "campaign": campaign,
        "events": pack_events_of_campaign(campaign=campaign),
        "has_packs": offers_packs(campaign.ruleset),
        "is_gm": campaign_is_gm(campaign=campaign, user=request.user),
    }
    return render(request, "characters/pack_events.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def pack_event_new(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    pack_rules(campaign)  # a rule set without packs: refused in words (400)
    form = PackEventForm(request.POST or None, gladiators=gladiators_active(campaign=campaign))
    if request.method == "POST" and form.is_valid():
        try:
            event = pack_event_create(
                campaign=campaign,
                by=request.user,
                kind=form.cleaned_data["kind"],
                gladiators=list(form.cleaned_data["gladiators"]),
                pick_hours=form.cleaned_data.get("pick_hours"),
            )
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"The {event.kind} is open: the packs are opened.")
            return redirect("pack-event", slug=campaign.slug, pk=event.pk)
    context = {"campaign": campaign, "form": form}
    return render(request, "characters/pack_event_new.html", context, status=form_status(request))


def pack_event_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One event. While a draft runs, its section asks for itself every few seconds (htmx), so
    the next pack shows up once every seat has picked."""
    event = pack_event_get_visible(slug=slug, pk=pk, user=request.user)
    template = "characters/pack_event.html"
    if request.htmx and request.GET.get("partial") == "draft":
        template += "#draft"
    seats = pack_event_seats(event=event, user=request.user)
    context = {
        "campaign": event.campaign,
        "event": event,
        "seats": seats,
        "mine": [s for s in seats if s.mine],
        "running": event.status == PackEvent.Status.DRAFTING,
        "is_gm": campaign_is_gm(campaign=event.campaign, user=request.user),
    }
    return render(request, template, context)


@login_required
@require_POST
def pack_pick_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = pack_event_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        gladiator = pack_seat_gladiator(
            event=event, gladiator_id=parse_int(request.POST.get("gladiator"))
        )
        pick = parse_int(request.POST.get("pick"))
        if pick is None:
            raise LudusError("The pick's number is missing.", field="pick")
        made = pack_pick(
            event=event, gladiator=gladiator, card=request.POST.get("card", ""), pick=pick,
            by=request.user,
        )  # fmt: skip
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: pack_event_detail(request, slug, pk))
    messages.success(request, f"{gladiator.name} takes pick {made.pick + 1}.")
    return redirect("pack-event", slug=slug, pk=pk)


@login_required
@require_POST
def pack_move_on_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = pack_event_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        made = pack_autopick(event_id=event.pk, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: pack_event_detail(request, slug, pk))
    messages.success(request, f"The draft moves on: {made} auto-pick{'s' * (made != 1)}.")
    return redirect("pack-event", slug=slug, pk=pk)
