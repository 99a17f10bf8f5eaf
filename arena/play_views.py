"""Pages of play-by-web bouts: opening and entering, the live board, the orders page, forum posts.

The orders page keeps the player's draft in its URL (?move=D5&strike=E6,E5): every click on
the board is a plain link that htmx swaps in place, and the server says what is wrong with the
draft in words as it grows. Submitting stores the order; nothing is stored before.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from campaign.errors import LudusError
from campaign.inputs import ORDER_TEXT_MAX, TITLE_MAX, IntegerField, TextField, parse_id
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.text import TextRefused, text_clean
from campaign.views import form_error, form_status, refused
from characters.models import Gladiator, Holding

from .models import Bout, TurnOrder
from .play_by_web import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
    order_submit,
)
from .replay import board_shapes, entrant_colours
from .selectors import bout_forum_post, bout_get_visible, entrant_of_owner
from .turns import turn_rules


class BoutOpenForm(forms.Form):
    title = TextField(max_length=TITLE_MAX, label="The title")
    files = IntegerField(min_value=2, max_value=26, initial=8, label="Board files")
    ranks = IntegerField(min_value=2, max_value=26, initial=8, label="Board ranks")
    time_limit = forms.BooleanField(required=False, initial=True, label="Time limit (8 c)")
    deadline_hours = IntegerField(
        min_value=1,
        max_value=336,
        required=False,
        initial=24,
        label="Hours per turn",
        help_text="A turn resolves when every order is in, or after this long. Empty: no deadline.",
    )


@login_required
@require_http_methods(["GET", "POST"])
def bout_open_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    turn_rules(campaign.ruleset)
    form = BoutOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            bout = bout_open(
                campaign=campaign,
                by=request.user,
                title=data["title"],
                options={"board": [data["files"], data["ranks"]], "time_limit": data["time_limit"]},
                deadline_hours=data["deadline_hours"],
            )
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, "The bout is open: players may enter their gladiators.")
            return redirect("bout", slug=slug, pk=bout.pk)
    context = {"campaign": campaign, "form": form}
    return render(request, "arena/bout_open.html", context, status=form_status(request))


def live_context(request: HttpRequest, bout: Bout) -> dict[str, Any]:
    """What the bout page shows of a play-by-web bout before and while it is fought."""
    user = request.user
    entrants = list(bout.entrants.select_related("gladiator", "gladiator__owner"))
    mine = [e for e in entrants if e.gladiator.owner_id == user.pk]
    context: dict[str, Any] = {"entrants": entrants, "my_entrants": mine}
    carried = dict(
        Holding.objects.filter(
            gladiator__in=[e.gladiator_id for e in entrants], equipped=True
        ).values_list("gladiator_id", "item")
    )
    for entrant in entrants:
        entrant.weapon = carried.get(entrant.gladiator_id, "")
    if bout.status == Bout.Status.OPEN:
        entered = {e.gladiator_id for e in entrants}
        context["can_enter"] = (
            Gladiator.objects.filter(
                campaign=bout.campaign, owner_id=user.pk, status=Gladiator.Status.ACTIVE
            ).exclude(pk__in=entered)
            if user.is_authenticated
            else []
        )
    if bout.status == Bout.Status.RUNNING:
        rules = turn_rules(bout.ruleset)
        state = rules.state(bout.engine_input)
        cols, rows = rules.board(state)
        given = set(
            TurnOrder.objects.filter(bout=bout, turn=bout.turn).values_list("entrant_id", flat=True)
        )
        context.update(
            live_board=board_shapes(
                cols=cols,
                rows=rows,
                gladiators=rules.snapshot(state),
                colours=entrant_colours(bout.engine_input),
            ),
            given=given,
            living=rules.living(state),
        )
    return context


@login_required
@require_POST
def bout_enter_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    gladiator_id = parse_id(request.POST.get("gladiator"))
    gladiator = (
        Gladiator.objects.filter(campaign=bout.campaign, pk=gladiator_id).first()
        if gladiator_id is not None
        else None
    )
    try:
        if gladiator is None:
            raise LudusError("Choose one of your gladiators.", field="gladiator")
        bout_enter(
            bout=bout, gladiator=gladiator, by=request.user, square=request.POST.get("square", "")
        )
    except LudusError as error:
        messages.error(request, error.message)
        return _refused_on_bout_page(request, slug, pk)
    messages.success(request, f"{gladiator.name} is entered.")
    return redirect("bout", slug=slug, pk=pk)


def _refused_on_bout_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    from .views import bout_detail

    return refused(request, lambda: bout_detail(request, slug, pk))


def _gm_action(request: HttpRequest, slug: str, pk: int, action, done: str) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        action(bout=bout, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return _refused_on_bout_page(request, slug, pk)
    messages.success(request, done)
    return redirect("bout", slug=slug, pk=pk)


@login_required
@require_POST
def bout_start_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _gm_action(request, slug, pk, bout_start, "The bout has begun: turn 1 takes orders.")


@login_required
@require_POST
def bout_force_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _gm_action(
        request, slug, pk, bout_turn_force, "The turn is resolved; missing orders fell to tactics."
    )


@login_required
@require_POST
def bout_finish_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _gm_action(
        request, slug, pk, bout_finish_by_tactics, "Tactics fought the rest of the bout."
    )


def _order_text(text: str) -> str:
    try:
        return text_clean(
            text, label="The order", max_length=ORDER_TEXT_MAX, multiline=True, required=False
        )
    except TextRefused as refused_text:
        raise LudusError(str(refused_text), field="text") from None


def _draft(request: HttpRequest) -> dict[str, Any]:
    """The order being drawn on the board, from the query string (or the posted form)."""
    data = request.POST if request.method == "POST" else request.GET
    draft: dict[str, Any] = {}
    move = data.get("move", "").strip().upper()
    if move:
        draft["move"] = move
    strikes = [s.strip().upper() for s in data.get("strike", "").split(",") if s.strip()]
    if strikes:
        draft["strike"] = strikes
    if data.get("concede"):
        draft["concede"] = data["concede"] if data["concede"] == "lose_kill" else True
    return draft


def _draft_url(base: str, draft: dict[str, Any], pick: str) -> str:
    query = {"pick": pick}
    if draft.get("move"):
        query["move"] = draft["move"]
    if draft.get("strike"):
        query["strike"] = ",".join(draft["strike"])
    return f"{base}?{urlencode(query)}"


@login_required
@require_http_methods(["GET", "POST"])
def orders_view(request: HttpRequest, slug: str, pk: int, entrant_pk: int) -> HttpResponse:
    entrant = entrant_of_owner(slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user)
    bout = entrant.bout
    base = reverse("bout-orders", args=[slug, pk, entrant_pk])
    refusal = False
    if request.method == "POST":
        try:
            order_submit(
                entrant=entrant,
                by=request.user,
                order=_draft(request),
                text=_order_text(request.POST.get("text", "")),
                standing=bool(request.POST.get("standing")),
            )
            messages.success(
                request,
                f"Order for turn {bout.turn} saved. You may change it until the turn resolves.",
            )
            return redirect(base)
        except LudusError as error:
            messages.error(request, error.message)
            refusal = True
    draft = _draft(request)
    pick = request.GET.get("pick", "move")
    rules = turn_rules(bout.ruleset) if bout.status == Bout.Status.RUNNING else None
    context: dict[str, Any] = {
        "campaign": bout.campaign,
        "bout": bout,
        "entrant": entrant,
        "draft": draft,
        "pick": pick,
        "base": base,
    }
    if rules is not None:
        state = rules.state(bout.engine_input)
        name = entrant.gladiator.name
        saved = TurnOrder.objects.filter(entrant=entrant, turn=bout.turn).first()
        if not draft and saved is not None and request.GET.get("pick") is None:
            draft = dict(saved.order)
        choices = rules.choices(state, name, draft.get("move"))
        marks = (
            {sq: "can-move" for sq in choices["moves"]}
            if pick == "move"
            else {sq: "can-strike" for sq in choices["strikes"]}
        )
        if draft.get("move"):
            marks[draft["move"]] = "chosen-move"
        for sq in draft.get("strike", []):
            marks[sq] = "chosen-strike"

        def link(square: str) -> str:
            new = dict(draft)
            if pick == "move":
                new["move"] = "" if draft.get("move") == square else square
                new.pop("strike", None)  # strikes are measured from the destination
            else:
                strikes = list(draft.get("strike", []))
                if square in strikes:
                    strikes.remove(square)
                else:
                    strikes.append(square)
                new["strike"] = strikes
            return _draft_url(base, new, pick)

        cols, rows = rules.board(state)
        snapshot = rules.snapshot(state)
        problems = rules.problems(state, name, draft) if draft else []
        context.update(
            draft=draft,
            saved=saved,
            alive=name in rules.living(state),
            problems=problems,
            board=board_shapes(
                cols=cols,
                rows=rows,
                gladiators=snapshot,
                colours=entrant_colours(bout.engine_input),
                link=link,
                marks=marks,
            ),
            draft_text=rules.order_text(draft) if draft and not problems else "",
            pick_move_url=_draft_url(base, draft, "move"),
            pick_strike_url=_draft_url(base, draft, "strike"),
            clear_url=f"{base}?pick=move",
            draft_move=draft.get("move", ""),
            draft_strike=",".join(draft.get("strike", [])),
        )
    template = "arena/orders.html"
    if request.htmx:
        template += "#order-form"
    return render(request, template, context, status=400 if refusal else 200)


def forum_post_view(request: HttpRequest, slug: str, pk: int, turn: int) -> HttpResponse:
    """A resolved turn as a forum post (text/plain), in BBCode or Markdown."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    text = bout_forum_post(bout=bout, turn=turn, markup=request.GET.get("markup", "bbcode"))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")
