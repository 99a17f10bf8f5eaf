"""A player's plan for one round: the written form of the table talk of the action phase.

Everybody writes a plan at once and in secret (one protocol step, Need.EVERYONE); the engine
then plays the plans (turn.py). A plan as JSON:

    {"tech": {"attribute": "accuracy", "level": 2},      # or null: no attempt this round
     "actions": [{"go": "C3"}, {"fire": "Red"}, {"wait": true}, {"close": "Red"}],
     "interrupt": "any",      # standing: fire at an enemy the moment it comes into range
     "return_fire": true,     # standing: fire back when attacked
     "evade": false}          # standing: step out of range when attacked, if I may

Actions, one per tick (docs/rules/sudden-destruction.md, "The action protocol"):
    move X   one step towards X (a square, or a counter by name)
    go X     steps towards X, one a tick, until there (or out of movement)
    close X  steps towards counter X, one a tick, until X is within range
    attack X close on counter X, then fire at it, a step or a shot a tick, until its
             firing is spent or X is off the board (after an evaded shot it closes again)
    fire X   one shot at counter X ("fire any": the nearest enemy in range), if in range
    wait     nothing this tick (hold back and let others move first)

The order page of play by web draws {"move": "C3", "strike": ["D4"]}: it reads as
"go C3, then fire at whoever stands on D4", with the usual standing reactions.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, NamedTuple

from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction.data import ATTRIBUTES, LABELS, raise_problem
from arena.engine.rulesets.sudden_destruction.state import Machine, Options, State

MAX_ACTIONS = 40  # more than any counter can use in a round (9 moves, 9 shots, waits)
ANY = "any"
NONE = "none"


class Verb(Enum):
    MOVE = "move"
    GO = "go"
    CLOSE = "close"
    ATTACK = "attack"
    FIRE = "fire"
    WAIT = "wait"


VERBS: dict[str, Verb] = {verb.value: verb for verb in Verb}  # an action's key -> its verb


class Action(NamedTuple):
    verb: Verb
    target: str = ""  # a square ("C3"), a counter's name, or "any" (fire only)

    def to_json(self) -> dict[str, Any]:
        return {self.verb.value: True if self.verb is Verb.WAIT else self.target}

    def words(self) -> str:
        return self.verb.value if self.verb is Verb.WAIT else f"{self.verb.value} {self.target}"


WAIT = Action(Verb.WAIT)  # immutable: one object serves every plan


class Tech(NamedTuple):
    attribute: str
    level: int


class Plan(NamedTuple):
    """A checked plan: the rule set's typed order (read_order reads a player's once; the
    tactics build theirs). Plans, their actions and attempts are named tuples like the
    counters (record 0095)."""

    tech: Tech | None = None
    actions: tuple[Action, ...] = ()
    interrupt: str = NONE  # "none", "any" or a counter's name
    return_fire: bool = True
    evade: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "tech": None
            if self.tech is None
            else {"attribute": self.tech.attribute, "level": self.tech.level},
            "actions": [a.to_json() for a in self.actions],
            "interrupt": self.interrupt,
            "return_fire": self.return_fire,
            "evade": self.evade,
        }


KEYS = ("tech", "actions", "interrupt", "return_fire", "evade")
DRAWN = ("move", "strike")
KNOWN, DRAWN_KEYS = frozenset(KEYS), frozenset(DRAWN)


class Board(NamedTuple):
    """What a plan is checked against, worked out once per plan: the board's size and the
    enemies on it (every counter on the board but the planner)."""

    options: Options
    enemies: frozenset[str]

    @classmethod
    def of(cls, state: State, who: str) -> Board:
        enemies = frozenset(m.name for m in state.machines if m.alive and m.name != who)
        return cls(state.options, enemies)


def _drawn(state: State, who: str, order: Mapping[str, Any], problems: list[str]) -> Plan:
    """The board page's drawing: walk to "move", then fire at whoever stands on each "strike"
    square, firing back and at anyone who comes into range on the way."""
    actions: list[Action] = []
    move = order.get("move")
    if move:
        actions.append(Action(Verb.GO, str(move)))
    strikes = order.get("strike") or []
    if not isinstance(strikes, list):
        problems.append("strike: a list of squares")
        strikes = []
    for text in strikes:
        try:
            square = Square.parse(str(text))
        except ValueError:
            problems.append(f"strike: {text!r} is not a square like D4")
            continue
        there = [m.name for m in state.living if m.square == square and m.name != who]
        if not there:
            problems.append(f"strike: no enemy stands on {square}")
        actions.extend(Action(Verb.FIRE, name) for name in there)
    unknown = sorted(order.keys() - DRAWN_KEYS)
    problems.extend(f"{key}: not part of a plan drawn on the board" for key in unknown)
    return Plan(actions=tuple(actions), interrupt=ANY, return_fire=True, evade=True)


def _tech(raw: Any, me: Machine | None, problems: list[str]) -> Tech | None:
    """The tech attempt, checked against the planner's levels as they stand."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.keys() != {"attribute", "level"}:
        problems.append('tech: {"attribute": ..., "level": ...} or nothing')
        return None
    attribute, level = raw["attribute"], raw["level"]
    if attribute not in ATTRIBUTES:
        problems.append(f"tech: {attribute!r} is not an attribute ({', '.join(ATTRIBUTES)})")
        return None
    if isinstance(level, bool) or not isinstance(level, int):
        problems.append(f"tech: the target level of {LABELS[attribute]} must be a whole number")
        return None
    if me is not None:
        why = raise_problem(me.levels, attribute, level)
        if why:
            problems.append(f"tech: {why}")
    return Tech(attribute, level)


