"""The engine's re-run ("What if", arena/engine/core/rerun.py): unchanged, it fights exactly the
bout `play` fought; changed on a step, it fights the steps before as given, and a given order
that no longer fits gives way to tactics, said in a note. Gladiator Arena rolls no dice, and
seed 7 fixes GladiatorQuest's: every step below is known."""

from __future__ import annotations

import pytest

from arena.engine import play, ruleset
from arena.engine.core.rerun import first_divergence, order_problems, play_again

# Turn 1 steps both aside; turn 2 Kaunisto steps on to D6, beside Justbec, and strikes E6.
TURN_1 = {"Kaunisto": {"move": "D5", "strike": ["D6", "D6"]}, "Justbec": {"move": "E6"}}
TURN_2 = {"Kaunisto": {"move": "D6", "strike": ["E6"]}, "Justbec": {"strike": ["D5"]}}
TACTICS = {"board": [8, 8], "time_limit": True, "tactics": True}
ARENA = {
    "ruleset": "gladiator-arena",
    "options": {"board": [8, 8], "time_limit": True},
    "gladiators": [
        {"name": "Kaunisto", "race": "human", "square": "D4", "weapon": "sword"},
        {"name": "Justbec", "race": "dwarf", "square": "D6", "weapon": "sword"},
    ],
    "turns": [TURN_1, TURN_2],
}
RULES = ruleset("gladiator-arena")


def test_unchanged_it_is_the_bout_as_played():
    bout = {**ARENA, "options": TACTICS}  # given turns, then tactics to the end
    again = play_again(RULES, bout, changed=len(bout["turns"]))
    assert again.log == play(bout) and again.notes == ()
    assert first_divergence(play(bout), again.log) is None


def test_a_seeded_bout_by_tactics_is_fought_again_byte_for_byte():
    quest = ruleset("gladiatorquest")
    entrants = [quest.campaign.lab_builds()[i].entrant(n) for i, n in ((0, "A"), (1, "B"))]
    bout = quest.campaign.bout_input(entrants, {}, seed=7, by_tactics=True)
    assert play_again(quest, bout, changed=0).log == play(bout)


def test_a_step_changed_diverges_there_and_orders_that_no_longer_fit_give_way():
    # Turn 1: Kaunisto steps to C4 instead; from there turn 2's move to D6 is no step at all.
    changed = {**ARENA, "turns": [
        {**ARENA["turns"][0], "Kaunisto": {"move": "C4", "strike": []}}, ARENA["turns"][1],
    ]}  # fmt: skip
    again = play_again(RULES, changed, changed=1)
    assert first_divergence(play(ARENA), again.log) == 1
    assert len(again.notes) == 1
    assert again.notes[0].startswith("Turn 2: Kaunisto's order no longer fits (")
    assert again.notes[0].endswith("the tactics fought it.")


def test_the_bout_goes_on_by_tactics_past_the_given_steps():
    again = play_again(RULES, ARENA, changed=0)
    assert again.log["result"]["finished"] is True
    assert len(again.log["turns"]) > len(ARENA["turns"])
    assert first_divergence(play(ARENA), again.log) == len(ARENA["turns"]) + 1


@pytest.mark.parametrize(
    ("turn", "who", "order", "problem"),
    [
        (1, "Kaunisto", {"move": "C5", "strike": []}, "C5 is a diagonal move"),
        (1, "Nobody", {"move": "C4", "strike": []}, "Nobody gives no order on turn 1"),
        (99, "Kaunisto", {"move": "C4", "strike": []}, "the bout was over before turn 99"),
    ],
)
def test_order_problems_in_words(turn, who, order, problem):
    bout = {**ARENA, "options": TACTICS}
    problems = order_problems(RULES, bout, turn=turn, who=who, order=order)
    assert problems and problem in problems[0]


def test_a_fitting_order_has_no_problem():
    assert order_problems(RULES, ARENA, turn=2, who="Kaunisto", order={"move": "C5"}) == []
