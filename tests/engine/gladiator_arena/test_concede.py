"""Section 8 d as ruled: conceding when two remain."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError, play
from arena.engine.rulesets.gladiator_arena import (
    Concession,
    Order,
    ProblemKind,
    validate_order,
)
from tests.engine.gladiator_arena.helpers import bout, gl, order, place, resolve


def test_conceding_ends_the_game_and_the_other_gains_a_kill():
    """8 d: 'When only two players remain and one is in no-win position, he/she can choose to
    acknowledge loss and game ends with the other player gaining a kill.'"""
    result = play(
        bout(
            gl("Kaunisto", "human", "sword", "D4"),
            gl("Justbec", "dwarf", "axe", "E6"),
            turns=[{"Justbec": {"concede": True}, "Kaunisto": {"move": "D5"}}, {}],
        )
    )
    assert len(result["turns"]) == 1
    first, second = result["result"]["standings"]
    assert (first["name"], first["kills"], first["place"]) == ("Kaunisto", "1", 1)
    assert (second["name"], second["alive"], second["died_on_turn"]) == ("Justbec", False, 1)
    assert result["result"]["finished"] is True
    # The concession pre-empts the turn: Kaunisto's move is not carried out.
    assert result["turns"][0]["gladiators"]["Kaunisto"]["square"] == "D4"


def test_in_a_standoff_the_conceder_may_lose_a_kill_instead():
    """8 d: 'That player may acknowledge the situation and end game, choosing to either lose a
    kill or award one to the other player.'"""
    state = place("A human sword D4", "B human sword D8")
    after, _ = resolve(state, A=Order(concede=Concession.LOSE_KILL))
    assert after.get("A").kills == -1 and after.get("B").kills == 0
    assert after.finished


def test_it_refuses_a_concession_with_three_left():
    """RULINGS: 'When exactly two remain, either may concede'."""
    state = place("A human sword D4", "B human sword D8", "C human sword H1")
    (problem,) = validate_order(state, "A", Order(concede=Concession.AWARD_KILL))
    assert problem.kind is ProblemKind.CONCEDE_NOT_TWO
    with pytest.raises(EngineInputError, match="exactly two"):
        play(
            bout(
                gl("A", "human", "sword", "D4"),
                gl("B", "human", "sword", "D8"),
                gl("C", "human", "sword", "H1"),
                turns=[{"A": {"concede": True}}],
            )
        )


def test_a_concession_can_not_come_with_a_move():
    state = place("A human sword D4", "B human sword D8")
    (problem,) = validate_order(
        state, "A", Order(move=order("D5").move, concede=Concession.AWARD_KILL)
    )
    assert problem.kind is ProblemKind.CONCEDE_WITH_ACTIONS
