"""The preparation ("Setup", and each mode's competitive alteration): every player's sheet at
once, the placing in the start zones, the kings, the competitive levels, the roll-off, the
flags, and the first turn."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import tactics
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.data import MAX_LEVEL
from arena.engine.rulesets.arena_of_the_elders.events import KingNamed, LevelGained, RolledOff
from arena.engine.rulesets.arena_of_the_elders.flag import place_flags
from arena.engine.rulesets.arena_of_the_elders.orders import COMPETITIVE_LEVELS, Preparation
from arena.engine.rulesets.arena_of_the_elders.state import PLAY, TEAMS, State
from arena.engine.rulesets.arena_of_the_elders.turn import begin_turn, play_unordered_turns


def resolve_preparation(
    state: State, sheets: Mapping[str, Preparation], dice: Dice
) -> tuple[State, tuple[Event, ...]]:
    """Sheets, places, kings, competitive levels, the roll-off, the flags, and the first
    turn begins."""
    turn = Turn(dice)
    sheets = {**sheets}
    for f in state.fighters:
        sheet = sheets.get(f.name) if not f.house else None
        if sheet is None:
            sheet = tactics.preparation(state, f.name)
        if sheet.choice:
            state = state.put_changed(f.name, choice=sheet.choice)
        sheets[f.name] = sheet
    state = place_characters(state, sheets)
    options = state.options
    if options.mode == "king":
        kings = (nominate_king(state, turn, 0, sheets), nominate_king(state, turn, 1, sheets))
        state = replace(state, kings=kings)
    if options.competitive:
        for team in (0, 1):
            state = distribute_levels(state, turn, team, sheets)
    first = roll_off(turn)
    if options.mode == "flag":
        state = place_flags(state)
    board = Changes(replace(state, phase=PLAY, first=first, turn=0))
    begin_turn(board, turn, first)
    state = play_unordered_turns(board.applied(), turn)
    return replace(state, steps=state.steps + 1), turn.told()


def place_characters(state: State, sheets: Mapping[str, Preparation]) -> State:
    """ "place each character token in the start zone": where its sheet asks (read_preparation
    checked the square is its zone's and no teammate stands there); two sheets asking one
    square are refused."""
    asked: dict[Square, str] = {}
    for f in state.fighters:
        square = sheets[f.name].square
        if square is None or square == f.square:
            continue
        if square in asked:
            raise EngineInputError(
                f"turns[{state.steps}]",
                f"{asked[square]} and {f.name} are both placed on {square}: one a square",
            )
        asked[square] = f.name
        state = state.put(replace(f, square=square))
    return state


def nominate_king(state: State, turn: Turn, team: int, sheets: Mapping[str, Preparation]) -> str:
    """ "each player publicly nominates one of their characters to be the king": in the bout
    input, or on the sheets its players wrote (each sheet names one, read_preparation; they
    must agree). Only a team none of whose players wrote a sheet (absent, or all house
    characters) is crowned by the arena, and the log says so."""
    secret = state.options.competitive
    members = state.team(team)
    named = {sheets[f.name].king for f in members if sheets[f.name].king}
    if state.kings[team]:
        named.add(state.kings[team])
    if len(named) > 1:
        raise EngineInputError(
            f"turns[{state.steps}]",
            f"{TEAMS[team]} nominates {len(named)} kings ({', '.join(sorted(named))}): "
            "its sheets must name the same one",
        )
    if named:
        king = named.pop()
        turn.tell(KingNamed(TEAMS[team], "" if secret else king))
        return king
    king = tactics.default_king(members).name
    turn.tell(KingNamed(TEAMS[team], "" if secret else king, crowned=True))
    return king


def distribute_levels(
    state: State, turn: Turn, team: int, sheets: Mapping[str, Preparation]
) -> State:
    """Competitive: "you may distribute 8 levels between all of your characters". Asked-for
    levels are granted in the team's order while the 8 last; the tactics place the rest."""
    pool = COMPETITIVE_LEVELS
    gained: dict[str, int] = {}
    for f in state.team(team):
        give = min(sheets[f.name].levels, pool, MAX_LEVEL - f.level)
        gained[f.name] = give
        pool -= give
    while pool > 0:
        members = [f for f in state.team(team) if f.level + gained[f.name] < MAX_LEVEL]
        if not members:
            break
        low = min(members, key=lambda f: (f.level + gained[f.name], f.seat))
        gained[low.name] += 1
        pool -= 1
    for f in state.team(team):
        if gained[f.name]:
            state = state.put(replace(f, level=f.level + gained[f.name]))
            turn.tell(LevelGained(f.name, f.level + gained[f.name], "competitive"))
    return state


def roll_off(turn: Turn) -> int:
    """ "each team rolls a d6 the team with a higher roll will go first" (again on a tie):
    the team that goes first."""
    while True:
        red, blue = turn.dice.d6(), turn.dice.d6()
        first = 0 if red > blue else 1
        turn.tell(RolledOff(red, blue, TEAMS[first] if red != blue else ""))
        if red != blue:
            return first
