"""The orders board as a grid of buttons: rows of squares, each named in words for whoever
cannot see the board ("D5, Justbec, 1 HP, you can move here").

It is built from the same shapes the replay draws (arena/replay.py, board_shapes), so both
boards look alike: each square draws its own slice of the board (an SVG whose viewBox is the
square), with the figures, things on the ground and walls that fall on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.campaign import OrderField

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


def board_grid(
    shapes: dict[str, Any], *, me: str, words: Mapping[str, str], start: str = ""
) -> dict[str, Any]:
    """The board's squares as rows, top rank first, each with its accessible name. `start` is
    the square the keyboard starts on (the chosen square, else the player's own gladiator)."""
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
        label = [c["name"]]
        label += [_occupant(f, me) for f in figures]
        label += [f"{thing} on the ground" for thing in things]
        if wall:
            label.append("wall")
        if c["name"] in words:
            label.append(words[c["name"]])
        rows[-1]["cells"].append(
            {
                **c,
                "figures": figures,
                "things": things,
                "wall": wall,
                "label": ", ".join(label),
                "start": c["name"] == start,
            }
        )
    return {"rows": rows, "files": shapes["files"], "cell": cell, "figures": shapes["figures"]}
