"""Conditional fallback orders: what a player writes for a gladiator to fight with when they
miss a turn's deadline ("if my health is under a third, concede; else attack the weakest").

A plan is plain JSON, an ordered list of rules, each a list of conditions (all must hold; none:
always) and one action:

    [{"if": [{"when": "health_below", "value": 34}],
      "do": {"action": "choose", "field": "concede", "value": "award_kill"}},
     {"if": [], "do": {"action": "attack", "target": "weakest"}}]

Conditions read public facts only, from the rule set's `snapshot` (each combatant's "hp",
"alive", "square" and, where there are teams, "team"): the gladiator's own health as a
percentage of what it started with, the distance to the nearest opponent, the weakest
opponent's health, and the turn. Actions become an order of the rule set through its plug-in:
the tactics, or, for a rule set played by web, an order drawn from its order schema with the
squares its `choices` offers (move towards a target and strike it, keep away from one, or one
of a "choice" part's values such as conceding). The first rule whose conditions hold and whose
order `validate` accepts gives the turn's order; none: the caller's next fallback.

`fallback_schema(ruleset)` says all of it as JSON, so that forms and the API are built from it,
and `plan_problems` checks a plan in words. Pure Python, like all of core.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from arena.engine.core.board import Square
from arena.engine.core.campaign import WebPlay

JSON = Any


class PlanRules(Protocol):
    """What a plan reads of a rule set. `core.ruleset.Ruleset` is one; it is named by its
    members here because the base class's `fallback_order` calls this module."""

    title: ClassVar[str]
    web: ClassVar[WebPlay | None]

    def validate(self, state: Any, who: str, order: JSON) -> list[str]: ...

    def tactics(self, state: Any, who: str) -> Any: ...

    def order_json(self, order: Any) -> JSON: ...

    def snapshot(self, state: Any) -> dict[str, JSON]: ...


MAX_RULES = 10
MAX_CONDITIONS = 3
MAX_PATH = 12  # steps a drawn path may take, square by square
TARGETS = ("weakest", "nearest", "strongest")
TARGET_WORDS = {"weakest": "the weakest", "nearest": "the nearest", "strongest": "the strongest"}


@dataclass(frozen=True, slots=True)
class Condition:
    """One kind of condition: its key, its words (with {} for the value), the value's range,
    and whether it needs squares (a rule set whose snapshot places combatants on a board)."""

    key: str
    words: str
    minimum: int
    maximum: int
    unit: str
    squares: bool = False

    def to_json(self) -> dict[str, JSON]:
        return {
            "when": self.key,
            "label": self.words.format("N"),
            "min": self.minimum,
            "max": self.maximum,
            "unit": self.unit,
        }


CONDITIONS = (
    Condition("health_below", "its health is under {}% of its start", 1, 100, "%"),
    Condition("health_at_least", "its health is at least {}% of its start", 0, 100, "%"),
    Condition("opponent_within", "an opponent is within {} squares", 0, 30, "squares", True),
    Condition("opponent_beyond", "no opponent is within {} squares", 0, 30, "squares", True),
    Condition("weakest_below", "the weakest opponent's health is under {}%", 1, 100, "%"),
    Condition("turn_at_least", "it is turn {} or later", 1, 999, "turn"),
    Condition("turn_below", "it is before turn {}", 1, 999, "turn"),
)
CONDITION_BY_KEY = {c.key: c for c in CONDITIONS}


@dataclass(frozen=True, slots=True)
class Facts:
    """What the conditions read: public, from the snapshots (health in whole percent)."""

    turn: int
    health: int
    opponents: tuple[tuple[str, int, Square | None], ...]  # (name, health %, square)
    square: Square | None

    def nearest(self) -> int | None:
        distances = [
            self.square.chebyshev(sq)
            for _, _, sq in self.opponents
            if sq is not None and self.square is not None
        ]
        return min(distances, default=None)


def _square(text: JSON) -> Square | None:
    try:
        return Square.parse(text) if isinstance(text, str) else None
    except ValueError:
        return None


def _percent(now: JSON, start: JSON) -> int:
    if not isinstance(now, int | float) or not isinstance(start, int | float) or start <= 0:
        return 100  # a rule set without hit points: always whole
    return max(0, min(100, int(100 * now / start)))


