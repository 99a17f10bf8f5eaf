"""Setting up a bout (III): the options, the gladiators and where they start, checked and read
from the input into the first BoutState."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from arena.engine.core.board import Board, Facing, Square
from arena.engine.core.mercy import Mercy, mercy_read
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest.data import (
    CONTESTS,
    DEFAULT_SPELLS,
    ITEMS,
    TYPES,
    Kind,
    parse_tactics,
    spell_errors,
)
from arena.engine.rulesets.gladiatorquest.state import (
    NO_EFFECTS,
    NO_RECORD,
    Bonuses,
    BoutState,
    FighterState,
    Gladiator,
    Options,
    Status,
    equipment_problems,
    places_of,
)

BONUS_KEYS = ("attack", "defend", "movement", "body", "mind")
NO_BONUSES = Bonuses()  # none given (absent, null or empty)


def setup(bout: Mapping[str, Any]) -> BoutState:
    options = parse_options(bout.get("options"), bout.get("mercy"))
    fighters = parse_gladiators(bout.get("gladiators"), options)
    return BoutState(options, fighters, places=places_of(fighters))


def parse_options(raw: Any, mercy: Any = None) -> Options:
    """The bout's "options", checked, and the campaign's house rule for appeals (the bout's
    "mercy", beside them: checked last)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise EngineInputError("options", "must be an object")
    size = raw.get("board", [12, 12])
    if not (isinstance(size, list) and len(size) == 2 and all([type(v) is int for v in size])):
        raise EngineInputError("options.board", "must be [width, height]")
    width, height = size
    if not (2 <= width <= 26 and 2 <= height <= 99):
        raise EngineInputError("options.board", "width 2..26 and height 2..99")
    raw_walls = raw.get("walls", [])
    if not isinstance(raw_walls, list):
        raise EngineInputError("options.walls", "must be a list of squares like D4")
    walls: list[Square] = []
    for i, text in enumerate(raw_walls):
        try:
            wall = Square.parse(text)
        except (ValueError, TypeError) as exc:
            raise EngineInputError(f"options.walls[{i}]", str(exc)) from None
        if not (0 <= wall.col < width and 0 <= wall.row < height):
            raise EngineInputError(
                f"options.walls[{i}]", f"{text} is off the {width}x{height} board"
            )
        walls.append(wall)
    contest = raw.get("contest", "standard")
    if contest not in CONTESTS:
        raise EngineInputError(
            "options.contest", f"unknown contest {contest!r} (one of {', '.join(CONTESTS)})"
        )
    exit_text = raw.get("exit")
    exit_sq = None  # the middle of the first rank (_options)
    if exit_text is not None:
        try:
            exit_sq = _board(width, height, frozenset(walls)).parse(exit_text)
        except (ValueError, TypeError) as exc:
            raise EngineInputError("options.exit", str(exc)) from None
    max_turns = raw.get("max_turns", 500)
    if not (type(max_turns) is int and 1 <= max_turns <= 100_000):
        raise EngineInputError("options.max_turns", "must be an integer 1..100000")
    cont = raw.get("continue_with_tactics", False)
    if not isinstance(cont, bool):
        raise EngineInputError("options.continue_with_tactics", "must be true or false")
    return _options(
        width, height, frozenset(walls), contest, exit_sq, max_turns, cont, mercy_read(mercy)
    )


@dataclass(slots=True)
class _Entry:
    gladiator: Gladiator
    equipment: tuple[str, ...]
    spells: tuple[str, ...]
    square: Square | None  # where the input puts him (None: the arena places him)
    facing: Facing | None
    shield_dice: int


