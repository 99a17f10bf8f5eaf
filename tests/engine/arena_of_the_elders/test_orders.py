"""Orders are read and checked once, where they come in (`read_order`: the sheet or the
activation, typed), and written back as JSON only where they are kept (`order_json`). The
tactics build their activation on the board it runs on, from their own moves, range and sight,
and the resolution takes it as built: every such activation is one the rules allow as it runs,
so skipping the resolution's checks for it changes nothing."""

from __future__ import annotations

import json

import pytest

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.records import replace
from arena.engine.core.ruleset import read_orders
from arena.engine.core.turn import Turn
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import ARENAS, CHAMPIONS, tactics
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.moves import path_problems, target_problem
from arena.engine.rulesets.arena_of_the_elders.orders import (
    AUTO,
    Activation,
    Preparation,
    as_it_moves,
)
from arena.engine.rulesets.arena_of_the_elders.state import OVER, State
from arena.engine.rulesets.arena_of_the_elders.turn import (
    activate,
    end_turn,
    level_up,
    play_unordered_turns,
    sequence,
)
from tests.engine.arena_of_the_elders.helpers import RULES, place

S = Square.parse


def test_a_players_activation_is_read_once_into_its_squares_ability_and_target():
    state = place("Red ignis A1", "Blue vorn A4", "Blue ossa E5")
    order = {"path": "A2", "ability": "Firebolt", "target": "a4", "level_up": "yes", "at": 1}
    assert RULES.read_order(state, "Ignis", order) == Activation(
        (S("A2"),), "firebolt", S("A4"), False, True, 1
    )
    assert RULES.read_order(state, "Ignis", {"auto": True}) == AUTO
    assert RULES.read_order(state, "Ignis", None) == Activation()


def test_an_order_is_refused_where_it_was_given_in_the_words_of_its_check():
    state = place("Red ignis A1", "Red vorn B1", "Blue ossa E5")
    with pytest.raises(EngineInputError) as refused:
        RULES.read_order(state, "Ignis", {"path": ["A3"], "ability": "meteor"})
    assert (refused.value.field, refused.value.message) == (
        "turns[0].Ignis",
        "ability: Ignis does not know Meteor at level 1",
    )
    with pytest.raises(EngineInputError) as refused:
        RULES.read_order(state, "Ossa", {"path": ["E4"]})
    assert (refused.value.field, refused.value.message) == (
        "turns[0].Ossa",
        "Ossa gives no order now",
    )
    over = replace(state, phase=OVER)
    with pytest.raises(EngineInputError) as refused:
        RULES.read_order(over, "Ignis", {})
    assert (refused.value.field, refused.value.message) == ("turns[0]", "the bout is over")


def test_a_step_refuses_the_first_bad_order_it_is_given_and_changes_nothing():
    state = place("Red ignis A1", "Red vorn B1", "Blue ossa E5")
    given = {"Vorn": {}, "Ignis": {"path": ["Z9"]}, "Ossa": {}}
    with pytest.raises(EngineInputError) as refused:
        read_orders(RULES, state, given)
    assert (refused.value.field, refused.value.message) == (
        "turns[0].Ignis",
        "Z9 is not next to A1",
    )
    assert state == place("Red ignis A1", "Red vorn B1", "Blue ossa E5")


@pytest.mark.parametrize(
    "order",
    [
        {},
        {"auto": True},
        {"auto": True, "level_up": True},
        {"path": ["A2", "A3"]},
        {"path": ["A2"], "ability": "firebolt", "target": "A4", "first": "ability", "at": 2},
        {"ability": "firebolt", "target": "A4", "level_up": True},
    ],
)
def test_an_activation_written_back_as_json_reads_back_the_same(order):
    state = place("Red ignis A1", "Red vorn C1", "Blue ossa A4")
    read = RULES.read_order(state, "Ignis", order)
    written = RULES.order_json(read)
    assert json.loads(json.dumps(written)) == written
    assert RULES.read_order(state, "Ignis", written) == read


