"""Orders: what a player writes on his paper. Movement steps and combat rounds differ.

An order can come from the input ("turns": [{"orders": {"Brutus": {...}}}]) or from the
gladiator's tactics. Parsing here checks the shape; the engine checks it against the state
(range, possession, who may act) and raises EngineInputError naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.events import fast_frozen_init
from arena.engine.errors import EngineInputError


class Move(Enum):
    """IV.B.2: the written directions (relative to the figure's facing)."""

    FORWARD = "forward"
    BACK = "back"  # "BACKUP (this is done without turning around)"
    LEFT = "left"  # a step to the figure's left, facing unchanged
    RIGHT = "right"
    TURN_AROUND = "turn_around"  # costs a point, no square moved
    STAND = "stand"  # "does not count as a movement"

    # Members are singletons compared by identity: the C-level identity hash keeps the many
    # dict lookups keyed by them cheap (Enum.__hash__ is Python code hashing the name).
    __hash__ = object.__hash__


MOVE_ALIASES = {"backup": Move.BACK, "back_up": Move.BACK, "stand_still": Move.STAND}


class Attack(Enum):
    """V.C types of attack, plus the shield bash of V.F.3."""

    SWING = "swing"  # +1 attack die, -1 parry die
    THRUST = "thrust"
    JAB = "jab"  # -1 attack die, +1 parry die
    SHIELD_BASH = "shield_bash"

    # Members are singletons compared by identity: the C-level identity hash keeps the many
    # dict lookups keyed by them cheap (Enum.__hash__ is Python code hashing the name).
    __hash__ = object.__hash__


ATTACK_MODIFIERS = {Attack.SWING: (1, -1), Attack.THRUST: (0, 0), Attack.JAB: (-1, 1)}


@dataclass(frozen=True, slots=True)
class ThrowOrder:
    weapon: str
    target: str
    square: Square  # where the thrower predicts the target will be after this step


@dataclass(frozen=True, slots=True)
class CastOrder:
    spell: str
    target: str | None


@dataclass(frozen=True, slots=True)
class PotionOrder:
    potion: str
    give_to: str | None = None  # an adjacent teammate (IV.C.4); None: drink it


@dataclass(frozen=True, slots=True)
class StepOrder:
    move: Move = Move.STAND
    pivot: str | None = None  # "left" or "right": the one free pivot of the phase
    pivot_after: bool = False
    throw: ThrowOrder | None = None
    spell: CastOrder | None = None
    potion: PotionOrder | None = None
    passing: str | None = None  # target of a passing attack (reach weapon)
    appeal: bool = False


STAND = StepOrder()


@dataclass(frozen=True, slots=True)
class CombatOrder:
    attack: Attack
    target: str


# Written every turn by the tactics: a quicker __init__ (same signature; see fast_frozen_init).
for _cls in (ThrowOrder, CastOrder, PotionOrder, StepOrder, CombatOrder):
    fast_frozen_init(_cls)
del _cls

STEP_KEYS = {"move", "pivot", "pivot_when", "throw", "spell", "potion", "passing_attack", "appeal"}
COMBAT_KEYS = {"attack", "target"}


def _fail(where: str, message: str) -> EngineInputError:
    return EngineInputError(where, message)


def parse_step_order(raw: Any, where: str, parse_square: Any) -> StepOrder:
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    unknown = sorted(set(raw) - STEP_KEYS)
    if unknown:
        raise _fail(
            where,
            f"unknown key(s) {', '.join(unknown)} in a movement order "
            f"(allowed: {', '.join(sorted(STEP_KEYS))})",
        )
    text = raw.get("move", "stand")
    move = MOVE_ALIASES.get(text) if isinstance(text, str) else None
    if move is None:
        try:
            move = Move(text)
        except ValueError:
            raise _fail(
                f"{where}.move",
                f"unknown direction {text!r} (one of " + ", ".join(m.value for m in Move) + ")",
            ) from None
    pivot = raw.get("pivot")
    if pivot not in (None, "left", "right"):
        raise _fail(f"{where}.pivot", "must be left or right")
    when = raw.get("pivot_when", "before")
    if when not in ("before", "after"):
        raise _fail(f"{where}.pivot_when", "must be before or after")
    throw = None
    if raw.get("throw") is not None:
        t = raw["throw"]
        if not isinstance(t, dict) or not {"weapon", "at", "square"} <= set(t):
            raise _fail(f"{where}.throw", 'must be {"weapon": ..., "at": ..., "square": ...}')
        try:
            square = parse_square(t["square"])
        except (ValueError, TypeError) as exc:
            raise _fail(f"{where}.throw.square", str(exc)) from None
        throw = ThrowOrder(str(t["weapon"]), str(t["at"]), square)
    spell = None
    if raw.get("spell") is not None:
        s = raw["spell"]
        if isinstance(s, str):
            s = {"spell": s}
        if not isinstance(s, dict) or "spell" not in s:
            raise _fail(f"{where}.spell", 'must be {"spell": ..., "target": ...}')
        spell = CastOrder(str(s["spell"]), None if s.get("target") is None else str(s["target"]))
    potion = None
    if raw.get("potion") is not None:
        p = raw["potion"]
        if isinstance(p, str):
            p = {"potion": p}
        if not isinstance(p, dict) or "potion" not in p:
            raise _fail(f"{where}.potion", 'must be {"potion": ..., "give_to": ...}')
        give = p.get("give_to")
        potion = PotionOrder(str(p["potion"]), None if give is None else str(give))
    passing = raw.get("passing_attack")
    if passing is not None and not isinstance(passing, str):
        raise _fail(f"{where}.passing_attack", "must be a gladiator's name")
    appeal = raw.get("appeal", False)
    if not isinstance(appeal, bool):
        raise _fail(f"{where}.appeal", "must be true or false")
    if throw is not None and move is not Move.STAND:
        raise _fail(f"{where}.throw", "a thrower stands still for the step he throws in")
    return StepOrder(move, pivot, when == "after", throw, spell, potion, passing, appeal)


def parse_combat_order(raw: Any, where: str) -> CombatOrder:
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    unknown = sorted(set(raw) - COMBAT_KEYS)
    if unknown:
        raise _fail(
            where,
            f"unknown key(s) {', '.join(unknown)} in a combat order (allowed: attack, target)",
        )
    try:
        attack = Attack(raw.get("attack", "thrust"))
    except ValueError:
        raise _fail(
            f"{where}.attack",
            f"unknown attack {raw.get('attack')!r} (one of "
            + ", ".join(a.value for a in Attack)
            + ")",
        ) from None
    target = raw.get("target")
    if target is not None and not isinstance(target, str):
        raise _fail(f"{where}.target", "must be a gladiator's name")
    return CombatOrder(attack, target or "")