def parse_gladiators(raw: Any, options: Options) -> tuple[FighterState, ...]:
    if not (isinstance(raw, list) and len(raw) >= 2):
        raise EngineInputError("gladiators", "must be a list of at least 2 gladiators")
    names: set[str] = set()
    entries = []
    for i, g in enumerate(raw):
        if not isinstance(g, dict):
            raise EngineInputError(f"gladiators[{i}]", "must be an object")
        name = g.get("name")
        if not (isinstance(name, str) and name.strip() != ""):
            raise EngineInputError(f"gladiators[{i}].name", "must be a non-empty string")
        if name in names:
            raise EngineInputError(f"gladiators[{i}].name", f"{name!r} is used twice")
        names.add(name)
        entries.append(_entry(g, i, options))
    entries = _contest_teams(entries, options)
    sides = [e.gladiator.side for e in entries]
    if len(set(sides)) < 2:
        raise EngineInputError("gladiators", "everyone is on one team: there is nobody to fight")
    daggers_only = options.contest == "daggers_only"
    if daggers_only and len({e.equipment.count("dagger") for e in entries}) != 1:
        raise EngineInputError(
            "gladiators", "daggers-only contest: every gladiator carries the same number of daggers"
        )
    # Each fighter as he starts, by position in FighterState's field order (a keyword costs
    # more than the field it sets): gladiator, name, side, square, facing, body, status,
    # points, used, tally, last_hit_by, carried, spells, shield_dice, effects, record.
    squares, facings = _place(entries, sides, options.board)
    return tuple(
        [
            FighterState(
                e.gladiator,
                e.gladiator.name,
                sides[i],
                squares[i],
                facings[i],
                e.gladiator.max_body,
                Status.FIGHTING,
                0,
                frozenset(),
                0,
                None,
                e.equipment,
                e.spells,
                e.shield_dice,
                NO_EFFECTS,
                NO_RECORD,
            )
            for i, e in enumerate(entries)
        ]
    )


def _entry(g: dict[str, Any], index: int, options: Options) -> _Entry:
    """One gladiator of the input, checked in the order the errors are reported. (Each error
    names its field in full where it is raised: the field's path is not built for the many
    gladiators that have no error.)"""
    type_slug = g.get("type")
    if not isinstance(type_slug, str) or type_slug not in TYPES:  # (a list is no key)
        raise EngineInputError(
            f"gladiators[{index}].type",
            f"unknown gladiator type {type_slug!r} (one of {', '.join(TYPES)})",
        )
    gtype = TYPES[type_slug]
    team = g.get("team")
    if not (team is None or (isinstance(team, str) and team != "")):
        raise EngineInputError(f"gladiators[{index}].team", "must be a team name or null")
    if "equipment" in g:
        equipment = g["equipment"]
        # A list rather than a generator: cheaper for a kit's few items.
        if not (isinstance(equipment, list) and all([isinstance(s, str) for s in equipment])):
            raise EngineInputError(f"gladiators[{index}].equipment", "must be a list of item slugs")
        carried = tuple(equipment)
    else:
        carried = gtype.equipment
    kit = _kit(type_slug, carried, options.contest)
    if kit.problems:
        raise EngineInputError(f"gladiators[{index}].equipment", "; ".join(kit.problems))
    raw_bonuses = g.get("bonuses")
    bonuses = _bonuses(raw_bonuses, index) if raw_bonuses else NO_BONUSES
    spells = g.get("spells")
    if spells is None:
        spells = DEFAULT_SPELLS.get(type_slug, ())
    elif not (isinstance(spells, list) and all([isinstance(s, str) for s in spells])):
        raise EngineInputError(f"gladiators[{index}].spells", "must be a list of spell slugs")
    spells = tuple(spells)
    errors = _spell_errors(type_slug, spells) if spells else ()
    if errors:
        raise EngineInputError(f"gladiators[{index}].spells", "; ".join(errors))
    try:
        tactics = parse_tactics(g.get("tactics"))
    except ValueError as exc:
        raise EngineInputError(f"gladiators[{index}].tactics", str(exc)) from None
    square = None
    if g.get("square") is not None:
        try:
            square = options.board.parse(g["square"])
        except (ValueError, TypeError) as exc:
            raise EngineInputError(f"gladiators[{index}].square", str(exc)) from None
        if square in options.board.walls:
            raise EngineInputError(f"gladiators[{index}].square", "is a wall")
    facing = None
    if g.get("facing") is not None:
        if g["facing"] not in ("N", "E", "S", "W"):
            raise EngineInputError(f"gladiators[{index}].facing", "must be N, E, S or W")
        facing = Facing(g["facing"])
    # Gladiator's fields by position: name, index, type, team, tactics, bonuses, max_body, mind.
    gladiator = Gladiator(
        g["name"],
        index,
        gtype,
        team,
        tactics,
        bonuses,
        gtype.body + bonuses.body,
        gtype.mind + bonuses.mind,
    )
    return _Entry(gladiator, carried, spells, square, facing, kit.shield_dice)


