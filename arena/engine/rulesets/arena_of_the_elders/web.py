"""Arena of the Elders by web: a character's order in the forum's format, the board the order
page draws and the squares it offers, and a resolved turn as the GM's forum post.

A turn's activation on the forum, one line each, any case:

    Move: B2, B3, C3          (the squares it moves through; "none" to stay)
    Ability: Firebolt at E5   (or "Ability: Blaze Step" on oneself, or "none")
    First: ability            (use the ability before moving; default: move first)
    Level: yes                (this character takes the turn's level)
    Order: 2                  (its place in the team's order of activations)
    Auto: yes                 (the tactics decide when its activation comes)

The preparation's sheet:

    Learn: Flame Lash         (the ability taken at level 3)
    King: yes                 (kill the king)
    Levels: 2                 (competitive: asked of the team's 8)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from arena.engine.core.board import Square
from arena.engine.core.campaign import OrderField, TextHelp, WebPlay
from arena.engine.core.events import Event
from arena.engine.core.forum import escape_bbcode, escape_markdown
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders.arena import ORTHOGONAL
from arena.engine.rulesets.arena_of_the_elders.data import MAX_LEVEL
from arena.engine.rulesets.arena_of_the_elders.events import TurnBegan
from arena.engine.rulesets.arena_of_the_elders.moves import path_problems, target_problem
from arena.engine.rulesets.arena_of_the_elders.orders import (
    ability_named,
    as_it_moves,
    teammates_may_act,
)
from arena.engine.rulesets.arena_of_the_elders.state import PREP, TEAMS, Fighter, State

_LINE = re.compile(r"^\s*([a-z][a-z ]*?)\s*:\s*(.*?)\s*$", re.IGNORECASE)
_ABILITY = re.compile(r"^(.*?)(?:\s+(?:at|on)\s+([A-Za-z][0-9]{1,2}))?$", re.IGNORECASE)
_NOTHING = {"", "-", "none", "no", "nothing", "stay"}
_YES = {"yes", "y", "true", "on"}

ORDER = (
    OrderField("path", "Move through", "squares", mark="move", clears=("target",),
               empty="stay", help="click the squares one after another"),
    OrderField("ability", "Ability", "option", empty="none", clears=("target",),
               help="the abilities it knows at its level and has ready"),
    OrderField("target", "Target", "square", mark="strike", empty="none",
               help="whoever the ability is used on (not needed on oneself)"),
    OrderField("first", "Use the ability before moving", "option", choices=("ability",),
               empty="move first"),
    OrderField("level_up", "Take this turn's level", "option", choices=("yes",), empty="no"),
    OrderField("choice", "Ability at level 3", "option", empty="as the sheet says",
               help="one of those its mastery has unlocked"),
    # "start", not "square": the board's press is sent as ?square= (arena/play/views.py).
    OrderField("start", "Start square", "square", mark="move", empty="as placed",
               help="where your team places it in its start zone"),
    OrderField("king", "Nominate the king", "option", empty="nobody",
               help="kill the king: your team's king, named in the open (in secret in the "
               "competitive game)"),
)  # fmt: skip


# The forum's order lines as the order page explains them (text_help), as parse_order_text
# reads them: the preparation's lines first, then a turn's.
PREP_LINES = (
    (
        "Learn: 3",
        "in the preparation: the ability it takes at level 3 (key, name or number), "
        "one of those its mastery has unlocked.",
    ),
    (
        "King: Nyx",
        "in the preparation, kill the king: the character your team nominates "
        "king (yes: this one).",
    ),
    ("Levels: 2", "in the preparation, competitive: the levels it asks of the team's 8."),
    ("Start: B2", "in the preparation: the square of its team's start zone it starts on."),
)
PLAY_LINES = (
    ("Move: B2, B3", "the squares it moves through, one step after another (Move: none, or no "
     "Move line: it stays)."),
    ("Ability: firebolt at E5", "the ability it uses and the square of whoever it is used on "
     "(no \"at\" for an ability on itself; Ability: none, or no line: none)."),
    ("First: ability", "use the ability before moving (without the line it moves first)."),
    ("Level: yes", "this character takes the turn's level."),
    ("Order: 1", "its place in the team's order of activations (those without one follow)."),
    ("Auto: yes", "leave its activation to the tactics."),
)  # fmt: skip


def text_help(state: State, draft: Mapping[str, Any]) -> TextHelp:
    """The forum's lines for this step, with an example; the box starts with the drawn
    order."""
    try:
        start = order_text(draft) if draft else ""
    except (KeyError, TypeError, ValueError):
        start = ""
    if state.phase == PREP:
        return TextHelp(example="Learn: 3\nKing: yes", lines=PREP_LINES, start=start)
    return TextHelp(example="Move: B2, B3\nAbility: firebolt at E5", lines=PLAY_LINES, start=start)


def parse_order_text(text: str) -> dict[str, Any]:
    problems: list[str] = []
    order: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LINE.match(line)
        key = " ".join(match.group(1).lower().split()) if match else ""
        value = match.group(2).strip() if match else ""
        if key in ("move", "path", "move through"):
            if value.lower() not in _NOTHING:
                order["path"] = [s.strip().upper() for s in re.split(r"[,\s]+", value) if s]
        elif key in ("ability", "use"):
            if value.lower() in _NOTHING:
                continue
            found = _ABILITY.match(value)
            assert found is not None  # the pattern matches any text
            order["ability"] = found.group(1).strip()
            if found.group(2):
                order["target"] = found.group(2).upper()
        elif key == "first":
            order["first"] = value.lower()
        elif key in ("level", "level up"):
            if value.lower() in _YES:
                order["level_up"] = True
        elif key in ("order", "at"):
            if not value.isdigit():
                problems.append(f"line {number}: order: a number")
            else:
                order["at"] = int(value)
        elif key == "auto":
            if value.lower() in _YES:
                order["auto"] = True
        elif key in ("learn", "choice"):
            order["choice"] = value
        elif key == "king":
            if value.lower() in _YES:
                order["king"] = True
            elif value.lower() not in _NOTHING:
                order["king"] = value
        elif key in ("start", "square"):
            order["start"] = value.upper()
        elif key == "levels":
            if not value.isdigit():
                problems.append(f"line {number}: levels: a number")
            else:
                order["levels"] = int(value)
        else:
            problems.append(
                f"line {number}: {line.strip()!r} is not an order line (Move, Ability, First, "
                "Level, Order, Auto; Learn, King, Levels, Start)"
            )
    if problems:
        raise EngineInputError("text", "; ".join(problems))
    return order


def order_text(order: Mapping[str, Any]) -> str:
    lines = []
    if order.get("auto"):
        lines.append("Auto: yes")
    if order.get("path"):
        lines.append(f"Move: {', '.join(order['path'])}")
    if order.get("ability"):
        target = f" at {order['target']}" if order.get("target") else ""
        lines.append(f"Ability: {order['ability']}{target}")
    if order.get("first") == "ability":
        lines.append("First: ability")
    if order.get("level_up") in (True, "yes"):
        lines.append("Level: yes")
    if order.get("at"):
        lines.append(f"Order: {order['at']}")
    if order.get("choice"):
        lines.append(f"Learn: {order['choice']}")
    if order.get("king") in (True, "yes"):
        lines.append("King: yes")
    elif isinstance(order.get("king"), str) and order["king"]:
        lines.append(f"King: {order['king']}")
    if order.get("levels"):
        lines.append(f"Levels: {order['levels']}")
    if order.get("start"):
        lines.append(f"Start: {order['start']}")
    return "\n".join(lines) or "Move: none\nAbility: none"


class Roles(NamedTuple):
    """What a character's words may name beyond itself, read once from the state for all of
    them: the kings shown (a secret king shows when it dies), and who carries a flag."""

    kings: frozenset[str]
    secret_kings: bool
    carriers: frozenset[str | None]


def roles_of(state: State) -> Roles:
    kings = frozenset(state.kings) if state.options.mode == "king" else frozenset()
    carriers = frozenset([flag.carrier for flag in state.flags])
    return Roles(kings, state.options.competitive, carriers)


def _status(f: Fighter, roles: Roles) -> str:
    """The words under a character's name: its team, level, statuses and role."""
    name = f.name
    words = [TEAMS[f.team], f"level {f.level}"]
    if f.burning:
        words.append("on fire")
    if f.poisoned:
        words.append("poisoned")
    if f.stunned or f.skipping:
        words.append("stunned")
    if f.effects:
        words += sorted({e.kind for e in f.effects})
    if name in roles.kings and (not roles.secret_kings or f.deaths):
        words.append("king")
    if name in roles.carriers:
        words.append("flag")
    if not f.alive:
        words.append(f"returns in {f.respawn_in + 1} turn(s)")
    return ", ".join(words)


