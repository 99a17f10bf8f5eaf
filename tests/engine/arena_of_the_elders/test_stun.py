"""Appendix, "Stun rules": 'characters that are stunned cannot move or use an ability during
the turn after they were stunned, they are no longer stunned if they are healed.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Healed, Skipped, Used
from tests.engine.arena_of_the_elders.helpers import (
    RULES,
    act,
    at,
    of,
    place,
    resolve,
    who,
    with_,
)


def test_a_stunned_character_sits_out_its_next_turn():
    state = place("Red brann A1", "Blue vorn A2", "Blue nyx H8")
    after, events = resolve(state, [4], Brann=act("", "shield-bash", "A2"))
    assert of(events, Skipped) == [Skipped("Vorn")]
    # Still asked for an order (a teammate's heal may come first), but unhealed it stays.
    assert RULES.pending(after).who == ("Vorn", "Nyx")
    assert RULES.validate(after, "Vorn", act("B2")) == []
    after, _ = resolve(after, Vorn=act("B2"), Nyx=act())
    assert at(after, "Vorn") == "A2"
    after, _ = resolve(after, Brann=act())
    assert "Vorn" in RULES.pending(after).who  # the turn after that it acts again
    assert not who(after, "Vorn").stunned


def test_a_heal_before_its_turn_lifts_the_stun():
    state = with_(place("Red mira A1", "Red vorn A2", "Blue brann H8"), "Vorn", stunned=True)
    after, _ = resolve(state, Mira=act("", "mending-touch", "A2"), Vorn=act())
    assert not who(after, "Vorn").stunned
    assert not who(after, "Vorn").skipping


def test_a_stunned_character_healed_earlier_in_its_turn_acts_in_it():
    """'they are no longer stunned if they are healed': Mira heals the stunned Vorn first
    (at 1); Vorn's activation (at 2) then moves and strikes."""
    state = place("Red brann A1", "Blue vorn A2", "Blue mira A3", "Blue nyx H8")
    after, events = resolve(state, [4], Brann=act("", "shield-bash", "A2"))
    assert of(events, Skipped) == [Skipped("Vorn")]
    assert "Vorn" in RULES.pending(after).who
    orders = {
        "Mira": act("", "mending-touch", "A2", at=1),
        "Vorn": act("B2", "cleave", "A1", first="ability", at=2),
        "Nyx": act(),
    }
    assert RULES.validate(after, "Vorn", orders["Vorn"]) == []
    after, events = resolve(after, [3], **orders)
    assert [h.cleansed for h in of(events, Healed)] == [("stunned",)]
    assert at(after, "Vorn") == "B2"
    assert [u.ability for u in of(events, Used) if u.name == "Vorn"] == ["Cleave"]
    assert not who(after, "Vorn").skipping


def test_unhealed_the_stunned_character_still_sits_the_turn_out():
    state = with_(place("Red vorn A2", "Red mira H1", "Blue brann H8"), "Vorn", skipping=True)
    after, events = resolve(state, Vorn=act("B2"), Mira=act(at=1))
    assert at(after, "Vorn") == "A2"
    assert not of(events, Healed)


def test_a_team_whose_only_living_characters_are_stunned_is_not_waited_for():
    state = place("Red brann A1", "Blue vorn A2", "Blue nyx H8 alive=no respawn_in=2")
    after, _ = resolve(state, [4], Brann=act("", "shield-bash", "A2"))
    # Nobody of Blue's can act, so nobody can heal Vorn: the turn plays itself, and it is
    # Red's turn again.
    assert after.acting == 0 and RULES.pending(after).who == ("Brann",)
