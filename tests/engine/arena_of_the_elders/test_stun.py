"""Appendix, "Stun rules": 'characters that are stunned cannot move or use an ability during
the turn after they were stunned, they are no longer stunned if they are healed.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Skipped
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
    assert RULES.pending(after).who == ("Nyx",)
    assert RULES.validate(after, "Vorn", act("B2")) == ["Vorn gives no order now"]
    after, _ = resolve(after, Nyx=act())
    assert at(after, "Vorn") == "A2"
    after, _ = resolve(after, Brann=act())
    assert "Vorn" in RULES.pending(after).who  # the turn after that it acts again
    assert not who(after, "Vorn").stunned


def test_a_heal_before_its_turn_lifts_the_stun():
    state = with_(place("Red mira A1", "Red vorn A2", "Blue brann H8"), "Vorn", stunned=True)
    after, _ = resolve(state, Mira=act("", "mending-touch", "A2"), Vorn=act())
    assert not who(after, "Vorn").stunned
    assert not who(after, "Vorn").skipping
