"""Sudden Destruction by web: a round's plan typed in the forum's format, the board the order
page draws, what it offers, and a resolved round as the GM's forum post.

A plan on the forum, one line each, any case, blank lines ignored:

    Tech: accuracy 2              (or: Tech: none)
    Actions: go C3, fire Red, wait, close Red, fire any
    Interrupt: any                (any, none, or a counter's name)
    Return fire: yes
    Evade: no

or, as in Gladiator Arena, "Move: C3" and "Strike: D4" (go to C3, then fire at whoever stands
on D4; the standing reactions all on). Actions are separated by commas; "to", "at",
"towards" and "in on" after a verb are read past ("fire at Red", "close in on Red").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.campaign import OrderField, TextHelp, WebPlay
from arena.engine.core.events import Event
from arena.engine.core.forum import escape_bbcode, escape_markdown
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction.data import (
    ATTRIBUTES,
    LABELS,
    attribute_named,
    raise_problem,
)
from arena.engine.rulesets.sudden_destruction.events import (
    Finished,
    Phase,
    PhaseBegan,
)
from arena.engine.rulesets.sudden_destruction.movement import square_name
from arena.engine.rulesets.sudden_destruction.orders import DRAWN, Verb, read_plan
from arena.engine.rulesets.sudden_destruction.standings import tech_line
from arena.engine.rulesets.sudden_destruction.state import State

_LINE = re.compile(r"^\s*([a-z][a-z ]*?)\s*:\s*(.*?)\s*$", re.IGNORECASE)
_FILLER = re.compile(r"^(?:to|at|towards|toward|in on|on)\s+", re.IGNORECASE)
_YES = {"yes": True, "y": True, "true": True, "on": True, "no": False, "n": False,
        "false": False, "off": False}  # fmt: skip
_NOTHING = {"", "-", "none", "no", "nothing"}


def _target(text: str) -> str:
    text = _FILLER.sub("", text.strip())
    try:
        return str(Square.parse(text))
    except ValueError:
        return text


def _actions(text: str, problems: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if text.strip().lower() in _NOTHING:
        return out
    for n, part in enumerate(text.split(","), start=1):
        words = part.strip().split(maxsplit=1)
        verbs = [v.value for v in Verb]
        if not words or words[0].lower() not in verbs:
            problems.append(f"action {n} ({part.strip()!r}): start with {', '.join(verbs)}")
            continue
        verb = Verb(words[0].lower())
        if verb is Verb.WAIT:
            out.append({"wait": True})
        elif len(words) < 2 or not _target(words[1]):
            problems.append(f"action {n}: {verb.value} what? (a square or a counter's name)")
        else:
            out.append({verb.value: _target(words[1])})
    return out


def _tech(text: str, problems: list[str]) -> dict[str, Any] | None:
    if text.strip().lower() in _NOTHING:
        return None
    match = re.match(r"^(.*?)\s*(?:to\s+)?(\d+)$", text.strip(), re.IGNORECASE)
    attribute = attribute_named(match.group(1)) if match else None
    if match is None or attribute is None:
        problems.append(
            f"tech: write an attribute and the level to reach, e.g. 'accuracy 2' "
            f"(attributes: {', '.join(LABELS.values())})"
        )
        return None
    return {"attribute": attribute, "level": int(match.group(2))}


def parse_plan_text(text: str) -> dict[str, Any]:
    """A plan typed on the forum, as JSON (EngineInputError with every problem in words).
    Whether it fits the board is validate's question."""
    problems: list[str] = []
    plan: dict[str, Any] = {}
    drawn: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LINE.match(line)
        key = " ".join(match.group(1).lower().split()) if match else ""
        value = match.group(2) if match else ""
        if key == "tech":
            plan["tech"] = _tech(value, problems)
        elif key in ("actions", "plan"):
            plan["actions"] = _actions(value, problems)
        elif key == "interrupt":
            word = value.strip()
            plan["interrupt"] = word.lower() if word.lower() in ("any", "none", "") else word
            plan["interrupt"] = plan["interrupt"] or "none"
        elif key in ("return fire", "evade"):
            flag = _YES.get(value.strip().lower())
            if flag is None:
                problems.append(f"line {number}: {key}: yes or no")
            plan[key.replace(" ", "_")] = flag
        elif key in ("move", "move to"):
            drawn["move"] = _target(value) if value.strip().lower() not in _NOTHING else ""
        elif key in ("strike", "strikes"):
            drawn["strike"] = [_target(s) for s in value.split(",") if s.strip()]
        else:
            problems.append(
                f"line {number}: {line.strip()!r} is not a plan line (Tech, Actions, "
                "Interrupt, Return fire, Evade, or Move and Strike)"
            )
    if drawn and plan:
        problems.append("write either Move/Strike lines or a full plan, not both")
    if problems:
        raise EngineInputError("text", "; ".join(problems))
    if drawn:
        return {k: v for k, v in drawn.items() if v}
    return {
        "tech": plan.get("tech"),
        "actions": plan.get("actions", []),
        "interrupt": plan.get("interrupt", "none"),
        "return_fire": plan.get("return_fire", True),
        "evade": plan.get("evade", False),
    }