def snapshot(state: State) -> dict[str, dict[str, Any]]:
    """Every character as the replay draws it (a secret king stays secret)."""
    names, roles = state.arena.geometry.names, roles_of(state)
    return {
        f.name: {
            "square": names[f.square],
            "hp": f.hp,
            "alive": f.alive,
            "team": TEAMS[f.team],
            "level": f.level,
            "status": _status(f, roles),
        }
        for f in state.fighters
    }


def board_text(state: State) -> str:
    """The arena as text with Red's characters as 1-4 and Blue's as 5-8 on their squares,
    flags as F (Red) and G (Blue) where they lie."""
    arena = state.arena
    marks: dict[Square, str] = {}
    for team, letter in ((0, "F"), (1, "G")):
        flag = state.flags[team]
        if flag.square is not None:
            marks[flag.square] = letter
    for f in state.fighters:
        if f.alive:
            marks[f.square] = str(f.team * 4 + f.seat + 1)
    rows = []
    for row in range(arena.height - 1, -1, -1):
        cells = []
        for col in range(arena.width):
            sq = Square(col, row)
            if sq in marks:
                cells.append(marks[sq])
            elif sq in arena.blocks:
                cells.append("#")
            elif sq in arena.water:
                cells.append("~")
            elif arena.elevation(sq):
                cells.append("^" if arena.elevation(sq) == 1 else "A")
            else:
                cells.append(".")
        rows.append(f"{row + 1:>2} {' '.join(cells)}")
    rows.append("   " + " ".join(chr(ord("A") + c) for c in range(arena.width)))
    return "\n".join(rows)


