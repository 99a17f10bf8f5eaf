"""What the lab compares: a rule set's "lab builds", each a ready-made gladiator (type, build
document, equipment). A campaign adapter may list its own with `lab_builds()` (Gladiator Arena:
every race with every weapon it may use); without one, every type with its starting kit is a
build, so every rule set joins the lab through the same seam."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.campaign import LabBuild

JSON = Any


def lab_pairs(adapter: Any, builds: Sequence[LabBuild]) -> list[tuple[LabBuild, LabBuild]]:
    """The lab's cells in matrix order (row by row), without the mirror cells of a rule set
    whose types never meet themselves."""
    mirrors = adapter.mirror_matches
    return [(a, b) for a in builds for b in builds if mirrors or a.key != b.key]


def start_square_pool(adapter: Any, options: Mapping[str, JSON]) -> list[str]:
    """Every square an entrant may start on, for random starts: the board of a rule set with a
    "board" option, each square its adapter accepts. Empty for rule sets that place their
    entrants themselves (an arena's own starting squares)."""
    board = options.get("board")
    if not (isinstance(board, Sequence) and len(board) == 2):
        return []
    width, height = board
    squares = [str(Square(c, r)) for r in range(height) for c in range(width)]
    return [s for s in squares if not adapter.start_problems(options, s)]


def random_starts(pool: Sequence[str], count: int, rng: random.Random) -> list[str]:
    """`count` distinct squares drawn from the pool ("" each when the pool is empty)."""
    if len(pool) < count:
        return [""] * count
    return rng.sample(pool, count)
