"""An order being drawn on the order page, read and written through the rule set's order schema
(arena/engine/core/campaign.py, OrderField): the draft lives in the page's URL, and every click
on the board is a plain link to the next draft."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from arena.gateway import OrderField, Square

BOARD_KINDS = ("square", "squares")
# An option's value is a word the rule set checks (an ability's key ...): anything else is
# not read at all, so the page never echoes markup or a long string back.
_OPTION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")


def draft_read(schema: Sequence[OrderField], data: Mapping[str, str]) -> dict[str, Any]:
    """The draft from a query string or a posted form: squares upper-cased, lists split on
    commas, a choice kept only when it is one of the field's choices."""
    draft: dict[str, Any] = {}
    for field in schema:
        raw = data.get(field.key, "").strip()
        if not raw:
            continue
        if field.kind == "square":
            draft[field.key] = raw.upper()
        elif field.kind == "squares":
            squares = [s.strip().upper() for s in raw.split(",") if s.strip()]
            if squares:
                draft[field.key] = squares
        elif (field.kind == "choice" and raw in field.choices) or (
            field.kind == "option" and _OPTION.match(raw)
        ):
            draft[field.key] = raw
    return draft


def draft_query(schema: Sequence[OrderField], draft: Mapping[str, Any]) -> dict[str, str]:
    """The draft as form values (the inverse of draft_read)."""
    values = {}
    for field in schema:
        value = draft.get(field.key)
        if value:
            values[field.key] = ",".join(value) if isinstance(value, list) else str(value)
    return values


def draft_url(base: str, schema: Sequence[OrderField], draft: Mapping[str, Any], pick: str) -> str:
    return f"{base}?{urlencode({'pick': pick, **draft_query(schema, draft)})}"


def draft_click(field: OrderField, draft: Mapping[str, Any], square: str) -> dict[str, Any]:
    """The draft after a click on `square` while the board sets `field`: a square is set or
    taken back, a list gains or loses it; a new value clears what it makes stale."""
    new = dict(draft)
    if field.kind == "square":
        new[field.key] = "" if draft.get(field.key) == square else square
        for stale in field.clears:
            new.pop(stale, None)
    else:
        squares = list(draft.get(field.key, []))
        if square in squares:
            squares.remove(square)
        else:
            squares.append(square)
        new[field.key] = squares
    return new


def board_press(
    fields: Sequence[OrderField],
    picked: OrderField,
    draft: Mapping[str, Any],
    square: str,
    *,
    cols: int,
    rows: int,
) -> tuple[dict[str, Any], OrderField, str]:
    """The draft after `square` is pressed while the board sets `picked`, the field the board
    sets next, and what the press did when it took a square back ("D6: strike taken back.",
    else ""): a square field just set hands the board to the field after it (move, then
    strike), so that an order takes one press per part. ValueError, in words, for a square
    that is not on the board."""
    square = square.strip().upper()
    try:
        sq = Square.parse(square)
    except ValueError:
        sq = None
    if sq is None or not (0 <= sq.col < cols and 0 <= sq.row < rows):
        raise ValueError(f"There is no square {square[:8]!r} on this {cols}x{rows} board.")
    new = draft_click(picked, draft, square)
    # A press on a square the draft had for this field takes it back: the board's mark goes
    # quietly, so the page says it in words.
    before = draft.get(picked.key)
    had = square in before if isinstance(before, list) else before == square
    said = f"{square}: {picked.mark} taken back." if had else ""
    later = list(fields)[list(fields).index(picked) + 1 :]
    if picked.kind == "square" and new.get(picked.key) and later:
        return new, later[0], said
    return new, picked, said


def draft_counts(
    schema: Sequence[OrderField], draft: Mapping[str, Any], limits: Mapping[str, int]
) -> dict[str, str]:
    """How many squares each list field of the draft has, and how many are left, for the
    fields the rule set gives a limit for ("1 of 2, 1 left"); none for the others."""
    counts = {}
    for field in schema:
        if field.kind != "squares" or field.key not in limits:
            continue
        allowed = limits[field.key]
        have = len(draft.get(field.key) or [])
        left = allowed - have
        counts[field.key] = (
            f"{have} of {allowed}, {left} left"
            if left >= 0
            else f"{have} of {allowed}, {-left} too many"
        )
    return counts


def board_fields(schema: Sequence[OrderField]) -> list[OrderField]:
    return [f for f in schema if f.kind in BOARD_KINDS]


def draft_marks(
    field: OrderField | None,
    schema: Sequence[OrderField],
    draft: Mapping[str, Any],
    offered: Mapping[str, list[str]],
) -> dict[str, str]:
    """CSS marks of the board's squares: what the picked field may take, and what the draft
    has chosen for every field."""
    marks = {}
    if field is not None:
        marks = {square: f"can-{field.mark}" for square in offered.get(field.key, [])}
    for f in board_fields(schema):
        value = draft.get(f.key)
        for square in [value] if isinstance(value, str) else value or []:
            if square:
                marks[square] = f"chosen-{f.mark}"
    return marks


def option_links(
    base: str,
    schema: Sequence[OrderField],
    draft: Mapping[str, Any],
    offered: Mapping[str, list[str]],
    pick: str,
) -> list[dict[str, Any]]:
    """The drawn order's options (OrderField kind "option") as links: for each option field
    the rule set offers values for now (or has a value in the draft), a link per value that
    sets it (or, when set, takes it back), and one to leave it empty."""
    out = []
    for field in schema:
        if field.kind != "option":
            continue
        values = list(offered.get(field.key, field.choices))
        current = draft.get(field.key, "")
        if current and current not in values:
            values.append(current)  # a value the rule set will explain is wrong
        if not values:
            continue
        links = []
        for value in values:
            on = value == current
            new = {k: v for k, v in draft.items() if k != field.key}
            if not on:
                new[field.key] = value
                for stale in field.clears:  # a target chosen for another ability
                    new.pop(stale, None)
            links.append({"value": value, "on": on, "url": draft_url(base, schema, new, pick)})
        out.append({"field": field, "links": links})
    return out
