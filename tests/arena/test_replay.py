"""The replay's view model: squares where the engine says, one colour per gladiator throughout."""

from __future__ import annotations

from arena.bouts.replay import (
    CELL,
    PALETTE,
    board_shapes,
    board_view,
    entrant_colours,
    event_sections,
    hp_series,
)
from arena.engine import play


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
    assert [line.colour for line in hp_series(log, colours).lines] == [PALETTE[0], PALETTE[1]]


def test_board_marks_reach_the_squares():
    shapes = board_shapes(cols=2, rows=2, gladiators={}, colours={}, marks={"B1": "chosen-move"})
    by_name = {c["name"]: c for c in shapes["cells"]}
    assert by_name["B1"]["mark"] == "chosen-move" and by_name["A1"]["mark"] == ""


def test_the_replay_draws_the_bouts_own_board_size():
    """A 6x5 Gladiator Arena bout is drawn 6 files by 5 ranks, not as a chess board: the log
    has no board of its own, the bout's options do."""
    engine_input = {
        "ruleset": "gladiator-arena",
        "options": {"board": [6, 5]},
        "gladiators": [
            {"name": "A", "race": "human", "weapon": "sword", "square": "A1"},
            {"name": "B", "race": "human", "weapon": "sword", "square": "F5"},
        ],
        "turns": [{}],
    }
    log = play(engine_input)
    board = board_view(log, 0, entrant_colours(engine_input), engine_input)
    names = {c["name"] for c in board["cells"]}
    assert "F5" in names and "G1" not in names and "A6" not in names


def test_events_without_phases_or_ticks_stay_one_plain_list():
    events = [{"type": "attack", "text": "Brutus attacks"}, {"type": "fallen", "text": "Nox"}]
    assert event_sections(events) == [{"title": "", "groups": [{"tick": None, "events": events}]}]
    assert event_sections([]) == [{"title": "", "groups": [{"tick": None, "events": []}]}]


def test_phase_events_head_sections_and_ticks_group_the_actions():
    tech = {"type": "tech", "text": "Red tries accuracy 1"}
    moved = {"type": "moved", "text": "Red moves", "tick": 1}
    shot = {"type": "shot", "text": "Red shoots", "tick": 2}
    destroyed = {"type": "destroyed", "text": "Blue is destroyed", "tick": 2}
    sections = event_sections(
        [
            {"type": "phase", "text": "Round 1: tech phase."},
            tech,
            {"type": "phase", "text": "Round 1: actions phase."},
            moved,
            shot,
            destroyed,
            {"type": "phase", "text": "Round 1: repair phase."},
        ]
    )
    assert [s["title"] for s in sections] == [
        "Round 1: tech phase.",
        "Round 1: actions phase.",
        "Round 1: repair phase.",
    ]
    assert sections[0]["groups"] == [{"tick": None, "events": [tech]}]
    assert sections[1]["groups"] == [
        {"tick": 1, "events": [moved]},
        {"tick": 2, "events": [shot, destroyed]},
    ]
    assert sections[2]["groups"] == []
