"""Pages of play-by-web bouts: opening and entering, the live board, the orders page, forum posts.

The orders page keeps the player's draft in its URL (?move=D5&strike=E6,E5): every square of
the board is a button of a GET form that sends the draft with the square pressed (?square=D6);
htmx swaps the next draft in place and pushes its address, and the server says what is wrong
with the draft in words as it grows. Submitting stores the order; nothing is stored before.
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
from django_htmx.http import push_url

from arena.bouts.forms import option_fields, options_chosen
from arena.bouts.selectors import bout_forum_post, bout_get_visible, entrant_of_owner, orders_needed
from arena.bouts.views import bout_detail
from arena.gateway import OptionField, StepWord
from arena.models import Bout
from arena.play.drafts import (
    board_fields,
    board_press,
    draft_read,
    draft_url,
)
from arena.play.picks import bout_pick, may_pick, pick_phase
from arena.play.selectors import order_board
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
    order_submit,
)
from arena.play.turns import ruleset_template, state_loaded, step_of, turn_rules
from campaign.confirm import confirm_page
from campaign.press.selectors import forum_press
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import (
    ORDER_TEXT_MAX,
    TITLE_MAX,
    IntegerField,
    TextField,
    parse_id,
    parse_int,
)
from campaign.shared.pages import form_error, form_status, refused
from campaign.shared.text import text_input
from characters.catalogue import rules_of
from characters.models import Gladiator


class BoutOpenForm(forms.Form):
    title = TextField(max_length=TITLE_MAX, label="The title")
    deadline_hours = IntegerField(
        min_value=1,
        max_value=336,
        required=False,
        initial=24,
    )

    def __init__(self, *args, options: Sequence[OptionField], step: StepWord, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        deadline = self.fields["deadline_hours"]
        deadline.label = f"Hours per {step}"
        deadline.help_text = (
            f"A {step} resolves when every order is in, or after this long. Empty: no deadline."
        )
        self.fields.update(option_fields(options))
        self.options = options


@login_required
@require_http_methods(["GET", "POST"])
def bout_open_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    turn_rules(campaign.ruleset)
    step = step_of(campaign.ruleset)
    schema = rules_of(campaign).options_schema(by_tactics=False)
    form = BoutOpenForm(request.POST or None, options=schema, step=step)
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
    context = {"campaign": campaign, "form": form, "step": step}
    return render(request, "arena/bout_open.html", context, status=form_status(request))


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
            bout=bout,
            gladiator=gladiator,
            by=request.user,
            # Typed, or else chosen on the entry board (the page offers both, as the order
            # page does).
            square=request.POST.get("square", "").strip()
            or request.POST.get("square_on_board", ""),
            team=request.POST.get("team", ""),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return _refused_on_bout_page(request, slug, pk)
    messages.success(request, f"{gladiator.name} is entered.")
    return redirect("bout", slug=slug, pk=pk)


def _refused_on_bout_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return refused(request, lambda: bout_detail(request, slug, pk))


def posted_turn(request: HttpRequest) -> int:
    """The turn a play-by-web form was drawn for (its hidden `turn` field)."""
    turn = parse_int(request.POST.get("turn"), low=1)
    if turn is None:
        raise LudusError(
            "The form does not say which turn it was drawn for: reload the page and try again.",
            field="turn",
        )
    return turn


def gm_bout_action(
    request: HttpRequest,
    slug: str,
    pk: int,
    action,
    done: str,
    *,
    names_turn: bool = True,
    gives_reason: bool = False,
) -> HttpResponse:
    """A GM's act on a bout posted from its page (or its confirmation): the turn the form was
    drawn for and, when the act asks for one, the reason."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        turn = {"turn": posted_turn(request)} if names_turn else {}
        reason = {"reason": request.POST.get("reason", "")} if gives_reason else {}
        action(bout=bout, by=request.user, **turn, **reason)
    except LudusError as error:
        messages.error(request, error.message)
        return _refused_on_bout_page(request, slug, pk)
    messages.success(request, done.format(step=bout.step, **turn))
    return redirect("bout", slug=slug, pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def bout_start_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Start a bout open for entries; the bout page asks first (GET) when its pick phase is
    not finished, saying what becomes of the picks not made."""
    if request.method == "GET":
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        phase = pick_phase(bout)
        waiting = f" It is {phase.next}'s pick." if phase is not None and phase.next else ""
        return gm_bout_confirm(
            request, slug, pk,
            "Start {title} now? The teams have not finished picking their champions."
            + waiting + " The picks not made are never made: when the bout starts, the arena "
            "fills each team's places left with champions nobody picked.",
            "Yes, start without the last picks",
        )  # fmt: skip
    return gm_bout_action(
        request,
        slug,
        pk,
        bout_start,
        "The bout has begun: {step} 1 takes orders.",
        names_turn=False,
    )


def gm_bout_confirm(
    request: HttpRequest, slug: str, pk: int, question: str, yes: str, *, reason: str = ""
):
    """The GM's "are you sure?" before an act on a bout (resolve now, let tactics fight,
    pause, resume); `reason` labels the reason asked for, when the act takes one."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    check_campaign_gm(campaign=bout.campaign, user=request.user)
    turn = request.GET.get("turn", "")
    return confirm_page(
        request,
        question=question.format(turn=turn, title=bout.title, step=bout.step),
        yes=yes.format(turn=turn, step=bout.step),
        back=reverse("bout", args=[slug, pk]),
        campaign=bout.campaign,
        reason=reason,
    )


