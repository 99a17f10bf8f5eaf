"""One combatant's turn: the move action, then the standard action; then whether the bout is
over (a fallen combatant, or the turn limit: decided on points)."""

from __future__ import annotations

from dataclasses import replace

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.protocol import Fate
from arena.engine.rulesets.gladiator_101.combat import attack
from arena.engine.rulesets.gladiator_101.data import LOCATIONS, VITAL
from arena.engine.rulesets.gladiator_101.events import Began, Ended, Moved, Used
from arena.engine.rulesets.gladiator_101.feats import ABILITY_WORDS, FEATS, Timing
from arena.engine.rulesets.gladiator_101.orders import Order
from arena.engine.rulesets.gladiator_101.state import Boost, Fighter, State


def _feat_name(me: Fighter, slug: str) -> str:
    own = next(FEATS[s] for s in me.feats if FEATS[s].base == slug)
    return own.name


def boosts_of(kind: str, value: int, turn: int, source: str = "") -> tuple[Boost, ...]:
    """The boosts an ability used on `turn` gives its user (a taunt and a rally give none)."""
    keys, since, until = {
        "cry": (("hit",), turn, turn + 1),
        # A feint opens a guard: the strikes land more often and deeper this turn.
        "feint": (("hit", "grade"), turn, turn + 1),
        "guard": (("reflex", "dodge"), turn, turn + 2),
        "brace": (("armour@all",), turn, turn + 2),
        # Patient Hunter watches this turn for the opening it takes on its next (turn + 2).
        "aim": (("hit", "grade"), turn + 1, turn + 3),
    }.get(kind, ((), turn, turn))
    return tuple(Boost(key, value, until, source, since) for key in keys)


def use_ability(state: State, me: Fighter, slug: str) -> tuple[State, Event]:
    ability, timing = me.traits.abilities[slug]
    t, v = state.turn, ability.value
    if ability.uses:
        used = dict(me.used)
        used[slug] = used.get(slug, 0) + 1
        me = replace(me, used=tuple(sorted(used.items())))
    kind = ability.kind
    if kind == "taunt":
        other = state.opponent(me.name)
        other = replace(other, boosts=(*other.boosts, Boost("hit", -v, t + 2, slug)))
        state = state.with_fighter(other)
    elif kind == "rally":
        ratios = [
            (me.hp[i] / me.traits.max_hp[i], i) for i, loc in enumerate(LOCATIONS) if loc in VITAL
        ]
        _, slot = min(ratios)
        hp = list(me.hp)
        hp[slot] = min(me.traits.max_hp[slot], hp[slot] + v)
        me = replace(me, hp=tuple(hp))
    else:
        me = replace(me, boosts=(*me.boosts, *boosts_of(kind, v, t, slug)))
    state = state.with_fighter(me)
    return state, Used(me.name, _feat_name(me, slug), timing.value, ABILITY_WORDS[kind].format(v=v))


def resolve_turn(state: State, order: Order, dice: Dice) -> tuple[State, list[Event]]:
    """The actor's turn with a checked order (orders.check)."""
    events: list[Event] = []
    me = state.actor
    if state.turn == 0:
        events.append(Began(me.name))
    if order.move is not None:
        events.append(Moved(me.name, str(me.square), str(order.move), "move"))
        state = state.with_fighter(replace(me, square=order.move))
    if order.fast:
        state, event = use_ability(state, state.actor, order.fast)
        events.append(event)
    me = state.actor
    if order.attack or order.focus:
        focused = bool(order.focus)
        state, struck = attack(state, me, order.focus or order.attack, focused=focused, dice=dice)
        events += struck
    elif order.then is not None:
        events.append(Moved(me.name, str(me.square), str(order.then), "standard"))
        state = state.with_fighter(replace(me, square=order.then))
    elif order.slow:
        assert me.traits.abilities[order.slow][1] is Timing.SLOW
        state, event = use_ability(state, me, order.slow)
        events.append(event)
    return _end_of_turn(state, events)


def _share(f: Fighter) -> float:
    return f.hp_total / sum(f.traits.max_hp)


def _end_of_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    turn = state.turn + 1
    fighters = tuple(
        replace(f, boosts=tuple(b for b in f.boosts if b.until > turn)) for f in state.fighters
    )
    state = replace(state, fighters=fighters, turn=turn)
    standing = [f for f in state.fighters if f.standing]
    if len(standing) < len(state.fighters):
        winner = standing[0].name if standing else ""
        fallen = next(f for f in state.fighters if not f.standing)
        how = "killed" if fallen.fate is Fate.DEAD else "knocked out"
        events.append(Ended(winner, f"{fallen.name} {how}"))
        return replace(state, finished=True), events
    if turn >= state.options.max_turns:
        a, b = state.fighters
        if _share(a) == _share(b):
            events.append(Ended("", f"the turn limit of {turn}, equal hit points"))
            return replace(state, finished=True), events
        winner, loser = (a, b) if _share(a) > _share(b) else (b, a)
        events.append(Ended(winner.name, f"on points at the turn limit of {turn}"))
        state = state.with_fighter(replace(loser, fate=Fate.DEFEATED, felled_by=winner.name))
        return replace(state, finished=True), events
    return state, events
