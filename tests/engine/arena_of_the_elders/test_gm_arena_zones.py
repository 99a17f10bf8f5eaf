"""GM arenas can say everything the rules name: 'Before the game starts place each character
token in the start zone of the map'; 'Each teams flag zone should be designated on the map'.
An arena document may give each team's start zone and flag explicitly, without the half-turn
symmetry the mirrored form imposes; a zone off the board or on a block is refused in words,
a legal asymmetric arena is accepted. The mirrored form stays readable."""

from __future__ import annotations

import copy

from arena.engine import play
from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS
from arena.engine.rulesets.arena_of_the_elders.content import content_problems, parse_content

# 6x6, a block at C3 and one wall (B1:N) given once: the explicit form does not turn it.
LOPSIDED = {
    "key": "lopsided",
    "name": "The Lopsided Yard",
    "width": 6,
    "height": 6,
    "terrain": ["......", "......", "......", "..#...", "......", "......"],
    "walls": ["B1:N"],
    "start": {"Red": ["A1", "B1", "C1", "D1"], "Blue": ["A6", "B6", "C6", "D6", "E6"]},
    "flag": {"Red": {"home": "F1", "zone": ["F2"]}, "Blue": {"home": "F4", "zone": []}},
}


def arena(**changes) -> dict:
    out = copy.deepcopy(LOPSIDED)
    out.update(changes)
    return out


def test_an_asymmetric_arena_is_accepted_as_drawn():
    assert content_problems({"arenas": [LOPSIDED]}) == []
    lopsided = parse_content({"arenas": [LOPSIDED]}).arena("lopsided")
    assert lopsided is not None
    assert [str(s) for s in lopsided.starts[1]] == ["A6", "B6", "C6", "D6", "E6"]
    assert lopsided.flag_homes == (Square.parse("F1"), Square.parse("F4"))
    assert lopsided.flag_zones[1] == frozenset({Square.parse("F4")})
    assert len(lopsided.walls) == 1  # as listed, no turned twin


def test_a_bout_is_fought_on_it_from_its_own_zones():
    keys = list(CHAMPIONS)
    bout = {
        "ruleset": "arena-of-the-elders",
        "dice": [6, 1],
        "options": {"arena": "lopsided", "mode": "flag"},
        "content": {"arenas": [LOPSIDED]},
        "gladiators": [
            {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys)
        ],
        "turns": [{"marew": {"start": "E6"}}],
    }
    out = play(bout)
    squares = out["turns"][0]["gladiators"]
    assert squares["marew"]["square"] == "E6"
    assert squares["kestrel"]["square"] == "A6"


def test_zone_squares_off_the_board_or_on_a_block_are_refused_in_words():
    bad = arena(
        start={"Red": ["A1", "B1", "C1", "G1"], "Blue": ["A6", "B6", "C3", "D6"]},
        flag={"Red": {"home": "F1", "zone": ["F9"]}, "Blue": {"home": "F4"}},
    )
    assert content_problems({"arenas": [bad]}) == [
        "arenas[0].start.Red: 'G1' is not a square of the 6x6 board",
        "arenas[0].start.Blue: C3 is a block",
        "arenas[0].flag.Red: 'F9' is not a square of the 6x6 board",
    ]


def test_zones_that_meet_or_are_short_are_refused():
    bad = arena(
        start={"Red": ["A1", "B1", "C1"], "Blue": ["A6", "B6", "C6", "F1"]},
        flag={"Red": {"home": "F1"}, "Blue": {"home": "F4"}},
    )
    assert content_problems({"arenas": [bad]}) == [
        "arenas[0].start.Red: at least 4 squares",
        "arenas[0].flag.Red: F1 is in arenas[0].start.Blue too",
    ]
    half = arena(flag={"home": "F1", "zone": []})
    assert content_problems({"arenas": [half]}) == [
        'arenas[0].flag: {"Red": {"home": square, "zone": [squares]}, "Blue": {...}}, with '
        "the start zones given by team"
    ]


def test_the_mirrored_form_is_read_as_before():
    mirrored = arena(start=["A1", "B1", "C1", "D1"], flag={"home": "F1", "zone": ["F2"]})
    assert content_problems({"arenas": [mirrored]}) == []
    read = parse_content({"arenas": [mirrored]}).arena("lopsided")
    assert read is not None
    assert [str(s) for s in read.starts[1]] == ["F6", "E6", "D6", "C6"]
    assert read.flag_homes[1] == Square.parse("A6")
    assert len(read.walls) == 2  # B1:N and its turned twin
