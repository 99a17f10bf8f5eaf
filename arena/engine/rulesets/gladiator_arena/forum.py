"""The forum format of the rules' second post: players post "Move: D5" / "Strike: E6,E5",
the GM posts the board as a grid with a line per gladiator and the results of the turn."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import Enum

from arena.engine.core.board import Square
from arena.engine.core.events import Event, EventRecord
from arena.engine.core.forum import escape_bbcode, escape_markdown
from arena.engine.rulesets.gladiator_arena.events import (
    Bumped,
    Conceded,
    Finished,
    KillAwarded,
    KillLost,
    Moved,
    Removed,
    StrikeResult,
    Struck,
    TimeLimit,
)
from arena.engine.rulesets.gladiator_arena.state import BoutState, Concession, Order


class ForumFormatError(ValueError):
    """A post that can't be read as an order; `problems` lists what is wrong, in words."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


class Markup(Enum):
    BBCODE = "bbcode"
    MARKDOWN = "markdown"


_LINE = re.compile(r"^\s*(move(?:\s+to)?|strikes?|concede)\s*(?::\s*(.*?))?\s*$", re.IGNORECASE)
_TURN = re.compile(r"^\s*turn\s*\d*\s*:?\s*$", re.IGNORECASE)
_NOTHING = {"", "-", "none", "no", "nothing", "stay", "stays", "pass"}


def parse_forum_order(text: str) -> Order:
    """Read a player's post: "Move: D5" and "Strike: E6,E5" lines, any case, any spacing;
    blank lines and a "Turn 3" heading are ignored; "Concede" (or "Concede: lose kill")
    concedes. Raises ForumFormatError with every problem in words. Legality on the board is
    a separate step: validate_order(state, name, order)."""
    problems: list[str] = []
    move: Square | None = None
    strikes: list[Square] = []
    concede: Concession | None = None
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or _TURN.match(line):
            continue
        match = _LINE.match(line)
        if match is None:
            problems.append(
                f"line {number}: {line.strip()!r} is not a Move, Strike or Concede line"
            )
            continue
        word = match.group(1).lower()
        what = "move" if word.startswith("move") else "strike" if word.startswith("st") else word
        value = (match.group(2) or "").strip()
        if what in seen:
            problems.append(f"line {number}: a second {what.capitalize()} line")
            continue
        seen.add(what)
        if what == "move":
            if value.lower() in _NOTHING:
                continue
            square = _square(value, number, problems)
            if square is not None:
                move = square
        elif what == "strike":
            # The GM's echo "Strike: E6,E5 = miss, miss" is tolerated: results are dropped.
            value = value.split("=", 1)[0].strip()
            if value.lower() in _NOTHING:
                continue
            for part in re.split(r"[,;\s]+", value):
                if part:
                    square = _square(part, number, problems)
                    if square is not None:
                        strikes.append(square)
        else:
            lowered = value.lower().replace("_", " ").replace("-", " ")
            if lowered in ("", "yes", "award kill", "give kill"):
                concede = Concession.AWARD_KILL
            elif lowered in ("lose kill", "standoff"):
                concede = Concession.LOSE_KILL
            else:
                problems.append(
                    f"line {number}: Concede takes nothing, or 'lose kill' (not {value!r})"
                )
    if problems:
        raise ForumFormatError(problems)
    return Order(move=move, strikes=tuple(strikes), concede=concede)


def _square(text: str, number: int, problems: list[str]) -> Square | None:
    try:
        return Square.parse(text.replace(" ", ""))
    except ValueError:
        problems.append(f"line {number}: {text!r} is not a square like D5")
        return None


def format_order(order: Order) -> str:
    """The forum lines for an order (what a player would post)."""
    if order.concede is Concession.LOSE_KILL:
        return "Concede: lose kill"
    if order.concede is Concession.AWARD_KILL:
        return "Concede"
    lines = []
    if order.move is not None:
        lines.append(f"Move: {order.move}")
    if order.strikes:
        lines.append("Strike: " + ",".join(str(s) for s in order.strikes))
    return "\n".join(lines)


