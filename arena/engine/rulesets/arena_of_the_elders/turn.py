"""A team's turn, in the order the rule text gives it (docs/rules/arena-of-the-elders.md has
each rule with the text it comes from; RULES.md in this folder maps each to its function).

A step is the preparation (preparation.py) or one team's whole turn. After it, the next
team's turn begins at once (returns, cooldowns and durations, fire, poison, stun), so the
board a player orders from is the board they will act on. A turn in which no player's
character can act (all house, dead or stunned) is played by the tactics within the same step.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders import tactics
from arena.engine.rulesets.arena_of_the_elders.abilities import use_ability
from arena.engine.rulesets.arena_of_the_elders.changes import Board, Changes
from arena.engine.rulesets.arena_of_the_elders.data import MAX_LEVEL
from arena.engine.rulesets.arena_of_the_elders.effects import (
    burn,
    count_down,
    poison,
    regenerate,
    stun,
)
from arena.engine.rulesets.arena_of_the_elders.events import LevelGained, TurnBegan
from arena.engine.rulesets.arena_of_the_elders.health import respawn
from arena.engine.rulesets.arena_of_the_elders.movement import move
from arena.engine.rulesets.arena_of_the_elders.moves import mobility
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.state import OVER, PLAY, TEAMS, State
from arena.engine.rulesets.arena_of_the_elders.victory import turn_limit


def waiting_for(state: State) -> tuple[str, ...]:
    """The characters whose orders the next step waits for: in the preparation every
    player's character; in a turn the acting team's players' characters that can act, and
    its stunned ones while a teammate can act: "they are no longer stunned if they are
    healed", so a heal earlier in the turn lets them act in it."""
    if state.phase == OVER:
        return ()
    if state.phase != PLAY:
        return tuple([f.name for f in state.fighters if not f.house])
    living = [f for f in state.fighters if f.team == state.acting and f.alive]
    if all([f.skipping for f in living]):
        return ()
    return tuple([f.name for f in living if not f.house])


def resolve_turn(
    state: State, acts: Mapping[str, Activation], dice: Dice
) -> tuple[State, tuple[Event, ...]]:
    """The acting team's turn with these activations (a player's character without one does
    nothing; house characters follow the tactics), then on to the next turn that needs an
    order."""
    turn = Turn(dice)
    state = team_turn(state, turn, acts)
    state = play_unordered_turns(state, turn)
    return replace(state, steps=state.steps + 1), turn.told()


def play_unordered_turns(state: State, turn: Turn) -> State:
    """Every turn no player acts in, played by the tactics, until one does or the bout is
    over."""
    while state.phase != OVER and not waiting_for(state):
        state = team_turn(state, turn, {})
    return state


def team_turn(state: State, turn: Turn, acts: Mapping[str, Activation]) -> State:
    """ "At the beginning of each of your turns one character of your choice gains one
    level"; then each character is used once, in the order given; then the turn ends. The
    characters the turn changes go into the state once, at its end (changes.py)."""
    team = state.acting
    board = Changes(state)
    level_up(board, turn, team, acts)
    for name in sequence(board, team, acts):
        if board.phase == OVER:
            return board.applied()
        f = board.fighter(name)
        if not f.alive or f.skipping:
            continue
        act = acts.get(name)
        if act is None and not f.house:
            continue  # a player's character with no order stays where it is
        if act is None or act.auto:
            # Chosen on the board it runs on, from the tactics' own moves, range and sight.
            activate(board, turn, name, tactics.activation(board, name), sure=True)
        else:
            activate(board, turn, name, act)
    if board.phase != OVER:
        end_turn(board, turn, team)
    return board.applied()


def sequence(state: Board, team: int, acts: Mapping[str, Activation]) -> list[str]:
    """ "In any order, but no two actions can take place simultaneously": those given a place
    first, in that order; the rest in the team's order."""
    members = state.team(team)
    placed = sorted(
        [f for f in members if f.name in acts and acts[f.name].at],
        key=lambda f: (acts[f.name].at, f.seat),
    )
    rest = [f for f in members if f not in placed]
    return [f.name for f in placed + rest]


def level_up(board: Changes, turn: Turn, team: int, acts: Mapping[str, Activation]) -> None:
    """ "At the beginning of each of your turns one character of your choice gains one
    level" (none when all are at 6)."""
    members = [f for f in board.team(team) if f.level < MAX_LEVEL]
    if not members:
        return
    chosen = [f for f in members if f.name in acts and acts[f.name].level_up]
    pick = chosen[0] if chosen else tactics.level_pick(board, members)
    turn.tell(LevelGained(pick.name, pick.level + 1, "turn"))
    board.put(replace(pick, level=pick.level + 1))


def begin_turn(board: Changes, turn: Turn, team: int) -> None:
    """The start of a team's turn: its dead return when due, its cooldowns and durations
    count down, fire and poison hurt, regeneration heals, the stunned sit it out."""
    board.evolve(turn=board.state.turn + 1, acting=team)
    turn.tell(TurnBegan(TEAMS[team], board.state.turn))
    for f in board.team(team):
        if not f.alive and f.respawn_in == 0:
            respawn(board, turn, f)
    count_down(board, team)
    for name in [f.name for f in board.team(team)]:
        f = board.fighter(name)
        if f.alive and f.burning:
            burn(board, turn, f)
            f = board.fighter(name)  # as the rule left it
        if f.alive and f.poisoned:
            poison(board, turn, f)
            f = board.fighter(name)
        if f.alive and f.has("regenerate") and f.hp < f.max_health:
            regenerate(board, turn, f)
            f = board.fighter(name)
        if f.alive and f.stunned:
            stun(board, turn, f)
        if board.phase == OVER:
            return


def end_turn(board: Changes, turn: Turn, team: int) -> None:
    """The dead count a turn towards their return, the stunned are done sitting out; at the
    bound on turns the bout ends, else the other team's turn begins."""
    for f in board.team(team):
        if not f.alive and f.respawn_in > 0:
            board.put(replace(f, respawn_in=f.respawn_in - 1))
        elif f.skipping:
            board.put(replace(f, skipping=False))
    if board.state.turn >= 2 * board.options.rounds:
        turn_limit(board, turn)
    else:
        begin_turn(board, turn, 1 - team)


def activate(board: Changes, turn: Turn, name: str, act: Activation, sure: bool = False) -> None:
    """ "Each character can be used once during each of your turns": its move and its
    ability, in either order, written into the turn's table of changes (changes.py).

    `sure`: the activation was checked on the board it begins on (the tactics build it as
    it comes, and only what the rules allow), so its path and target are not checked again
    (a player's order was read before the turn's level and the activations before it, and
    is checked as it runs). What its first half changes is still weighed: a move goes the
    whole of its path, so the ability after it is used from where it was checked; an ability
    used first may change the mover's speed or flying (a buff, or a kill's levels that
    unlock a passive), and then its move is checked step by step."""
    if act.ability_first:
        before = mobility(board, board.fighter(name))
        use_ability(board, turn, name, act.ability, act.target, sure)
        if still_acting(board, name):
            same = mobility(board, board.fighter(name)) == before
            move(board, turn, name, act.path, sure and same)
    else:
        move(board, turn, name, act.path, sure)
        if still_acting(board, name):
            use_ability(board, turn, name, act.ability, act.target, sure)


def still_acting(board: Changes, name: str) -> bool:
    """The second half of an activation waits on a bout still going and a character still
    standing (its first half may end either)."""
    return board.phase != OVER and board.fighter(name).alive
