"""What the bout page shows of a play-by-web bout before and while it is fought: the entrants,
who may still enter, and the live board (the bout page and the play-by-web pages share it)."""

from __future__ import annotations

from typing import Any

from arena.bouts.replay import board_shapes, entrant_colours
from arena.gateway import Square
from arena.models import Bout, TurnOrder
from arena.play.picks import pick_phase
from arena.play.turns import state_loaded, turn_rules
from campaign.selectors import campaign_role
from characters.catalogue import rules_of
from characters.models import Gladiator, Holding


def entry_board(bout: Bout, entrants: list[Any]) -> list[dict[str, Any]]:
    """The board an entrant's starting square is chosen on, as the order page offers squares:
    its ranks top first, each square with who has chosen it already. None (an empty list) for
    a rule set whose bouts have no board option (the Elders' arenas place their teams)."""
    board = bout.options.get("board")
    if not (isinstance(board, list) and len(board) == 2):
        return []
    cols, rows = board
    chosen = {e.start_square: e.gladiator.name for e in entrants if e.start_square}
    return [
        {
            "rank": row + 1,
            "cells": [
                {"name": str(Square(col, row)), "chosen_by": chosen.get(str(Square(col, row)), "")}
                for col in range(cols)
            ],
        }
        for row in reversed(range(rows))
    ]


def live_context(bout: Bout, user: Any) -> dict[str, Any]:
    """What the bout page shows of a play-by-web bout before and while it is fought."""
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
            name for name, _ in rules_of(bout.campaign).entry_teams(bout.options)
        ]
        # What an entrant fights with, in the rule set's words (a war machine carries no weapon).
        context["entry_note"] = rules_of(bout.campaign).entry_note
        context["entry_board"] = entry_board(bout, entrants)
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
        state = state_loaded(rules, bout.state)
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
                terrain=rules.terrain(state),
            ),
            given=given,
            living=rules.pending(state).who,
        )
    return context
