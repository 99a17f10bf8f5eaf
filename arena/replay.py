"""View models for a bout's replay: the board of one turn as SVG shapes, and HP over turns.

Works from the stored engine log of any rule set whose turns carry snapshots of its gladiators
("gladiators": name -> {square in A1 notation, body or hp, alive}); a rule set without a board
gets the event log alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena.engine.core.board import Square

CELL = 40
PALETTE = ["#a32020", "#2f5a8a", "#2f7a3b", "#9a5b1e", "#6b3fa0", "#b0527c", "#2a8a8a", "#5a4b3a"]
ARROWS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}


@dataclass(frozen=True)
class Figure:
    name: str
    square: str
    initials: str
    x: float
    y: float
    colour: str
    alive: bool
    status: str
    hp: Any
    arrow: str  # SVG points of the facing marker, "" when unknown


def _hp(snapshot: dict[str, Any]) -> Any:
    return snapshot.get("body", snapshot.get("hp"))


def entrant_colours(engine_input: dict[str, Any] | None) -> dict[str, str]:
    """One colour per gladiator, the same on every board of the bout: by entry order, from the
    engine input's list (the log's snapshots are JSON objects, whose key order PostgreSQL's
    jsonb does not keep)."""
    names = [g["name"] for g in (engine_input or {}).get("gladiators", [])]
    return {name: PALETTE[n % len(PALETTE)] for n, name in enumerate(names)}


def _centre(square: str, rows: int) -> tuple[float, float]:
    sq = Square.parse(square)
    return sq.col * CELL + CELL / 2, (rows - 1 - sq.row) * CELL + CELL / 2


def board_view(
    log: dict[str, Any],
    index: int,
    colours: dict[str, str],
    engine_input: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The board after turn `index` (0-based) as shapes for the replay; None for a rule set
    whose log has no board (its turns carry no "gladiators" with squares)."""
    turn = log["turns"][index]
    if not turn.get("gladiators"):
        return None
    # The log's own board (GladiatorQuest writes one), else the bout's board option.
    options = (engine_input or {}).get("options") or {}
    cols, rows = log.get("board") or options.get("board") or [8, 8]
    return board_shapes(
        cols=cols,
        rows=rows,
        gladiators=turn["gladiators"],
        colours=colours,
        ground=turn.get("ground", []),
        walls=log.get("walls") or [],
    )


def board_shapes(
    *,
    cols: int,
    rows: int,
    gladiators: dict[str, dict[str, Any]],
    colours: dict[str, str],
    ground: list[Any] | tuple = (),
    walls: list[str] | tuple = (),
    marks: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A board as SVG shapes: squares (each may carry a mark class, for the orders page),
    walls, things on the ground and the gladiators with their facing."""
    marks = marks or {}
    figures = []
    for n, (name, snap) in enumerate(gladiators.items()):
        if not snap.get("square"):
            continue
        x, y = _centre(snap["square"], rows)
        dx, dy = ARROWS.get(snap.get("facing", ""), (0, 0))
        arrow = ""
        if dx or dy:
            tip = (x + dx * CELL * 0.48, y + dy * CELL * 0.48)
            side = (dy * CELL * 0.12, dx * CELL * 0.12)
            base = (x + dx * CELL * 0.3, y + dy * CELL * 0.3)
            arrow = (
                f"{tip[0]:.1f},{tip[1]:.1f} {base[0] + side[0]:.1f},{base[1] + side[1]:.1f} "
                f"{base[0] - side[0]:.1f},{base[1] - side[1]:.1f}"
            )
        figures.append(
            Figure(
                name=name,
                square=str(snap["square"]),
                initials=name[:2],
                x=x,
                y=y,
                colour=colours.get(name, PALETTE[n % len(PALETTE)]),
                alive=bool(snap.get("alive", True)),
                status=str(snap.get("status", "")),
                hp=_hp(snap),
                arrow=arrow,
            )
        )
    things = []
    for thing in ground:
        if isinstance(thing, dict) and thing.get("square"):
            x, y = _centre(thing["square"], rows)
            things.append({"x": x, "y": y, "label": str(thing.get("item", "?"))})
    cells = []
    for r in range(rows):
        for c in range(cols):
            name = f"{chr(ord('A') + c)}{rows - r}"
            cells.append(
                {
                    "x": c * CELL,
                    "y": r * CELL,
                    "name": name,
                    "dark": (c + r) % 2,
                    "mark": marks.get(name, ""),
                }
            )
    return {
        "width": cols * CELL,
        "height": rows * CELL,
        "files": [{"x": c * CELL + CELL / 2, "label": chr(ord("A") + c)} for c in range(cols)],
        "ranks": [{"y": (rows - 1 - r) * CELL + CELL / 2, "label": r + 1} for r in range(rows)],
        "cells": cells,
        "walls": [
            {"x": _centre(w, rows)[0] - CELL / 2, "y": _centre(w, rows)[1] - CELL / 2}
            for w in walls
        ],
        "figures": figures,
        "ground": things,
        "cell": CELL,
    }


def event_sections(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A turn's events for reading. An event of type "phase" starts a section headed by its
    text (a rule set whose turn has phases: tech, actions, repair ...); within a section, events
    carrying a "tick" are grouped by it. Events with neither give one section without a heading
    holding one group: the plain list."""
    sections: list[dict[str, Any]] = [{"title": "", "groups": []}]
    for event in events:
        if event.get("type") == "phase":
            sections.append({"title": event.get("text") or "", "groups": []})
            continue
        groups = sections[-1]["groups"]
        tick = event.get("tick")
        if not groups or groups[-1]["tick"] != tick:
            groups.append({"tick": tick, "events": []})
        groups[-1]["events"].append(event)
    if len(sections) > 1 and not sections[0]["groups"]:
        sections.pop(0)
    if not sections[0]["groups"]:
        sections[0]["groups"].append({"tick": None, "events": []})
    return sections


def hp_series(
    log: dict[str, Any], colours: dict[str, str], *, width: int = 480, height: int = 120
) -> list[dict]:
    """One polyline per gladiator: its body/hp after every turn."""
    turns = log.get("turns", [])
    if not turns:
        return []
    series: dict[str, list[int]] = {name: [] for name in colours}
    for turn in turns:
        for name in series:
            value = _hp(turn.get("gladiators", {}).get(name, {}))
            series[name].append(max(0, int(value or 0)))  # overkill draws as 0
    top = max((max(v) for v in series.values() if v), default=1) or 1
    pad = 6
    step = (width - 2 * pad) / max(1, len(turns) - 1)
    lines = []
    for name, values in series.items():
        points = " ".join(
            f"{pad + n * step:.1f},{height - pad - v / top * (height - 2 * pad):.1f}"
            for n, v in enumerate(values)
        )
        lines.append({"name": name, "colour": colours[name], "points": points, "last": values[-1]})
    return lines
