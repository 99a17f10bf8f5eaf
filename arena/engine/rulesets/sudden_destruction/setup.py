"""A bout's engine input read into the starting state (EngineInputError naming each field).

    {"ruleset": "sudden-destruction", "seed": 7,
     "options": {"board": [8, 8], "max_rounds": 100, "tactics": true},
     "gladiators": [{"name": "Red", "square": "A1", "levels": {"accuracy": 2}, "damage": 1,
                     "armour": 1, "tactics": {"research": "firepower"}}, ...],
     "turns": [{"Red": <plan>, "Blue": <plan>}, ...]}

A counter without a square takes the next free corner ("The players' counters are placed at
different corners"); levels not given are the text's initial levels. A counter's damage
(default 0) sets up or resumes a position; it stays below the hit points, since a counter whose
damage reaches them has already left the board ("SUDDEN DESTRUCTION").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.options import board_size, flag, start_square, tactic_settings, whole
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction.data import INITIAL, Levels, level_problems
from arena.engine.rulesets.sudden_destruction.state import (
    AGGRESSION,
    DEFAULT_BOARD,
    DEFAULT_MAX_ROUNDS,
    GAMBLE,
    RESEARCH,
    Machine,
    Options,
    State,
    Tactics,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # "This is a game for two to four players"
MAX_ROUNDS_LIMIT = 1000
MAX_ARMOUR = 9
SETTINGS = {"research": RESEARCH, "aggression": AGGRESSION, "gamble": GAMBLE}
FIELDS = frozenset(("name", "square", "levels", "damage", "armour", "tactics"))
INITIAL_JSON = INITIAL.to_json()  # the levels an entry does not give


def parse_options(raw: Any) -> Options:
    if raw is None:
        return Options()
    if not isinstance(raw, Mapping):
        raise EngineInputError("options", "must be an object")
    unknown = sorted(set(raw) - {"board", "max_rounds", "tactics"})
    if unknown:
        raise EngineInputError(f"options.{unknown[0]}", "unknown option (board, max_rounds)")
    board = raw.get("board", list(DEFAULT_BOARD))
    width, height = board_size(board, smallest=2)
    rounds = whole(
        raw.get("max_rounds", DEFAULT_MAX_ROUNDS), "options.max_rounds", 1, MAX_ROUNDS_LIMIT
    )
    tactics = flag(raw.get("tactics", False), "options.tactics")
    return Options(width, height, rounds, tactics)


def parse_tactics(raw: Any, where: str) -> Tactics:
    return Tactics(**tactic_settings(raw, where, SETTINGS))


def parse_damage(raw: Any, hit_points: int, where: str) -> int:
    """Damage taken before the bout's first round: below the hit points, since damage
    reaching them destroys the counter ("SUDDEN DESTRUCTION") and it would not be on the
    board."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < hit_points:
        raise EngineInputError(
            where,
            f"a whole number from 0 to {hit_points - 1}: damage reaching the hit points "
            f"({hit_points}) destroys the counter",
        )
    return raw


def setup_bout(bout: Mapping[str, Any]) -> State:
    """The starting state, every entry read and checked in one pass; then each entry without
    a square takes the next corner that no entry was given."""
    options = parse_options(bout.get("options"))
    raw = bout.get("gladiators")
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise EngineInputError("gladiators", "a list of two to four counters")
    names: set[str] = set()
    entries = [read_entry(seat, entry, options, names) for seat, entry in enumerate(raw)]
    given = {square for square, _ in entries}
    corners = [c for c in options.corners() if c not in given]
    return State(
        options,
        tuple(counter(square=corners.pop(0) if s is None else s) for s, counter in entries),
    )


def read_entry(
    seat: int, entry: Any, options: Options, names: set[str]
) -> tuple[Square | None, partial[Machine]]:
    """One entry of the input read and checked (EngineInputError naming the field; `names`
    holds the names read before it): its square (None: none given, a corner is handed out
    once every entry is read) and its counter, but for the square."""
    where = f"gladiators[{seat}]"
    if not isinstance(entry, Mapping):
        raise EngineInputError(where, "must be an object")
    if not entry.keys() <= FIELDS:
        unknown = sorted(entry.keys() - FIELDS)
        raise EngineInputError(f"{where}.{unknown[0]}", "unknown field")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip() or name in names:
        raise EngineInputError(f"{where}.name", "a name of its own")
    names.add(name)
    square = None
    if entry.get("square"):
        square = start_square(entry["square"], f"{where}.square", options.contains, "A1")
    raw_levels = entry.get("levels") or {}
    if not isinstance(raw_levels, Mapping):
        raise EngineInputError(f"{where}.levels", "an object of tech levels")
    levels = {**INITIAL_JSON, **raw_levels}
    problems = level_problems(levels)
    if problems:
        raise EngineInputError(f"{where}.levels", "; ".join(problems))
    damage = parse_damage(entry.get("damage", 0), levels["hit_points"], f"{where}.damage")
    armour = whole(entry.get("armour", 0), f"{where}.armour", 0, MAX_ARMOUR)
    return square, partial(
        Machine,
        name=name,
        seat=seat,
        levels=Levels.from_json(levels),
        damage=damage,
        armour=armour,
        tactics=parse_tactics(entry.get("tactics"), f"{where}.tactics"),
    )
