"""Using an ability: "activate a fast ability" with the move action, "activate a slower
ability" with the standard action. What each kind does (feats.ABILITIES) is a boost for a
while, on its user or (a taunt) on the opponent, or hit points back (a rally)."""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.data import LOCATIONS, VITAL
from arena.engine.rulesets.gladiator_101.events import Used
from arena.engine.rulesets.gladiator_101.feats import ABILITY_WORDS, FEATS
from arena.engine.rulesets.gladiator_101.state import Boost, Fighter, State


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


def taunt(state: State, me: Fighter, value: int, source: str) -> State:
    """The opponent gets -value to hit on its next turn."""
    other = state.opponent(me.name)
    penalty = Boost("hit", -value, state.turn + 2, source)
    return state.with_fighter(replace(other, boosts=(*other.boosts, penalty)))


def rally(me: Fighter, value: int) -> Fighter:
    """Hit points back on the vital location with the smallest share of its hit points left
    (the first such in LOCATIONS' order), never above its most."""
    shares = [
        (me.hp[i] / me.traits.max_hp[i], i) for i, loc in enumerate(LOCATIONS) if loc in VITAL
    ]
    _, slot = min(shares)
    hp = list(me.hp)
    hp[slot] = min(me.traits.max_hp[slot], hp[slot] + value)
    return replace(me, hp=tuple(hp))


def use_ability(state: State, slug: str, turn: Turn) -> State:
    """The actor uses its ability `slug` (an order checked by orders.check: it has it, and it
    is not used up)."""
    me = state.actor
    ability, timing = me.traits.abilities[slug]
    value = ability.value
    if ability.uses:
        used = dict(me.used)
        used[slug] = used.get(slug, 0) + 1
        me = replace(me, used=tuple(sorted(used.items())))
    if ability.kind == "taunt":
        state = taunt(state, me, value, slug)
    elif ability.kind == "rally":
        me = rally(me, value)
    else:
        me = replace(me, boosts=(*me.boosts, *boosts_of(ability.kind, value, state.turn, slug)))
    feat = next(FEATS[s] for s in me.feats if FEATS[s].base == slug)
    turn.tell(Used(me.name, feat.name, timing.value, ABILITY_WORDS[ability.kind].format(v=value)))
    return state.with_fighter(me)
