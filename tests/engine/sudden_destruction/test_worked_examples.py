"""The worked examples of docs/rules/sudden-destruction.md, "Worked examples", one test each,
with the dice the document shows. Each quotes the rule text it checks."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Declared, Evaded, Shot, Why
from tests.engine.sudden_destruction.helpers import (
    RULES,
    at,
    get,
    of,
    place,
    plan,
    resolve,
    texts,
)


def log_of(events):
    """The example's lines as the document prints them (phase markers left out)."""
    return [t for t in texts(events) if not t.startswith("Round ")]


def test_example_1_an_interrupt_stops_a_move():
    """2: 'one player can interrupt another player's movement by declaring an attack on them
    if they come within range'."""
    state = place("Red A1 mov=3", "Blue A5 range=2 acc=4")
    after, events = resolve(state, [3, 7], Red=plan("go A8"), Blue=plan(interrupt="any"))
    assert log_of(events) == [
        "Red moves from A1 to A2.",
        "Red moves from A2 to A3.",
        "Blue interrupts Red.",
        "Blue shoots at Red: 3, a hit for 1 damage; Red has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Red is destroyed by Blue.",
        "The bout is over: Blue is the last on the board.",
    ]
    assert at(after, "Red") == "A3"


def test_example_2_stepping_out_of_range_saves_the_shot_for_later():
    """2.2: 'If the target of an attack has a higher initiative rating and has movement
    points left, he can try ... to move out of range ... (The attack has not happened and the
    player who had declared the attack has not used up any of his firing rate)'."""
    state = place("Red A1 range=1 acc=9", "Blue A2 ini=1", "Green B1")
    after, events = resolve(
        state,
        [0, 9],
        Red=plan("fire Blue, fire Green"),
        Blue=plan(evade="yes"),
        Green=plan(return_fire="no"),
    )
    assert log_of(events) == [
        "Red fires at Blue.",
        "Blue has the initiative and steps out of Red's range to B2: the attack does not happen.",
        "Blue moves from A2 to B2 to step out of range.",
        "Red fires at Green.",
        "Red shoots at Green: 0, a hit for 1 damage; Green has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Green is destroyed by Red.",
    ]
    assert len(of(events, Evaded)) == 1 and get(after, "Blue").damage == 0


def test_example_3_equal_initiative_destroys_both():
    """2.2: 'When both players have the same initiative level ... Both attacks are resolved,
    regardless of the outcome. It is possible, in this scenario, that both players
    simultaneously destroy each other!' and Winning: 'If more than one has the same highest
    initiative, then it is a tie.'"""
    state = place("Red D3 acc=5", "Blue D4 acc=5")
    after, events = resolve(state, [2, 6, 5, 8], Red=plan("go D4, fire Blue"))
    assert log_of(events) == [
        "Red moves from D3 to D4.",
        "Red fires at Blue.",
        "Blue fires back at Red.",
        "Red shoots at Blue: 2, a hit for 1 damage; Blue has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Blue is destroyed by Red.",
        "Blue shoots at Red: 5, a hit for 1 damage; Red has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Red is destroyed by Blue.",
        "The bout is over: all destroyed in round 1 with equal initiative: a tie.",
    ]
    assert "winner" not in RULES.result(after)


def test_example_4_a_destroyed_counter_still_fires_its_pending_shot():
    """2.2: 'if this player also declared an attack which is yet to be resolved, and his
    initiative is equal to the other player, then he still resolves his attack as well before
    leaving the game entirely.' Red, interrupted and destroyed, still hits Blue."""
    state = place("Red A1 hp=2 range=1", "Blue A3 hp=2 range=1 acc=9 max=2")
    after, events = resolve(state, [0, 7, 0, 9], Red=plan("go A8"), Blue=plan(interrupt="any"))
    assert log_of(events) == [
        "Red moves from A1 to A2.",
        "Blue interrupts Red.",
        "Red fires back at Blue.",
        "Blue shoots at Red: 0, a hit for 2 damage; Red has taken 2 of 2.",
        "SUDDEN DESTRUCTION: Red is destroyed by Blue.",
        "Red shoots at Blue: 0, a hit for 1 damage; Blue has taken 1 of 2.",
        "The bout is over: Blue is the last on the board.",
    ]
    assert get(after, "Blue").damage == 1


def test_example_5_the_higher_initiative_stays_and_fires_first():
    """2.2: 'this target player may also choose to stay and declare an attack of his own ...
    because his initiative is higher, his attack takes priority, even though the other
    player declared his attack first!' and 'Only if the other player is not completely
    destroyed can the other player then attack back.'"""
    state = place("Red C3", "Blue C3 ini=2 acc=3 min=1")
    _after, events = resolve(state, [1], Red=plan("fire Blue"), Blue=plan(evade="no"))
    assert log_of(events) == [
        "Red fires at Blue.",
        "Blue fires back at Red.",
        "Blue shoots at Red: 1, a hit for 1 damage; Red has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Red is destroyed by Blue.",
        "The bout is over: Blue is the last on the board.",
    ]
    assert [e.name for e in of(events, Shot)] == ["Blue"]


def test_example_6_a_new_level_fires_the_same_round():
    """1: 'New technological levels are applied immediately so that they are available for
    the rest of the round.' Range 1, won in the tech phase, reaches Blue next door."""
    state = place("Red A1", "Blue A2")
    _after, events = resolve(state, [4, 0, 9], Red=plan("fire Blue", tech="range 1"))
    assert log_of(events) == [
        "Red tries range 0 -> 1 (needs 1+ on every die; rolls 4): succeeds.",
        "Red fires at Blue.",
        "Red shoots at Blue: 0, a hit for 1 damage; Blue has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Blue is destroyed by Red.",
        "The bout is over: Red is the last on the board.",
    ]


def test_example_7_holding_back_lets_the_other_come_first():
    """Turn Order: 'Players with a higher intiative level always take priority over others in
    their choice of when to have their own turn, which may include deliberately holding back
    waiting for others to move first.' Red waits a tick; Blue walks into its range."""
    state = place("Red A1 ini=1 range=1 acc=9", "Blue A3")
    _after, events = resolve(state, [0, 9], Red=plan("wait, fire any"), Blue=plan("go A2"))
    assert log_of(events) == [
        "Blue moves from A3 to A2.",
        "Red fires at Blue.",
        "Red shoots at Blue: 0, a hit for 1 damage; Blue has taken 1 of 1.",
        "SUDDEN DESTRUCTION: Blue is destroyed by Red.",
        "The bout is over: Red is the last on the board.",
    ]
    assert [e.why for e in of(events, Declared)] == [Why.PLAN]
