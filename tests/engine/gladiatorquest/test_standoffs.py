"""IV.B.2 and IV.B.6: standing still is free and a movement phase lasts until every point is
spent; VI.B: a body is an obstacle for the whole bout. Standoffs (the text has no rule):
the crowd grows impatient, and the turn bound ends any bout."""

from __future__ import annotations

from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play

S, B = "skull", "black"
STAND = {"move": "stand"}
FORWARD = {"move": "forward"}
PLATE = ["broadsword", "plate_mail"]


def _rolls_by_turn(result):
    return [
        [e["name"] for e in turn["events"] if e["type"] == "movement_roll"]
        for turn in result["turns"]
    ]


def test_a_step_in_which_everyone_stands_still_does_not_end_the_movement_phase():
    """IV.B.2: 'Note that STANDING STILL does not count as a movement and the player should
    not deduct one from his movement points.' IV.B.6: 'Movement continues in this fashion
    until either all players use up their movement points, at which time the dice are
    re-rolled, or Combat Phase is entered.' IV.B.5: 'If a player runs out of movement points
    before another, he must sit still while his opponent continues to move.'"""
    g = bout(
        gladiator("Brutus", equipment=PLATE, square="A1", facing="N"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="L12"),
        dice=[3, 2, 1, 1],
        turns=orders(
            {"Brutus": STAND, "Nox": STAND},
            {"Brutus": STAND, "Nox": STAND},
            {"Brutus": FORWARD, "Nox": {"move": "turn_around"}},
            {"Brutus": FORWARD, "Nox": {"move": "turn_around"}},
            {"Brutus": FORWARD},
            {"Brutus": STAND, "Nox": STAND},
        ),
    )
    result = play(g)
    points = [
        (t["gladiators"]["Brutus"]["points"], t["gladiators"]["Nox"]["points"])
        for t in result["turns"]
    ]
    assert points[:5] == [(3, 2), (3, 2), (2, 1), (1, 0), (0, 0)]
    assert _rolls_by_turn(result) == [["Brutus", "Nox"], [], [], [], [], ["Brutus", "Nox"]]


def _body_at_e3(*later_steps):
    """Vex's Genie kills Cato (wizard, 4 body, no teammate) at E3, two squares ahead of
    Ajax (plate: 1 movement die, showing 3)."""
    return bout(
        gladiator("Ajax", equipment=PLATE, square="E1", facing="N"),
        gladiator("Cato", "wizard", square="E3", facing="S"),
        gladiator("Vex", "wizard", square="L12", facing="S"),
        dice=[3, 1, 1, 1, 1, 1, 1, S, S, S, S, S, B, B],
        turns=orders(
            {"Ajax": STAND, "Cato": STAND, "Vex": {"spell": {"spell": "genie", "target": "Cato"}}},
            *later_steps,
        ),
    )


def test_a_body_stays_an_obstacle_even_when_the_crowd_grows_impatient():
    """VI.B: 'a dead Gladiator's figure is turned on its side in the square where the
    Gladiator was slain. This Gladiator has become an obstacle to the other Gladiators, who
    may not move into the square.' A step in which nothing happens is a standoff: the crowd
    grows impatient, and the body stays where it lies."""
    result = play(
        _body_at_e3(
            {"Ajax": STAND, "Vex": STAND},
            {"Ajax": FORWARD, "Vex": STAND},
            {"Ajax": FORWARD, "Vex": STAND},
        )
    )
    assert [e["type"] for e in result["turns"][1]["events"]] == ["impatience"]
    assert [t["gladiators"]["Cato"]["square"] for t in result["turns"]] == ["E3"] * 4
    (bump,) = events(result, "bump")
    assert bump["name"] == "Ajax" and bump["wanted"] == "E3" and bump["reason"] == "occupied"
    assert result["turns"][-1]["gladiators"]["Ajax"]["square"] == "E2"


def test_the_crowd_grows_impatient_once_and_only_at_a_standoff():
    """A step in which something happens (a spell, a move) is no standoff; the impatience
    comes at the first step in which nothing happens, and only once."""
    result = play(_body_at_e3(*[{"Ajax": STAND, "Vex": STAND}] * 3))
    impatience = [
        i for i, t in enumerate(result["turns"]) for e in t["events"] if e["type"] == "impatience"
    ]
    assert impatience == [1]


def test_players_who_only_stand_still_are_stopped_by_the_turn_bound():
    """No rule ends a standoff of players who never move; options.max_turns does (the
    Emperor stops the bout with no winner)."""
    g = bout(
        gladiator("Brutus", equipment=PLATE, square="A1"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="L12"),
        dice=[3, 2],
        turns=orders(*[{"Brutus": STAND, "Nox": STAND}] * 8),
        max_turns=5,
    )
    result = play(g)
    assert len(result["turns"]) == 5
    assert result["result"]["finished"] and result["result"]["winner"] is None
    assert "stops the bout after 5 turns" in result["result"]["reason"]


def test_tactics_waiting_for_nothing_spend_their_points_instead():
    """IV.B.6 again: a phase lasts until every point is spent, so a gladiator fought by his
    tactics who keeps his distance stands only while someone else may still move; once the
    opponent is out of points he uses his own (cornered, he turns around: a point, IV.B.4)
    rather than hold up the phase. Ajax (throwing daggers to spare, keeping his distance)
    and Bran, too far apart for a throw (IV.C.1: no more than 12 squares)."""
    g = bout(
        gladiator(
            "Ajax",
            "dwarf",
            equipment=["shortsword", "plate_mail", "dagger", "dagger"],
            tactics={"approach": "keep_distance"},
            square="A1",
            facing="N",
        ),
        gladiator("Bran", "dwarf", equipment=PLATE, square="T20", facing="S"),
        dice=[2, 1],
        turns=orders({"Bran": {"move": "turn_around"}}, {}, {}),
        board=[20, 20],
    )
    result = play(g)
    ajax = [
        [e["how"] for e in t["events"] if e.get("name") == "Ajax" and e["type"] == "turn"]
        for t in result["turns"]
    ]
    assert ajax == [[], ["turn_around"], ["turn_around"]]
    assert [t["gladiators"]["Ajax"]["points"] for t in result["turns"]] == [2, 1, 0]
