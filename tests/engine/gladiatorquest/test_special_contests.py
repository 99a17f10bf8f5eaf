"""VIII.H Special combats: one against many, bows only, magic only, daggers only; equipment
outside a contest's limits is refused naming the field (docs/engine.md, Contests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.engine import EngineInputError
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W, B = "skull", "white", "black"
GOLDEN = Path(__file__).parent / "golden"
STAND = {"move": "stand"}


def _refused(*gladiators, contest):
    with pytest.raises(EngineInputError) as info:
        play(bout(*gladiators, contest=contest, dice=[]))
    return info.value


# --- VIII.H.1 one against many --------------------------------------------------------------


def test_one_against_many_puts_the_first_gladiator_alone_against_all_the_others():
    """VIII.H.1: 'Contests which pit a single opponent against multiple opponents.'
    docs/engine.md: 'unless teams are given, the first gladiator against all others as team
    "many"'. Nox falls to Brutus: the many win and share first place."""
    g = bout(
        gladiator("Nox", "wizard", square="E6", facing="S"),
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E5"),
        gladiator("Ajax", equipment=["broadsword", "plate_mail"], square="A1"),
        dice=[1, 1, 1, 1, 1, W, S, S, S, S, W, S, S],  # Nox's dagger; Brutus swings 4
        turns=orders(
            {"Nox": STAND, "Brutus": STAND, "Ajax": STAND},
            {"Nox": {"attack": "thrust"}, "Brutus": {"attack": "swing", "target": "Nox"}},
        ),
        contest="one_against_many",
    )
    result = play(g)
    assert result["contest"] == "one_against_many"
    assert result["result"]["winner"] == "many"
    rows = {s["name"]: s for s in result["result"]["standings"]}
    assert rows["Brutus"]["team"] == rows["Ajax"]["team"] == "many"
    assert rows["Nox"]["team"] == "Nox" and rows["Nox"]["fate"] == "killed"
    assert rows["Brutus"]["place"] == rows["Ajax"]["place"] == 1


def test_one_against_many_needs_a_single_gladiator_on_one_side():
    """VIII.H.1: 'a single opponent against multiple opponents': two against two is refused."""
    error = _refused(
        gladiator("A", team="x"),
        gladiator("B", team="x"),
        gladiator("C", team="y"),
        gladiator("D", team="y"),
        contest="one_against_many",
    )
    assert error.field == "gladiators" and "one-against-many" in error.message


# --- VIII.H.2 bows only ----------------------------------------------------------------------


def test_bows_only_refuses_hand_to_hand_weapons_and_armour():
    """VIII.H.2: 'Contests where only bows are used, with no other hand-to-hand weapon or
    armor allowed.'"""
    error = _refused(
        gladiator("Ajax", equipment=["crossbow"]),
        gladiator("Bran", equipment=["crossbow", "shortsword"]),
        contest="bows_only",
    )
    assert error.field == "gladiators[1].equipment" and "bows-only" in error.message
    error = _refused(
        gladiator("Ajax", equipment=["crossbow", "helmet"]),
        gladiator("Bran", equipment=["crossbow"]),
        contest="bows_only",
    )
    assert error.field == "gladiators[0].equipment" and "no armour" in error.message


def test_bows_are_refused_outside_a_bows_only_contest():
    """II.D: 'Normally any weapon may be used except for bows.'"""
    error = _refused(
        gladiator("Ajax", equipment=["crossbow"]), gladiator("Bran"), contest="standard"
    )
    assert error.field == "gladiators[0].equipment" and "II.D" in error.message


def test_in_a_bows_only_contest_a_gladiator_without_a_bow_fights_with_his_fists():
    """VIII.H.2: 'The combatants must either use their bows or fight with their fists'
    (docs/engine.md: unarmed is 1 attack die)."""
    g = bout(
        gladiator("Ajax", equipment=[], square="E5"),
        gladiator("Bran", equipment=[], square="E6", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, S, W, W, S, S],
        turns=orders(
            {"Ajax": STAND, "Bran": STAND},
            {"Ajax": {"attack": "thrust"}, "Bran": {"attack": "thrust"}},
        ),
        contest="bows_only",
    )
    ajax = events(play(g), "attack")[0]
    assert ajax["weapon"] == "fists" and len(ajax["attack_dice"]) == 1 and ajax["damage"] == 1


def test_a_crossbow_is_no_hand_to_hand_weapon_so_its_owner_fights_adjacent_foes_with_fists():
    """VIII.H.2: 'The combatants must either use their bows or fight with their fists';
    HeroQuest reference, Crossbow: 'Fire at any monster you can "see", but not at an adjacent
    one.' In the combat phase (adjacent) Ajax cannot shoot: he punches, 1 attack die."""
    g = bout(
        gladiator("Ajax", equipment=["crossbow"], square="E5"),
        gladiator("Bran", equipment=[], square="E6", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, S, S, W, W, W, W, W, W],  # fists 1 die each; parry 1, defend 2
        turns=orders(
            {"Ajax": STAND, "Bran": STAND},
            {"Ajax": {"attack": "thrust"}, "Bran": {"attack": "thrust"}},
        ),
        contest="bows_only",
    )
    ajax = next(e for e in events(play(g), "attack") if e["attacker"] == "Ajax")
    assert ajax["weapon"] == "fists" and len(ajax["attack_dice"]) == 1


