"""Each arena "is the same for both teams turned half a turn", so Red and Blue must play alike:
a position turned half a turn, with Red and Blue swapped, is played by the tactics and resolved
by the rules into the same position turned (docs/rules/arena-of-the-elders.md, "Balance").
The tactics' ties once broke towards the enemy for Red and towards home for Blue: Red won 42%
of the balance table's bouts."""

from __future__ import annotations

import random

import pytest

from arena.engine.core.dice import Dice
from arena.engine.core.records import replace
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS, tactics
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.state import PLAY, Flag, State
from tests.engine.arena_of_the_elders.helpers import RULES


def swap(text: str) -> str:
    return text.replace("Red", "\0").replace("Blue", "Red").replace("\0", "Blue")


def turned(s: State) -> State:
    """The same position with the teams swapped and the board turned half a turn."""
    t = s.arena.turned
    fighters = sorted(
        (
            replace(f, team=1 - f.team, square=t(f.square),
                    effects=tuple(replace(e, team=1 - e.team) for e in f.effects))
            for f in s.fighters
        ),
        key=lambda f: (f.team, f.seat),
    )  # fmt: skip
    return replace(
        s,
        fighters=tuple(fighters),
        acting=1 - s.acting,
        first=1 - s.first if s.first in (0, 1) else s.first,
        kings=(s.kings[1], s.kings[0]),
        captures=(s.captures[1], s.captures[0]),
        flags=tuple(Flag(t(f.square) if f.square else None, f.carrier) for f in reversed(s.flags)),
        winner=1 - s.winner if s.winner in (0, 1) else s.winner,
        reason=swap(s.reason),
    )


def turned_activation(act: Activation, s: State) -> Activation:
    t = s.arena.turned
    return act._replace(path=tuple(map(t, act.path)), target=t(act.target) if act.target else None)


@pytest.mark.parametrize(
    ("seed", "mode", "arena"),
    [(1, "deathmatch", "elders-ring"), (2, "deathmatch", "drowned-steps"),
     (3, "flag", "elders-ring"), (4, "king", "drowned-steps")],
)  # fmt: skip
def test_a_turned_position_is_played_and_resolved_turned(seed, mode, arena):
    keys = list(CHAMPIONS)
    random.Random(seed).shuffle(keys)
    state = RULES.setup(
        {
            "options": {"mode": mode, "arena": arena, "tactics": True},
            "gladiators": [
                {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
                for n, k in enumerate(keys)
            ],
        }
    )
    dice = Dice.seeded(seed)
    checked = 0
    for _ in range(24):
        if RULES.is_over(state):
            break
        who = RULES.pending(state).who
        orders = {name: RULES.tactics(state, name) for name in who}
        if state.phase == PLAY:
            for name in who:
                mine = tactics.activation(state, name)
                assert tactics.activation(turned(state), name) == turned_activation(mine, state)
            same = Dice.from_json(dice.to_json())
            after, _ = RULES.apply(turned(state), orders, same)
            expected, _ = RULES.apply(state, orders, Dice.from_json(dice.to_json()))
            assert RULES.to_json(after) == RULES.to_json(turned(expected))
            checked += 1
        state, _ = RULES.apply(state, orders, dice)
    assert checked >= 10
