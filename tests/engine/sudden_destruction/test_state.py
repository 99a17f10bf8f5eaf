"""The counter's copies: a step's field-by-field copy keeps everything but the square."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.sudden_destruction import Levels, Machine, Tactics


def test_a_step_keeps_every_field_but_the_square():
    # Every field away from its default, so that a field the copy forgot would show.
    m = Machine(
        "Red", 2, Square(1, 1), Levels(hit_points=5, repair=2), damage=3, armour=1,
        alive=False, destroyed_in=4, destroyed_by=("Blue",), gained=6, plates_used=2,
        tactics=Tactics("hull", "cautious", "bold"),
    )  # fmt: skip
    moved = m.at(Square(1, 2))
    assert moved == m._replace(square=Square(1, 2))
    assert all(getattr(moved, f) != getattr(Machine("x", 0, Square(0, 0), Levels()), f)
               for f in Machine._fields)  # fmt: skip