@login_required
@require_http_methods(["GET", "POST"])
def bout_force_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "GET":
        return gm_bout_confirm(
            request, slug, pk,
            "Resolve {step} {turn} of {title} now? Missing orders fall to tactics.",
            "Yes, resolve {step} {turn}",
            reason="Why (kept in the audit trail)",
        )  # fmt: skip
    return gm_bout_action(
        request, slug, pk, bout_turn_force,
        "{step.title} {turn} is resolved; missing orders fell to tactics.",
        gives_reason=True,
    )  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def bout_finish_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "GET":
        return gm_bout_confirm(
            request, slug, pk,
            "Let tactics fight the rest of {title}, from {step} {turn}? Nobody gives orders again.",
            "Yes, let tactics fight",
        )  # fmt: skip
    return gm_bout_action(
        request, slug, pk, bout_finish_by_tactics,
        "Tactics fought the rest of the bout from {step} {turn}.",
    )  # fmt: skip


def _order_text(text: str) -> str:
    return text_input(
        text,
        field="text",
        label="The order",
        max_length=ORDER_TEXT_MAX,
        multiline=True,
        required=False,
    )


@login_required
@require_http_methods(["GET", "POST"])
def orders_view(request: HttpRequest, slug: str, pk: int, entrant_pk: int) -> HttpResponse:
    entrant = entrant_of_owner(slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user)
    bout = entrant.bout
    base = reverse("bout-orders", args=[slug, pk, entrant_pk])
    rules = turn_rules(bout.ruleset)
    schema = rules.web.order_schema()
    refusal = None
    typed = request.POST.get("text", "") if request.method == "POST" else ""
    if request.method == "POST":
        try:
            saved = order_submit(
                entrant=entrant,
                by=request.user,
                order=draft_read(schema, request.POST),
                text=_order_text(typed),
                standing=bool(request.POST.get("standing")),
                turn=posted_turn(request),
            )
            messages.success(
                request,
                f"Order for {bout.step} {saved.turn} saved, receipt {saved.receipt}. You may "
                f"change it until the {bout.step} resolves.",
            )
            return redirect(base)
        except LudusError as error:
            refusal = error
            bout.refresh_from_db()  # a stale page is answered with the turn as it is now
            if not typed.strip() or error.field == "turn":
                messages.error(request, error.message)
    # A refused drawn order is drawn again, with its problems; a refused typed one stays in
    # its box with the reason under it.
    draft = draft_read(schema, request.POST if refusal and not typed.strip() else request.GET)
    on_board = board_fields(schema)
    pick_key = request.GET.get("pick", on_board[0].key if on_board else "")
    picked = next((f for f in on_board if f.key == pick_key), on_board[0] if on_board else None)
    context: dict[str, Any] = {
        "campaign": bout.campaign,
        "bout": bout,
        "entrant": entrant,
        "schema": schema,
        "base": base,
        "typed_text": typed if refusal else "",
        "typed_problem": refusal.message
        if refusal and typed.strip() and refusal.field != "turn"
        else "",
    }
    pushed = said = ""
    if bout.status == Bout.Status.RUNNING:
        state = state_loaded(rules, bout.state)
        cols, rows = rules.web.board(state)
        clicked = request.GET.get("square", "") if request.method == "GET" else ""
        if clicked and picked is not None:
            # A square pressed on the board: the next draft, at its own address.
            try:
                draft, picked, said = board_press(
                    on_board, picked, draft, clicked, cols=cols, rows=rows
                )
            except ValueError as off_board:
                messages.error(request, str(off_board))
                refusal = LudusError(str(off_board), field="square")
                clicked = ""
            else:
                pushed = draft_url(base, schema, draft, picked.key)
                if not request.htmx:
                    return redirect(pushed)
        context.update(
            order_board(
                entrant=entrant,
                rules=rules,
                state=state,
                schema=schema,
                draft=draft,
                picked=picked,
                clicked=clicked,
                said=said,
                keep_saved=request.GET.get("pick") is None,
                base=base,
                preview_url=reverse("bout-order-preview", args=[slug, pk, entrant_pk]),
            )
        )
    template = ruleset_template(bout.ruleset, "orders.html")
    if request.htmx:
        template += "#order-form"
    response = render(request, template, context, status=400 if refusal else 200)
    return push_url(response, pushed) if pushed else response


