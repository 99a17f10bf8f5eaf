"""Pages of play-by-web bouts: opening and entering, the live board, the orders page, forum posts.

The orders page keeps the player's draft in its URL (?move=D5&strike=E6,E5): every click on
the board is a plain link that htmx swaps in place, and the server says what is wrong with the
draft in words as it grows. Submitting stores the order; nothing is stored before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from arena.engine.core.campaign import OptionField
from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.views import form_error
from characters.catalogue import adapter
from characters.models import Gladiator, Holding

from .forms import option_fields, options_chosen
from .models import Bout, TurnOrder
from .order_drafts import (
    board_fields,
    draft_click,
    draft_marks,
    draft_query,
    draft_read,
    draft_url,
)
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
from .turns import ruleset_template, state_loaded, turn_rules


class BoutOpenForm(forms.Form):
    title = forms.CharField(max_length=120)
    deadline_hours = forms.IntegerField(
        min_value=1,
        max_value=336,
        required=False,
        initial=24,
        label="Hours per turn",
        help_text="A turn resolves when every order is in, or after this long. Empty: no deadline.",
    )

    def __init__(self, *args, options: Sequence[OptionField], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields.update(option_fields(options))
        self.options = options


@login_required
@require_http_methods(["GET", "POST"])
def bout_open_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    turn_rules(campaign.ruleset)
    schema = adapter(campaign.ruleset).options_schema(by_tactics=False)
    form = BoutOpenForm(request.POST or None, options=schema)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            bout = bout_open(
                campaign=campaign,
                by=request.user,
                title=data["title"],
                options=options_chosen(schema, data),
                deadline_hours=data["deadline_hours"],
            )
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, "The bout is open: players may enter their gladiators.")
            return redirect("bout", slug=slug, pk=bout.pk)
    return render(request, "arena/bout_open.html", {"campaign": campaign, "form": form})


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
        state, _ = state_loaded(rules, bout.state)
        cols, rows = rules.web.board(state)
        given = set(
            TurnOrder.objects.filter(bout=bout, turn=bout.turn).values_list("entrant_id", flat=True)
        )
        context.update(
            live_board=board_shapes(
                cols=cols,
                rows=rows,
                gladiators=rules.web.snapshot(state),
                colours=entrant_colours(bout.engine_input),
            ),
            given=given,
            living=rules.pending(state).who,
        )
    return context


@login_required
@require_POST
def bout_enter_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    gladiator_id = request.POST.get("gladiator", "")
    gladiator = (
        Gladiator.objects.filter(campaign=bout.campaign, pk=int(gladiator_id)).first()
        if gladiator_id.isdigit()
        else None
    )
    try:
        if gladiator is None:
            raise LudusError("Choose one of your gladiators.", field="gladiator")
        bout_enter(
            bout=bout, gladiator=gladiator, by=request.user, square=request.POST.get("square", "")
        )
        messages.success(request, f"{gladiator.name} is entered.")
    except LudusError as error:
        messages.error(request, error.message)
    return redirect("bout", slug=slug, pk=pk)


def _gm_action(request: HttpRequest, slug: str, pk: int, action, done: str) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        action(bout=bout, by=request.user)
        messages.success(request, done)
    except LudusError as error:
        messages.error(request, error.message)
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


@login_required
@require_http_methods(["GET", "POST"])
def orders_view(request: HttpRequest, slug: str, pk: int, entrant_pk: int) -> HttpResponse:
    entrant = entrant_of_owner(slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user)
    bout = entrant.bout
    base = reverse("bout-orders", args=[slug, pk, entrant_pk])
    rules = turn_rules(bout.ruleset)
    schema = rules.web.order_schema()
    if request.method == "POST":
        try:
            order_submit(
                entrant=entrant,
                by=request.user,
                order=draft_read(schema, request.POST),
                text=request.POST.get("text", ""),
                standing=bool(request.POST.get("standing")),
            )
            messages.success(
                request,
                f"Order for turn {bout.turn} saved. You may change it until the turn resolves.",
            )
            return redirect(base)
        except LudusError as error:
            messages.error(request, error.message)
    draft = draft_read(schema, request.GET)
    on_board = board_fields(schema)
    pick_key = request.GET.get("pick", on_board[0].key if on_board else "")
    picked = next((f for f in on_board if f.key == pick_key), on_board[0] if on_board else None)
    context: dict[str, Any] = {
        "campaign": bout.campaign,
        "bout": bout,
        "entrant": entrant,
        "schema": schema,
        "base": base,
    }
    if bout.status == Bout.Status.RUNNING:
        state, _ = state_loaded(rules, bout.state)
        name = entrant.gladiator.name
        saved = TurnOrder.objects.filter(entrant=entrant, turn=bout.turn).first()
        if not draft and saved is not None and request.GET.get("pick") is None:
            draft = dict(saved.order)
        offered = rules.web.choices(state, name, draft)

        def link(square: str) -> str:
            return draft_url(base, schema, draft_click(picked, draft, square), picked.key)

        cols, rows = rules.web.board(state)
        problems = rules.validate(state, name, draft) if draft else []
        context.update(
            draft=draft,
            saved=saved,
            saved_text=rules.web.order_text(saved.order) if saved is not None else "",
            alive=name in rules.pending(state).who,
            problems=problems,
            board=board_shapes(
                cols=cols,
                rows=rows,
                gladiators=rules.web.snapshot(state),
                colours=entrant_colours(bout.engine_input),
                link=link if picked is not None else None,
                marks=draft_marks(picked, schema, draft, offered),
            ),
            draft_text=rules.web.order_text(draft) if draft and not problems else "",
            draft_rows=[
                {
                    "field": f,
                    "value": draft_query(schema, draft).get(f.key, ""),
                    "shown": ", ".join(draft[f.key])
                    if isinstance(draft.get(f.key), list)
                    else draft.get(f.key, ""),
                }
                for f in schema
                if f.kind != "choice"
            ],
            picks=[
                {"field": f, "url": draft_url(base, schema, draft, f.key), "on": f == picked}
                for f in on_board
            ],
            clear_url=f"{base}?pick={picked.key if picked else ''}",
        )
    template = ruleset_template(bout.ruleset, "orders.html")
    if request.htmx:
        template += "#order-form"
    return render(request, template, context)


def forum_post_view(request: HttpRequest, slug: str, pk: int, turn: int) -> HttpResponse:
    """A resolved turn as a forum post (text/plain), in BBCode or Markdown."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    text = bout_forum_post(bout=bout, turn=turn, markup=request.GET.get("markup", "bbcode"))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")
