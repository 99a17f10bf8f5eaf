"""Gladiator Arena by web: orders typed in the forum's format, the squares the order page
offers, and each resolved turn as the GM's forum post (forum.py has the formats)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.campaign import OrderField, TextHelp, WebPlay, WhatIf, what_if_of
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena.forum import (
    ForumFormatError,
    format_order,
    format_turn_post,
    parse_forum_order,
)
from arena.engine.rulesets.gladiator_arena.orders import (
    destinations,
    order_to_json,
    parse_order,
    strike_targets,
    strikes_allowed,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.preview import threats, what_if
from arena.engine.rulesets.gladiator_arena.state import BoutState, snapshot

ORDER = (
    OrderField("move", "Move to", "square", mark="move", clears=("strike",), empty="stay",
               help="a square within your moves this turn"),
    OrderField("strike", "Strike", "squares", mark="strike",
               help="squares in reach of where you end"),
    OrderField("concede", "Concede", "choice", choices=("award_kill", "lose_kill"),
               help="give your opponent a kill, or in a standoff lose one of yours"),
)  # fmt: skip


# The forum's order lines as the order page explains them (text_help).
TEXT_LINES = (
    ("Move: D5", "where to go this turn (Move: stay, or no Move line: stay where you are)."),
    ("Strike: E6, E5", "the squares to strike, in order, from where you end the move."),
    ("Concede", "with two gladiators left: give your opponent a kill (Concede: lose kill, in "
     "a standoff: lose one of yours instead)."),
)  # fmt: skip


def _destination(draft: Mapping[str, Any]) -> Square | None:
    """The drafted move's square (None: staying, or a square that is not one)."""
    move = draft.get("move")
    if isinstance(move, str) and move:
        try:
            return Square.parse(move)
        except ValueError:
            return None
    return None


class GladiatorArenaWeb(WebPlay):
    # The order page's threat overlay and "what if" preview (preview.py).
    previews = frozenset({"threats", "what_if"})

    def order_schema(self) -> tuple[OrderField, ...]:
        return ORDER

    def parse_text(self, text: str) -> dict[str, Any]:
        try:
            return order_to_json(parse_forum_order(text))
        except ForumFormatError as error:
            raise EngineInputError("text", "; ".join(error.problems)) from None

    def order_text(self, order: Any) -> str:
        return format_order(parse_order(order, "order", "order"))

    def board(self, state: BoutState) -> tuple[int, int]:
        return state.options.width, state.options.height

    def snapshot(self, state: BoutState) -> dict[str, dict[str, Any]]:
        return snapshot(state)

    def choices(self, state: BoutState, who: str, draft: Mapping[str, Any]) -> dict[str, list[str]]:
        destination = _destination(draft)
        return {
            "move": [str(s) for s in destinations(state, who)],
            "strike": [str(s) for s in strike_targets(state, who, destination)],
        }

    def limits(self, state: BoutState, who: str, draft: Mapping[str, Any]) -> dict[str, int]:
        """The strikes allowed after the drafted move (none for a gladiator not in the bout)."""
        g = state.get(who)
        if g is None or not g.alive:
            return {}
        return {"strike": strikes_allowed(g, _destination(draft))}

    def forum_post(
        self, before: BoutState, after: BoutState, events: Sequence[Any], markup: str
    ) -> str:
        return format_turn_post(after, events, markup)

    def text_help(self, state: BoutState, who: str, draft: Mapping[str, Any]) -> TextHelp:
        """The forum's two lines with the rules' own example; the box starts with the drawn
        order."""
        try:
            start = self.order_text(draft) if draft else ""
        except EngineInputError:
            start = ""
        return TextHelp(example="Move: D5\nStrike: E6, E5", lines=TEXT_LINES, start=start)

    def threats(self, state: BoutState, who: str) -> dict[str, tuple[str, ...]]:
        found = threats(state, who)
        # Rank by rank from A1, file by file: the order the board's squares are listed in.
        return {str(sq): found[sq] for sq in sorted(found, key=lambda sq: (sq.row, sq.col))}

    def what_if(self, state: BoutState, who: str, draft: Mapping[str, Any]) -> WhatIf:
        order = parse_order(dict(draft), "order", who)
        problems = validate_order(state, who, order)
        if problems:
            raise EngineInputError("order", "; ".join(p.text for p in problems))
        after, events = what_if(state, who, order)
        return what_if_of(
            snapshot(state), snapshot(after), [e.text() for e in events], over=after.finished
        )
