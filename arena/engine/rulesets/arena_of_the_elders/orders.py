"""Orders, read and checked. One order per character name.

In the preparation (the first step), a character's sheet:
    {"choice": "flame-lash", "king": "Nyx", "levels": 2, "start": "B2"}
  choice: its ability at level 3 (slot 2, 3 or 4: key, name or number); king: the character
  its team nominates king (kill the king: yes for itself, or a teammate's name); levels:
  what it asks of its team's 8 (competitive); start: where the team places it in its start
  zone (not where a teammate stands; two sheets asking one square are refused when the step
  resolves). {"auto": true}: the tactics' sheet (an absent
  player's).

In a team's turn, a character's activation:
    {"path": ["B2", "B3"], "ability": "firebolt", "target": "E5", "first": "move",
     "level_up": true, "at": 1}
  path: the squares it moves through, in order; ability and target: what it uses (target a
  square, left out for an ability on oneself); first: "ability" to use it before moving;
  level_up: this character takes the turn's level; at: its place in the team's order of
  activations (those without one follow, in the team's order). {"auto": true} leaves it to
  the tactics when its activation comes.

Each is read and checked once, where it comes in (`read_preparation`, `read_activation`: the
rule set's `read_order`), into the typed order the step resolves (`Preparation`,
`Activation`); `order_json` writes one back where orders are kept, and reads back the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from arena.engine.core.board import Square
from arena.engine.core.words import counted
from arena.engine.rulesets.arena_of_the_elders.data import MAX_LEVEL, TIMED, Ability
from arena.engine.rulesets.arena_of_the_elders.moves import path_problems, target_problem
from arena.engine.rulesets.arena_of_the_elders.state import TEAMS, Fighter, State, with_timed

PREP_KEYS = ("choice", "king", "levels", "start", "auto")
PLAY_KEYS = ("path", "ability", "target", "first", "level_up", "at", "auto")
SLOT_WORDS = {"first": 1, "basic": 1, "fifth": 5, "ultimate": 5}
COMPETITIVE_LEVELS = 8
_YES = (True, "yes", "true", "y", "on", 1)
_NO = (False, "no", "false", "n", "off", 0, "", None)


@dataclass(frozen=True, slots=True)
class Preparation:
    choice: int = 0  # 0: as the bout input has it
    king: str = ""  # the teammate it nominates king; "" for none
    levels: int = 0
    auto: bool = False  # the tactics' sheet: nobody wrote it
    square: Square | None = None  # where the team places it; None: where the input did


class Activation(NamedTuple):
    """A character's activation (a named tuple: the tactics build one every activation)."""

    path: tuple[Square, ...] = ()
    ability: str = ""  # the ability's key; "" for none
    target: Square | None = None
    ability_first: bool = False
    level_up: bool = False
    at: int = 0  # 0: not given
    auto: bool = False


AUTO = Activation(auto=True)


def order_json(order: Preparation | Activation) -> dict[str, Any]:
    """A typed order as the JSON it is read from (only what differs from the defaults):
    read back on the board it was made for, it is the same order."""
    if isinstance(order, Preparation):
        return _preparation_json(order)
    out: dict[str, Any] = {"auto": True} if order.auto else {}
    if order.path:
        out["path"] = [str(sq) for sq in order.path]
    if order.ability:
        out["ability"] = order.ability
    if order.target is not None:
        out["target"] = str(order.target)
    if order.ability_first:
        out["first"] = "ability"
    if order.level_up:
        out["level_up"] = True
    if order.at:
        out["at"] = order.at
    return out


def _preparation_json(sheet: Preparation) -> dict[str, Any]:
    out: dict[str, Any] = {"auto": True} if sheet.auto else {}
    if sheet.choice:
        out["choice"] = sheet.choice  # its slot: ability_named reads a number
    if sheet.king:
        out["king"] = sheet.king
    if sheet.levels:
        out["levels"] = sheet.levels
    if sheet.square is not None:
        out["start"] = str(sheet.square)
    return out


def _flag(value: Any, name: str, problems: list[str]) -> bool:
    if isinstance(value, str):
        value = value.strip().lower()
    if value in _YES:
        return True
    if value not in _NO:
        problems.append(f"{name}: yes or no")
    return False