def board_grid(state: BoutState) -> str:
    """The board as a text grid like the GM's post: rank numbers down the left, files along
    the bottom, each living gladiator shown by its number in the setup list (1-9, then a-z)."""
    marks = {}
    for i, g in enumerate(state.gladiators):
        if g.alive:
            marks[g.square] = _mark(i)
    width, height = state.board.width, state.board.height
    pad = len(str(height))
    rows = []
    for row in range(height - 1, -1, -1):
        cells = " ".join(marks.get(Square(col, row), ".") for col in range(width))
        rows.append(f"{row + 1:>{pad}} {cells}")
    files = " ".join(chr(ord("A") + col) for col in range(width))
    rows.append(f"{'':>{pad}} {files}")
    return "\n".join(rows)


def _mark(i: int) -> str:
    return str(i + 1) if i < 9 else chr(ord("a") + i - 9) if i < 35 else "#"


# Markdown (CommonMark) lets any ASCII punctuation be escaped with a backslash; escaping all
# of it in names keeps "*", "_", "`", "[", "]", "<", "#", "-", "+", "|" ... from opening
# emphasis, code, links, HTML, headings or nested lists wherever the name stands in a line.
_Escape = Callable[[str], str]


def _roster(state: BoutState, esc: _Escape) -> list[str]:
    lines = []
    for i, g in enumerate(state.gladiators):
        status = f"{g.hp}HP" if g.alive else f"removed on turn {g.died_on_turn} ({g.hp}HP)"
        lines.append(f"{_mark(i)} {esc(g.name)} {g.weapon.value} {g.race.value} {status}")
    return lines


def _escaped_text(e: EventRecord, esc: _Escape) -> str:
    """The event's sentence with the free text in it (names) escaped for the markup."""
    changes = {}
    for field in ("name", "victim", "survivor"):
        value = e.get(field)
        if isinstance(value, str):
            changes[field] = esc(value)
    return e.remade(**changes).text()


def _result_lines(state: BoutState, events: Sequence[Event], esc: _Escape) -> list[str]:
    per: dict[str, list[str]] = {g.name: [] for g in state.gladiators}
    strikes: dict[str, list[Struck]] = {}
    footer: list[str] = []
    for e in events:
        if isinstance(e, Moved):
            per[e.name].append(f"Move to: {e.square}")
        elif isinstance(e, Bumped):
            per[e.name].append(f"Move to: {e.tried} = bumped back to {e.square}")
        elif isinstance(e, Struck):
            strikes.setdefault(e.name, []).append(e)
        elif isinstance(e, (Removed, KillAwarded, KillLost, TimeLimit, Conceded, Finished)):
            footer.append(_escaped_text(e, esc))
    for name, made in strikes.items():
        targets = ",".join(str(s.target) for s in made)
        results = ", ".join(
            "miss"
            if s.result is StrikeResult.MISS
            else " and ".join(f"hit {esc(h.name)} {h.damage} damage" for h in s.hits)
            for s in made
        )
        per[name].append(f"Strike: {targets} = {results}")
    lines = []
    for name, got in per.items():
        if got:
            lines.append(f"{esc(name)}: " + "; ".join(got))
    return lines + footer


def format_turn_post(
    state: BoutState, events: Sequence[Event], markup: Markup | str = Markup.BBCODE
) -> str:
    """A resolved turn as the GM's forum post: heading, board grid, one line per gladiator,
    then what each did and what came of it. `state` is the state after the turn.

    Gladiator names are free text: they are escaped for the markup (Markdown: backslashes;
    BBCode: no "[" can open a tag) and kept on one line. The board grid inside the code block
    holds only numbers, dots and square names and is written verbatim."""
    markup = Markup(markup)
    esc = escape_bbcode if markup is Markup.BBCODE else escape_markdown
    grid = board_grid(state)  # squares and numbers only: verbatim inside the code block
    roster = _roster(state, esc)
    results = _result_lines(state, events, esc)
    title = f"Turn {state.turn}"
    if markup is Markup.BBCODE:
        parts = [f"[b]{title}[/b]", f"[code]{grid}[/code]", "\n".join(roster)]
        if results:
            parts.append("[list]\n" + "\n".join(f"[*]{line}" for line in results) + "\n[/list]")
    else:
        parts = [f"**{title}**", f"```\n{grid}\n```", "\n".join(f"- {r}" for r in roster)]
        if results:
            parts.append("\n".join(f"- {line}" for line in results))
    return "\n\n".join(parts) + "\n"