def turn_post(after: State, events: Sequence[Event], markup: str) -> str:
    if markup not in ("bbcode", "markdown"):
        raise EngineInputError("markup", "bbcode or markdown")
    esc = escape_bbcode if markup == "bbcode" else escape_markdown
    roster, roles = [], roles_of(after)
    for f in after.fighters:
        where = str(f.square) if f.alive else "dead"
        roster.append(
            f"{f.team * 4 + f.seat + 1} {esc(f.name)} ({f.hero.name}) {where}: "
            f"{f.hp}/{f.max_health}; {_status(f, roles)}"
        )
    sections: list[tuple[str, list[str]]] = [("Setup", [])]
    for e in events:
        if isinstance(e, TurnBegan):
            sections.append((e.text(), []))
        else:
            sections[-1][1].append(esc(e.text()))
    title = f"Step {after.steps}"
    if after.options.mode == "flag":
        title += f" - captures Red {after.captures[0]}, Blue {after.captures[1]}"
    grid = board_text(after)
    if markup == "bbcode":
        parts = [f"[b]{title}[/b]", f"[code]{grid}[/code]", "\n".join(roster)]
        for name, lines in sections:
            if lines:
                items = "\n".join(f"[*]{line}" for line in lines)
                parts.append(f"[u]{name}[/u]\n[list]\n{items}\n[/list]")
    else:
        parts = [f"**{title}**", f"```\n{grid}\n```", "\n".join(f"- {r}" for r in roster)]
        for name, lines in sections:
            if lines:
                parts.append(f"*{name}*\n" + "\n".join(f"- {line}" for line in lines))
    return "\n\n".join(parts) + "\n"