def _bonuses(raw: Any, index: int) -> Bonuses:
    if not isinstance(raw, dict):
        raise EngineInputError(f"gladiators[{index}].bonuses", "must be an object")
    values = []
    for key in BONUS_KEYS:
        value = raw.get(key, 0)
        if not (type(value) is int and 0 <= value <= 50):
            raise EngineInputError(f"gladiators[{index}].bonuses.{key}", "must be an integer 0..50")
        values.append(value)
    unknown = raw.keys() - BONUS_KEYS
    if unknown:
        raise EngineInputError(
            f"gladiators[{index}].bonuses", f"unknown bonus {', '.join(sorted(unknown))}"
        )
    return _bonuses_of(*values)


def _contest_teams(entries: list[_Entry], options: Options) -> list[_Entry]:
    """VIII.H.1 one against many: unless teams are given, the first gladiator stands alone
    and all the others form the team "many"."""
    if options.contest != "one_against_many":
        return entries
    if all(e.gladiator.team is None for e in entries):
        first = entries[0].gladiator.name
        entries = [
            replace(e, gladiator=replace(e.gladiator, team=first if i == 0 else "many"))
            for i, e in enumerate(entries)
        ]
    sides = [e.gladiator.side for e in entries]
    sizes = sorted(sides.count(s) for s in set(sides))
    if not (len(sizes) == 2 and sizes[0] == 1):
        raise EngineInputError(
            "gladiators",
            "one-against-many contest: exactly two sides, one of them a single gladiator",
        )
    return entries


def _place(
    entries: list[_Entry], sides: list[str], board: Board
) -> tuple[tuple[Square, ...], tuple[Facing, ...]]:
    """Each gladiator's starting square and facing: the input's, else the arena's (III.C,
    _starting_places). Two given the same square are refused."""
    taken: dict[Square, str] = {}
    for e in entries:
        if e.square is not None:
            if e.square in taken:
                raise EngineInputError(
                    f"gladiators[{e.gladiator.index}].square",
                    f"{e.square} is already {taken[e.square]}'s",
                )
            taken[e.square] = e.gladiator.name
    # The sides numbered in the order they first appear: where the arena places everyone
    # depends on that order, not on the names.
    numbers: dict[str, int] = {}
    line_up = tuple([numbers.setdefault(side, len(numbers)) for side in sides])
    return _starting_places(board, line_up, tuple([(e.square, e.facing) for e in entries]))


