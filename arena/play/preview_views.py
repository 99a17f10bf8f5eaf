"""The "Preview this order" page: the player's draft played against the opponents' default
tactics (arena/play/previews.py). htmx swaps its section in under the order; without
JavaScript it is a page of its own with a way back to the draft."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from arena.bouts.replay import board_shapes, entrant_colours
from arena.bouts.selectors import entrant_of_owner
from arena.play.drafts import board_fields, draft_read, draft_url
from arena.play.previews import order_what_if, what_if_summary
from arena.play.turns import ruleset_template, state_loaded, turn_rules
from campaign.shared.errors import LudusError


@login_required
@require_GET
def order_preview_view(request: HttpRequest, slug: str, pk: int, entrant_pk: int) -> HttpResponse:
    # A rival's gladiator (or a GM's look at a player's) is not even shown to exist here.
    entrant = entrant_of_owner(slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user)
    bout = entrant.bout
    rules = turn_rules(bout.ruleset)
    schema = rules.web.order_schema()
    draft = draft_read(schema, request.GET)
    base = reverse("bout-orders", args=[slug, pk, entrant_pk])
    on_board = board_fields(schema)
    context = {
        "campaign": bout.campaign,
        "bout": bout,
        "entrant": entrant,
        "back": draft_url(base, schema, draft, on_board[0].key if on_board else ""),
    }
    status = 200
    try:
        what_if = order_what_if(entrant=entrant, by=request.user, draft=draft)
    except LudusError as error:
        context["problem"] = error.message
        status = 400
    else:
        state = state_loaded(rules, bout.state)
        cols, rows = rules.web.board(state)
        # Worded only once it is known to be legal: a square like "AA1" has no words.
        context["order_words"] = rules.web.order_text(draft) if draft else ""
        context["what_if"] = what_if
        context["summary"] = what_if_summary(what_if)
        context["after"] = board_shapes(
            cols=cols,
            rows=rows,
            gladiators=dict(what_if.after),
            colours=entrant_colours(bout.engine_input),
            terrain=rules.terrain(state),
        )
        context["after_caption"] = f"The board after the previewed {bout.step}"
    template = ruleset_template(bout.ruleset, "order_preview.html")
    if request.htmx:
        template += "#preview"
    return render(request, template, context, status=status)
