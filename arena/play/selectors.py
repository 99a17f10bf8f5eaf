"""Reads of play by web. `order_board` is the orders page's board: everything the page shows
of the running turn to the player of one entrant, from the draft as it grows to the board,
its marks and threats, and the order already saved. The view reads the request (the draft,
the square pressed) and renders what this returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.bouts.replay import board_shapes, entrant_colours
from arena.gateway import OrderField
from arena.models import BoutEntrant, TurnOrder
from arena.play.board_grid import board_grid, mark_words
from arena.play.drafts import (
    board_fields,
    draft_counts,
    draft_marks,
    draft_query,
    option_links,
)
from arena.play.previews import threats_for


def order_board(
    *,
    entrant: BoutEntrant,
    rules: Any,
    state: Any,
    schema: Sequence[OrderField],
    draft: dict[str, Any],
    picked: OrderField | None,
    clicked: str,
    said: str,
    keep_saved: bool,
    base: str,
    preview_url: str,
) -> dict[str, Any]:
    """The orders page's context for a running bout, with `state` its turn's state. `draft` is
    the order drawn so far, `picked` the order field the board fills, `clicked` the square
    just pressed (if any) and `said` what pressing it did; with no draft, the order saved for
    the turn is drawn again unless `keep_saved` is false (the player picked a field anew)."""
    bout = entrant.bout
    name = entrant.gladiator.name
    on_board = board_fields(schema)
    cols, rows = rules.web.board(state)
    alive = rules.web.snapshot(state).get(name, {}).get("alive", False)
    saved = TurnOrder.objects.filter(entrant=entrant, turn=bout.turn).first()
    if not draft and saved is not None and keep_saved:
        draft = dict(saved.order)
    offered = rules.web.choices(state, name, draft)
    problems = rules.validate(state, name, draft) if draft else []
    counts = draft_counts(schema, draft, rules.web.limits(state, name, draft))
    marks = draft_marks(picked, schema, draft, offered)
    terrain = rules.terrain(state)
    shapes = board_shapes(
        cols=cols,
        rows=rows,
        gladiators=rules.web.snapshot(state),
        colours=entrant_colours(bout.engine_input),
        marks=marks,
        terrain=terrain,
    )
    chosen = draft.get(picked.key) if picked is not None else None
    if isinstance(chosen, list):
        chosen = chosen[-1] if chosen else ""
    pending = rules.pending(state).who
    values = draft_query(schema, draft)
    return {
        "draft": draft,
        "said": said,
        "saved": saved,
        "saved_text": rules.web.order_text(saved.order) if saved is not None else "",
        "alive": alive,
        "acting": name in pending,
        "waiting_on": ", ".join(pending),
        "problems": problems,
        "board": shapes,
        "grid": board_grid(
            shapes,
            me=name,
            words=mark_words(on_board, marks),
            start=clicked.strip().upper() or chosen or "",
            terrain=terrain,
            threats=threats_for(rules, state, name) if alive else None,
        ),
        "previews": rules.web.previews,
        "preview_url": preview_url,
        "board_values": values,
        "picked": picked,
        "draft_text": rules.web.order_text(draft) if draft and not problems else "",
        "typed": rules.web.text_help(state, name, draft if not problems else {}),
        "draft_rows": [
            {
                "field": f,
                "value": values.get(f.key, ""),
                "shown": ", ".join(draft[f.key])
                if isinstance(draft.get(f.key), list)
                else draft.get(f.key, ""),
                "count": counts.get(f.key, ""),
            }
            for f in schema
            if f.kind != "choice"
        ],
        "picks": [{"field": f, "on": f == picked} for f in on_board],
        "options": option_links(base, schema, draft, offered, picked.key if picked else ""),
    }
