"""The bound on turns (not in the text, which has none; docs/rules/arena-of-the-elders.md,
"The bound"): 'after `rounds` turns each, the mode's score decides (captures; enemies killed
at least once in deathmatch; none in kill the king or competitive deathmatch), then the sum
of levels, else a draw.' With rounds=1, Red's turn and then Blue's are the whole bout."""

from __future__ import annotations

from arena.engine import play
from arena.engine.core.campaign import Entrant
from arena.engine.rulesets.arena_of_the_elders.events import Finished
from tests.engine.arena_of_the_elders.helpers import RULES, act, of, place, resolve


def both_turns(state):
    """Red's turn, then Blue's; every character stands still."""
    red = {f.name: act() for f in state.fighters if f.team == 0}
    blue = {f.name: act() for f in state.fighters if f.team == 1}
    after, _ = resolve(state, **red)
    assert not RULES.is_over(after)  # Red has had its turn, Blue not yet
    return resolve(after, **blue)


def finished(events) -> Finished:
    (end,) = of(events, Finished)
    return end


def test_deathmatch_at_the_bound_the_team_that_killed_more_enemies_wins():
    state = place(
        "Red vorn A1 deaths=1", "Red ignis B1",
        "Blue nyx H8 deaths=1", "Blue brann G8 deaths=1",
        rounds=1,
    )  # fmt: skip
    after, events = both_turns(state)
    assert RULES.is_over(after) and after.winner == 0
    assert finished(events) == Finished(
        "Red", "the turn limit (1 turns each); enemies killed 2 to 1"
    )


def test_then_the_sum_of_levels_decides():
    """Kill the king counts no score: levels do (each team also gains its turn's level)."""
    state = place("Red vorn A1 level=2", "Blue nyx H8 level=4", mode="king",
                  kings=("Vorn", "Nyx"), rounds=1)  # fmt: skip
    after, events = both_turns(state)
    assert after.winner == 1
    assert finished(events).reason == "the turn limit (1 turns each); levels 5 to 3"


def test_flag_captures_decide_before_levels():
    state = place("Red vorn A1", "Blue nyx H8 level=5", mode="flag", rounds=1)
    state = state.evolve(captures=(1, 0))
    after, events = both_turns(state)
    assert after.winner == 0
    assert finished(events).reason == "the turn limit (1 turns each); captures 1 to 0"


def test_even_scores_and_even_levels_are_a_draw():
    state = place("Red vorn A1 level=2", "Blue nyx H8 level=2", rounds=1)
    after, events = both_turns(state)
    assert RULES.is_over(after) and finished(events).winner == ""
    assert finished(events).reason == "the turn limit (1 turns each); levels are even at 3"


def test_a_whole_bout_stops_at_the_bound():
    """Two turns each at most: the preparation and four team turns, then the result."""
    campaign = RULES.campaign
    entrants = [
        Entrant(name, kind, campaign.new_build(kind), 1, (), {})
        for name, kind in (("A", "ignis"), ("B", "nyx"))
    ]
    for seed in range(3):
        log = play(campaign.bout_input(entrants, {"rounds": 2}, seed=seed, by_tactics=True))
        assert log["result"]["finished"]
        # The start zones are far apart: nobody can win outright in two turns each.
        assert len(log["turns"]) == 1 + 4
        assert "the turn limit (2 turns each)" in str(log["turns"][-1]["events"])
