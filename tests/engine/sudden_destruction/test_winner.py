"""Winning the Game, the standings and the round limit."""

from __future__ import annotations

from arena.engine.core.protocol import Fate
from tests.engine.sudden_destruction.helpers import RULES, place, plan, resolve


def rows(state):
    return [(s.name, s.place, s.fate) for s in RULES.standings(state)]


def test_the_last_player_on_the_board_wins():
    """Winning: 'The winner is the last player remaining on the board.'"""
    state = place("Red A1 acc=9", "Blue A1")
    after, _ = resolve(state, [0, 9, 5], Red=plan("fire Blue"))
    result = RULES.result(after)
    assert result["finished"] and result["winner"] == "Red"
    assert rows(after) == [("Red", 1, Fate.FIGHTING), ("Blue", 2, Fate.DEAD)]


def test_all_destroyed_in_one_round_the_highest_initiative_wins():
    """Winning: 'If the last players on the board happen to all be destroyed in the same
    round, then the one with the highest initiative is the winner.' Red (initiative 2) falls
    to Blue; Blue and Green then destroy each other."""
    state = place("Red A1 ini=2", "Blue A1 ini=1 rate=2", "Green A1 ini=1")
    after, _ = resolve(state, [5, 0, 9, 0, 9, 0, 9], Red=plan("fire Blue"), Blue=plan("fire Green"))
    assert RULES.result(after)["winner"] == "Red"
    assert rows(after) == [
        ("Red", 1, Fate.DEAD),
        ("Blue", 2, Fate.DEAD),
        ("Green", 2, Fate.DEAD),
    ]


def test_all_destroyed_with_equal_initiative_is_a_tie():
    """Winning: 'If more than one has the same highest initiative, then it is a tie.'"""
    state = place("Red A1", "Blue A1")
    after, _ = resolve(state, [0, 9, 0, 9], Red=plan("fire Blue"))
    result = RULES.result(after)
    assert result["finished"] and "winner" not in result
    assert [r["place"] for r in result["standings"]] == [1, 1]


def test_a_counter_destroyed_later_places_higher():
    state = place("Red A1 acc=9", "Blue A1", "Green H8")
    after, _ = resolve(state, [0, 9, 5], Red=plan("fire Blue"))
    assert rows(after)[-1] == ("Blue", 3, Fate.DEAD)
    assert [r[1] for r in rows(after)[:2]] == [1, 1]  # still two on the board: not over


def test_the_round_limit_ends_the_bout_as_a_tie_of_those_on_the_board():
    state = place("Red A1", "Blue H8", max_rounds=1)
    after, events = resolve(state, [])
    result = RULES.result(after)
    assert result["finished"] and "winner" not in result
    assert rows(after) == [("Red", 1, Fate.FIGHTING), ("Blue", 1, Fate.FIGHTING)]
    assert "round limit" in events[-1].text()


def test_standings_carry_the_columns():
    state = place("Red A1 acc=9", "Blue A1")
    after, _ = resolve(state, [0, 9, 5], Red=plan("fire Blue"))
    row = RULES.result(after)["standings"][0]
    assert {c.key for c in RULES.columns} <= set(row)
    assert (row["destroyed"], row["destroyed_in"], row["hp"]) == (1, None, 1)
    assert row["tech"].startswith("HP 1, Acc 9, FP 0-1")
