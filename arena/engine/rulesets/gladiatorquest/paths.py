"""Finding the way on the board, around walls and figures (for the tactics and for spared
gladiators walking out). Steps are orthogonal, as movement is (IV.B.2). The board is given as
its table of steps (core.board.orthogonal_steps: each open square's open neighbours)."""

from __future__ import annotations

from collections import deque
from collections.abc import Container, Mapping

from arena.engine.core.board import Square

STAY = (0, 0)
Steps = Mapping[Square, tuple[tuple[int, int, Square], ...]]


def next_to(sq: Square, target: Square, *, diagonal: bool) -> bool:
    dc, dr = abs(sq.col - target.col), abs(sq.row - target.row)
    return dc + dr == 1 or (diagonal and dc == 1 and dr == 1)


def step_towards(
    steps: Steps, blocked: Container[Square], here: Square, target: Square, *, diagonal: bool
) -> tuple[int, int]:
    """One step closer to a square next to `target` (diagonally next to it too when
    `diagonal`): the free neighbour that gets closest, the first of equals in ORTHOGONAL
    order; when none gets closer, the first step of a shortest free way. STAY when already
    there or when there is no way.

    Closeness is the Manhattan distance; with `diagonal`, the Chebyshev distance first, then
    the Manhattan distance."""
    (col, row), (target_col, target_row) = here, target
    vcol, vrow = target_col - col, target_row - row  # the way to the target
    dc, dr = abs(vcol), abs(vrow)
    if dc + dr == 1 or (diagonal and dc == 1 and dr == 1):
        return STAY  # next to it
    best_step = None
    if not diagonal:
        # Every step along an axis towards the target is one closer, and no step is more:
        # the first free one of those is the closest (and the first of equals).
        for dcol, drow, nxt in steps[here]:
            if (dcol * vcol > 0 or drow * vrow > 0) and nxt not in blocked:
                return (dcol, drow)
    else:
        best = (max(dc, dr), dc + dr)
        for dcol, drow, nxt in steps[here]:
            if nxt not in blocked:
                dc, dr = abs(vcol - dcol), abs(vrow - drow)  # (the way left from there)
                closeness = (max(dc, dr), dc + dr)
                if closeness < best:
                    best, best_step = closeness, (dcol, drow)
    if best_step is not None:
        return best_step
    first: dict[Square, tuple[int, int]] = {here: STAY}
    queue = deque([here])
    while queue:
        sq = queue.popleft()
        if sq != here and next_to(sq, target, diagonal=diagonal):
            return first[sq]
        for dcol, drow, nxt in steps[sq]:
            if nxt not in first and nxt not in blocked:
                first[nxt] = (dcol, drow) if sq == here else first[sq]
                queue.append(nxt)
    return STAY


def straight_at(here: Square, target: Square) -> tuple[int, int]:
    """The orthogonal step most nearly towards the target (ties: along the files)."""
    dcol, drow = target.col - here.col, target.row - here.row
    if abs(dcol) >= abs(drow):
        return (1 if dcol > 0 else -1, 0)
    return (0, 1 if drow > 0 else -1)


def step_away(
    steps: Steps, blocked: Container[Square], here: Square, threat: Square
) -> tuple[int, int]:
    """The free neighbour farthest from the threat (the first of equals), if it is farther
    than here."""
    best, best_step = here.manhattan(threat), STAY
    for dcol, drow, nxt in steps[here]:
        if nxt not in blocked and nxt.manhattan(threat) > best:
            best, best_step = nxt.manhattan(threat), (dcol, drow)
    return best_step
