"""The orders board as a grid of buttons: rows of squares, each named in words for whoever
cannot see the board ("D5, Justbec, 1 HP, you can move here").

It is built from the same shapes the replay draws (arena/bouts/replay.py, board_shapes), so both
boards look alike: each square draws its own slice of the board (an SVG whose viewBox is the
square), with the figures, things on the ground and walls that fall on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.bouts.replay import square_terrain
from arena.gateway import OrderField, Square

# What a square's mark says, by the mark's kind (OrderField.mark); the pattern drawn for it is
# in ludus.css (.sq.can-move ...), so that colour is never the only sign.
CAN = {"move": "you can move here", "strike": "you can strike here"}


def _occupant(figure: Any, me: str) -> str:
    words = [f"{figure.name} (you)" if figure.name == me else figure.name]
    if figure.hp is not None and figure.alive:
        words.append(f"{figure.hp} HP")
    if not figure.alive:
        words.append("fallen")
    if figure.status:
        words.append(str(figure.status))
    return ", ".join(words)


def _line_words(line: Mapping[str, Any], here: str, toward: str) -> str:
    """A line on a square's side in words: "wall to the east", "ledge down to the south",
    "stairs up to the west" (up or down from this square, by the line's lower side)."""
    if not line.get("low"):
        return f"{line['kind']} to the {toward}"
    way = "up" if line["low"] == here else "down"
    return f"{line['kind']} {way} to the {toward}"


def terrain_cells(terrain: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Each square's terrain for the grid: its classes and words (water, raised ground, zones:
    the same classes as the replay's overlays), and the lines on its sides as classes of its
    table cell ("wall-e": a thick right border, "ledge-s": a bottom one; a line is drawn once,
    on the square left of it or above it) and as words on both squares it parts."""
    cells: dict[str, dict[str, list[str]]] = {}

    def cell(square: str) -> dict[str, list[str]]:
        return cells.setdefault(square, {"classes": [], "words": [], "edges": [], "sides": []})

    for square, cls, words in square_terrain(dict(terrain)):
        cell(square)["classes"].append(cls)
        cell(square)["words"].append(words)
    for line in terrain.get("lines", []):
        a, b = Square.parse(line["a"]), Square.parse(line["b"])
        if a.row == b.row:  # side by side: the right side of the one to the west
            west, east = sorted((a, b), key=lambda sq: sq.col)
            near, far, side, ahead, behind = str(west), str(east), "e", "east", "west"
        else:  # one above the other: the bottom side of the upper one (the higher rank)
            low, high = sorted((a, b), key=lambda sq: sq.row)
            near, far, side, ahead, behind = str(high), str(low), "s", "south", "north"
        cell(near)["edges"].append(f"{line['kind']}-{side}")
        cell(near)["sides"].append(_line_words(line, near, ahead))
        cell(far)["sides"].append(_line_words(line, far, behind))
    return cells


def mark_words(fields: Sequence[OrderField], marks: Mapping[str, str]) -> dict[str, str]:
    """Each marked square's mark in words: what may be chosen there, or what was chosen."""
    chosen = {f"chosen-{f.mark}": f for f in fields}
    words = {}
    for square, mark in marks.items():
        if mark in chosen:
            words[square] = f"chosen: {chosen[mark].label.lower()}"
        elif mark.startswith("can-"):
            words[square] = CAN.get(mark.removeprefix("can-"), "you can choose it")
    return words


def threat_words(names: Sequence[str]) -> str:
    """Who can hurt a gladiator on a square next turn: "threatened by Brutus and Nox"."""
    if len(names) <= 2:
        return f"threatened by {' and '.join(names)}"
    return f"threatened by {', '.join(names[:-1])} and {names[-1]}"


def board_grid(
    shapes: dict[str, Any],
    *,
    me: str,
    words: Mapping[str, str],
    start: str = "",
    terrain: Mapping[str, Any] | None = None,
    threats: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, Any]:
    """The board's squares as rows, top rank first, each with its accessible name. `start` is
    the square the keyboard starts on (the chosen square, else the player's own gladiator);
    `terrain` is the rule set's (its `terrain`), the same the shapes were drawn with;
    `threats` (WebPlay.threats) the opponents that can hurt a gladiator on each square
    next turn, said in the square's name (before what a press does) and drawn as a mark."""
    threats = threats or {}
    lay = terrain_cells(terrain or {})
    bare: dict[str, list[str]] = {"classes": [], "words": [], "edges": [], "sides": []}
    on_square: dict[str, list[Any]] = {}
    for figure in shapes["figures"]:
        on_square.setdefault(figure.square, []).append(figure)
    ground = {}
    for thing in shapes["ground"]:
        ground.setdefault((thing["x"], thing["y"]), []).append(thing["label"])
    walls = {(w["x"], w["y"]) for w in shapes["walls"]}
    cell = shapes["cell"]
    if not start:
        start = next((f.square for f in shapes["figures"] if f.name == me), "")
    rows: list[dict[str, Any]] = []
    for c in shapes["cells"]:
        if not rows or rows[-1]["y"] != c["y"]:
            rows.append({"y": c["y"], "rank": c["name"][1:], "cells": []})
        figures = on_square.get(c["name"], [])
        things = ground.get((c["x"] + cell / 2, c["y"] + cell / 2), [])
        wall = (c["x"], c["y"]) in walls
        laid = lay.get(c["name"], bare)
        label = [c["name"], *laid["words"]]
        label += [_occupant(f, me) for f in figures]
        label += [f"{thing} on the ground" for thing in things]
        if wall:
            label.append("wall")
        label += laid["sides"]
        threatened = tuple(threats.get(c["name"], ()))
        if threatened:
            label.append(threat_words(threatened))
        if c["name"] in words:  # what a press does comes last
            label.append(words[c["name"]])
        rows[-1]["cells"].append(
            {
                **c,
                "figures": figures,
                "things": things,
                "wall": wall,
                "terrain": " ".join(laid["classes"]),
                "edges": " ".join(laid["edges"]),
                "label": ", ".join(label),
                "start": c["name"] == start,
                "threatened": bool(threatened),
            }
        )
    return {
        "rows": rows,
        "files": shapes["files"],
        "cell": cell,
        "figures": shapes["figures"],
        "terrain": bool(lay),
        "threats": bool(threats),
    }
