"""Setting up a bout (III): the options, the gladiators and where they start, checked and read
from the input into the first BoutState."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from arena.engine.core.board import Board, Facing, Square
from arena.engine.core.mercy import mercy_read
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
)

BONUS_KEYS = ("attack", "defend", "movement", "body", "mind")


def setup(bout: Mapping[str, Any]) -> BoutState:
    options = parse_options(bout.get("options"), bout.get("mercy"))
    return BoutState(options=options, fighters=parse_gladiators(bout.get("gladiators"), options))


def parse_options(raw: Any, mercy: Any = None) -> Options:
    """The bout's "options", checked, and the campaign's house rule for appeals (the bout's
    "mercy", beside them: checked last)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise EngineInputError("options", "must be an object")
    size = raw.get("board", [12, 12])
    if not (isinstance(size, list) and len(size) == 2 and all(type(v) is int for v in size)):
        raise EngineInputError("options.board", "must be [width, height]")
    if not (2 <= size[0] <= 26 and 2 <= size[1] <= 99):
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
        if not (0 <= wall.col < size[0] and 0 <= wall.row < size[1]):
            raise EngineInputError(
                f"options.walls[{i}]", f"{text} is off the {size[0]}x{size[1]} board"
            )
        walls.append(wall)
    board = Board(size[0], size[1], frozenset(walls))
    contest = raw.get("contest", "standard")
    if contest not in CONTESTS:
        raise EngineInputError(
            "options.contest", f"unknown contest {contest!r} (one of {', '.join(CONTESTS)})"
        )
    exit_text = raw.get("exit")
    if exit_text is None:
        exit_sq = Square((board.width - 1) // 2, 0)
    else:
        try:
            exit_sq = board.parse(exit_text)
        except (ValueError, TypeError) as exc:
            raise EngineInputError("options.exit", str(exc)) from None
    max_turns = raw.get("max_turns", 500)
    if not (type(max_turns) is int and 1 <= max_turns <= 100_000):
        raise EngineInputError("options.max_turns", "must be an integer 1..100000")
    cont = raw.get("continue_with_tactics", False)
    if not isinstance(cont, bool):
        raise EngineInputError("options.continue_with_tactics", "must be true or false")
    return Options(board, contest, exit_sq, max_turns, cont, mercy_read(mercy))


class _Entry(NamedTuple):
    gladiator: Gladiator
    equipment: tuple[str, ...]
    spells: tuple[str, ...]
    square: Square | None  # where the input puts him (None: the arena places him)
    facing: Facing | None


def parse_gladiators(raw: Any, options: Options) -> tuple[FighterState, ...]:
    if not (isinstance(raw, list) and len(raw) >= 2):
        raise EngineInputError("gladiators", "must be a list of at least 2 gladiators")
    names: set[str] = set()
    entries = []
    for i, g in enumerate(raw):
        where = f"gladiators[{i}]"
        if not isinstance(g, dict):
            raise EngineInputError(where, "must be an object")
        name = g.get("name")
        if not (isinstance(name, str) and name.strip() != ""):
            raise EngineInputError(f"{where}.name", "must be a non-empty string")
        if name in names:
            raise EngineInputError(f"{where}.name", f"{name!r} is used twice")
        names.add(name)
        entries.append(_entry(g, i, where, options))
    entries = _contest_teams(entries, options)
    if len({e.gladiator.side for e in entries}) < 2:
        raise EngineInputError("gladiators", "everyone is on one team: there is nobody to fight")
    daggers = {e.equipment.count("dagger") for e in entries}
    if options.contest == "daggers_only" and len(daggers) != 1:
        raise EngineInputError(
            "gladiators", "daggers-only contest: every gladiator carries the same number of daggers"
        )
    return tuple(
        FighterState(
            gladiator=e.gladiator,
            name=e.gladiator.name,
            side=e.gladiator.side,
            square=square,
            facing=facing,
            body=e.gladiator.max_body,
            status=Status.FIGHTING,
            points=0,
            used=frozenset(),
            tally=0,
            last_hit_by=None,
            carried=e.equipment,
            spells=e.spells,
            shield_dice=sum(ITEMS[s].defend for s in e.equipment if ITEMS[s].kind is Kind.SHIELD),
            effects=NO_EFFECTS,
            record=NO_RECORD,
        )
        for e, (square, facing) in zip(entries, _place(entries, options.board), strict=True)
    )


def _entry(g: dict[str, Any], index: int, where: str, options: Options) -> _Entry:
    type_slug = g.get("type")
    if type_slug not in TYPES:
        raise EngineInputError(
            f"{where}.type", f"unknown gladiator type {type_slug!r} (one of {', '.join(TYPES)})"
        )
    gtype = TYPES[type_slug]
    team = g.get("team")
    if not (team is None or (isinstance(team, str) and team != "")):
        raise EngineInputError(f"{where}.team", "must be a team name or null")
    equipment = g.get("equipment", list(gtype.equipment))
    if not (isinstance(equipment, list) and all(isinstance(s, str) for s in equipment)):
        raise EngineInputError(f"{where}.equipment", "must be a list of item slugs")
    errors = equipment_problems(type_slug, tuple(equipment), options.contest)
    if errors:
        raise EngineInputError(f"{where}.equipment", "; ".join(errors))
    bonuses_raw = g.get("bonuses") or {}
    if not isinstance(bonuses_raw, dict):
        raise EngineInputError(f"{where}.bonuses", "must be an object")
    for key in BONUS_KEYS:
        value = bonuses_raw.get(key, 0)
        if not (type(value) is int and 0 <= value <= 50):
            raise EngineInputError(f"{where}.bonuses.{key}", "must be an integer 0..50")
    unknown = sorted(set(bonuses_raw) - set(BONUS_KEYS))
    if unknown:
        raise EngineInputError(f"{where}.bonuses", f"unknown bonus {', '.join(unknown)}")
    bonuses = Bonuses(**bonuses_raw)
    spells = g.get("spells")
    if spells is None:
        spells = list(DEFAULT_SPELLS.get(type_slug, ()))
    if not isinstance(spells, list):
        raise EngineInputError(f"{where}.spells", "must be a list of spell slugs")
    errors = _spell_errors(type_slug, tuple(spells)) if spells else ()
    if errors:
        raise EngineInputError(f"{where}.spells", "; ".join(errors))
    try:
        tactics = parse_tactics(g.get("tactics"))
    except ValueError as exc:
        raise EngineInputError(f"{where}.tactics", str(exc)) from None
    square = None
    if g.get("square") is not None:
        try:
            square = options.board.parse(g["square"])
        except (ValueError, TypeError) as exc:
            raise EngineInputError(f"{where}.square", str(exc)) from None
        if square in options.board.walls:
            raise EngineInputError(f"{where}.square", "is a wall")
    facing = None
    if g.get("facing") is not None:
        if g["facing"] not in ("N", "E", "S", "W"):
            raise EngineInputError(f"{where}.facing", "must be N, E, S or W")
        facing = Facing(g["facing"])
    gladiator = Gladiator(
        name=g["name"],
        index=index,
        type=gtype,
        team=team,
        tactics=tactics,
        bonuses=bonuses,
        max_body=gtype.body + bonuses.body,
        mind=gtype.mind + bonuses.mind,
    )
    return _Entry(gladiator, tuple(equipment), tuple(spells), square, facing)


def _contest_teams(entries: list[_Entry], options: Options) -> list[_Entry]:
    """VIII.H.1 one against many: unless teams are given, the first gladiator stands alone
    and all the others form the team "many"."""
    if options.contest != "one_against_many":
        return entries
    if all(e.gladiator.team is None for e in entries):
        first = entries[0].gladiator.name
        entries = [
            e._replace(gladiator=replace(e.gladiator, team=first if i == 0 else "many"))
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


def _place(entries: list[_Entry], board: Board) -> list[tuple[Square, Facing]]:
    """III.C: two sides start at opposite ends, more sides spread evenly around the edge;
    a team starts as a group. Explicit squares win; clashes are refused. Placed gladiators
    face the middle of the arena unless the input says otherwise."""
    taken: dict[Square, str] = {}
    for e in entries:
        if e.square is not None:
            if e.square in taken:
                raise EngineInputError(
                    f"gladiators[{e.gladiator.index}].square",
                    f"{e.square} is already {taken[e.square]}'s",
                )
            taken[e.square] = e.gladiator.name
    sides = list(dict.fromkeys(e.gladiator.side for e in entries))
    ring, offsets, position = _placement_ring(board)
    if len(sides) == 2:
        mid = (board.width - 1) // 2
        first, second = Square(mid, 0), Square(board.width - 1 - mid, board.height - 1)
        starts = {
            sides[0]: _ring_place(first, ring, position),
            sides[1]: _ring_place(second, ring, position),
        }
    else:
        starts = {s: (k * len(ring)) // len(sides) for k, s in enumerate(sides)}
    centre_col, centre_row = (board.width - 1) / 2, (board.height - 1) / 2
    placed = {}
    for side in sides:
        for e in entries:
            if e.gladiator.side != side or e.square is not None:
                continue
            for off in offsets:
                sq = ring[(starts[side] + off) % len(ring)]
                if sq not in taken:
                    break
            else:  # pragma: no cover - the ring is larger than any bout
                raise EngineInputError("gladiators", "no room on the edge to place everyone")
            taken[sq] = e.gladiator.name
            towards = Facing.towards(round(centre_col - sq.col), round(centre_row - sq.row))
            placed[e.gladiator.index] = (sq, e.facing or towards)
    return [
        (e.square, e.facing or Facing.N) if e.square is not None else placed[e.gladiator.index]
        for e in entries
    ]


def _ring_place(square: Square, ring: list[Square], position: dict[Square, int]) -> int:
    """Where a side starts on the ring: at `square`, or (a wall there) the nearest open edge
    square."""
    if square in position:
        return position[square]
    return min(range(len(ring)), key=lambda i: ring[i].manhattan(square))


# Setup work that depends only on the board or the equipment list: worked out once per distinct
# board or list (bouts are resolved by the thousand with the same few boards and kits).


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