def facts_of(
    now: Mapping[str, Mapping[str, JSON]],
    start: Mapping[str, Mapping[str, JSON]],
    who: str,
    turn: int,
) -> Facts:
    """The facts for `who` from the snapshot now and the one the bout started with."""
    me = now.get(who, {})
    opponents = tuple(
        (name, _percent(line.get("hp"), start.get(name, {}).get("hp")), _square(line.get("square")))
        for name, line in now.items()
        if name != who
        and line.get("alive", True)
        and ("team" not in me or line.get("team") != me.get("team"))
    )
    return Facts(
        turn=turn,
        health=_percent(me.get("hp"), start.get(who, {}).get("hp")),
        opponents=opponents,
        square=_square(me.get("square")),
    )


def holds(condition: Mapping[str, JSON], facts: Facts) -> bool:
    """Whether one (checked) condition holds."""
    when, value = condition["when"], condition["value"]
    nearest = facts.nearest()
    weakest = min((h for _, h, _ in facts.opponents), default=None)
    match when:
        case "health_below":
            return facts.health < value
        case "health_at_least":
            return facts.health >= value
        case "opponent_within":
            return nearest is not None and nearest <= value
        case "opponent_beyond":
            return nearest is None or nearest > value
        case "weakest_below":
            return weakest is not None and weakest < value
        case "turn_at_least":
            return facts.turn >= value
        case "turn_below":
            return facts.turn < value
    return False


# --- the schema: what a rule set offers ---------------------------------------------------


def _has_board(ruleset: PlanRules) -> bool:
    web = ruleset.web
    return web is not None and any(f.kind in ("square", "squares") for f in web.order_schema())


def fallback_schema(ruleset: PlanRules) -> dict[str, JSON]:
    """The conditions and actions a plan of this rule set may use, as JSON: each action is a
    whole `do` object with its label, so a form offers them as they are."""
    if ruleset.web is None:  # fought by tactics only: no deadline to miss
        return {"conditions": [], "actions": [], "max_rules": 0, "max_conditions": 0}
    board = _has_board(ruleset)
    actions: list[dict[str, JSON]] = [
        {"label": "Fight by its tactics", "do": {"action": "tactics"}}
    ]
    if board:
        for target in TARGETS:
            actions.append(
                {
                    "label": f"Attack {TARGET_WORDS[target]} opponent",
                    "do": {"action": "attack", "target": target},
                }
            )
        for target in TARGETS:
            actions.append(
                {
                    "label": f"Keep away from {TARGET_WORDS[target]} opponent",
                    "do": {"action": "keep_away", "target": target},
                }
            )
    for field in ruleset.web.order_schema():
        if field.kind != "choice":
            continue
        for value in field.choices:
            actions.append(
                {
                    "label": f"{field.label}: {value.replace('_', ' ')}",
                    "do": {"action": "choose", "field": field.key, "value": value},
                }
            )
    return {
        "conditions": [c.to_json() for c in CONDITIONS if board or not c.squares],
        "actions": actions,
        "max_rules": MAX_RULES,
        "max_conditions": MAX_CONDITIONS,
    }


def plan_problems(ruleset: PlanRules, plan: JSON) -> list[str]:
    """What is wrong with a plan for this rule set, in words; [] when it may be saved."""
    if not isinstance(plan, list):
        return ["The fallback orders must be a list of rules."]
    if ruleset.web is None:
        if not plan:
            return []
        return [
            f"{ruleset.title} is fought by tactics only: its gladiators have no deadline to "
            "miss, so they take no fallback orders."
        ]
    if len(plan) > MAX_RULES:
        return [f"At most {MAX_RULES} rules, not {len(plan)}."]
    schema = fallback_schema(ruleset)
    conditions = {c["when"]: c for c in schema["conditions"]}
    actions = [a["do"] for a in schema["actions"]]
    problems: list[str] = []
    for n, rule in enumerate(plan, start=1):
        where = f"Rule {n}"
        if not isinstance(rule, dict) or set(rule) - {"if", "do"} or "do" not in rule:
            problems.append(f"{where}: a rule is {{'if': [conditions], 'do': action}}.")
            continue
        ifs = rule.get("if", [])
        if not isinstance(ifs, list):
            problems.append(f"{where}: 'if' must be a list of conditions.")
            continue
        if len(ifs) > MAX_CONDITIONS:
            problems.append(f"{where}: at most {MAX_CONDITIONS} conditions, not {len(ifs)}.")
            continue
        for condition in ifs:
            problems.extend(_condition_problems(where, condition, conditions))
        if rule["do"] not in actions:
            problems.append(f"{where}: {_action_words(rule['do'])}")
    return problems