def _level_up_problems(f: Fighter, level_up: bool) -> list[str]:
    """ "one character of your choice gains one level", "can't increase beyond 6": the choice
    must be one that can gain it, not one the level silently passes over."""
    if level_up and f.level >= MAX_LEVEL:
        return [f"level_up: {f.name} is at level {MAX_LEVEL}, the most; name another character"]
    return []


def ability_named(f: Fighter, word: Any) -> Ability | None:
    """An ability of this character by key, name, slot number, or the words first/chosen/
    fifth."""
    text = str(word).strip().lower()
    if text == "chosen":
        return f.hero.ability(f.choice)
    if text in SLOT_WORDS:
        return f.hero.ability(SLOT_WORDS[text])
    return f.hero.named(text)


def teammates_may_act(state: State, f: Fighter) -> bool:
    """Whether another character of its team may act this turn, so before it."""
    return any(
        o.team == f.team and o.name != f.name and o.alive and not o.skipping for o in state.fighters
    )


def as_it_moves(f: Fighter, ability: Ability | None, target: Square | None, first: bool) -> Fighter:
    """The character as its move begins: abilities and moves happen "in any order" and "the
    ability takes effect until the duration is 0", so a buff it gives itself before moving
    (haste, Updraft) counts for that same move. A buff needs no roll, so it is sure."""
    if not first or ability is None or ability.kind != "buff":
        return f
    if ability.target != "self" and target != f.square:
        return f
    timed = tuple(kind for kind in ability.effects if kind in TIMED)
    return with_timed(f, f, timed, ability.duration)


def _nominee(state: State, f: Fighter, value: Any, problems: list[str]) -> str:
    """The king a sheet nominates: yes for the character itself, or a teammate's name."""
    if isinstance(value, str) and value.strip().lower() not in ("yes", "y", "true", "on"):
        name = value.strip()
        if name.lower() in ("", "no", "n", "false", "off"):
            return ""
        mate = next((o for o in state.team(f.team) if o.name.lower() == name.lower()), None)
        if mate is None:
            names = ", ".join(o.name for o in state.team(f.team))
            problems.append(f"king: yes, or one of {TEAMS[f.team]}'s characters ({names})")
            return ""
        name = mate.name
    else:
        name = f.name if _flag(value, "king", problems) else ""
    if not name:
        return ""
    if state.options.mode != "king":
        problems.append("king: only kill the king has kings")
        return ""
    named = state.kings[f.team]
    if named and named != name:
        problems.append(f"king: {TEAMS[f.team]} nominated {named} in the bout input")
    return name


def read_preparation(state: State, f: Fighter, order: Any) -> tuple[Preparation, list[str]]:
    if order is None:
        return Preparation(), []
    if not isinstance(order, Mapping):
        return Preparation(), ["a sheet is an object: choice, king, levels"]
    problems = [f"{k}: not part of the preparation" for k in order if k not in PREP_KEYS]
    choice = 0
    if order.get("choice") not in (None, ""):
        ability = ability_named(f, order["choice"])
        options = ", ".join(f.hero.ability(s).name for s in f.unlocked)
        if ability is None or ability.slot not in (2, 3, 4):
            problems.append(f"choice: one of {options}")
        elif ability.slot not in f.unlocked:
            # A campaign gladiator takes only what its mastery has unlocked (its build).
            problems.append(f"choice: {f.name} has not unlocked {ability.name}; "
                            f"unlocked: {options}")  # fmt: skip
        else:
            choice = ability.slot
    told = len(problems)
    king = _nominee(state, f, order.get("king"), problems)
    auto = _flag(order.get("auto"), "auto", problems)
    if state.options.mode == "king" and not (king or auto or state.kings[f.team] or
                                             len(problems) > told):  # fmt: skip
        # "each player publicly nominates one of their characters to be the king"
        problems.append(
            f"king: nominate {TEAMS[f.team]}'s king (yes for {f.name}, or a teammate's name)"
        )
    levels = order.get("levels", 0) or 0
    if isinstance(levels, str) and levels.strip().isdigit():
        levels = int(levels)
    if isinstance(levels, bool) or not isinstance(levels, int) or levels < 0:
        problems.append("levels: a whole number, 0 or more")
        levels = 0
    elif levels > min(COMPETITIVE_LEVELS, MAX_LEVEL - 1):
        problems.append(f"levels: at most {MAX_LEVEL - 1} (a character tops out at 6)")
    square = _start_square(state, f, order.get("start"), problems)
    return Preparation(choice, king, levels, auto, square), problems


