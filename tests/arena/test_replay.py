"""The replay's view model: squares where the engine says, one colour per gladiator throughout."""

from __future__ import annotations

from arena.replay import CELL, PALETTE, board_shapes, board_view, entrant_colours, hp_series


def test_a1_is_the_bottom_left_square():
    shapes = board_shapes(
        cols=3, rows=2, gladiators={"Nox": {"square": "A1", "body": 4}}, colours={}
    )
    assert shapes["cells"][0]["name"] == "A2"  # drawn first: the top-left square
    figure = shapes["figures"][0]
    assert (figure.x, figure.y) == (CELL / 2, CELL + CELL / 2)


def test_colours_follow_the_entry_order_not_the_order_of_a_json_object():
    engine_input = {"gladiators": [{"name": "Zeno"}, {"name": "Al"}]}
    colours = entrant_colours(engine_input)
    log = {
        "board": [4, 4],
        # jsonb hands objects back with their keys reordered (shorter keys first).
        "turns": [
            {"gladiators": {"Al": {"square": "A1", "hp": 5}, "Zeno": {"square": "D4", "hp": 8}}}
        ],
    }
    figures = {f.name: f.colour for f in board_view(log, 0, colours)["figures"]}
    assert figures == {"Zeno": PALETTE[0], "Al": PALETTE[1]}
    assert [line["colour"] for line in hp_series(log, colours)] == [PALETTE[0], PALETTE[1]]


def test_board_links_and_marks_reach_the_squares():
    shapes = board_shapes(
        cols=2,
        rows=2,
        gladiators={},
        colours={},
        link=lambda sq: f"?move={sq}",
        marks={"B1": "chosen-move"},
    )
    by_name = {c["name"]: c for c in shapes["cells"]}
    assert by_name["A2"]["href"] == "?move=A2"
    assert by_name["B1"]["mark"] == "chosen-move" and by_name["A1"]["mark"] == ""