def _condition_problems(
    where: str, condition: JSON, known: Mapping[str, Mapping[str, JSON]]
) -> list[str]:
    if not isinstance(condition, dict) or set(condition) != {"when", "value"}:
        return [f"{where}: a condition is {{'when': kind, 'value': number}}."]
    when, value = condition["when"], condition["value"]
    if not isinstance(when, str) or when not in known:
        offered = ", ".join(known)
        return [f"{where}: unknown condition {str(when)[:40]!r} (one of {offered})."]
    low, high = known[when]["min"], known[when]["max"]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return [f"{where}: {when} takes a whole number from {low} to {high}, not {value!r:.40}."]
    return []


def _action_words(action: JSON) -> str:
    if isinstance(action, dict) and action.get("action") in ("attack", "keep_away", "choose"):
        return f"this rule set does not allow the action {action!r:.80}."
    return f"unknown action {action!r:.80} (the schema lists the actions allowed)."


# --- the order of a turn ------------------------------------------------------------------


def first_order(
    ruleset: PlanRules,
    state: Any,
    who: str,
    plan: Sequence[Mapping[str, JSON]],
    *,
    start: Mapping[str, Mapping[str, JSON]],
    turn: int,
) -> JSON | None:
    """The order of the first rule whose conditions hold and whose order is legal; None when
    no rule gives one. The plan is one plan_problems accepted."""
    facts = facts_of(ruleset.snapshot(state), start, who, turn)
    for rule in plan:
        if not all(holds(c, facts) for c in rule.get("if", [])):
            continue
        order = action_order(ruleset, state, who, rule["do"], facts)
        if order is not None and not ruleset.validate(state, who, order):
            return order
    return None


def action_order(
    ruleset: PlanRules, state: Any, who: str, action: Mapping[str, JSON], facts: Facts
) -> JSON | None:
    """The order one action gives now (not yet validated); None when it gives none."""
    kind = action.get("action")
    if kind == "tactics":
        return ruleset.order_json(ruleset.tactics(state, who))
    if kind == "choose":
        return {action["field"]: action["value"]}
    target = _target(facts, action.get("target", "nearest"))
    if target is None or ruleset.web is None:
        return None
    return _drawn(ruleset, state, who, target, towards=kind == "attack")


def _target(facts: Facts, which: str) -> Square | None:
    placed = [(name, h, sq) for name, h, sq in facts.opponents if sq is not None]
    if not placed:
        return None
    if which == "weakest":
        return min(placed, key=lambda o: (o[1], o[0]))[2]
    if which == "strongest":
        return max(placed, key=lambda o: (o[1], o[0]))[2]
    here = facts.square
    return min(placed, key=lambda o: (here.chebyshev(o[2]) if here else 0, o[0]))[2]


def _drawn(
    ruleset: PlanRules, state: Any, who: str, target: Square, *, towards: bool
) -> dict[str, JSON]:
    """An order drawn part by part as the order page would: each move part takes the offered
    square nearest to (or farthest from) the target while that gets closer (or further), and,
    when attacking, each strike part takes the target's square once it is offered. An attack
    stops moving as soon as the target can be struck."""
    web = ruleset.web
    assert web is not None
    fields = web.order_schema()
    strikes = [f for f in fields if f.mark == "strike" and f.kind in ("square", "squares")]
    draft: dict[str, JSON] = {}
    here = _square(ruleset.snapshot(state).get(who, {}).get("square"))

    def distance(sq: Square | None) -> tuple[int, int]:
        # Kings' distance first, then steps: orthogonal movers get closer on a diagonal too.
        return (0, 0) if sq is None else (sq.chebyshev(target), sq.manhattan(target))

    def better(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return a < b if towards else a > b

    def in_reach() -> bool:
        offered = web.choices(state, who, draft)
        return any(str(target) in offered.get(f.key, []) for f in strikes)

    for field in fields:
        if field.kind not in ("square", "squares"):
            continue
        if field.mark == "strike":
            if towards and str(target) in web.choices(state, who, draft).get(field.key, []):
                draft[field.key] = str(target) if field.kind == "square" else [str(target)]
            continue
        steps = 1 if field.kind == "square" else MAX_PATH
        path: list[str] = []
        for _ in range(steps):
            if towards and in_reach():
                break
            offered = map(_square, web.choices(state, who, draft).get(field.key, []))
            options = [s for s in offered if s is not None]
            if not options:
                break
            best = (min if towards else max)(options, key=lambda s: (distance(s), str(s)))
            if not better(distance(best), distance(here)):
                break
            here = best
            if field.kind == "square":
                draft[field.key] = str(best)
            else:
                path.append(str(best))
                draft[field.key] = list(path)
    return draft


__all__ = [
    "CONDITIONS",
    "MAX_CONDITIONS",
    "MAX_RULES",
    "Facts",
    "facts_of",
    "fallback_schema",
    "first_order",
    "holds",
    "plan_problems",
]
