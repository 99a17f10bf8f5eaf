"""A turn's rules gather the characters they change in one table (changes.Changes) and put
them into the frozen state with one copy; the state they began from never changes
(docs/decisions/0102-elders-1-5-fewer-squares-and-one-copy.md)."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.events import Fizzled
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.state import state_to_json
from arena.engine.rulesets.arena_of_the_elders.turn import activate
from tests.engine.arena_of_the_elders.helpers import act, place, resolve, who


def test_an_activation_changes_its_characters_in_a_new_state_and_not_the_one_it_began_from():
    state = place("Red ignis C3", "Blue vorn C5 hp=1")
    before = state_to_json(state)
    turn = Turn(Dice.scripted([4]))  # Firebolt hits on 3-6
    path = (Square.parse("D3"),)
    board = Changes(state)
    activate(board, turn, "Ignis", Activation(path, "firebolt", Square.parse("C5")))
    after = board.applied()
    assert state_to_json(state) == before
    assert who(after, "Ignis").square == Square.parse("D3")
    assert who(after, "Ignis").cooldowns == (("firebolt", 1),)
    assert not who(after, "Vorn").alive
    assert who(after, "Ignis").kills == 1


def test_the_table_reads_the_board_as_it_now_stands_and_puts_it_in_once():
    state = place("Red ignis C3", "Blue vorn C5")
    board = Changes(state)
    assert board.applied() is state  # nothing changed: no copy
    board.put_changed("Vorn", hp=3)
    board.put_changed("Vorn", burning="Ignis")
    assert board.fighter("Vorn").hp == 3
    assert [f.hp for f in board.fighters] == [who(state, "Ignis").hp, 3]
    assert state.fighter("Vorn").hp == who(state, "Vorn").hp != 3
    after = board.applied()
    assert (after.fighter("Vorn").hp, after.fighter("Vorn").burning) == (3, "Ignis")
    assert after.fighter("Ignis") is state.fighter("Ignis")  # the unchanged one is shared


def test_a_turn_reads_its_own_changes_and_puts_them_into_one_new_state():
    """Ignis kills Vorn; Nyx, acting after it in the same turn, finds nobody to hit where
    Vorn stood: the turn's table is the board its later activations see. The state the turn
    began from is unchanged; the character it never touched is shared, not copied."""
    state = place("Red ignis A3", "Red nyx A2", "Blue vorn A6 hp=1", "Blue mira H8")
    before = state_to_json(state)
    after, events = resolve(
        state,
        [4],  # Firebolt hits on 3-6; Nyx's dart is never rolled
        Ignis=act("", "firebolt", "A6"),
        Nyx=act("", "venom-dart", "A6"),
    )
    assert state_to_json(state) == before
    assert not who(after, "Vorn").alive and who(after, "Ignis").kills == 1
    assert [e for e in events if isinstance(e, Fizzled)] == [
        Fizzled("Nyx", "Venom Dart", "no enemy on A6")
    ]
    assert who(after, "Nyx").cooldowns == ()  # a use that fizzles costs no cooldown
    assert after.fighter("Mira") is state.fighter("Mira")
