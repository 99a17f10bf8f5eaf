"""Starting a bout: options (sections 4, 8 c), gladiators (5, 6, 7) and clashing squares (5)."""

from __future__ import annotations

from arena.engine.core.board import MAX_FILES, Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena.data import (
    KITS,
    PAIRS_BY_WORDS,
    Kit,
    Race,
    Weapon,
    combination_problem,
    parse_race,
    parse_weapon,
)
from arena.engine.rulesets.gladiator_arena.state import (
    DEFAULT_MAX_TURNS,
    BoutState,
    Gladiator,
    Options,
    board_tables,
    new_state,
)

MAX_RANKS = 99
_OPTION_KEYS = {"board", "time_limit", "tactics", "max_turns"}
_GLADIATOR_KEYS = {"name", "race", "weapon", "square"}


def parse_options(raw: object) -> Options:
    if raw is None:
        return Options()
    if not isinstance(raw, dict):
        raise EngineInputError("options", "must be an object")
    if not raw.keys() <= _OPTION_KEYS:
        unknown = sorted(set(raw) - _OPTION_KEYS)
        known = ", ".join(sorted(_OPTION_KEYS))
        raise EngineInputError(f"options.{unknown[0]}", f"unknown option (known: {known})")
    width, height = 8, 8
    if "board" in raw:
        board = raw["board"]
        if (
            not isinstance(board, list)
            or len(board) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in board)
        ):
            raise EngineInputError("options.board", "must be [files, ranks], e.g. [8, 8]")
        width, height = board
        if not (2 <= width <= MAX_FILES) or not (2 <= height <= MAX_RANKS):
            raise EngineInputError(
                "options.board", f"must be 2..{MAX_FILES} files by 2..{MAX_RANKS} ranks"
            )
    flags = {}
    for key, default in (("time_limit", True), ("tactics", False)):
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise EngineInputError(f"options.{key}", "must be true or false")
        flags[key] = value
    max_turns = raw.get("max_turns", DEFAULT_MAX_TURNS)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 1 <= max_turns <= 1000:
        raise EngineInputError("options.max_turns", "must be a whole number from 1 to 1000")
    return Options(width, height, flags["time_limit"], flags["tactics"], max_turns)


def mirror(square: Square, width: int, height: int) -> Square:
    """The square opposite the board's centre (5): file i -> W-1-i, rank j -> H-1-j."""
    return Square(width - 1 - square.col, height - 1 - square.row)


def setup_bout(options: Options, raw: object) -> BoutState:
    """Build the starting state from the "gladiators" list, in the order they posted."""
    if not isinstance(raw, list) or len(raw) < 2:
        raise EngineInputError("gladiators", "must be a list of at least two gladiators")
    width, height = options.width, options.height
    by_name = board_tables(width, height)[1]
    gladiators: list[Gladiator] = []
    names: set[str] = set()
    chosen: dict[Square, list[int]] = {}
    for i, entry in enumerate(raw):
        where = f"gladiators[{i}]"
        if not isinstance(entry, dict):
            raise EngineInputError(where, "must be an object")
        if not entry.keys() <= _GLADIATOR_KEYS:
            unknown = sorted(set(entry) - _GLADIATOR_KEYS)
            raise EngineInputError(
                f"{where}.{unknown[0]}", "unknown key (expected name, race, weapon, square)"
            )
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise EngineInputError(f"{where}.name", "must be a non-empty string")
        if name in names:
            raise EngineInputError(f"{where}.name", f"{name!r} is used twice")
        names.add(name)
        words = entry.get("race"), entry.get("weapon")
        known = type(words[0]) is str and type(words[1]) is str
        pair = PAIRS_BY_WORDS.get(words) if known else None
        race, weapon, kit = _race_and_weapon(entry, where, name) if pair is None else pair
        text = entry.get("square")
        square = by_name.get(text) if type(text) is str else None  # a usual name: a look-up
        if square is None:
            try:
                square = Square.parse(text)  # type: ignore[arg-type]
            except ValueError:
                raise EngineInputError(
                    f"{where}.square", f"{name}: {text!r} is not a square like D4"
                ) from None
            if not (0 <= square.col < width and 0 <= square.row < height):
                raise EngineInputError(
                    f"{where}.square", f"{name}: {square} is off the {width}x{height} board"
                )
        chosen.setdefault(square, []).append(i)
        gladiators.append(Gladiator.new(name, race, weapon, square, kit))

    for square, who in chosen.items():
        if len(who) >= 3:
            listed = ", ".join(gladiators[i].name for i in who)
            raise EngineInputError(
                f"gladiators[{who[2]}].square",
                f"{listed} all chose {square}: three or more on one square must choose again",
            )
        if len(who) == 2:
            later = gladiators[who[1]]
            moved = mirror(square, width, height)
            if moved == square or moved in chosen:
                raise EngineInputError(
                    f"gladiators[{who[1]}].square",
                    f"{later.name} chose {square} after {gladiators[who[0]].name}, and the "
                    f"square opposite the centre ({moved}) is taken: choose again",
                )
            gladiators[who[1]] = later.moved_to(moved)
    return new_state(options, gladiators)


def _race_and_weapon(entry: dict, where: str, name: str) -> tuple[Race, Weapon, Kit]:
    """A gladiator's race, weapon and kit read word by word (any case, spaces around) and
    checked: what setup does for a pair not named by its words (PAIRS_BY_WORDS)."""
    race = parse_race(entry.get("race"))
    if race is None:
        raise EngineInputError(
            f"{where}.race",
            f"{name}: unknown race {entry.get('race')!r} (human, dwarf, elf, halfling, giant)",
        )
    weapon = parse_weapon(entry.get("weapon"))
    if weapon is None:
        raise EngineInputError(
            f"{where}.weapon",
            f"{name}: unknown weapon {entry.get('weapon')!r} (axe, sword, spear, bow, catapult)",
        )
    problem = combination_problem(race, weapon)
    if problem is not None:
        raise EngineInputError(f"{where}.weapon", f"{name}: {problem}")
    return race, weapon, KITS[race, weapon]
