"""Kill the king: 'each player publicly nominates one of their characters to be the king';
'if the opponent's king is killed you win.' Competitive: 'reduce character respawns by 1,
before the game write the name of your king on a piece of paper place it upside down and
don't reveal it until they die.'"""

from __future__ import annotations

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
    after, events = resolve(state, [6, 1], Nyx={"king": "yes"})
    assert after.kings == ("Nyx", "Marew")  # Blue named nobody: its sturdiest, Marew
    assert KingNamed("Red", "Nyx") in events


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
    assert after.kings[0] == "Mira"
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
