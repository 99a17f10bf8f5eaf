"""How a bout ends: each mode's victory ("Game modes"), the competitive game's count of levels,
and the bound on turns (not in the text: docs/rules/arena-of-the-elders.md, "The bound")."""

from __future__ import annotations

from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Board, Changes
from arena.engine.rulesets.arena_of_the_elders.events import Finished
from arena.engine.rulesets.arena_of_the_elders.state import DRAW, OVER, TEAMS


def level_sum(board: Board, team: int) -> int:
    return sum([f.level for f in board.team(team)])


def check_victory(board: Changes, turn: Turn) -> None:
    """Team deathmatch: "the first team that has had all their characters die at least once
    loses" (competitive: twice each, then the sum of levels decides); kill the king: "the
    first team to kill the enemies king wins"; capture the flag: "the first team to capture
    the flag twice wins" (competitive: three times)."""
    if board.phase == OVER:
        return
    options = board.options
    if options.mode == "deathmatch":
        need = options.deaths_to_lose
        for team in (0, 1):
            if all([f.deaths >= need for f in board.team(team)]):
                if not options.competitive:
                    why = f"every {TEAMS[team]} character has died at least once"
                    return finish(board, turn, 1 - team, why)
                return by_levels(board, turn, f"every {TEAMS[team]} character has died twice")
    elif options.mode == "king":
        for team in (0, 1):
            king = board.get(board.kings[team])
            if king is not None and king.deaths:
                why = f"the {TEAMS[team]} king, {king.name}, is killed"
                return finish(board, turn, 1 - team, why)
    else:
        for team in (0, 1):
            if board.captures[team] >= options.captures_to_win:
                return finish(board, turn, team, f"{board.captures[team]} captures")


def by_levels(board: Changes, turn: Turn, why: str) -> None:
    """Competitive: "the team with the highest sum of levels wins"; even levels draw."""
    red, blue = level_sum(board, 0), level_sum(board, 1)
    if red == blue:
        return finish(board, turn, DRAW, f"{why}; levels are even at {red}")
    top = 0 if red > blue else 1
    return finish(board, turn, top, f"{why}; levels {max(red, blue)} to {min(red, blue)}")


def turn_limit(board: Changes, turn: Turn) -> None:
    """The bound on turns (not in the text): the mode's score decides, then the sum of
    levels, else a draw."""
    options = board.options
    if options.mode == "flag":
        scores = board.captures
        what = "captures"
    elif options.mode == "deathmatch" and not options.competitive:
        scores = (
            sum(1 for f in board.team(1) if f.deaths),
            sum(1 for f in board.team(0) if f.deaths),
        )
        what = "enemies killed"
    else:
        scores = (0, 0)
        what = ""
    why = f"the turn limit ({options.rounds} turns each)"
    if what and scores[0] != scores[1]:
        top = 0 if scores[0] > scores[1] else 1
        return finish(board, turn, top, f"{why}; {what} {max(scores)} to {min(scores)}")
    return by_levels(board, turn, why)


def finish(board: Changes, turn: Turn, winner: int, reason: str) -> None:
    turn.tell(Finished(TEAMS[winner] if winner in (0, 1) else "", reason))
    board.evolve(phase=OVER, winner=winner, reason=reason)