def _action(raw: Any, n: int, board: Board, problems: list[str]) -> Action | None:
    """One action of the list, read and checked against the board in one go."""
    if not isinstance(raw, dict) or len(raw) != 1:
        problems.append(f"action {n}: one of move, go, close, attack, fire or wait")
        return None
    ((key, target),) = raw.items()
    verb = VERBS.get(key)
    if verb is None:
        problems.append(f"action {n}: {key!r} is not move, go, close, attack, fire or wait")
        return None
    if verb is Verb.WAIT:
        return Action(verb)
    if not isinstance(target, str) or not target.strip():
        problems.append(f"action {n}: {verb.value} needs a target")
        return None
    action = Action(verb, target.strip())
    why = target_problem(action, board)
    if why:
        problems.append(f"action {n}: {why}")
    return action


def target_problem(action: Action, board: Board) -> str | None:
    """What is wrong with the target of `action` on this board (None: nothing)."""
    target = action.target
    if action.verb is Verb.MOVE or action.verb is Verb.GO:
        if target in board.enemies:
            return None
        try:
            square = Square.parse(target)
        except ValueError:
            return f"{action.verb.value} to a square or an enemy on the board, not {target!r}"
        return None if board.options.contains(square) else f"{square} is off the board"
    if action.verb is Verb.CLOSE and target not in board.enemies:
        return f"close in on an enemy on the board, not {target!r}"
    if action.verb is Verb.ATTACK and target not in board.enemies:
        return f"attack an enemy on the board, not {target!r}"
    if action.verb is Verb.FIRE and target != ANY and target not in board.enemies:
        return "fire at an enemy on the board or 'any'"
    return None


def read_plan(state: State, who: str, order: Any) -> tuple[Plan, list[str]]:
    """The plan `order` stands for, and what is wrong with it for `who` this round, in words:
    one pass over the order, each part read and checked against the board at once."""
    if not isinstance(order, dict):
        return Plan(), ["a plan is an object (tech, actions, interrupt, return_fire, evade)"]
    problems: list[str] = []
    me = state.get(who)
    if me is None or not me.alive:
        me = None
        problems.append(f"{who} is not on the board")
    board = Board.of(state, who)
    if order and order.keys() <= DRAWN_KEYS:
        plan = _drawn(state, who, order, problems)
        for n, action in enumerate(plan.actions, start=1):
            why = target_problem(action, board)
            if why:
                problems.append(f"action {n}: {why}")
        return plan, problems
    if not order.keys() <= KNOWN:
        unknown = sorted(order.keys() - KNOWN)
        problems.extend(f"{key}: not part of a plan ({', '.join(KEYS)})" for key in unknown)
    actions_raw = order.get("actions", [])
    actions: list[Action] = []
    if not isinstance(actions_raw, list):
        problems.append("actions: a list")
    elif len(actions_raw) > MAX_ACTIONS:
        problems.append(f"actions: at most {MAX_ACTIONS} in a round")
    else:
        for n, raw in enumerate(actions_raw, start=1):
            # A refused action keeps its place, so that later problems count right.
            actions.append(_action(raw, n, board, problems) or WAIT)
    return_fire = _flag(order, "return_fire", True, problems)
    evade = _flag(order, "evade", False, problems)
    interrupt = order.get("interrupt", NONE)
    if not isinstance(interrupt, str):
        problems.append("interrupt: any, none or a counter's name")
        interrupt = NONE
    elif interrupt != ANY and interrupt != NONE and interrupt not in board.enemies:
        problems.append(f"interrupt: any, none or an enemy on the board, not {interrupt!r}")
    tech = _tech(order.get("tech"), me, problems)
    return Plan(tech, tuple(actions), interrupt, return_fire, evade), problems


def _flag(order: Mapping[str, Any], key: str, default: bool, problems: list[str]) -> bool:
    value = order.get(key, default)
    if isinstance(value, bool):
        return value
    problems.append(f"{key}: yes or no (true or false)")
    return default


def parse_plan(state: State, who: str, order: Any, where: str) -> Plan:
    plan, problems = read_plan(state, who, order)
    if problems:
        raise EngineInputError(where, "; ".join(problems))
    return plan
