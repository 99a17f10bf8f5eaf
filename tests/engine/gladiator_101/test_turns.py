"""The turn: 'At the beginning of each arena combat, one combatant is randomly decided to go
first. Once she has determined her 1 move action (move up to 30ft, or activate a fast ability)
and 1 standard action (make an attack, or activate a slower ability. Can be converted into a
move action.), checks are made, results are determined, and she passes the turn to her
opponent.'"""

from __future__ import annotations

import pytest

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.protocol import Need
from arena.engine.core.records import replace
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.data import Height
from arena.engine.rulesets.gladiator_101.events import Began, Moved, Result, Struck, Used
from arena.engine.rulesets.gladiator_101.orders import Order
from arena.engine.rulesets.gladiator_101.strikes import Strike
from tests.engine.gladiator_101.helpers import RULES, get, of, place, resolve

BUILD = {"scores": {"accuracy": 10, "reflex": 10, "strength": 10}}


def bout(**more):
    return {
        "gladiators": [{"name": "Red", **BUILD}, {"name": "Blue", **BUILD}],
        "options": {"tactics": True},
        **more,
    }


def test_one_combatant_acts_at_a_time_and_then_the_other():
    state = place("Red E5", "Blue E8")
    assert RULES.pending(state).need is Need.ONE
    assert RULES.pending(state).who == ("Red",)
    assert RULES.validate(state, "Blue", {}) == ["it is Red's turn, not Blue's"]
    after, _ = resolve(state, {})
    assert RULES.pending(after).who == ("Blue",)


def test_a_given_order_is_read_once_into_a_typed_order_and_written_back():
    state = place("Red E5", "Blue E8")
    given = {"move": "e7", "attack": ["Gladius  MID", "foot low"]}
    order = RULES.read_order(state, "Red", given)
    assert order == Order(
        move=Square.parse("E7"),
        attack=(Strike("gladius", Height.MID), Strike("foot", Height.LOW)),
    )
    assert RULES.order_json(order) == {"move": "E7", "attack": ["gladius mid", "foot low"]}
    assert RULES.read_order(state, "Red", RULES.order_json(order)) == order
    drawn = RULES.read_order(state, "Red", {"move": "E7", "strike": ["E8"]})
    assert drawn == Order(move=order.move, attack=(Strike("gladius", Height.MID),))


@pytest.mark.parametrize(
    ("who", "given", "field", "words"),
    [
        ("Blue", {}, "turns[0].Blue", "it is Red's turn, not Blue's"),
        ("Red", {"fly": "E6"}, "turns[0].Red", "fly: not part of an order"),
        ("Red", {"attack": ["sword mid"]}, "turns[0].Red", "'sword mid' is not a weapon"),
        ("Red", {"move": "E7", "then": "E7"}, "turns[0].Red", "then: already on E7"),
        ("Red", {"attack": ["gladius mid"]}, "turns[0].Red", "out of reach of E5"),
    ],
)
def test_an_order_that_cannot_be_given_is_refused_in_words_at_its_place(who, given, field, words):
    state = place("Red E5", "Blue E8")
    with pytest.raises(EngineInputError) as refused:
        RULES.read_order(state, who, given)
    assert refused.value.field == field
    assert words in refused.value.message
    assert refused.value.message == "; ".join(RULES.validate(state, who, given))


def test_an_order_given_in_the_bout_input_is_refused_where_it_was_given():
    first = RULES.setup(bout(seed=4)).actor.name
    second = "Blue" if first == "Red" else "Red"
    with pytest.raises(EngineInputError) as refused:
        RULES.play(bout(seed=4, turns=[{second: {}}]))
    assert (refused.value.field, refused.value.message) == (
        f"turns[0].{second}",
        f"it is {first}'s turn, not {second}'s",
    )
    with pytest.raises(EngineInputError) as refused:
        RULES.play(bout(seed=4, turns=[{}, {second: {"fly": "E6"}}]))
    assert (refused.value.field, refused.value.message) == (
        f"turns[1].{second}",
        "fly: not part of an order (move, fast, attack, focus, then, slow)",
    )


def test_no_order_is_read_or_carried_out_once_the_bout_is_over():
    over = replace(place("Red E5", "Blue E6"), finished=True)
    with pytest.raises(EngineInputError) as refused:
        RULES.read_order(over, "Red", {})
    assert (refused.value.field, refused.value.message) == ("turns[0]", "the bout is over")
    with pytest.raises(EngineInputError) as refused:
        RULES.apply(over, {"Red": Order()}, Dice.scripted([]))
    assert (refused.value.field, refused.value.message) == ("turns[0]", "the bout is over")