def _start_square(state: State, f: Fighter, raw: Any, problems: list[str]) -> Square | None:
    """ "place each character token in the start zone": a square of its team's zone that no
    teammate stands on."""
    if raw in (None, ""):
        return None
    try:
        square = Square.parse(raw)
    except (ValueError, TypeError):
        problems.append(f"start: {raw!r} is not a square like C4")
        return None
    zone = state.arena.starts[f.team]
    if square not in zone:
        problems.append(f"start: {square} is not in {TEAMS[f.team]}'s start zone "
                        f"({', '.join(map(str, zone))})")  # fmt: skip
        return None
    there = next((o.name for o in state.fighters if o.square == square), f.name)
    if there != f.name:
        problems.append(f"start: {square} is taken by {there}")
        return None
    return square


def read_activation(state: State, f: Fighter, order: Any) -> tuple[Activation, list[str]]:
    """The activation, and what is wrong with it as the board stands at the start of the
    turn."""
    if order is None:
        return Activation(), []
    if not isinstance(order, Mapping):
        return Activation(), ["an activation is an object: path, ability, target ..."]
    problems = [f"{k}: not part of an activation" for k in order if k not in PLAY_KEYS]
    if _flag(order.get("auto"), "auto", problems):
        level_up = _flag(order.get("level_up"), "level_up", problems)
        problems += _level_up_problems(f, level_up)
        return Activation(auto=True, level_up=level_up), problems
    raw_path = order.get("path") or []
    if isinstance(raw_path, str):
        raw_path = [p for p in raw_path.replace(",", " ").split() if p]
    path: list[Square] = []
    if not isinstance(raw_path, list):
        problems.append("path: a list of squares")
    else:
        for text in raw_path:
            try:
                path.append(Square.parse(text))
            except (ValueError, TypeError):
                problems.append(f"path: {text!r} is not a square like C4")
    ability: Ability | None = None
    if order.get("ability") not in (None, "", "none"):
        ability = ability_named(f, order["ability"])
        if ability is None:
            problems.append(f"ability: {f.name} has no ability {order['ability']!r}")
        elif ability not in f.known:
            problems.append(f"ability: {f.name} does not know {ability.name} at level {f.level}")
        elif ability.passive:
            problems.append(f"ability: {ability.name} is passive: it always takes effect")
        elif f.cooldown(ability.key):
            problems.append(
                f"ability: {ability.name} is cooling down "
                f"({counted(f.cooldown(ability.key), 'more turn', 'more turns')})"
            )
    target = None
    if order.get("target") not in (None, ""):
        try:
            target = Square.parse(order["target"])
        except (ValueError, TypeError):
            problems.append(f"target: {order['target']!r} is not a square like C4")
    first = order.get("first", "move") or "move"
    if first not in ("move", "ability"):
        problems.append("first: move or ability")
    level_up = _flag(order.get("level_up"), "level_up", problems)
    problems += _level_up_problems(f, level_up)
    at = order.get("at", 0) or 0
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= 8:
        problems.append("at: a place from 1 to 8 in the team's order")
        at = 0
    act = Activation(
        tuple(path),
        ability.key if ability else "",
        target,
        first == "ability",
        level_up,
        at,
    )
    if problems:
        return act, problems
    if not f.alive:
        return act, [f"{f.name} is dead"]
    # "no two actions can take place simultaneously": each activation meets the board as it
    # stands when it runs. Where a teammate may act before it, what that may change is
    # checked then (the move stops, the ability fizzles, both told in the log).
    alone = not teammates_may_act(state, f)
    mover = as_it_moves(f, ability, target, act.ability_first)
    problems += path_problems(state, mover, act.path, enemies_stay=alone)
    if ability is not None and not problems:
        origin = f.square if act.ability_first or not act.path else act.path[-1]
        why = target_problem(state, f, ability, origin, target, board_stays=alone)
        if why:
            problems.append(why)
    elif target is not None and ability is None:
        problems.append("target: name the ability to use on it")
    return act, problems