def _action_words(action: Mapping[str, Any]) -> str:
    ((verb, target),) = action.items()
    return "wait" if verb == "wait" else f"{verb} {target}"


def plan_text(order: Mapping[str, Any]) -> str:
    """A plan in the forum's words (parse_plan_text reads it back to the same JSON)."""
    if order and set(order) <= set(DRAWN):
        lines = []
        if order.get("move"):
            lines.append(f"Move: {order['move']}")
        if order.get("strike"):
            lines.append(f"Strike: {', '.join(order['strike'])}")
        return "\n".join(lines)
    tech = order.get("tech")
    actions = order.get("actions") or []
    return "\n".join(
        [
            f"Tech: {LABELS[tech['attribute']]} {tech['level']}" if tech else "Tech: none",
            "Actions: " + (", ".join(_action_words(a) for a in actions) or "none"),
            f"Interrupt: {order.get('interrupt', 'none')}",
            f"Return fire: {'yes' if order.get('return_fire', True) else 'no'}",
            f"Evade: {'yes' if order.get('evade', False) else 'no'}",
        ]
    )


def snapshot(state: State) -> dict[str, dict[str, Any]]:
    """Every counter as the replay draws it, with its tech levels (each round's record: a
    square's name is made once, as a step's event takes it)."""
    return {
        m.name: {
            "square": square_name(m.square),
            "hp": m.hp_left,
            "alive": m.alive,
            "damage": m.damage,
            "levels": m.levels.to_json(),
        }
        for m in state.machines
    }


def board_grid(state: State) -> str:
    """The board as text: a counter's seat number (1-4) on its square, "+" where counters
    share one, "." elsewhere; ranks from the top, files lettered below."""
    width, height = state.options.width, state.options.height
    marks: dict[Square, str] = {}
    for m in state.living:
        marks[m.square] = "+" if m.square in marks else str(m.seat + 1)
    rows = []
    for row in range(height - 1, -1, -1):
        cells = " ".join(marks.get(Square(col, row), ".") for col in range(width))
        rows.append(f"{row + 1:>2} {cells}")
    rows.append("   " + " ".join(chr(ord("A") + c) for c in range(width)))
    return "\n".join(rows)


def _escaped(e: Event, esc: Any) -> str:
    changes = {
        f.name: esc(getattr(e, f.name))
        for f in dataclasses.fields(e)
        if f.name in ("name", "target", "attacker", "by", "winner", "reason")
        and isinstance(getattr(e, f.name), str)
    }
    return dataclasses.replace(e, **changes).text()


def round_post(after: State, events: Sequence[Event], markup: str) -> str:
    if markup not in ("bbcode", "markdown"):
        raise EngineInputError("markup", "bbcode or markdown")
    esc = escape_bbcode if markup == "bbcode" else escape_markdown
    roster = []
    for m in after.machines:
        status = (
            f"HP {m.hp_left}/{m.levels.hit_points}"
            if m.alive
            else f"destroyed in round {m.destroyed_in}"
        )
        roster.append(f"{m.seat + 1} {esc(m.name)} {m.square}: {status}; {tech_line(m)}")
    sections: list[tuple[str, list[str]]] = []
    footer: list[str] = []
    for e in events:
        if isinstance(e, PhaseBegan):
            sections.append((e.phase.value.capitalize(), []))
        elif isinstance(e, Finished):
            footer.append(_escaped(e, esc))
        elif sections:
            sections[-1][1].append(_escaped(e, esc))
    title = f"Round {after.round}"
    grid = board_grid(after)
    if markup == "bbcode":
        parts = [f"[b]{title}[/b]", f"[code]{grid}[/code]", "\n".join(roster)]
        for name, lines in sections:
            if lines:
                items = "\n".join(f"[*]{line}" for line in lines)
                parts.append(f"[u]{name}[/u]\n[list]\n{items}\n[/list]")
        parts += [f"[b]{line}[/b]" for line in footer]
    else:
        parts = [f"**{title}**", f"```\n{grid}\n```", "\n".join(f"- {r}" for r in roster)]
        for name, lines in sections:
            if lines:
                parts.append(f"*{name}*\n" + "\n".join(f"- {line}" for line in lines))
        parts += [f"**{line}**" for line in footer]
    return "\n\n".join(parts) + "\n"


