"""A turn's order, read and checked: "1 move action (move up to 30ft, or activate a fast
ability) and 1 standard action (make an attack, or activate a slower ability. Can be
converted into a move action.)"; a focused attack takes both.

    {"move": "E5"}                          the move action: a square within speed
    {"fast": "battle-cry"}                  ... or a fast ability instead
    {"attack": ["gladius mid", "foot low"]} the standard action: a basic attack
    {"focus": ["gladius high"]}             ... or a focused attack (move + standard)
    {"then": "E7"}                          ... or a second move
    {"slow": "second-wind"}                 ... or a slower ability

The move action comes first, then the standard action. An empty order does nothing. The order
page draws {"move": square, "strike": [the opponent's square]}: a basic attack with the
gladius at mid height.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.data import (
    KICK,
    LEFT_LEG,
    LOCATIONS,
    RIGHT_LEG,
    WEAPONS,
    Height,
)
from arena.engine.rulesets.gladiator_101.feats import Timing
from arena.engine.rulesets.gladiator_101.movement import knocked_down, movement_points, reach
from arena.engine.rulesets.gladiator_101.state import Fighter, State, Traits
from arena.engine.rulesets.gladiator_101.strikes import STRIKE, Strike

KEYS = ("move", "fast", "attack", "focus", "then", "slow", "strike")
STANDARD = ("attack", "focus", "then", "slow")


@dataclass(frozen=True, slots=True)
class Order:
    move: Square | None = None
    fast: str = ""
    attack: tuple[Strike, ...] = ()
    focus: tuple[Strike, ...] = ()
    then: Square | None = None
    slow: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.move is not None:
            out["move"] = str(self.move)
        if self.fast:
            out["fast"] = self.fast
        if self.attack:
            out["attack"] = [str(s) for s in self.attack]
        if self.focus:
            out["focus"] = [str(s) for s in self.focus]
        if self.then is not None:
            out["then"] = str(self.then)
        if self.slow:
            out["slow"] = self.slow
        return out


# Every strike an order may name, by its words ("gladius mid"): read by one look-up.
STRIKES = {str(s): s for s in STRIKE.values()}


def _square(raw: Any, key: str, problems: list[str]) -> Square | None:
    try:
        return Square.parse(raw)
    except (ValueError, TypeError):
        problems.append(f"{key}: {raw!r} is not a square like E5")
        return None


def _strikes(raw: Any, key: str, problems: list[str]) -> tuple[Strike, ...]:
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        problems.append(f"{key}: a list of strikes such as 'gladius mid'")
        return ()
    out = []
    for item in raw:
        strike = STRIKES.get(" ".join(item.lower().split())) if isinstance(item, str) else None
        if strike is None:
            problems.append(
                f"{key}: {item!r} is not a weapon and a height "
                f"({', '.join(WEAPONS)}; high, mid, low)"
            )
            continue
        out.append(strike)
    return tuple(out)


def parse_order(raw: Any, problems: list[str]) -> Order:
    """The order's shape (a JSON object with the keys above); what it may do is check()."""
    if raw is None:
        return Order()
    if not isinstance(raw, Mapping):
        problems.append("an order is an object: move/fast, then attack/focus/then/slow")
        return Order()
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        problems.append(f"{unknown[0]}: not part of an order ({', '.join(KEYS[:-1])})")
    move = _square(raw["move"], "move", problems) if raw.get("move") else None
    then = _square(raw["then"], "then", problems) if raw.get("then") else None
    attack = _strikes(raw["attack"], "attack", problems) if raw.get("attack") else ()
    focus = _strikes(raw["focus"], "focus", problems) if raw.get("focus") else ()
    if raw.get("strike") and not attack:  # drawn on the board
        attack = (Strike("gladius", Height.MID),)
    fast, slow = raw.get("fast") or "", raw.get("slow") or ""
    for key, value in (("fast", fast), ("slow", slow)):
        if not isinstance(value, str):
            problems.append(f"{key}: a feat's name")
    return Order(move, str(fast), attack, focus, then, str(slow))


def check(state: State, who: str, order: Order, raw: Any = None) -> list[str]:
    """What is wrong with `who` giving this order now, in words ([] when it is legal)."""
    me = state.get(who)
    if me is None:
        return [f"{who} is not in this bout"]
    if state.finished or not me.standing:
        return [f"{who} is out of the bout"]
    if state.actor.name != who:
        return [f"it is {state.actor.name}'s turn, not {who}'s"]
    other = state.opponent(who)
    problems: list[str] = []
    standard = [k for k in STANDARD if getattr(order, k)]
    if len(standard) > 1:
        problems.append(f"one standard action a turn, not {' and '.join(standard)}")
    if order.move is not None and order.fast:
        problems.append("the move action is a move or a fast ability, not both")
    if knocked_down(me, state.turn) and (order.move is not None or order.fast or order.focus):
        problems.append(f"{who} was knocked down: its move action is spent getting up")
    if order.focus and (order.move is not None or order.fast):
        problems.append("a focused attack takes the move action as well as the standard action")
    if isinstance(raw, Mapping) and raw.get("strike"):
        targets = raw["strike"] if isinstance(raw["strike"], list) else [raw["strike"]]
        if [str(t).upper() for t in targets] != [str(other.square)]:
            problems.append(f"strike: the opponent stands on {other.square}")
    here = me.square
    if order.move is not None:
        problems += _move_problems(state, me, here, order.move, "move")
        here = order.move
    if order.then is not None:
        problems += _move_problems(state, me, here, order.then, "then")
    for key in ("fast", "slow"):
        slug = getattr(order, key)
        if slug:
            problems += _ability_problems(me, slug, Timing(key))
    if order.attack:
        problems += _strike_problems(me, order.attack, focused=False)
        if not reach(here, other.square):
            problems.append(f"attack: {other.name} on {other.square} is out of reach of {here}")
    if order.focus:
        problems += _strike_problems(me, order.focus, focused=True)
        if not reach(here, other.square):
            problems.append(f"focus: {other.name} on {other.square} is out of reach of {here}")
    return problems