def test_the_seed_decides_who_goes_first():
    firsts = {RULES.setup(bout(seed=seed)).first for seed in range(20)}
    assert firsts == {0, 1}
    log = RULES.play(bout(seed=4))
    first = log["result"]["first"]
    assert log["turns"][0]["events"][0] == {"type": "began", "text": f"{first} wins the toss "
                                            "and goes first.", "name": first}  # fmt: skip


def test_the_bout_input_may_name_who_goes_first():
    assert RULES.setup(bout(seed=1, first="Blue")).first == 1


def test_a_move_action_goes_up_to_six_squares():
    """'Base Movement Speed of 30 feet': six squares of 5 ft, diagonals counting one."""
    state = place("Red A1", "Blue J10")
    assert RULES.validate(state, "Red", {"move": "G7"}) == []
    assert RULES.validate(state, "Red", {"move": "H1"}) == [
        "move: H1 is more than 6 squares from A1"
    ]


def test_the_standard_action_converts_into_a_second_move():
    state = place("Red A1", "Blue J10")
    after, events = resolve(state, {"move": "G7", "then": "I9"})
    assert [m.action for m in of(events, Moved)] == ["move", "standard"]
    assert str(get(after, "Red").square) == "I9"
    assert of(after and events, Began)


def test_move_then_strike_in_one_turn():
    state = place("Red A1", "Blue G7")
    assert RULES.validate(state, "Red", {"move": "F6", "attack": ["gladius mid"]}) == []
    assert RULES.validate(state, "Red", {"move": "E5", "attack": ["gladius mid"]}) == [
        "attack: Blue on G7 is out of reach of E5"
    ]


def test_a_fast_ability_takes_the_move_action():
    state = place("Red E5 feats=battle-cry", "Blue E6")
    assert RULES.validate(state, "Red", {"move": "D5", "fast": "battle-cry"}) == [
        "the move action is a move or a fast ability, not both"
    ]
    _, events = resolve(state, {"fast": "battle-cry", "attack": ["gladius mid"]}, [99])
    assert of(events, Used)[0].timing == "fast"


def test_a_slower_ability_takes_the_standard_action():
    state = place("Red E5 feats=second-wind", "Blue E6")
    assert RULES.validate(state, "Red", {"slow": "second-wind", "attack": ["gladius mid"]}) == [
        "one standard action a turn, not attack and slow"
    ]
    assert RULES.validate(state, "Red", {"fast": "second-wind"}) == [
        "second-wind is a slow ability: give it as slow"
    ]


def test_patient_hunter_aims_this_turn_for_the_next():
    """Patient Hunter, fast: +24 to hit and to the damage grade on your next turn, not this
    one and not the one after."""
    state = place("Red E5 acc=10 feats=patient-hunter", "Blue E6")
    state, events = resolve(state, {"fast": "patient-hunter", "attack": ["gladius mid"]}, [99])
    assert of(events, Used)[0].effect == "+24 to hit and to the damage grade on your next turn"
    assert of(events, Struck)[0].to_hit == 10 + 10 + 40  # no bonus on the turn it aims
    state, _ = resolve(state, {})  # Blue's turn: the aim holds through it
    state, events = resolve(state, {"focus": ["gladius mid"]}, [50, 1, 99, 4, 4])
    aimed = of(events, Struck)[0]
    assert (aimed.to_hit, aimed.grade) == (10 + 10 + 40 + 25 + 24, 50 + 40 - 5 + 24)
    assert (aimed.result, aimed.damage) == (Result.FULL, 8)
    state, _ = resolve(state, {})
    _, events = resolve(state, {"focus": ["gladius mid"]}, [99])
    assert of(events, Struck)[0].to_hit == 10 + 10 + 40 + 25  # spent


def test_patient_hunter_cannot_be_used_with_a_focused_attack():
    """Being fast, it takes the move action that a focused attack needs."""
    state = place("Red E5 feats=patient-hunter", "Blue E6")
    problems = RULES.validate(state, "Red", {"fast": "patient-hunter", "focus": ["gladius mid"]})
    assert "a focused attack takes the move action as well as the standard action" in problems