def forum_post_view(request: HttpRequest, slug: str, pk: int, turn: int) -> HttpResponse:
    """A resolved turn as a forum post in BBCode or Markdown, shown in a readonly box to copy
    (the API's api-bout-forum-post gives the bare text)."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    markup = request.GET.get("markup", "bbcode")
    try:
        text = bout_forum_post(bout=bout, turn=turn, markup=markup)
    except LudusError as error:
        # An unknown markup: say so, and offer the two there are.
        messages.error(request, error.message)
        text, markup, status = "", "", 400
    else:
        status = 200
    context = {
        "campaign": bout.campaign,
        "bout": bout,
        "turn": turn,
        "markup": markup,
        "markups": [("bbcode", "BBCode"), ("markdown", "Markdown")],
        "text": text,
        "press_text": forum_press(bout=bout, turn=turn, markup=markup) if text else "",
    }
    return render(request, "arena/forum_post.html", context, status=status)


@login_required
def orders_needed_view(request: HttpRequest) -> HttpResponse:
    """The "your orders are needed" list alone (the dashboard and campaign page refresh it)."""
    campaign = None
    if slug := request.GET.get("campaign"):
        campaign = campaign_get_visible(slug=slug, user=request.user)
    needed = orders_needed(user=request.user, campaign=campaign)
    context = {"needed": needed, "campaign": campaign}
    return render(request, "arena/_orders_needed.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def bout_picks_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The pick phase: each team's champions so far, whose pick it is, and (for its players
    or the GM) the champions still free, one button each."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    if request.method == "POST":
        try:
            bout_pick(bout=bout, by=request.user, champion=request.POST.get("champion", ""))
        except LudusError as error:
            messages.error(request, error.message)
            response = _picks_page(request, bout)
            response.status_code = 400
            return response
        return redirect("bout-picks", slug=slug, pk=pk)
    return _picks_page(request, bout)


def _picks_page(request: HttpRequest, bout: Bout) -> HttpResponse:
    bout.refresh_from_db()
    phase = pick_phase(bout)
    context = {
        "campaign": bout.campaign,
        "bout": bout,
        "phase": phase,
        "can_pick": phase is not None
        and bout.status == Bout.Status.OPEN
        and bool(phase.next)
        and may_pick(bout, phase, request.user),
    }
    return render(request, "arena/bout_picks.html", context)
