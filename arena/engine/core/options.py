"""Reading a bout's options: the checks every rule set's setup shares, with the same words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.engine.core.board import MAX_FILES, Square
from arena.engine.errors import EngineInputError

MAX_RANKS = 99


def whole(value: Any, where: str, low: int, high: int) -> int:
    """A whole number from low to high (a JSON true is not 1), else EngineInputError."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EngineInputError(where, f"a whole number from {low} to {high}")
    return value


def start_square(raw: Any, where: str, on_board: Callable[[Square], bool], example: str) -> Square:
    """An entrant's given starting square: a square's name (like `example`) that is on the
    board (`on_board`, the rule set's options' test), else EngineInputError at `where`."""
    try:
        square = Square.parse(raw)
    except ValueError:
        raise EngineInputError(where, f"a square like {example}") from None
    if not on_board(square):
        raise EngineInputError(where, f"{square} is off the board")
    return square


def board_size(raw: Any, *, smallest: int) -> tuple[int, int]:
    """The "board" option, [files, ranks]: each from `smallest` to the most the core draws."""
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise EngineInputError("options.board", "[files, ranks], e.g. [8, 8]")
    return (
        whole(raw[0], "options.board", smallest, MAX_FILES),
        whole(raw[1], "options.board", smallest, MAX_RANKS),
    )


def flag(raw: Any, where: str) -> bool:
    """A true-or-false option."""
    if not isinstance(raw, bool):
        raise EngineInputError(where, "true or false")
    return raw


def tactic_settings(raw: Any, where: str, settings: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """A gladiator's tactics as given: only known settings, each one of its allowed values
    (the rule set builds its own record from them; none given is the defaults)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise EngineInputError(where, "an object of tactics settings")
    values = {}
    for key, value in raw.items():
        if key not in settings:
            raise EngineInputError(f"{where}.{key}", f"not a setting ({', '.join(settings)})")
        if value not in settings[key]:
            raise EngineInputError(f"{where}.{key}", f"one of {', '.join(settings[key])}")
        values[key] = value
    return values
