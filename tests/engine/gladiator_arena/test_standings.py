"""Section 8 (end of game, scoring) as ruled: standings and their tie-breaks."""

from __future__ import annotations

from fractions import Fraction

from arena.engine import play
from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_arena import Gladiator, standings
from tests.engine.gladiator_arena.helpers import bout, gl, order, place, resolve


def rows(state):
    return [(s.name, s.place) for s in standings(state)]


def with_(state, **changes):
    def patch(g: Gladiator) -> Gladiator:
        values = changes.get(g.name, {})
        return replace(
            g,
            hp=values.get("hp", g.hp),
            alive=values.get("alive", g.alive),
            died_on_turn=values.get("died", g.died_on_turn),
            kills=Fraction(values.get("kills", g.kills)),
            damage_dealt=values.get("dealt", g.damage_dealt),
        )

    return replace(state, gladiators=tuple(patch(g) for g in state.gladiators), turn=9)


BASE = ("A human axe A1", "B human axe C1", "C human axe E1", "D human axe G1")


def test_the_game_ends_when_one_is_left():
    """8: 'Game ends when there is only one player or none left.'"""
    state = place("A human axe D4", "B halfling axe D5")
    after, _ = resolve(state, A=order(None, "D5", "D5"))
    assert after.finished


def test_most_kills_wins():
    """8: 'Winner is the player who kills ... most other players.'"""
    state = with_(place(*BASE), B={"kills": 2}, C={"kills": Fraction(3, 2)})
    assert rows(state)[:2] == [("B", 1), ("C", 2)]


def test_on_equal_kills_the_one_who_survived_longer_wins():
    """8: 'When two or more players have same amount of kills, winner is one who survived
    longer.'"""
    state = with_(
        place(*BASE),
        A={"alive": False, "died": 3},
        B={"alive": False, "died": 7},
        D={"alive": False, "died": 5},
    )
    assert [name for name, _ in rows(state)] == ["C", "B", "D", "A"]


def test_removed_on_the_same_turn_more_hp_wins_and_zero_or_less_counts():
    """8: 'If they were removed from game on same turn, the one with more HP wins (a player
    can have 0 or negative HP at the time of being removed).'"""
    state = with_(
        place(*BASE),
        A={"alive": False, "died": 4, "hp": -3},
        B={"alive": False, "died": 4, "hp": 0},
    )
    assert [name for name, _ in rows(state)][2:] == ["B", "A"]


def test_then_more_damage_dealt_wins():
    """8: 'If even that's tied, winner is one who caused more damage during whole game.'"""
    state = with_(
        place(*BASE),
        A={"alive": False, "died": 4, "hp": 0, "dealt": 3},
        B={"alive": False, "died": 4, "hp": 0, "dealt": 9},
    )
    assert [name for name, _ in rows(state)][2:] == ["B", "A"]


def test_equal_on_every_count_share_a_place():
    """Own decision (docs): full ties share a place (1, 1, 3 ...), listed in setup order."""
    state = place(*BASE)
    assert rows(state) == [("A", 1), ("B", 1), ("C", 1), ("D", 1)]


def test_kills_are_exact_fractions_in_the_output():
    """Contract: '"kills" is an exact fraction in lowest terms as a string'."""
    result = play(
        bout(
            gl("A", "human", "axe", "D4"),
            gl("B", "human", "axe", "F4"),
            gl("V", "halfling", "sword", "E4"),
            turns=[{"A": {"strike": ["E4", "E4"]}, "B": {"strike": ["E4", "E4"]}}],
        )
    )
    kills = {row["name"]: row["kills"] for row in result["result"]["standings"]}
    assert kills == {"A": "1/2", "B": "1/2", "V": "0"}