# --- VIII.H.3 magic only ---------------------------------------------------------------------


def test_magic_only_admits_only_spellcasters():
    """VIII.H.3: 'Contests where only magic may be used.'"""
    error = _refused(gladiator("Nox", "wizard"), gladiator("Brutus"), contest="magic_only")
    assert error.field == "gladiators[1].equipment" and "magic-only" in error.message


def test_magic_only_no_throw_while_spells_are_left():
    """VIII.H.3: 'Only once all of a Gladiators spells are used up may he use a weapon'."""
    g = bout(
        gladiator("Nox", "wizard", equipment=["dagger", "dagger"], square="E1"),
        gladiator("Vex", "wizard", square="E9", facing="S"),
        dice=[1, 1, 1, 1, 1, 1],
        turns=orders({"Nox": {"throw": {"weapon": "dagger", "at": "Vex", "square": "E9"}}}),
        contest="magic_only",
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Nox.throw"
    assert "VIII.H.3" in info.value.message


def test_magic_only_a_caster_with_spells_left_strikes_no_blow_but_one_without_does():
    """VIII.H.3: 'Only once all of a Gladiators spells are used up may he use a weapon'.
    Nox knows only Fire of Wrath and casts it (Vex saves); in the combat that follows Nox
    stabs with his dagger, Vex (spells left) strikes no blow."""
    g = bout(
        gladiator("Nox", "wizard", spells=["fire_of_wrath"], square="E5"),
        gladiator("Vex", "wizard", spells=["fire_of_wrath"], square="E6", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, 6, S, S, S],  # Vex's save; Nox's 1 die; Vex defends 2
        turns=orders(
            {"Nox": {"spell": {"spell": "fire_of_wrath", "target": "Vex"}}, "Vex": STAND},
            {"Nox": {"attack": "thrust", "target": "Vex"}},
        ),
        contest="magic_only",
    )
    result = play(g)
    (blow,) = events(result, "attack")
    assert blow["attacker"] == "Nox" and blow["weapon"] == "dagger" and blow["damage"] == 1
    assert standing(result, "Nox")["spells_left"] == []
    assert standing(result, "Vex")["spells_left"] == ["fire_of_wrath"]


# --- VIII.H.5 daggers only -------------------------------------------------------------------


def _daggers(n, m=None, extra=()):
    return (
        gladiator("Ajax", "elf", equipment=["dagger"] * n + list(extra)),
        gladiator("Bran", "elf", equipment=["dagger"] * (n if m is None else m)),
    )


@pytest.mark.parametrize("n", [0, 13])
def test_daggers_only_allows_one_to_twelve_daggers(n):
    """VIII.H.5: 'Each Gladiator is allowed the same number of daggers, ranging from 1 to 12.'"""
    error = _refused(*_daggers(n), contest="daggers_only")
    assert error.field == "gladiators[0].equipment" and "1 to 12" in error.message


def test_daggers_only_everyone_carries_the_same_number():
    """VIII.H.5: 'Each Gladiator is allowed the same number of daggers'."""
    error = _refused(*_daggers(3, 2), contest="daggers_only")
    assert error.field == "gladiators" and "same number" in error.message


def test_daggers_only_refuses_other_weapons():
    """VIII.H.5: 'Contests where only daggers may be used.'"""
    error = _refused(*_daggers(2, extra=["shortsword"]), contest="daggers_only")
    assert error.field == "gladiators[0].equipment" and "shortsword" in error.message


def test_daggers_only_twelve_daggers_each_and_they_may_be_thrown():
    """VIII.H.5: 'Don't forget that daggers may be thrown.' Ajax throws one of his twelve at
    Bran four squares away, predicting that Bran stands still: a hit, 1 attack die."""
    ajax, bran = _daggers(12)
    g = bout(
        {**ajax, "square": "E1", "facing": "N"},
        {**bran, "square": "E5", "facing": "S"},
        dice=[1, 1, 1, 1, 1, 1, S, S, S],
        turns=orders(
            {"Ajax": {"throw": {"weapon": "dagger", "at": "Bran", "square": "E5"}}, "Bran": STAND}
        ),
        contest="daggers_only",
    )
    result = play(g)
    (thrown,) = events(result, "throw")
    assert thrown["hit"] and events(result, "attack")[0]["damage"] == 1
    assert standing(result, "Ajax")["items_lost"] == ["dagger"]


def test_golden_daggers_only_bout():
    """Golden replay golden/daggers_only_contest (seed 3, replayed byte for byte
    by test_golden_bouts): only daggers are thrown or struck with."""
    out = json.loads((GOLDEN / "daggers_only_contest.json").read_text())["log"]
    assert out["contest"] == "daggers_only" and out["result"]["finished"]
    assert {e["weapon"] for e in events(out, "attack")} <= {"dagger", "fists"}
    assert {e["weapon"] for e in events(out, "throw")} == {"dagger"}
