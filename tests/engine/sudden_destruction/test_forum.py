"""Web play: the forum format of a plan (both ways), the board, choices and the GM's post."""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from tests.engine.sudden_destruction.helpers import RULES, place, plan, resolve

WEB = RULES.web
POST = """Tech: Max Fire Power 3
Actions: go c3, fire at Blue, wait, close in on Blue, fire any
Interrupt: any
Return fire: no
Evade: yes
"""


def test_a_forum_plan_reads_as_json():
    assert WEB.parse_text(POST) == {
        "tech": {"attribute": "max_fire", "level": 3},
        "actions": [
            {"go": "C3"},
            {"fire": "Blue"},
            {"wait": True},
            {"close": "Blue"},
            {"fire": "any"},
        ],
        "interrupt": "any",
        "return_fire": False,
        "evade": True,
    }


def test_the_forum_text_round_trips():
    order = WEB.parse_text(POST)
    assert WEB.parse_text(WEB.order_text(order)) == order
    assert WEB.order_text(WEB.parse_text(WEB.order_text(order))) == WEB.order_text(order)


def test_a_short_post_takes_the_defaults():
    assert WEB.parse_text("Actions: fire Blue") == {
        "tech": None,
        "actions": [{"fire": "Blue"}],
        "interrupt": "none",
        "return_fire": True,
        "evade": False,
    }


def test_move_and_strike_lines_are_the_drawn_plan():
    order = WEB.parse_text("Move: d5\nStrike: e6, E5")
    assert order == {"move": "D5", "strike": ["E6", "E5"]}
    assert WEB.parse_text(WEB.order_text(order)) == order


def test_every_problem_of_a_post_is_named():
    with pytest.raises(EngineInputError) as error:
        WEB.parse_text("Tech: luck 3\nActions: fly A2, fire\nEvade: perhaps\nHello there")
    assert error.value.field == "text"
    assert error.value.message.split("; ") == [
        "tech: write an attribute and the level to reach, e.g. 'accuracy 2' (attributes: "
        "hit points, movement, min fire power, max fire power, firing rate, range, accuracy, "
        "repair rate, initiative)",
        "action 1 ('fly A2'): start with move, go, close, attack, fire, wait",
        "action 2: fire what? (a square or a counter's name)",
        "line 3: evade: yes or no",
        "line 4: 'Hello there' is not a plan line (Tech, Actions, Interrupt, Return fire, "
        "Evade, or Move and Strike)",
    ]


def test_the_board_and_the_snapshot():
    state = place("Red A1 hp=3 damage=1", "Blue H8", board=(10, 6))
    assert WEB.board(state) == (10, 6)
    assert WEB.snapshot(state)["Red"] == {
        "square": "A1",
        "hp": 2,
        "alive": True,
        "damage": 1,
        "levels": {
            "hit_points": 3,
            "movement": 1,
            "min_fire": 0,
            "max_fire": 1,
            "firing_rate": 1,
            "range": 0,
            "accuracy": 0,
            "repair": 0,
            "initiative": 0,
        },
    }


def test_choices_offer_the_squares_in_reach_and_the_targets_in_range():
    state = place("Red B2 mov=1 range=1", "Blue C3", "Green B3")
    assert WEB.choices(state, "Red", {}) == {
        "move": ["B1", "A2", "C2", "B3"],
        "strike": ["B3"],
    }
    assert WEB.choices(state, "Red", {"move": "C2"})["strike"] == ["C3"]


@pytest.mark.parametrize("markup", ["bbcode", "markdown"])
def test_the_round_as_a_forum_post(markup):
    state = place("Red A1 acc=9", "[b]Blue* A1")
    after, events = resolve(state, [1, 0, 9], Red=plan("fire [b]Blue*", tech="initiative 1"))
    post = WEB.forum_post(state, after, events, markup)
    assert post.startswith("[b]Round 1[/b]" if markup == "bbcode" else "**Round 1**")
    assert "Tech" in post and "Actions" in post
    assert "SUDDEN DESTRUCTION" in post
    assert "[b]Blue" not in post  # a name never opens a tag
    assert "Red is the last on the board" in post


def test_the_typed_box_explains_every_line_with_an_example_that_is_a_legal_plan():
    state = place("Red A1 acc=2", "Blue H8", "Green A8")
    help = WEB.text_help(state, "Red", {})
    typed = [line.split(":")[0] for line, _ in help.lines]
    assert typed == ["Tech", "Actions", "Interrupt", "Return fire", "Evade", "Move"]
    # The example is for this counter on this board: its next accuracy, the nearest enemy.
    assert "Tech: accuracy 3" in help.example and "fire at Green" in help.example
    assert RULES.validate(state, "Red", WEB.parse_text(help.example)) == []
    assert help.start == "" and "tech attempt" in help.note
    assert "Red now: HP 1, Acc 2, FP 0-1" in help.note  # the levels to aim above


def test_the_typed_box_starts_with_the_drawn_plan_in_full_so_a_tech_line_is_one_change():
    state = place("Red A1 range=1", "Blue A3")
    help = WEB.text_help(state, "Red", {"move": "A2", "strike": ["A3"]})
    assert help.start.splitlines() == [
        "Tech: none",
        "Actions: go A2, fire Blue",
        "Interrupt: any",
        "Return fire: yes",
        "Evade: yes",
    ]
    typed = help.start.replace("Tech: none", "Tech: accuracy 1")
    assert WEB.parse_text(typed)["tech"] == {"attribute": "accuracy", "level": 1}
    assert RULES.validate(state, "Red", WEB.parse_text(typed)) == []
    # A drawn plan the board refuses starts nothing.
    assert WEB.text_help(state, "Red", {"strike": ["H8"]}).start == ""