def terrain(state: State) -> dict[str, Any]:
    """The arena as the board draws it (arena/bouts/replay.py, board_shapes): blocks, water, the
    height of raised squares, Red's and Blue's start and flag zones, and the lines between
    squares: walls, ledges (with their lower side, which the board shades) and stairs."""
    arena = state.arena
    zones: dict[str, str] = {}
    for team, name in enumerate(("red", "blue")):
        for sq in arena.starts[team]:
            zones[str(sq)] = f"start-{name}"
        for sq in arena.flag_zones[team]:
            zones[str(sq)] = f"flag-zone-{name}"
        zones[str(arena.flag_homes[team])] = f"flag-home-{name}"
    lines = [{"a": str(a), "b": str(b), "kind": "wall"} for a, b in sorted(arena.walls)]
    for row in range(arena.height):
        for col in range(arena.width):
            here = Square(col, row)
            for nxt in (Square(col + 1, row), Square(col, row + 1)):
                if not arena.contains(nxt) or arena.elevation(here) == arena.elevation(nxt):
                    continue
                low = here if arena.elevation(here) < arena.elevation(nxt) else nxt
                kind = "ledge" if arena.ledge(here, nxt) else "stairs"
                lines.append({"a": str(here), "b": str(nxt), "kind": kind, "low": str(low)})
    return {
        "blocks": [str(s) for s in sorted(arena.blocks)],
        "water": [str(s) for s in sorted(arena.water)],
        "heights": {
            str(Square(c, r)): arena.elevation(Square(c, r))
            for r in range(arena.height)
            for c in range(arena.width)
            if arena.elevation(Square(c, r))
        },
        "zones": zones,
        "lines": lines,
    }


class EldersWeb(WebPlay):
    def order_schema(self) -> tuple[OrderField, ...]:
        return ORDER

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_order_text(text)

    def order_text(self, order: Any) -> str:
        return order_text(order)

    def text_help(self, state: State, who: str, draft: Mapping[str, Any]) -> TextHelp:
        return text_help(state, draft)

    def board(self, state: State) -> tuple[int, int]:
        return state.arena.width, state.arena.height

    def snapshot(self, state: State) -> dict[str, dict[str, Any]]:
        return snapshot(state)

    def choices(self, state: State, who: str, draft: Mapping[str, Any]) -> dict[str, list[str]]:
        """The next squares the path may take from where it ends, and the squares of those
        the drawn ability (or any ready one) could be used on from there."""
        f = state.get(who)
        none: dict[str, list[str]] = {field.key: [] for field in ORDER}
        if f is None:
            return none
        if state.phase == PREP:
            return {
                **none,
                "choice": [f.hero.ability(slot).key for slot in f.unlocked],
                "king": [o.name for o in state.team(f.team)]
                if state.options.mode == "king"
                else [],
                # its team's start zone, but where a teammate stands
                "start": [
                    str(sq)
                    for sq in state.arena.starts[f.team]
                    if all(o.square != sq or o.name == who for o in state.fighters)
                ],
            }
        if not f.alive:
            return none
        path: list[Square] = []
        for text in draft.get("path") or []:
            try:
                path.append(Square.parse(text))
            except ValueError:
                break
        first = draft.get("first") == "ability"
        chosen = ability_named(f, draft["ability"]) if draft.get("ability") else None
        target = None
        if draft.get("target"):
            try:
                target = Square.parse(draft["target"])
            except ValueError:
                target = None
        mover = as_it_moves(f, chosen, target, first)  # a buff used first speeds this move
        alone = not teammates_may_act(state, f)  # else enemies may fall before it acts
        if path_problems(state, mover, tuple(path), enemies_stay=alone):
            path = []
        end = path[-1] if path else f.square
        steps = []
        for dcol, drow in ORTHOGONAL:
            nxt = Square(end.col + dcol, end.row + drow)
            if state.arena.contains(nxt) and not path_problems(
                state, mover, (*path, nxt), enemies_stay=alone
            ):
                steps.append(str(nxt))
        origin = f.square if first else end
        abilities = [chosen] if chosen is not None else list(f.known)
        targets = set()
        for ability in abilities:
            if ability.passive or f.cooldown(ability.key) or ability not in f.known:
                continue
            for o in state.fighters:
                if o.alive and not target_problem(state, f, ability, origin, o.square, alone):
                    targets.add(o.square)
        ready = [a.key for a in f.known if not a.passive and not f.cooldown(a.key)]
        return {
            **none,
            "path": sorted(steps),
            "target": [str(s) for s in sorted(targets)],
            "ability": ready,
            "first": ["ability"] if ready else [],
            "level_up": ["yes"] if f.level < MAX_LEVEL else [],
        }

    def forum_post(self, before: State, after: State, events: Sequence[Any], markup: str) -> str:
        return turn_post(after, events, markup)
