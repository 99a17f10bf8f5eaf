"""Kill the king: 'each player publicly nominates one of their characters to be the king';
'if the opponent's king is killed you win.' Competitive: 'reduce character respawns by 1,
before the game write the name of your king on a piece of paper place it upside down and
don't reveal it until they die.'"""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS
from arena.engine.rulesets.arena_of_the_elders.events import Finished, KingNamed
from tests.engine.arena_of_the_elders.helpers import (
    RULES,
    act,
    of,
    place,
    resolve,
    who,
    with_,
)

KEYS = list(CHAMPIONS)


def bout(competitive=False):
    return {
        "options": {"mode": "king", "competitive": competitive},
        "gladiators": [
            {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(KEYS)
        ],
    }


def test_each_team_names_its_king_in_the_open():
    state = RULES.setup(bout())
    after, events = resolve(state, [6, 1], Nyx={"king": "yes"}, Mira={"king": "Nyx"})
    assert after.kings == ("Nyx", "Marew")  # Blue wrote no sheet: crowned, its sturdiest
    assert KingNamed("Red", "Nyx") in events
    assert KingNamed("Blue", "Marew", crowned=True) in events
    assert of(events, KingNamed)[1].text() == "Blue nominates nobody: the arena crowns Marew."


def test_the_bout_input_nominates_a_king():
    """'each player publicly nominates one of their characters to be the king': in the bout
    input, before the preparation, in the open."""
    raw = bout()
    raw["gladiators"][2]["king"] = True  # Brann, Red
    raw["gladiators"][5]["king"] = True  # Marew, Blue
    state = RULES.setup(raw)
    assert state.kings == ("Brann", "Marew")
    after, events = resolve(state, [6, 1])
    assert after.kings == ("Brann", "Marew")
    assert of(events, KingNamed) == [KingNamed("Red", "Brann"), KingNamed("Blue", "Marew")]


def test_a_player_present_must_nominate():
    state = RULES.setup(bout())
    assert RULES.validate(state, "Nyx", {"choice": 3}) == [
        "king: nominate Red's king (yes for Nyx, or a teammate's name)"
    ]
    assert RULES.validate(state, "Nyx", {"king": "Kestrel"}) == [
        "king: yes, or one of Red's characters (Ignis, Nyx, Brann, Mira)"
    ]
    assert RULES.validate(state, "Nyx", {"king": "brann"}) == []


def test_one_team_nominates_one_king():
    state = RULES.setup(bout())
    with pytest.raises(EngineInputError) as refused:
        resolve(state, [6, 1], Nyx={"king": "yes"}, Mira={"king": "yes"})
    assert refused.value.message == (
        "Red nominates 2 kings (Mira, Nyx): its sheets must name the same one"
    )
    raw = bout()
    raw["gladiators"][0]["king"] = True
    raw["gladiators"][1]["king"] = True
    with pytest.raises(EngineInputError) as refused:
        RULES.setup(raw)
    assert refused.value.field == "gladiators[1].king"
    assert refused.value.message == "Red already nominates Ignis: one king a team"


def test_a_sheet_agrees_with_the_bout_input():
    raw = bout()
    raw["gladiators"][0]["king"] = True
    state = RULES.setup(raw)
    assert RULES.validate(state, "Nyx", {"choice": 3}) == []  # the input nominated Ignis
    assert RULES.validate(state, "Nyx", {"king": "yes"}) == [
        "king: Red nominated Ignis in the bout input"
    ]


def test_killing_the_enemy_king_wins():
    state = place("Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8", mode="king",
                  kings=("Vorn", "Nyx"))  # fmt: skip
    after, events = resolve(state, [3], Vorn=act("", "cleave", "A2"))
    assert after.winner == 0
    assert of(events, Finished)[0].reason == "the Blue king, Nyx, is killed"


def test_killing_another_character_does_not():
    state = place("Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8", mode="king",
                  kings=("Vorn", "Brann"))  # fmt: skip
    after, _ = resolve(state, [3], Vorn=act("", "cleave", "A2"))
    assert not RULES.is_over(after)


def test_a_secret_king_is_not_revealed_until_it_dies():
    state = RULES.setup(bout(competitive=True))
    after, events = resolve(state, [6, 1], Mira={"king": True})
    assert after.kings == ("Mira", "Marew")
    assert KingNamed("Red", "") in events
    assert "king" not in RULES.web.snapshot(after)["Mira"]["status"]
    assert all(e.name == "" for e in of(events, KingNamed))


def test_a_secret_king_shows_once_it_has_died():
    state = place("Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8", mode="king",
                  competitive=True, kings=("Vorn", "Brann"))  # fmt: skip
    assert "king" not in RULES.web.snapshot(state)["Brann"]["status"]
    dead = with_(state, "Brann", deaths=1, alive=False)
    assert "king" in RULES.web.snapshot(dead)["Brann"]["status"]


def test_competitive_respawns_come_a_turn_sooner():
    state = place("Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8", mode="king",
                  competitive=True, kings=("Vorn", "Brann"))  # fmt: skip
    after, _ = resolve(state, [3], Vorn=act("", "cleave", "A2"))
    assert who(after, "Nyx").respawn_in == 1
