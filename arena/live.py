"""What the bout page shows of a play-by-web bout before and while it is fought: the entrants,
who may still enter, and the live board (the bout page and the play-by-web pages share it)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from arena.engine.core.campaign import entry_teams_of
from campaign.selectors import campaign_role
from characters.catalogue import rules_of
from characters.models import Gladiator, Holding

from .models import Bout, TurnOrder
from .picks import pick_phase
from .replay import board_shapes, entrant_colours, terrain_of
from .turns import state_loaded, turn_rules


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
        context["entry_teams"] = [
            name for name, _ in entry_teams_of(rules_of(bout.campaign), bout.options)
        ]
        # What an entrant fights with, in the rule set's words (a war machine carries no weapon).
        context["entry_note"] = getattr(rules_of(bout.campaign), "entry_note", "")
        # A pick phase not finished: the GM's Start asks first (the picks not made are lost).
        phase = pick_phase(bout)
        context["picks_unfinished"] = phase.next if phase is not None else ""
        entered = {e.gladiator_id for e in entrants}
        living = (
            list(
                Gladiator.objects.filter(
                    campaign=bout.campaign, owner_id=user.pk, status=Gladiator.Status.ACTIVE
                )
            )
            if user.is_authenticated
            else []
        )
        context["can_enter"] = [g for g in living if g.pk not in entered]
        # A member with nothing to enter is told why, rather than shown no form at all.
        if not context["can_enter"] and campaign_role(campaign=bout.campaign, user=user):
            context["no_entry"] = "all entered" if living else "none living"
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
                terrain=terrain_of(rules, state),
            ),
            given=given,
            living=rules.pending(state).who,
        )
    return context
