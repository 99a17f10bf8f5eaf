"""A bout's engine input read into the starting state (EngineInputError naming each field).

    {"ruleset": "gladiator-101", "seed": 7,
     "options": {"board": [10, 10], "max_turns": 120, "tactics": true},
     "first": "Red",                                       (optional)
     "gladiators": [{"name": "Red", "square": "E1",         (square optional)
                     "scores": {"accuracy": 10, "reflex": 10, "strength": 10},
                     "feats": ["keen-eye", "flurry-foil"], "tactics": {"aim": "best"}}, ...],
     "turns": [{"Red": <order>}, {"Blue": <order>}, ...]}

"At the beginning of each arena combat, one combatant is randomly decided to go first": the
bout input may name who ("first"); otherwise a seeded bout draws it from its seed, by a die
of its own (so the bout's own dice are not shifted), and a bout with scripted dice starts
with the first listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.engine.core.dice import Dice
from arena.engine.core.options import board_size, flag, start_square, tactic_settings, whole
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.data import DEFAULT_BOARD, DEFAULT_MAX_TURNS, SCORES
from arena.engine.rulesets.gladiator_101.feats import FEATS
from arena.engine.rulesets.gladiator_101.state import (
    SETTINGS,
    Fighter,
    Options,
    State,
    Tactics,
    traits_of,
)

MAX_TURNS_LIMIT = 1000
MAX_SCORE = 100


def parse_options(raw: Any) -> Options:
    if raw is None:
        return Options()
    if not isinstance(raw, Mapping):
        raise EngineInputError("options", "must be an object")
    unknown = sorted(set(raw) - {"board", "max_turns", "tactics"})
    if unknown:
        raise EngineInputError(f"options.{unknown[0]}", "unknown option (board, max_turns)")
    board = raw.get("board", list(DEFAULT_BOARD))
    width, height = board_size(board, smallest=3)
    turns = whole(raw.get("max_turns", DEFAULT_MAX_TURNS), "options.max_turns", 2, MAX_TURNS_LIMIT)
    tactics = flag(raw.get("tactics", False), "options.tactics")
    return Options(width, height, turns, tactics)


def parse_tactics(raw: Any, where: str) -> Tactics:
    return Tactics(**tactic_settings(raw, where, SETTINGS))


def _feats(raw: Any, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
        raise EngineInputError(where, "a list of feat names")
    unknown = [s for s in raw if s not in FEATS]
    if unknown:
        raise EngineInputError(where, f"{unknown[0]!r} is not a feat of Gladiator 101")
    bases = [FEATS[s].base for s in raw]
    if len(set(bases)) < len(bases):
        raise EngineInputError(where, "a feat (or its foil) is assigned twice")
    return tuple(raw)


def first_seat(bout: Mapping[str, Any], names: list[str]) -> int:
    first = bout.get("first")
    if first is not None:
        if first not in names:
            raise EngineInputError("first", f"one of the gladiators ({', '.join(names)})")
        return names.index(first)
    if "dice" in bout or not isinstance(bout.get("seed", 0), int):
        return 0
    return Dice.seeded(f"gladiator-101 first {bout.get('seed', 0)}").d(len(names)) - 1


def setup_bout(bout: Mapping[str, Any]) -> State:
    options = parse_options(bout.get("options"))
    raw = bout.get("gladiators")
    if not isinstance(raw, list) or len(raw) != 2:
        raise EngineInputError(
            "gladiators", "two gladiators: a bout of Gladiator 101 is a duel to the death"
        )
    starts = list(options.starts())
    fighters = []
    names: list[str] = []
    for seat, entry in enumerate(raw):
        where = f"gladiators[{seat}]"
        if not isinstance(entry, Mapping):
            raise EngineInputError(where, "must be an object")
        unknown = sorted(set(entry) - {"name", "square", "scores", "feats", "tactics"})
        if unknown:
            raise EngineInputError(f"{where}.{unknown[0]}", "unknown field")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip() or name in names:
            raise EngineInputError(f"{where}.name", "a name of its own")
        names.append(name)
        square = starts[seat]
        if entry.get("square"):
            square = start_square(entry["square"], f"{where}.square", options.contains, "E1")
        scores = entry.get("scores") or {}
        if not isinstance(scores, Mapping) or set(scores) - set(SCORES):
            raise EngineInputError(f"{where}.scores", f"an object of {', '.join(SCORES)}")
        acc, ref, strength = (
            whole(scores.get(s, 0), f"{where}.scores.{s}", 0, MAX_SCORE) for s in SCORES
        )
        feats = _feats(entry.get("feats"), f"{where}.feats")
        fighters.append(
            Fighter(
                name=name,
                seat=seat,
                square=square,
                accuracy=acc,
                reflex=ref,
                strength=strength,
                feats=feats,
                hp=traits_of(feats).max_hp,
                tactics=parse_tactics(entry.get("tactics"), f"{where}.tactics"),
            )
        )
    if fighters[0].square == fighters[1].square:
        raise EngineInputError("gladiators[1].square", "both gladiators on one square")
    return State(options, tuple(fighters), first=first_seat(bout, names))
