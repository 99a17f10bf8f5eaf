"""Gladiator 101 by web: a turn's order typed in the forum's format, the board the order page
draws, the squares it offers, and a resolved turn as the GM's forum post.

An order on the forum, one line each, any case, blank lines ignored:

    Move: E5                      (or: Fast: battle-cry)
    Attack: gladius mid, foot low (or: Focus: gladius high / Then: E7 / Slow: second-wind)

The board sets the move, the second move and a strike (a click on the opponent: the gladius
at mid height); heights, kicks, focused attacks and abilities are typed.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.campaign import OrderField, TextHelp
from arena.engine.core.events import Event
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.data import LOCATIONS
from arena.engine.rulesets.gladiator_101.events import Ended
from arena.engine.rulesets.gladiator_101.orders import reach, speed
from arena.engine.rulesets.gladiator_101.state import State
from arena.engine.rulesets.gladiator_arena.forum import escape_bbcode, escape_markdown

_LINE = re.compile(r"^\s*([a-z]+)\s*:\s*(.*?)\s*$", re.IGNORECASE)
_SQUARES = ("move", "then")
_STRIKES = ("attack", "focus")
_FEATS = ("fast", "slow")
_NOTHING = {"", "-", "none", "no", "nothing"}


# The forum's order lines as the order page explains them (text_help), as parse_order_text
# reads them: a move action, then a standard action.
TEXT_LINES = (
    ("Move: E5", "the move action: a square within your speed (no Move line: you stay)."),
    ("Fast: battle-cry", "or, instead of moving, a fast ability."),
    ("Attack: gladius mid, foot low", "the standard action: a basic attack, each strike a "
     "weapon or limb and a height (high, mid, low)."),
    ("Focus: gladius high", "or a focused attack: it takes the move action too (no Move line)."),
    ("Then: E7", "or the standard action spent on a second move."),
    ("Slow: second-wind", "or a slower ability."),
)  # fmt: skip


def parse_order_text(text: str) -> dict[str, Any]:
    problems: list[str] = []
    order: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LINE.match(line)
        key = match.group(1).lower() if match else ""
        value = match.group(2).strip() if match else ""
        if key not in _SQUARES + _STRIKES + _FEATS:
            problems.append(
                f"line {number}: {line.strip()!r} is not an order line (Move or Fast; "
                "Attack, Focus, Then or Slow)"
            )
        elif value.lower() in _NOTHING:
            continue
        elif key in _SQUARES:
            try:
                order[key] = str(Square.parse(value))
            except ValueError:
                problems.append(f"line {number}: {key}: {value!r} is not a square like E5")
        elif key in _STRIKES:
            order[key] = [" ".join(s.lower().split()) for s in value.split(",") if s.strip()]
        else:
            order[key] = value.lower().replace(" ", "-")
    if problems:
        raise EngineInputError("text", "; ".join(problems))
    return order


def order_text(order: Mapping[str, Any]) -> str:
    lines = []
    for key in ("move", "fast", "attack", "focus", "then", "slow"):
        value = order.get(key)
        if value:
            shown = ", ".join(value) if isinstance(value, list) else value
            lines.append(f"{key.capitalize()}: {shown}")
    if order.get("strike") and not order.get("attack"):
        lines.append("Attack: gladius mid")
    return "\n".join(lines)


def snapshot(state: State) -> dict[str, dict[str, Any]]:
    """Every gladiator as the replay draws it, with its hit points by location."""
    return {
        f.name: {
            "square": str(f.square),
            "hp": f.hp_total,
            "alive": f.standing,
            "locations": dict(zip(LOCATIONS, f.hp, strict=True)),
        }
        for f in state.fighters
    }


def _escaped(e: Event, esc: Any) -> str:
    changes = {
        f.name: esc(getattr(e, f.name))
        for f in dataclasses.fields(e)
        if f.name in ("name", "target", "by", "winner") and isinstance(getattr(e, f.name), str)
    }
    return dataclasses.replace(e, **changes).text()


def turn_post(before: State, after: State, events: Sequence[Event], markup: str) -> str:
    if markup not in ("bbcode", "markdown"):
        raise EngineInputError("markup", "bbcode or markdown")
    esc = escape_bbcode if markup == "bbcode" else escape_markdown
    title = f"Turn {after.turn}: {esc(before.actor.name)}"
    roster = []
    for f in after.fighters:
        wounds = ", ".join(f"{loc} {n}" for loc, n in zip(LOCATIONS, f.hp, strict=True))
        roster.append(f"{esc(f.name)} on {f.square}: {f.fate.label}; {wounds}")
    lines = [_escaped(e, esc) for e in events if not isinstance(e, Ended)]
    ends = [_escaped(e, esc) for e in events if isinstance(e, Ended)]
    if markup == "bbcode":
        items = "\n".join(f"[*]{line}" for line in lines)
        parts = [f"[b]{title}[/b]", "\n".join(roster), f"[list]\n{items}\n[/list]"]
        parts += [f"[b]{line}[/b]" for line in ends]
    else:
        parts = [f"**{title}**", "\n".join(f"- {r}" for r in roster)]
        parts.append("\n".join(f"- {line}" for line in lines))
        parts += [f"**{line}**" for line in ends]
    return "\n\n".join(parts) + "\n"


ORDER = (
    OrderField("move", "Move to", "square", mark="move", clears=("then", "strike"),
               empty="stay", help="the move action: up to 6 squares (30 ft)"),
    OrderField("then", "Then move to", "square", mark="move", clears=("strike",),
               empty="no second move", help="the standard action spent on a second move"),
    OrderField("strike", "Strike", "squares", mark="strike", empty="no strike",
               help="the opponent, in reach: the gladius at mid height (type the order for "
               "heights, kicks, focused attacks and feats)"),
)  # fmt: skip


class Gladiator101Web:
    def order_schema(self) -> tuple[OrderField, ...]:
        return ORDER

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_order_text(text)

    def order_text(self, order: Any) -> str:
        return order_text(order)

    def text_help(self, state: State, who: str, draft: Mapping[str, Any]) -> TextHelp:
        """The forum's lines with an example; the box starts with the drawn order."""
        try:
            start = order_text(draft) if draft else ""
        except (KeyError, TypeError, ValueError):
            start = ""
        return TextHelp(example="Move: E5\nAttack: gladius mid", lines=TEXT_LINES, start=start)

    def board(self, state: State) -> tuple[int, int]:
        return state.options.width, state.options.height

    def snapshot(self, state: State) -> dict[str, dict[str, Any]]:
        return snapshot(state)

    def choices(self, state: State, who: str, draft: Mapping[str, Any]) -> dict[str, list[str]]:
        """Squares within a move of where the gladiator stands (then of the drawn move), and
        the opponent's square when it is in reach of where the draft ends."""
        me = state.get(who)
        if me is None or not me.standing or state.finished or state.actor.name != who:
            return {"move": [], "then": [], "strike": []}
        other = state.opponent(who)

        def around(start: Square) -> list[str]:
            return [
                str(Square(c, r))
                for r in range(state.options.height)
                for c in range(state.options.width)
                if 0 < Square(c, r).chebyshev(start) <= speed(me) and Square(c, r) != other.square
            ]

        here = me.square
        move = draft.get("move")
        if isinstance(move, str) and move:
            try:
                here = Square.parse(move)
            except ValueError:
                here = me.square
        then = around(here)
        end = here
        if isinstance(draft.get("then"), str) and draft["then"]:
            try:
                end = Square.parse(draft["then"])
            except ValueError:
                end = here
        strike = [str(other.square)] if reach(end, other.square) and end == here else []
        return {"move": around(me.square), "then": then, "strike": strike}

    def forum_post(self, before: State, after: State, events: Sequence[Any], markup: str) -> str:
        return turn_post(before, after, events, markup)


__all__ = ["Gladiator101Web", "order_text", "parse_order_text", "snapshot"]
