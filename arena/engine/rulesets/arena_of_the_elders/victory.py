"""How a bout ends: each mode's victory ("Game modes"), the competitive game's count of levels,
and the bound on turns (not in the text: docs/rules/arena-of-the-elders.md, "The bound")."""

from __future__ import annotations

from dataclasses import replace

from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.events import Finished
from arena.engine.rulesets.arena_of_the_elders.state import DRAW, OVER, TEAMS, State


def level_sum(state: State, team: int) -> int:
    return sum(f.level for f in state.team(team))


def check_victory(state: State, turn: Turn) -> State:
    """Team deathmatch: "the first team that has had all their characters die at least once
    loses" (competitive: twice each, then the sum of levels decides); kill the king: "the
    first team to kill the enemies king wins"; capture the flag: "the first team to capture
    the flag twice wins" (competitive: three times)."""
    if state.phase == OVER:
        return state
    options = state.options
    if options.mode == "deathmatch":
        need = options.deaths_to_lose
        for team in (0, 1):
            if all(f.deaths >= need for f in state.team(team)):
                if not options.competitive:
                    why = f"every {TEAMS[team]} character has died at least once"
                    return finish(state, turn, 1 - team, why)
                return by_levels(state, turn, f"every {TEAMS[team]} character has died twice")
    elif options.mode == "king":
        for team in (0, 1):
            king = state.get(state.kings[team])
            if king is not None and king.deaths:
                why = f"the {TEAMS[team]} king, {king.name}, is killed"
                return finish(state, turn, 1 - team, why)
    else:
        for team in (0, 1):
            if state.captures[team] >= options.captures_to_win:
                return finish(state, turn, team, f"{state.captures[team]} captures")
    return state


def by_levels(state: State, turn: Turn, why: str) -> State:
    """Competitive: "the team with the highest sum of levels wins"; even levels draw."""
    red, blue = level_sum(state, 0), level_sum(state, 1)
    if red == blue:
        return finish(state, turn, DRAW, f"{why}; levels are even at {red}")
    top = 0 if red > blue else 1
    return finish(state, turn, top, f"{why}; levels {max(red, blue)} to {min(red, blue)}")


def turn_limit(state: State, turn: Turn) -> State:
    """The bound on turns (not in the text): the mode's score decides, then the sum of
    levels, else a draw."""
    options = state.options
    if options.mode == "flag":
        scores = state.captures
        what = "captures"
    elif options.mode == "deathmatch" and not options.competitive:
        scores = (
            sum(1 for f in state.team(1) if f.deaths),
            sum(1 for f in state.team(0) if f.deaths),
        )
        what = "enemies killed"
    else:
        scores = (0, 0)
        what = ""
    why = f"the turn limit ({options.rounds} turns each)"
    if what and scores[0] != scores[1]:
        top = 0 if scores[0] > scores[1] else 1
        return finish(state, turn, top, f"{why}; {what} {max(scores)} to {min(scores)}")
    return by_levels(state, turn, why)


def finish(state: State, turn: Turn, winner: int, reason: str) -> State:
    turn.tell(Finished(TEAMS[winner] if winner in (0, 1) else "", reason))
    return replace(state, phase=OVER, winner=winner, reason=reason)
