"""View models for a bout's replay: the board of one turn as SVG shapes, and HP over turns.

Works from the stored engine log of any rule set whose turns carry snapshots of its gladiators
("gladiators": name -> {square in A1 notation, body or hp, alive}); a rule set without a board
gets the event log alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena.engine import EngineInputError, ruleset
from arena.engine.core.board import Square
from arena.engine.core.ruleset import StepWord, step_word_of
from campaign.charts import Chart, turns_chart

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


# A team game's sides, coloured as they are named; another team name takes the palette's next.
TEAM_COLOURS = {"Red": PALETTE[0], "Blue": PALETTE[1]}


def entrant_colours(engine_input: dict[str, Any] | None) -> dict[str, str]:
    """One colour per gladiator, the same on every board of the bout: by entry order, from the
    engine input's list (the log's snapshots are JSON objects, whose key order PostgreSQL's
    jsonb does not keep). Where the gladiators have teams, one colour per team, so that a side
    reads at a glance (each token keeps its own initials)."""
    gladiators = (engine_input or {}).get("gladiators", [])
    if gladiators and all(g.get("team") for g in gladiators):
        teams = list(dict.fromkeys(g["team"] for g in gladiators))
        others = [c for c in PALETTE if c not in TEAM_COLOURS.values()]
        colour = {
            team: TEAM_COLOURS.get(team) or others[n % len(others)] for n, team in enumerate(teams)
        }
        return {g["name"]: colour[g["team"]] for g in gladiators}
    names = [g["name"] for g in gladiators]
    return {name: PALETTE[n % len(PALETTE)] for n, name in enumerate(names)}


def _centre(square: str, rows: int) -> tuple[float, float]:
    sq = Square.parse(square)
    return sq.col * CELL + CELL / 2, (rows - 1 - sq.row) * CELL + CELL / 2


def board_view(
    log: dict[str, Any],
    index: int,
    colours: dict[str, str],
    engine_input: dict[str, Any] | None = None,
    terrain: dict[str, Any] | None = None,
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
        terrain=terrain,
    )


def board_shapes(
    *,
    cols: int,
    rows: int,
    gladiators: dict[str, dict[str, Any]],
    colours: dict[str, str],
    ground: list[Any] | tuple = (),
    marks: dict[str, str] | None = None,
    terrain: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A board as SVG shapes: squares (each may carry a mark class, for the orders page),
    things on the ground and the gladiators with their facing; with the rule set's `terrain`,
    its blocks (walls), water, heights, zones and the lines between squares too."""
    marks = marks or {}
    terrain = terrain or {}
    walls = terrain.get("blocks", [])
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
        **terrain_shapes(terrain, rows),
    }


# A zone's words by its kind (the class before the team's name); other kinds read as they are.
ZONE_WORDS = {"start": "start zone"}


def _zone_words(cls: str) -> str:
    kind, _, team = cls.rpartition("-")
    return f"{team.capitalize()} {ZONE_WORDS.get(kind, kind.replace('-', ' '))}"


def square_terrain(terrain: dict[str, Any]) -> list[tuple[str, str, str]]:
    """What a rule set's terrain lays on single squares, as (square, CSS class, words): water,
    raised ground by height, zones. The replay draws it as overlays, the orders grid as its
    buttons' classes and names ("C4, water, height 2, ...")."""
    marks = [(sq, "water", "water") for sq in terrain.get("water", [])]
    marks += [(sq, f"raised h{min(int(h), 3)}", f"height {h}")
              for sq, h in terrain.get("heights", {}).items()]  # fmt: skip
    marks += [(sq, f"zone {cls}", _zone_words(cls))
              for sq, cls in terrain.get("zones", {}).items()]  # fmt: skip
    return marks


SHADE = 7  # how deep the shading of a ledge reaches into the lower square


def terrain_shapes(terrain: dict[str, Any], rows: int) -> dict[str, list[dict[str, Any]]]:
    """A rule set's terrain as SVG shapes, each with CSS classes (no inline style: the pages'
    CSP forbids it): overlays on squares (water, raised ground by height, zones), the lines
    between squares (walls, ledges, stairs) and the shading on a ledge's lower side."""

    def corner(square: str) -> tuple[float, float]:
        x, y = _centre(square, rows)
        return x - CELL / 2, y - CELL / 2

    overlays = [{"xy": corner(sq), "cls": cls} for sq, cls, _ in square_terrain(terrain)]
    lines, shades = [], []
    for line in terrain.get("lines", []):
        (ax, ay), (bx, by) = corner(line["a"]), corner(line["b"])
        if ax == bx:  # one above the other: a horizontal line where they meet
            y = max(ay, by)
            x1, y1, x2, y2 = ax, y, ax + CELL, y
        else:  # side by side: a vertical line
            x = max(ax, bx)
            x1, y1, x2, y2 = x, ay, x, ay + CELL
        lines.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "cls": line["kind"]})
        if line.get("low") and line["kind"] == "ledge":
            lx, ly = corner(line["low"])
            if ax == bx:
                top = y1 if ly >= y1 else y1 - SHADE
                shades.append({"x": x1, "y": top, "w": CELL, "h": SHADE})
            else:
                left = x1 if lx >= x1 else x1 - SHADE
                shades.append({"x": left, "y": y1, "w": SHADE, "h": CELL})
    for o in overlays:
        o["x"], o["y"] = o.pop("xy")
    return {"overlays": overlays, "lines": lines, "shades": shades}


def terrain_of(rules: Any, state: Any) -> dict[str, Any]:
    """The terrain a rule set draws for this state (its optional `terrain`; {}: squares
    alone)."""
    draw = getattr(rules, "terrain", None)
    return draw(state) if draw is not None else {}


def input_terrain(slug: str, engine_input: dict[str, Any] | None) -> dict[str, Any]:
    """The terrain of a bout's board from its engine input (the map does not change in a
    bout), for the replay; {} for a rule set that draws none or an input it cannot set up."""
    try:
        rules = ruleset(slug)
        if getattr(rules, "terrain", None) is None or not engine_input:
            return {}
        return terrain_of(rules, rules.setup(engine_input))
    except EngineInputError:
        return {}


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
    log: dict[str, Any], colours: dict[str, str], step: StepWord | None = None
) -> Chart | None:
    """Each gladiator's body/hp after every turn (or what the rule set calls its steps), one
    line each, as a chart with a legend."""
    step = step or step_word_of(None)
    turns = log.get("turns", [])
    series: dict[str, list[int]] = {name: [] for name in colours}
    for turn in turns:
        for name in series:
            value = _hp(turn.get("gladiators", {}).get(name, {}))
            series[name].append(max(0, int(value or 0)))  # overkill draws as 0
    return turns_chart(
        series,
        colours,
        title=f"Health (body points or hit points) of each gladiator after every {step}",
        y_label="health",
        x_label=step.one,
    )
