"""Game setup: 'During your turn you may move any characters and activate any of their
abilities in any order, but no two actions can take place simultaneously.' Each activation
meets the board as it stands when it runs, not as it stood when the turn began."""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Died, Moved
from tests.engine.arena_of_the_elders.helpers import RULES, act, at, of, place, resolve

# Ignis on A5 shoots Nyx (1 health) on B3; Vorn on A3 then walks through B3.
BOARD = ("Red vorn A3", "Red ignis A5", "Blue nyx B3 hp=1", "Blue brann H8")
SHOT = act("", "firebolt", "B3", at=1)
WALK = act("B3 C3", at=2)


def test_a_champion_steps_onto_the_square_of_an_enemy_killed_earlier_in_the_turn():
    state = place(*BOARD)
    assert RULES.validate(state, "Vorn", WALK) == []  # Ignis may clear the way first
    after, events = resolve(state, [3], Ignis=SHOT, Vorn=WALK)
    assert Died("Nyx", "Ignis", 1) in events
    assert at(after, "Vorn") == "C3"


def test_when_the_enemy_still_stands_the_move_stops_before_it_in_words():
    state = place(*BOARD)
    after, events = resolve(state, [1], Ignis=SHOT, Vorn=WALK)  # a 1 misses
    assert at(after, "Vorn") == "A3"
    assert of(events, Moved) == [Moved("Vorn", (), "A3", "an enemy (Nyx) stands on B3")]


def test_a_lone_character_is_checked_against_the_board_as_it_is():
    """Nobody else of its team can act before it: the board cannot change first."""
    state = place("Red vorn A3", "Blue nyx B3", "Blue brann H8")
    assert RULES.validate(state, "Vorn", act("B3 C3")) == ["an enemy (Nyx) stands on B3"]


def test_the_order_page_offers_the_square_an_earlier_activation_may_free():
    state = place(*BOARD)
    assert "B3" in RULES.web.choices(state, "Vorn", {})["path"]
    lone = place("Red vorn A3", "Blue nyx B3", "Blue brann H8")
    assert "B3" not in RULES.web.choices(lone, "Vorn", {})["path"]