@functools.lru_cache(maxsize=1024)
def _starting_places(
    board: Board, sides: tuple[int, ...], given: tuple[tuple[Square | None, Facing | None], ...]
) -> tuple[tuple[Square, ...], tuple[Facing, ...]]:
    """III.C: two sides start at opposite ends, more sides spread evenly around the edge;
    a team starts as a group. Given squares win; the arena places the others on the edge.
    Placed gladiators face the middle of the arena, the others north, unless the input says
    otherwise. `sides`: each gladiator's side by number; `given`: the square and facing the
    input gives each (None: not given). Worked out once per board and line-up: bouts by the
    thousand bring the same few."""
    taken = {square for square, _ in given if square is not None}
    ring, offsets, position = _placement_ring(board)
    count = len(ring)
    if max(sides) == 1:
        mid = (board.width - 1) // 2
        first, second = Square(mid, 0), Square(board.width - 1 - mid, board.height - 1)
        starts = [_ring_place(first, ring, position), _ring_place(second, ring, position)]
    else:
        starts = [(k * count) // (max(sides) + 1) for k in range(max(sides) + 1)]
    centre_col, centre_row = (board.width - 1) / 2, (board.height - 1) / 2
    squares = [square for square, _ in given]
    facings = [facing or Facing.N for _, facing in given]
    for side, start in enumerate(starts):
        for i, (his_side, (square, facing)) in enumerate(zip(sides, given, strict=True)):
            if his_side != side or square is not None:
                continue
            for off in offsets:
                sq = ring[(start + off) % count]
                if sq not in taken:
                    break
            else:  # pragma: no cover - the ring is larger than any bout
                raise EngineInputError("gladiators", "no room on the edge to place everyone")
            taken.add(sq)
            squares[i] = sq
            towards = Facing.towards(round(centre_col - sq.col), round(centre_row - sq.row))
            facings[i] = facing or towards
    return tuple(squares), tuple(facings)


def _ring_place(square: Square, ring: list[Square], position: dict[Square, int]) -> int:
    """Where a side starts on the ring: at `square`, or (a wall there) the nearest open edge
    square."""
    if square in position:
        return position[square]
    return min(range(len(ring)), key=lambda i: ring[i].manhattan(square))


# Setup work that depends only on plain values (a board, the options, a kit, the bonuses):
# functools caches of pure functions, so that it is worked out once per distinct value (bouts
# are resolved by the thousand with the same few boards, options and kits).


@functools.lru_cache(maxsize=256)
def _placement_ring(board: Board) -> tuple[list[Square], list[int], dict[Square, int]]:
    """The open edge squares clockwise from A1, the order in which _place tries them around a
    side's start (0, +1, -1, +2, -2 ...), and each square's place on the ring."""
    ring = [sq for sq in board.edge_squares() if sq not in board.walls]
    offsets = [0]
    for k in range(1, len(ring)):
        offsets += [k, -k]
    position: dict[Square, int] = {}
    for i, sq in enumerate(ring):
        position.setdefault(sq, i)
    return ring, offsets, position


@functools.lru_cache(maxsize=1024)
def _spell_errors(type_slug: str, spells: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(spell_errors(type_slug, list(spells)))


@functools.lru_cache(maxsize=256)
def _board(width: int, height: int, walls: frozenset[Square]) -> Board:
    return Board(width, height, walls)


@functools.lru_cache(maxsize=256)
def _options(
    width: int,
    height: int,
    walls: frozenset[Square],
    contest: str,
    exit_sq: Square | None,
    max_turns: int,
    cont: bool,
    mercy: Mercy,
) -> Options:
    """The checked options as an Options, once for all the bouts that have them (they are
    immutable; building one looks up the board's tables, and a frozen record sets each field
    through object.__setattr__). The key is plain values: a Board hashes through Python."""
    if exit_sq is None:
        exit_sq = Square((width - 1) // 2, 0)
    return Options(_board(width, height, walls), contest, exit_sq, max_turns, cont, mercy)


class _Kit(NamedTuple):
    problems: tuple[str, ...]  # what is wrong with it, in words (none: he may carry it)
    shield_dice: int  # what his shield is worth (V.F.3 wears it down in the bout)


@functools.lru_cache(maxsize=1024)
def _kit(type_slug: str, carried: tuple[str, ...], contest: str) -> _Kit:
    """What setup needs to know of a gladiator type's kit in a contest."""
    problems = equipment_problems(type_slug, carried, contest)
    if problems:
        return _Kit(problems, 0)
    return _Kit((), sum(ITEMS[s].defend for s in carried if ITEMS[s].kind is Kind.SHIELD))


@functools.lru_cache(maxsize=1024)
def _bonuses_of(attack: int, defend: int, movement: int, body: int, mind: int) -> Bonuses:
    return Bonuses(attack, defend, movement, body, mind)
