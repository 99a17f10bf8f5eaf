"""Placement is the team's choice: 'Before the game starts place each character token in the
start zone of the map'. The team chooses its characters' squares within its start zone, in
the bout input or on the preparation's sheets; the zone's free squares in its order only for
a character nobody placed."""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS
from tests.engine.arena_of_the_elders.helpers import RULES, resolve

KEYS = list(CHAMPIONS)
# The Elders' Ring's start zones: Red A1-D1 then A2-D2; Blue the same turned half a turn.


def bout(**squares: str) -> dict:
    gladiators = []
    for n, key in enumerate(KEYS):
        g = {"name": key.title(), "champion": key, "team": "Red" if n < 4 else "Blue"}
        if key.title() in squares:
            g["square"] = squares[key.title()]
        gladiators.append(g)
    return {"gladiators": gladiators}


def squares(state, team: int) -> dict[str, str]:
    return {f.name: str(f.square) for f in state.team(team)}


def test_the_bout_input_places_each_character_in_its_zone():
    state = RULES.setup(bout(Ignis="D2", Brann="A1", Marew="I11"))
    # Unplaced ones take the zone's free squares in its order: Nyx B1, Mira C1.
    assert squares(state, 0) == {"Ignis": "D2", "Nyx": "B1", "Brann": "A1", "Mira": "C1"}
    assert squares(state, 1)["Marew"] == "I11"
    assert squares(state, 1)["Kestrel"] == "L12"


@pytest.mark.parametrize(
    ("given", "field", "message"),
    [
        ({"Ignis": "E1"}, "gladiators[0].square",
         "E1 is not in Red's start zone (A1, B1, C1, D1, A2, B2, C2, D2)"),
        ({"Kestrel": "A1"}, "gladiators[4].square",
         "A1 is not in Blue's start zone (L12, K12, J12, I12, L11, K11, J11, I11)"),
        ({"Ignis": "B2", "Nyx": "B2"}, "gladiators[1].square", "B2 is taken by Ignis"),
        ({"Ignis": "Z"}, "gladiators[0].square", "'Z' is not a square like C4"),
    ],
)  # fmt: skip
def test_a_square_outside_the_zone_or_taken_is_refused_in_words(given, field, message):
    with pytest.raises(EngineInputError) as refused:
        RULES.setup(bout(**given))
    assert (refused.value.field, refused.value.message) == (field, message)


def test_the_preparation_places_a_character():
    state = RULES.setup(bout())
    after, _ = resolve(state, [6, 1], Ignis={"start": "C2"}, Nyx={"start": "A2"})
    assert squares(after, 0) == {"Ignis": "C2", "Nyx": "A2", "Brann": "C1", "Mira": "D1"}


def test_a_sheet_square_outside_the_zone_or_on_a_teammate_is_refused():
    state = RULES.setup(bout())
    assert RULES.validate(state, "Ignis", {"start": "E2"}) == [
        "start: E2 is not in Red's start zone (A1, B1, C1, D1, A2, B2, C2, D2)"
    ]
    assert RULES.validate(state, "Ignis", {"start": "B1"}) == ["start: B1 is taken by Nyx"]
    assert RULES.validate(state, "Ignis", {"start": "A1"}) == []  # where it stands


def test_two_sheets_asking_one_square_are_refused():
    state = RULES.setup(bout())
    with pytest.raises(EngineInputError) as refused:
        resolve(state, [6, 1], Ignis={"start": "C2"}, Nyx={"start": "C2"})
    assert refused.value.message == "Ignis and Nyx are both placed on C2: one a square"


def test_the_order_page_offers_the_free_squares_of_the_zone():
    state = RULES.setup(bout())
    offered = RULES.web.choices(state, "Nyx", {})["start"]
    assert offered == ["B1", "A2", "B2", "C2", "D2"]
