"""Orders: what a player writes on his paper. Movement steps and combat rounds differ.

An order can come from the input ("turns": [{"orders": {"Brutus": {...}}}]) or from the
gladiator's tactics. Parsing here checks the shape; the engine checks it against the state
(range, possession, who may act) and raises EngineInputError naming the field.

The records are slotted dataclasses, never changed once made (the tactics share the ones they
cache).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from arena.engine.core.board import Facing, Square
from arena.engine.errors import EngineInputError


class Move(StrEnum):
    """IV.B.2: the written directions (relative to the figure's facing)."""

    FORWARD = "forward"
    BACK = "back"  # "BACKUP (this is done without turning around)"
    LEFT = "left"  # a step to the figure's left, facing unchanged
    RIGHT = "right"
    TURN_AROUND = "turn_around"  # costs a point, no square moved
    STAND = "stand"  # "does not count as a movement"


MOVE_ALIASES = {"backup": Move.BACK, "back_up": Move.BACK, "stand_still": Move.STAND}
DIRECTIONS = {move.value: move for move in Move} | MOVE_ALIASES


def _step_vector(facing: Facing, move: Move) -> tuple[int, int]:
    if move is Move.FORWARD:
        return facing.vector
    if move is Move.BACK:
        return facing.reversed().vector
    if move is Move.LEFT:
        return facing.turned_left().vector
    return facing.turned_right().vector


# (facing, written step) -> the step on the board, for every facing and step that moves.
STEP_VECTORS = {
    (facing, move): _step_vector(facing, move)
    for facing in Facing
    for move in (Move.FORWARD, Move.BACK, Move.LEFT, Move.RIGHT)
}


def step_vector(facing: Facing, move: Move) -> tuple[int, int]:
    """Where a written step leads, for a figure facing `facing` (LEFT and RIGHT are
    sidesteps, BACK keeps the facing: docs/engine.md)."""
    return STEP_VECTORS[facing, move]


def pivoted(facing: Facing, side: str) -> Facing:
    return facing.turned_left() if side == "left" else facing.turned_right()


class Attack(StrEnum):
    """V.C types of attack, plus the shield bash of V.F.3."""

    SWING = "swing"  # +1 attack die, -1 parry die
    THRUST = "thrust"
    JAB = "jab"  # -1 attack die, +1 parry die
    SHIELD_BASH = "shield_bash"


ATTACKS = {attack.value: attack for attack in Attack}  # each as written in an order
ATTACK_MODIFIERS = {Attack.SWING: (1, -1), Attack.THRUST: (0, 0), Attack.JAB: (-1, 1)}


@dataclass(slots=True)
class ThrowOrder:
    weapon: str
    target: str
    square: Square  # where the thrower predicts the target will be after this step


@dataclass(slots=True)
class CastOrder:
    spell: str
    target: str | None


@dataclass(slots=True)
class PotionOrder:
    potion: str
    give_to: str | None = None  # an adjacent teammate (IV.C.4); None: drink it


@dataclass(slots=True)
class StepOrder:
    move: Move = Move.STAND
    pivot: str | None = None  # "left" or "right": the one free pivot of the phase
    pivot_after: bool = False
    throw: ThrowOrder | None = None
    spell: CastOrder | None = None
    potion: PotionOrder | None = None
    passing: str | None = None  # target of a passing attack (reach weapon)
    appeal: bool = False
    # Whether it does more than move and pivot: an appeal or an action of IV.C. (Asked of
    # every order twice a step, by the check and the step: worked out once, when it is made.)
    acts: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.acts = self.appeal or not (
            self.throw is None and self.spell is None and self.potion is None and not self.passing
        )


STAND = StepOrder()


def destination(f: Any, order: StepOrder) -> Square | None:
    """The square f's written move leads to, bumps aside (None: the order moves nowhere).
    A pivot written for before the step turns him first."""
    if order.move is Move.STAND or order.move is Move.TURN_AROUND or f.square is None:
        return None
    facing = f.facing
    if order.pivot and not order.pivot_after and "pivot" not in f.used:
        facing = pivoted(facing, order.pivot)
    dcol, drow = step_vector(facing, order.move)
    return Square(f.square.col + dcol, f.square.row + drow)


def step_order_json(order: StepOrder) -> dict[str, Any]:
    """The order as a player would write it (parse_step_order reads it back unchanged)."""
    out: dict[str, Any] = {"move": str(order.move)}
    if order.pivot:
        out["pivot"] = order.pivot
        out["pivot_when"] = "after" if order.pivot_after else "before"
    if order.throw is not None:
        t = order.throw
        out["throw"] = {"weapon": t.weapon, "at": t.target, "square": str(t.square)}
    if order.spell is not None:
        out["spell"] = {"spell": order.spell.spell, "target": order.spell.target}
    if order.potion is not None:
        out["potion"] = {"potion": order.potion.potion, "give_to": order.potion.give_to}
    if order.passing is not None:
        out["passing_attack"] = order.passing
    if order.appeal:
        out["appeal"] = True
    return out


@dataclass(slots=True)
class CombatOrder:
    attack: Attack
    target: str


def combat_order_json(order: CombatOrder) -> dict[str, Any]:
    return {"attack": str(order.attack), "target": order.target}


# Every order of a direction and maybe a pivot, by what is written (the direction's word, the
# pivot, whether after the step): made once, as nearly every order of a bout is one of them.
# (No order is changed once made, so one may serve every turn that writes it.)
TURNING_ORDERS = {
    (text, pivot, after): StepOrder(move, pivot, after)
    for text, move in DIRECTIONS.items()
    for pivot in (None, "left", "right")
    for after in (False, True)
}

STEP_KEYS = {"move", "pivot", "pivot_when", "throw", "spell", "potion", "passing_attack", "appeal"}
COMBAT_KEYS = {"attack", "target"}
MOVE_ONLY = {"move"}
TURNING = {"move", "pivot", "pivot_when"}


def order_location(state: Any, name: str) -> str:
    """Where `name`'s order for the next turn is in the bout's input, for an error's location.
    (Formatted only when there is an error: every turn's orders are read.)"""
    return f"turns[{state.turn}].orders.{name}"


def _fail(where: str, message: str) -> EngineInputError:
    return EngineInputError(where, message)


def parse_step_order(raw: Any, where: str, parse_square: Any) -> StepOrder:
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    if not raw.keys() <= STEP_KEYS:  # (asked as a subset: no set of unknown keys made)
        raise _fail(
            where,
            f"unknown key(s) {', '.join(sorted(raw.keys() - STEP_KEYS))} in a movement order "
            f"(allowed: {', '.join(sorted(STEP_KEYS))})",
        )
    text = raw.get("move", "stand")
    move = DIRECTIONS.get(text) if isinstance(text, str) else None
    if move is None:
        raise _fail(
            f"{where}.move",
            f"unknown direction {text!r} (one of " + ", ".join(m.value for m in Move) + ")",
        )
    if raw.keys() <= MOVE_ONLY:
        # Only a direction: most orders of a bout, the tactics' among them, have nothing else
        # to read.
        return TURNING_ORDERS[text, None, False]
    pivot = raw.get("pivot")
    if pivot not in (None, "left", "right"):
        raise _fail(f"{where}.pivot", "must be left or right")
    when = raw.get("pivot_when", "before")
    if when not in ("before", "after"):
        raise _fail(f"{where}.pivot_when", "must be before or after")
    if raw.keys() <= TURNING:
        # A direction and a pivot (most orders of the tactics): nothing else to read.
        return TURNING_ORDERS[text, pivot, when == "after"]
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
    if not raw.keys() <= COMBAT_KEYS:
        raise _fail(
            where,
            f"unknown key(s) {', '.join(sorted(raw.keys() - COMBAT_KEYS))} in a combat order "
            "(allowed: attack, target)",
        )
    written = raw.get("attack", "thrust")
    attack = ATTACKS.get(written) if isinstance(written, str) else None
    if attack is None:
        raise _fail(
            f"{where}.attack",
            f"unknown attack {written!r} (one of " + ", ".join(a.value for a in Attack) + ")",
        )
    target = raw.get("target")
    if target is not None and not isinstance(target, str):
        raise _fail(f"{where}.target", "must be a gladiator's name")
    return CombatOrder(attack, target or "")