def _move_problems(state: State, me: Fighter, start: Square, end: Square, key: str) -> list[str]:
    if not state.options.contains(end):
        return [f"{key}: {end} is off the board"]
    if end == state.opponent(me.name).square:
        return [f"{key}: {end} is taken"]
    if end == start:
        return [f"{key}: already on {end}"]
    if start.chebyshev(end) > movement_points(me):
        return [f"{key}: {end} is more than {movement_points(me)} squares from {start}"]
    return []


def _ability_problems(me: Fighter, slug: str, timing: Timing) -> list[str]:
    found = me.traits.abilities.get(slug)
    if found is None:
        known = [s for s, (_, t) in me.traits.abilities.items() if t is timing]
        offer = f" ({', '.join(known)})" if known else ""
        return [f"{timing.value}: {me.name} has no {timing.value} ability {slug!r}{offer}"]
    ability, its = found
    if its is not timing:
        return [f"{slug} is a {its.value} ability: give it as {its.value}"]
    if ability.uses and me.uses(slug) >= ability.uses:
        return [f"{slug}: used up ({ability.uses} a bout)"]
    return []


# The slots (indices into LOCATIONS) of the limbs each weapon strikes with: a kick with
# either leg, another weapon with its one limb (named twice).
_LIMBS = {
    slug: (LOCATIONS.index(LEFT_LEG), LOCATIONS.index(RIGHT_LEG))
    if slug == KICK
    else (LOCATIONS.index(weapon.limb),) * 2
    for slug, weapon in WEAPONS.items()
}


def available(me: Fighter) -> list[str]:
    """The weapons this fighter can strike with now: those it has (the head only with
    Headbutt), but for a limb at 0, which strikes no more."""
    hp = me.hp
    return [
        slug
        for slug, (one, other) in _LIMBS.items()
        if (hp[one] or hp[other]) and (slug != "head" or me.traits.get("headbutt"))
    ]


def heights(me: Fighter, weapon: str) -> tuple[Height, ...]:
    if weapon == KICK and me.traits.get("high_kick"):
        return tuple(Height)
    if weapon == KICK and me.traits.get("focus_kick"):
        return (Height.MID, Height.LOW)  # Trained Kick: a kick to the body as well
    return WEAPONS[weapon].heights


def _focus_problems(t: Traits, strikes: tuple[Strike, ...]) -> list[str]:
    """A focused attack has one strike; Twin Focus allows a second with another limb, and
    Trained Kick a kick beside the one strike."""
    if len(strikes) <= 1:
        return []
    if t.get("twin_focus"):
        return [] if len(strikes) == 2 else ["Twin Focus: at most two strikes"]
    if t.get("focus_kick"):
        kicks = [s.weapon for s in strikes].count(KICK)
        if len(strikes) == 2 and kicks == 1:
            return []
        return ["Trained Kick: a focused attack has one strike, and a kick beside it"]
    return ["a focused attack has one strike"]


def _strike_problems(me: Fighter, strikes: tuple[Strike, ...], *, focused: bool) -> list[str]:
    problems = []
    t = me.traits
    if focused:
        problems += _focus_problems(t, strikes)
    usable = available(me)
    limbs: list[str] = []
    for s in strikes:
        if s.weapon not in usable:
            why = "needs Headbutt" if s.weapon == "head" else "its limb is at 0 hit points"
            problems.append(f"{s.weapon}: cannot strike ({why})")
        elif s.height not in heights(me, s.weapon):
            allowed = ", ".join(h.value for h in heights(me, s.weapon))
            problems.append(f"{s.weapon} strikes {allowed}, not {s.height.value}")
        limbs.append(WEAPONS[s.weapon].limb)
    kicks = sum(1 for s in strikes if s.weapon == KICK)
    if kicks > 1:
        problems.append('"You can only make one kick attack per turn"')
    swords = sum(1 for s in strikes if s.weapon == "gladius")
    if swords == 2 and t.get("flurry") and not focused:
        limbs.remove(WEAPONS["gladius"].limb)  # Flurry: the sword arm strikes twice
    if len(set(limbs)) < len(limbs):
        problems.append(
            '"You cannot make more than one strike with weapons in the same limb" (the '
            "gladius strikes with the right arm; the shield or the fist with the left)"
        )
    return problems


def order_and_problems(state: State, who: str, raw: Any) -> tuple[Order, list[str]]:
    """`who`'s JSON order read, and what is wrong with it in words ([] when it is legal)."""
    problems: list[str] = []
    order = parse_order(raw, problems)
    if not problems:
        problems = check(state, who, order, raw)
    return order, problems


def read_order(state: State, who: str, raw: Any) -> Order:
    """`who`'s JSON order for this turn, read and checked once where it comes in: the typed
    order the turn carries out. EngineInputError in words at the order's place in the bout's
    input (`turns[N].who`) for a bout that is over, a gladiator whose turn it is not, or an
    order that cannot be read or given now."""
    where = f"turns[{state.turn}]"
    if state.finished:
        raise EngineInputError(where, "the bout is over")
    actor = state.actor.name
    if who != actor:
        raise EngineInputError(f"{where}.{who}", f"it is {actor}'s turn, not {who}'s")
    order, problems = order_and_problems(state, who, raw)
    if problems:
        raise EngineInputError(f"{where}.{who}", "; ".join(problems))
    return order


__all__ = ["Order", "available", "check", "heights", "order_and_problems", "read_order"]
