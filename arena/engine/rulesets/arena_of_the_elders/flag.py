"""Capture the flag ("Game modes", and its competitive alteration): every rule of the flag in
one place. The flags start at their homes; a character that enters an enemy flag's square
takes it, one that enters its own flag's square returns it, a bearer entering its own flag
zone captures; a bearer who dies drops the flag where it stood. Competitive: the bearer is
slower by 1 and easier to hit."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Board, Changes
from arena.engine.rulesets.arena_of_the_elders.events import FlagEvent
from arena.engine.rulesets.arena_of_the_elders.state import TEAMS, Fighter, Flag, State
from arena.engine.rulesets.arena_of_the_elders.victory import check_victory


def place_flags(state: State) -> State:
    """Each team's flag on its home square."""
    homes = state.arena.flag_homes
    return replace(state, flags=(Flag(homes[0]), Flag(homes[1])))


def carries(state: Board, f: Fighter) -> bool:
    return any([flag.carrier == f.name for flag in state.flags])


def bearer_speed(state: Board, f: Fighter, speed: int) -> int:
    """Competitive: "the flag bearers speed is reduced by 1"."""
    if state.options.mode == "flag" and state.options.competitive and carries(state, f):
        return max(0, speed - 1)
    return speed


def bearer_hit_modifier(state: Board, user: Fighter, target: Fighter) -> int:
    """Competitive: "Abilities targeting the flag bearer get +1 to hit, abilities that the
    flag bearer uses get -1 to hit"."""
    if state.options.mode == "flag" and state.options.competitive:
        return carries(state, target) - carries(state, user)
    return 0


def touch_flags(board: Changes, turn: Turn, name: str, sq: Square) -> None:
    """A character enters `sq`: it takes an enemy flag lying there, returns its own, and
    captures when it bears the enemy flag into its own flag zone."""
    f = board.fighter(name)
    homes = board.arena.flag_homes
    flags = list(board.flags)
    for team in (0, 1):
        flag = flags[team]
        if flag.square != sq:
            continue
        if team == f.team:
            # "if a character touches their own flag it is immediately returned"
            if sq != homes[team]:
                flags[team] = Flag(homes[team])
                turn.tell(FlagEvent(TEAMS[team], "returned", name))
        elif not any([fl.carrier == name for fl in flags]):
            # "If a character moves onto a space that a flag is occupying, they are now
            # carrying it and the flag no longer occupies any space."
            flags[team] = Flag(None, name)
            turn.tell(FlagEvent(TEAMS[team], "taken", name))
    if (flags[0], flags[1]) != board.flags:
        board.evolve(flags=(flags[0], flags[1]))
    if board.flags[1 - f.team].carrier == name and sq in board.arena.flag_zones[f.team]:
        capture_flag(board, turn, f, sq)


def capture_flag(board: Changes, turn: Turn, bearer: Fighter, sq: Square) -> None:
    """ "If a flag bearer enters their own flag zone return the flag to its own flag zone and
    the team ... now counts as having captured the flag one additional time."""
    enemy = 1 - bearer.team
    flags = list(board.flags)
    flags[enemy] = Flag(board.arena.flag_homes[enemy])
    counts = list(board.captures)
    counts[bearer.team] += 1
    board.evolve(flags=(flags[0], flags[1]), captures=(counts[0], counts[1]))
    board.put(replace(bearer, captures=bearer.captures + 1))
    turn.tell(FlagEvent(TEAMS[enemy], "captured", bearer.name, str(sq), counts[bearer.team]))
    check_victory(board, turn)


def drop_flag(board: Changes, turn: Turn, bearer: Fighter) -> None:
    """A bearer that dies drops the flag on the square where it fell."""
    flags = list(board.flags)
    for team, flag in enumerate(flags):
        if flag.carrier == bearer.name:
            flags[team] = Flag(bearer.square)
            turn.tell(FlagEvent(TEAMS[team], "dropped", bearer.name, str(bearer.square)))
            board.evolve(flags=(flags[0], flags[1]))
