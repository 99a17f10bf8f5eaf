"""Timed speed and flight: Blaze Step (Ignis, champions.json: "self; haste; cooldown 3;
duration 2 - Speed +2 while it lasts"), Tidal Blessing (Mira: "range 3; haste; cooldown 3;
duration 2 - An ally (or Mira) gets speed +2 while it lasts") and Updraft (Kestrel: "self;
soar; cooldown 3; duration 2 - Flying +2 and speed +1 while it lasts"). Appendix, "Duration
rules": 'at the beginning of each of your turns reduce the duration by 1, the ability takes
effect until the duration is 0.'"""

from __future__ import annotations

from tests.engine.arena_of_the_elders.helpers import RULES, act, at, place, resolve, who

# Ignis's level-3 choices are slots 2-4: 4 is Blaze Step; Kestrel's 4 is Updraft.
ROW_SEVEN = "B7 C7 D7 E7 F7"  # five free steps along the yard's seventh rank


def blue_turn(state):
    """Blue's turn passes: Brann stands still far away."""
    after, _ = resolve(state, Brann=act())
    return after


def test_blaze_step_gives_two_more_speed_on_the_next_turn_and_then_wears_off():
    state = place("Red ignis A7 level=3 choice=4", "Blue brann H1")
    assert who(state, "Ignis").speed == 3
    assert RULES.validate(state, "Ignis", act(ROW_SEVEN))[0].startswith("no movement left")
    after, _ = resolve(state, Ignis=act("", "blaze-step"))
    hasted = who(after, "Ignis")
    assert [(e.kind, e.left) for e in hasted.effects] == [("haste", 2)]
    assert hasted.cooldown("blaze-step") == 3
    # Red's next turn: the duration counts down to 1, still above 0: speed 3 + 2.
    state = blue_turn(after)
    assert who(state, "Ignis").speed == 5
    assert RULES.validate(state, "Ignis", act(ROW_SEVEN)) == []
    after, _ = resolve(state, Ignis=act(ROW_SEVEN))
    assert at(after, "Ignis") == "F7"
    # The turn after: the duration reaches 0 and the haste is gone.
    state = blue_turn(after)
    assert who(state, "Ignis").effects == () and who(state, "Ignis").speed == 3
    assert RULES.validate(state, "Ignis", act("G7 H7 H6 G6"))[0].startswith("no movement left")


def test_tidal_blessing_hastes_an_ally_in_range():
    """Mira's slot 4 on Vorn, two squares away: his next turn has speed 5."""
    state = place("Red mira A5 level=3 choice=4", "Red vorn A7", "Blue brann H1")
    after, _ = resolve(state, Mira=act("", "tidal-blessing", "A7"), Vorn=act())
    assert [e.kind for e in who(after, "Vorn").effects] == ["haste"]
    assert who(after, "Mira").effects == ()
    state = blue_turn(after)
    assert who(state, "Vorn").speed == 3 + 2
    assert RULES.validate(state, "Vorn", act(ROW_SEVEN)) == []


def test_updraft_adds_two_lines_of_flight_and_one_speed():
    """Kestrel flies 2: crossing the B1|B2 wall three times is one line too many; under
    Updraft (flying 4) it is allowed, and her speed 4 becomes 5."""
    state = place("Red kestrel B1 level=3 choice=4", "Blue brann H8")
    thrice = act("B2 B1 B2")
    assert RULES.validate(state, "Kestrel", thrice) == ["B1 to B2 crosses a wall"]
    after, _ = resolve(state, Kestrel=act("", "updraft"))
    state = blue_turn(after)
    kestrel = who(state, "Kestrel")
    assert (kestrel.flying, kestrel.speed) == (2 + 2, 4 + 1)
    assert RULES.validate(state, "Kestrel", thrice) == []
    assert RULES.validate(state, "Kestrel", act("B2 B1 B2 B1")) == []  # four lines
    assert RULES.validate(state, "Kestrel", act("B2 B1 B2 B1 B2")) == ["B1 to B2 crosses a wall"]
    assert RULES.validate(state, "Kestrel", act("B2 B3 B4 B5 B6")) == []  # five steps
    assert RULES.validate(state, "Kestrel", act("B2 B3 B4 B5 B6 B7"))[0].startswith(
        "no movement left"
    )
    after, _ = resolve(state, Kestrel=act("B2 B1 B2"))
    assert at(after, "Kestrel") == "B2"
    state = blue_turn(after)
    assert (who(state, "Kestrel").flying, who(state, "Kestrel").speed) == (2, 4)


def test_a_speed_ability_used_before_moving_changes_that_same_move():
    """'you may move any characters and activate any of their abilities in any order', and
    'the ability takes effect until the duration is 0': Blaze Step used first makes this
    very move one of speed 5; used after the move, it does not."""
    state = place("Red ignis A7 level=3 choice=4", "Blue brann H1")
    first = act(ROW_SEVEN, "blaze-step", first="ability")
    assert RULES.validate(state, "Ignis", first) == []
    assert RULES.validate(state, "Ignis", act(ROW_SEVEN, "blaze-step"))[0].startswith(
        "no movement left"
    )
    three = ROW_SEVEN.split()[:3]
    # The order page offers a fourth step only with the haste used first.
    assert "E7" in RULES.web.choices(state, "Ignis", {**first, "path": three})["path"]
    assert RULES.web.choices(state, "Ignis", {"path": three})["path"] == []
    after, _ = resolve(state, Ignis=first)
    assert at(after, "Ignis") == "F7"
    assert [e.kind for e in who(after, "Ignis").effects] == ["haste"]


def test_updraft_used_before_moving_lifts_that_same_move():
    """Updraft first: flying 4 and speed 5 for the move it precedes."""
    state = place("Red kestrel B1 level=3 choice=4", "Blue brann H8")
    thrice = act("B2 B1 B2", "updraft", first="ability")
    assert RULES.validate(state, "Kestrel", thrice) == []
    after, _ = resolve(state, Kestrel=thrice)
    assert at(after, "Kestrel") == "B2"


def test_a_blessing_mira_gives_herself_first_speeds_her_move():
    """Tidal Blessing: 'An ally (or Mira) gets speed +2'. On herself, used first."""
    state = place("Red mira A7 level=3 choice=4", "Blue brann H1")
    order = act(ROW_SEVEN, "tidal-blessing", "A7", first="ability")
    assert RULES.validate(state, "Mira", order) == []
    after, _ = resolve(state, Mira=order)
    assert at(after, "Mira") == "F7"