def test_a_sheet_written_back_as_json_reads_back_the_same():
    bout = {
        "ruleset": "arena-of-the-elders",
        "seed": 1,
        "options": {"mode": "king", "competitive": True},
        "gladiators": [
            {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(CHAMPIONS)
        ],
    }
    state = RULES.setup(bout)
    red = [f for f in state.fighters if f.team == 0]
    f = red[0]
    zone = state.arena.starts[0]
    free = next(sq for sq in zone if all(o.square != sq for o in state.fighters))
    sheet = {"choice": f.hero.ability(3).name, "king": red[1].name, "levels": 3, "start": str(free)}
    read = RULES.read_order(state, f.name, sheet)
    assert read == Preparation(3, red[1].name, 3, False, free)
    assert RULES.read_order(state, f.name, RULES.order_json(read)) == read
    tactics_sheet = RULES.tactics(state, f.name)
    assert RULES.order_json(tactics_sheet) == {"auto": True, "levels": 2}
    assert RULES.read_order(state, f.name, RULES.order_json(tactics_sheet)) == tactics_sheet


# Fixed bouts by tactics: every mode, competitive or not, on every arena.
FIXED = [
    (mode, competitive, arena, seed)
    for mode in ("deathmatch", "king", "flag")
    for competitive in (False, True)
    for arena in sorted(ARENAS)
    for seed in (11,)
]


def _bout(mode: str, competitive: bool, arena: str, seed: int) -> dict:
    keys = list(CHAMPIONS)
    keys = keys[seed % 8 :] + keys[: seed % 8]
    return {
        "ruleset": "arena-of-the-elders",
        "seed": seed,
        "options": {"mode": mode, "competitive": competitive, "arena": arena, "rounds": 10},
        "gladiators": [
            {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys)
        ],
    }


def _allowed_as_it_runs(state: State, name: str, act: Activation) -> None:
    """The resolution's own checks, in full, on the board the activation runs on; and what a
    player's order is read against: the order read back from its JSON is the same."""
    f = state.fighter(name)
    assert RULES.read_order(state, name, RULES.order_json(act)) == act, (name, act)
    ability = f.hero.named(act.ability) if act.ability else None
    mover = as_it_moves(f, ability, act.target, act.ability_first)
    assert path_problems(state, mover, act.path) == [], (name, act)
    if act.path:
        others = {o.square for o in state.fighters if o.alive and o.name != name}
        assert act.path[-1] not in others, (name, act)  # its move ends on a free square
    if ability is not None:
        assert ability in f.known and not f.cooldown(ability.key)
        origin = f.square if act.ability_first or not act.path else act.path[-1]
        assert target_problem(state, f, ability, origin, act.target) == "", (name, act)


def _same_as_checked(state: State, turn: Turn, name: str, act: Activation) -> State:
    """The activation as built (its checks not made again) and checked as a player's order is
    as it runs give the same board, the same events and the same dice: the board as built."""
    checked = Turn(Dice.from_json(turn.dice.to_json()))
    told = len(turn.events)
    built, as_checked = Changes(state), Changes(state)
    activate(built, turn, name, act, sure=True)
    activate(as_checked, checked, name, act)
    after = built.applied()
    assert after == as_checked.applied()
    assert [e.to_dict() for e in turn.events[told:]] == [e.to_dict() for e in checked.events]
    assert turn.dice.to_json() == checked.dice.to_json()
    return after


@pytest.mark.parametrize(("mode", "competitive", "arena", "seed"), FIXED)
def test_every_activation_the_tactics_build_is_allowed_as_it_runs(mode, competitive, arena, seed):
    """Each team turn played activation by activation as turn.team_turn plays it, every one
    left to the tactics; each is checked on the board it runs on, and the turn comes out as
    the rule set's own apply gives it."""
    bout = _bout(mode, competitive, arena, seed)
    state = RULES.setup(bout)
    dice = Dice.seeded(seed)
    state, _ = RULES.apply(
        state, {w: RULES.tactics(state, w) for w in RULES.pending(state).who}, dice
    )
    built = 0
    while not RULES.is_over(state):
        orders = {w: RULES.tactics(state, w) for w in RULES.pending(state).who}
        expected, events = RULES.apply(state, orders, Dice.from_json(dice.to_json()))
        turn = Turn(dice)
        table = Changes(state)  # the turn's table of changes, as team_turn keeps it
        level_up(table, turn, state.acting, orders)
        board = table.applied()
        for name in sequence(board, state.acting, orders):
            if board.phase == OVER:
                break
            f = board.fighter(name)
            if not f.alive or f.skipping:
                continue
            act = tactics.activation(board, name)
            _allowed_as_it_runs(board, name, act)
            board = _same_as_checked(board, turn, name, act)
            built += 1
        table = Changes(board)
        if board.phase != OVER:
            end_turn(table, turn, state.acting)
        board = play_unordered_turns(table.applied(), turn)
        assert replace(board, steps=board.steps + 1) == expected
        assert [e.to_dict() for e in turn.told()] == [e.to_dict() for e in events]
        state = expected
    assert built >= 40
