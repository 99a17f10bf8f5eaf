"""A character's move along the path its order gives (Appendix, "Speed"): each step checked
on the board as it stands (moves.step_problem); water puts out fire; in capture the flag,
flags are taken, returned and captured on the way."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.events import Doused, Moved
from arena.engine.rulesets.arena_of_the_elders.flag import touch_flags
from arena.engine.rulesets.arena_of_the_elders.moves import speed_of, step_problem
from arena.engine.rulesets.arena_of_the_elders.state import OVER


def move(
    board: Changes, turn: Turn, name: str, path: tuple[Square, ...], sure: bool = False
) -> None:
    """Along `path` while each step is allowed; the character is put on its square once,
    where the move ends. `sure`: the path was checked on this board, each step and its end
    (turn.activate), so only what entering each square does is played."""
    if not path:
        return
    if sure:
        return walk(board, turn, name, path)
    f = board.fighter(name)
    from_square = f.square
    speed = speed_of(board, f)
    spent, lines = 0, 0
    walked: list[Square] = []
    why = ""
    here = from_square
    for sq in path:
        mover = board.fighter(name)
        why, spent, lines = step_problem(board, mover, here, sq, spent, lines, speed)
        if why:
            break
        walked.append(sq)
        here = sq
        enter(board, turn, name, sq)
        if board.phase == OVER:
            break
    # "you may move through spaces with allied characters on them but not end your movement
    # on them": back along the path to the last free square.
    taken = {o.square for o in board.fighters if o.alive and o.name != name}
    while walked and walked[-1] in taken:
        walked.pop()
        why = why or "an ally stands on the last square"
    arrive(board, turn, name, walked, walked[-1] if walked else from_square, why)


def walk(board: Changes, turn: Turn, name: str, path: tuple[Square, ...]) -> None:
    """A path known to be open: each square entered in turn, to its end (or a capture that
    ends the bout on the way)."""
    walked: list[Square] = []
    for sq in path:
        walked.append(sq)
        enter(board, turn, name, sq)
        if board.phase == OVER:
            break
    arrive(board, turn, name, walked, walked[-1], "")


def arrive(
    board: Changes, turn: Turn, name: str, walked: list[Square], end: Square, why: str
) -> None:
    """The move's end: the character put on `end` once, and the move told (each square
    named from the map's table, `Geometry.names`)."""
    f = board.fighter(name)
    if f.square != end:
        board.put(replace(f, square=end))
    names = board.arena.geometry.names
    turn.tell(Moved(name, tuple([names[sq] for sq in walked]), names[end], why))


def enter(board: Changes, turn: Turn, name: str, sq: Square) -> None:
    """Entering a square on the way: water puts out fire; in capture the flag, the flags."""
    f = board.fighter(name)
    if f.burning and sq in board.arena.water:
        douse(board, turn, name)
    if board.options.mode == "flag":
        touch_flags(board, turn, name, sq)


def douse(board: Changes, turn: Turn, name: str) -> None:
    """ "If a character ... enters a water space, it is no longer on fire"."""
    turn.tell(Doused(name))
    board.put_changed(name, burning="")