# The board page draws a plan's path and targets; the tech attempt and the standing reactions
# are given in the typed plan (docs/rules/sudden-destruction.md, "The plan").
ORDER = (
    OrderField("move", "Go to", "square", mark="move", clears=("strike",), empty="stay",
               help="a square within this round's movement"),
    OrderField("strike", "Fire at", "squares", mark="strike",
               help="the squares of enemies in range of where you end"),
)  # fmt: skip


# The typed plan's lines as the order page explains them (text_help).
TEXT_LINES = (
    ("Tech: accuracy 2",
     "one tech attempt this round: an attribute and the level to reach; every die thrown "
     "must show it or more (Tech: none, or no line: no attempt). Attributes: "
     + ", ".join(LABELS[a] for a in ATTRIBUTES) + "."),
    ("Actions: go C3, fire at Red, wait, close in on Red, fire any",
     "one action a tick, in order: move X (one step towards a square or a counter), go X (all "
     "the way), close in on X (until X is in range), attack X (close in and fire at X until "
     "your firing is spent), fire at X, fire any (the nearest enemy in range), wait (let "
     "others move first)."),
    ("Interrupt: any",
     "fire the moment an enemy comes into range: any, none, or a counter's name."),
    ("Return fire: yes", "fire back when attacked (default yes)."),
    ("Evade: no",
     "step out of range when attacked, if your initiative is higher and you have movement "
     "left (default no)."),
    ("Move: C3 / Strike: D4",
     "what the board draws: go to C3, then fire at whoever stands on D4, with interrupt any, "
     "return fire and evade on; not together with the lines above."),
)  # fmt: skip


def text_help(state: State, who: str, draft: Mapping[str, Any]) -> TextHelp:
    """The typed plan explained, with an example for this counter on this board; the box starts
    with the drawn plan in the full format, so a tech attempt is one line to change."""
    me = state.get(who)
    enemies = sorted(
        (o for o in state.living if o.name != who),
        key=lambda o: (o.square.manhattan(me.square) if me else 0, o.seat),
    )
    enemy = enemies[0].name if enemies else "Red"
    tech = "accuracy 1"
    if me is not None:
        for attribute in ("accuracy", "range", "max_fire", *ATTRIBUTES):
            level = me.levels.get(attribute) + 1
            if raise_problem(me.levels, attribute, level) is None:
                tech = f"{LABELS[attribute]} {level}"
                break
    example = "\n".join(
        [
            f"Tech: {tech}",
            f"Actions: close in on {enemy}, fire at {enemy}, fire any",
            "Interrupt: any",
            "Return fire: yes",
            "Evade: no",
        ]
    )
    start = ""
    if draft:
        plan, problems = read_plan(state, who, draft)
        if not problems:
            start = plan_text(plan.to_json())
    return TextHelp(
        example=example,
        lines=TEXT_LINES,
        start=start,
        note="The board draws where to go and whom to fire at. A tech attempt, waiting, "
        "closing in and the reactions are typed in the forum's format below."
        + (f" {who} now: {tech_line(me)}." if me is not None else ""),
    )


class SuddenDestructionWeb(WebPlay):
    def order_schema(self) -> tuple[OrderField, ...]:
        return ORDER

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_plan_text(text)

    def order_text(self, order: Any) -> str:
        return plan_text(order)

    def board(self, state: State) -> tuple[int, int]:
        return state.options.width, state.options.height

    def snapshot(self, state: State) -> dict[str, dict[str, Any]]:
        return snapshot(state)

    def choices(self, state: State, who: str, draft: Mapping[str, Any]) -> dict[str, list[str]]:
        """Squares within this round's movement, and the squares of enemies in range of the
        drawn destination (or of where it stands)."""
        me = state.get(who)
        if me is None or not me.alive:
            return {"move": [], "strike": []}
        reach = me.levels.movement
        moves = [
            Square(c, r)
            for r in range(state.options.height)
            for c in range(state.options.width)
            if 0 < Square(c, r).manhattan(me.square) <= reach
        ]
        origin = me.square
        move = draft.get("move")
        if isinstance(move, str) and move:
            try:
                origin = Square.parse(move)
            except ValueError:
                origin = me.square
        strikes = sorted(
            {
                o.square
                for o in state.living
                if o.name != who and o.square.manhattan(origin) <= me.levels.range
            }
        )
        return {"move": [str(s) for s in moves], "strike": [str(s) for s in strikes]}

    def forum_post(self, before: State, after: State, events: Sequence[Any], markup: str) -> str:
        return round_post(after, events, markup)

    def text_help(self, state: State, who: str, draft: Mapping[str, Any]) -> TextHelp:
        return text_help(state, who, draft)


__all__ = ["Phase", "SuddenDestructionWeb", "board_grid", "parse_plan_text", "plan_text"]
