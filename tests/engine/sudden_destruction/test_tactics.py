"""Default tactics for absent players: always a legal plan, research as set."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Evaded, Idled, Shot, Tactics
from tests.engine.sudden_destruction.helpers import RULES, get, of, place, plan, resolve


def tactics(state, name):
    """The tactics' plan as its JSON (what a player would write)."""
    return RULES.order_json(RULES.tactics(state, name))


def with_tactics(state, name, **settings):
    machines = tuple(
        m._replace(tactics=Tactics(**settings)) if m.name == name else m for m in state.machines
    )
    return state._replace(machines=machines)


def test_the_default_plan_is_legal_and_hunts_the_nearest_enemy():
    state = place("Red A1", "Blue H8", "Green B2")
    order = tactics(state, "Red")
    assert RULES.validate(state, "Red", order) == []
    assert order["actions"] == [{"attack": "Green"}]
    # Aggressive (the default): it stands and fires back rather than stepping out of range.
    assert (order["interrupt"], order["return_fire"], order["evade"]) == ("any", True, False)


def test_research_settings_choose_the_attribute():
    state = place("Red A1", "Blue H8")
    for research, attribute in [
        ("balanced", "accuracy"),
        ("firepower", "accuracy"),
        ("hull", "hit_points"),
        ("speed", "initiative"),
    ]:
        tuned = with_tactics(state, "Red", research=research)
        assert tactics(tuned, "Red")["tech"]["attribute"] == attribute, research


def test_a_bold_gamble_aims_two_levels_up():
    tuned = with_tactics(place("Red A1", "Blue H8"), "Red", gamble="bold")
    assert tactics(tuned, "Red")["tech"] == {"attribute": "accuracy", "level": 2}


def test_research_respects_the_limits():
    """Min fire power never above max fire power: a firepower machine at max 1 raises max."""
    state = with_tactics(place("Red A1 acc=9 max=1 min=1", "Blue H8"), "Red", research="firepower")
    tech = tactics(state, "Red")["tech"]
    assert tech == {"attribute": "max_fire", "level": 2}
    assert RULES.validate(state, "Red", tactics(state, "Red")) == []


def test_a_machine_at_every_limit_attempts_nothing():
    top = " ".join(
        f"{k}=9" for k in ("hp", "mov", "min", "max", "rate", "range", "acc", "rep", "ini")
    )
    state = place(f"Red A1 {top}", "Blue H8")
    assert tactics(state, "Red")["tech"] is None


def test_cautious_holds_back_first():
    state = with_tactics(place("Red A1 mov=2", "Blue H8"), "Red", aggression="cautious")
    order = tactics(state, "Red")
    assert order["actions"] == [{"wait": True}, {"wait": True}, {"attack": "Blue"}]
    assert order["evade"] is True  # and steps out of range when it may
    assert get(state, "Red").tactics.aggression == "cautious"


def test_a_machine_that_outranges_its_enemy_steps_out_of_its_range():
    """Range 2 against range 0: stepping out of the enemy's reach leaves it able to fire."""
    assert tactics(place("Red A1 range=2", "Blue H8"), "Red")["evade"] is True
    assert tactics(place("Red A1 range=2", "Blue H8 range=2"), "Red")["evade"] is False


def test_one_attack_action_spends_every_shot_on_the_target():
    """Red (range 1, three shots) steps once to bring Blue within range (its interrupt fires
    the first shot on that step), then fires the other two at it, one a tick, with no idle
    action in between."""
    state = place("Red A1 rate=3 range=1", "Blue A3 hp=9")
    order = tactics(state, "Red") | {"tech": None}
    assert order["actions"] == [{"attack": "Blue"}]
    _, events = resolve(state, [9, 9, 9], Red=order, Blue=plan(return_fire="no"))
    assert [(e.name, e.target, e.tick) for e in of(events, Shot)] == [
        ("Red", "Blue", 1),
        ("Red", "Blue", 2),
        ("Red", "Blue", 3),
    ]
    assert not of(events, Idled)


def test_an_enemy_that_evades_is_closed_on_again():
    """Blue (the higher initiative) steps out of Red's range when Red fires; Red's plan
    closes on it again (interrupting it as it comes into range) and fires: both its shots
    are at Blue, which has no movement left to step out again."""
    state = place("Red A1 rate=2 mov=2", "Blue A2 ini=1")
    order = tactics(state, "Red") | {"tech": None}  # no research dice this round
    _, events = resolve(state, [9, 9], Red=order, Blue=plan(evade="yes", return_fire="no"))
    assert [e.name for e in of(events, Evaded)] == ["Blue"]
    assert [(e.name, e.target, e.hit) for e in of(events, Shot)] == [("Red", "Blue", False)] * 2


def test_a_machine_that_cannot_outgun_the_repairs_raises_its_gun_first():
    """Two hulls at 9 hit points and 9 repair would play to the round limit: even their best
    round (every shot a hit) is repaired, so each raises max fire power, then firing rate."""
    hulls = place("Red A1 hp=9 rep=9", "Blue H8 hp=9 rep=9")
    hulls = with_tactics(with_tactics(hulls, "Red", research="hull"), "Blue", research="hull")
    assert tactics(hulls, "Red")["tech"] == {"attribute": "max_fire", "level": 2}
    at_max = place("Red A1 hp=9 rep=9 max=9", "Blue H8 hp=9 rep=9")
    assert tactics(at_max, "Red")["tech"] == {"attribute": "firing_rate", "level": 2}


def test_a_machine_whose_average_round_is_repaired_raises_accuracy_first():
    """Max fire power 3 could beat a repair rate of 2, but at accuracy 0 (a hit one shot in
    ten) the average round is 0.2: accuracy comes first, up to 4, then fire power."""
    state = place("Red A1 max=3", "Blue H8 hp=3 rep=2")
    assert tactics(state, "Red")["tech"] == {"attribute": "accuracy", "level": 1}
    aimed = place("Red A1 max=3 acc=4", "Blue H8 hp=3 rep=2")
    assert tactics(aimed, "Red")["tech"] == {"attribute": "max_fire", "level": 4}


def test_a_machine_that_outguns_the_repairs_follows_its_research():
    """A hit one time in two for 2 to 4 damage, twice a round, deals 3 on average: more than
    a repair rate of 2, so the research setting rules (balanced: range 1 next); against a
    repair rate of 3 it raises its fire power first."""
    state = place("Red A1 acc=4 min=2 max=4 rate=2", "Blue H8 hp=3 rep=2")
    assert tactics(state, "Red")["tech"] == {"attribute": "range", "level": 1}
    weak = place("Red A1 acc=4 min=2 max=4 rate=2", "Blue H8 hp=3 rep=3")
    assert tactics(weak, "Red")["tech"] == {"attribute": "max_fire", "level": 5}
