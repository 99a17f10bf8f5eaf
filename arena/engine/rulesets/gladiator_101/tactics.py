"""The default tactics (the order of an absent player, and every bout fought by tactics).

A gladiator out of reach closes in by the shortest way and strikes if it gets there. Within
reach it reckons, from the same check numbers the attack uses, the expected damage of each
attack it could make (every set of limbs, each strike at its best height, or a focused
attack: one strike, or two with Twin Focus or with Trained Kick's kick), weighting a point
of damage by how close it brings a location to 0 (a vital one counts more than a limb), and
takes the best of: a focused attack; a basic attack; a fast ability and a basic attack (an
ability's worth is the damage it adds, or the damage it spares it on the opponent's next
turn); a slower ability instead of the attack. The tactics settings can fix the height or
the style.

A basic attack is found limb by limb: a strike's Delay, so its worth, depends only on
whether the attack kicks and has more than one strike, so the best set of limbs of each
kind takes each limb's best strike (the same choice as weighing every set).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_101.abilities import boosts_of
from arena.engine.rulesets.gladiator_101.combat import (
    Checks,
    Strike,
    crit_range,
    delay,
    made_as,
    reflex,
    wounded,
)
from arena.engine.rulesets.gladiator_101.data import (
    AT_HEIGHT,
    KICK,
    LOCATIONS,
    VITAL,
    WEAPONS,
    Height,
)
from arena.engine.rulesets.gladiator_101.movement import knocked_down, movement_points, reach
from arena.engine.rulesets.gladiator_101.orders import Order, available, heights
from arena.engine.rulesets.gladiator_101.state import FOREVER, Boost, Fighter, State, boost_total

LIMB_WEIGHT = 0.4  # a point on a limb, against a point on a vital location of equal health


def weight(defender: Fighter, location: str) -> float:
    hp = max(1, defender.hp_at(location))
    return (1.0 if location in VITAL else LIMB_WEIGHT) / hp


# What a strike is expected to do at each location of its height, by everything that decides
# its check numbers: by the key of a situation (_key), then by the strike and how it is made.
# A bout asks the same questions turn after turn (and a balance run bout after bout), so the
# answers are kept; only the weights (the defender's hit points) change.
_TABLES: dict[tuple, dict[tuple, tuple[tuple[str, float], ...]]] = {}
_KEPT = 200_000


def _key(a: Fighter, d: Fighter, turn: int) -> tuple:
    return (
        a.feats, a.accuracy, a.strength, boost_total(a, "hit", turn),
        boost_total(a, "grade", turn), wounded(a), turn < 2,
        d.feats, reflex(d, turn), boost_total(d, "armour@all", turn),
        boost_total(d, "dodge", turn), 0 in d.hp,
    )  # fmt: skip


class _Search:
    """One search for the attacker's best attack against the defender on a turn: what every
    strike it weighs shares is worked out once (the key of the check numbers, the weight of
    each location), and what it meets again in other sets of limbs is kept for the search:
    each weapon's best strike by how it is made, and what a rider is worth."""

    __slots__ = ("a", "best", "checks", "d", "riders", "tables", "turn", "weights", "worth")

    def __init__(self, a: Fighter, d: Fighter, turn: int, riders: bool, key: tuple) -> None:
        self.a, self.d, self.turn = a, d, turn
        self.checks = Checks(a, d, turn)
        # Riders are weighed only where the attacker has a feat that gives one.
        self.riders = riders and _has_rider(a)
        self.weights = {loc: weight(d, loc) for loc in LOCATIONS}
        self.best: dict[tuple, tuple[float, Strike]] = {}
        self.worth: dict[tuple[bool, bool], float] = {}
        tables = _TABLES.get(key)
        if tables is None:
            if len(_TABLES) >= _KEPT:
                _TABLES.clear()
            tables = _TABLES[key] = {}
        self.tables = tables


def _table(
    search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool
) -> tuple[tuple[str, float], ...]:
    key = (s, delay, multi, focused)
    found = search.tables.get(key)
    if found is not None:
        return found
    a, d, checks = search.a, search.d, search.checks
    t = a.traits
    weapon = WEAPONS[s.weapon]
    crit = min(100, crit_range(a))
    number = checks.to_hit(s, delay=delay, multi=multi, focused=focused)
    p_crit = crit / 100
    p_hit = max(0, min(100, number) - crit) / 100
    count = weapon.dice + (t.get("focus_die") if focused else 0)
    mean = (weapon.sides + 1) / 2
    flat = t.get(f"damage@{s.weapon}")
    dr = d.traits.get("dr")
    crit_damage = (count * weapon.sides if t.get("vital_strike") else count * mean) + flat
    full = count * mean + flat
    partial = max(1.0, mean + flat - dr)
    out = []
    for loc in AT_HEIGHT[s.height]:
        g = checks.damage_grade(s, loc, delay=delay, focused=focused)
        p_full = min(100, max(0, g)) / 100
        p_glance = (100 - min(100, max(0, g + 50))) / 100
        hit = p_full * full + (1 - p_full - p_glance) * partial + p_glance
        out.append((loc, p_hit * hit + p_crit * crit_damage))
    found = search.tables[key] = tuple(out)
    return found


def strike_value(search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool) -> float:
    """Expected weighted damage of one strike."""
    table = _table(search, s, delay=delay, multi=multi, focused=focused)
    weights = search.weights
    return sum(weights[loc] * e for loc, e in table) / len(table)


def _full_chance(search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool) -> float:
    """The chance that one strike hits for full damage (a crit, or a hit that passes its
    damage grade), over the locations of its height."""
    checks = search.checks
    crit = min(100, crit_range(search.a)) / 100
    hit = max(0, min(100, checks.to_hit(s, delay=delay, multi=multi, focused=focused)))
    places = AT_HEIGHT[s.height]
    passed = sum(
        min(100, max(0, checks.damage_grade(s, loc, delay=delay, focused=focused)))
        for loc in places
    ) / (100 * len(places))
    return crit + max(0.0, hit / 100 - crit) * passed


HAMSTRUNG_TURNS = 3  # how many of its own turns a hamstrung opponent's lost Reflex is counted


def _rider_worth(search: _Search, kick: bool, low: bool) -> float:
    """What a full-damage kick (`kick`) or low strike (`low`) gives beyond its damage, as the
    damage it is worth: the same for every such strike of the search, so worked out once."""
    found = search.worth.get((kick, low))
    if found is not None:
        return found
    a, d, turn = search.a, search.d, search.turn
    t = a.traits
    worth = 0.0
    if t.get("sweep") and kick:
        # Knocked down, the opponent cannot make its focused attack on its next turn.
        worth += max(0.0, best_focus(d, a, turn + 1, riders=False)[0]
                     - best_basic(d, a, turn + 1, riders=False)[0])  # fmt: skip
    if t.get("hamstring") and low:
        lamed = replace(d, boosts=(*d.boosts, Boost("reflex", -t.get("hamstring"), FOREVER)))
        gain = threat(a, lamed, turn + 2, riders=False) - threat(a, d, turn + 2, riders=False)
        worth += max(0.0, gain) * HAMSTRUNG_TURNS / len(AT_HEIGHT[Height.LOW])  # a leg of two
    search.worth[kick, low] = worth
    return worth


def _rider(search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool) -> float:
    """What a full-damage strike gives beyond its damage (Sweep's knock-down, Hamstring's lost
    Reflex), as the damage it is worth, times the chance of a full-damage strike. Without
    this the tactics never kick or strike low, and those feats never come into play."""
    worth = _rider_worth(search, s.weapon == KICK, s.height is Height.LOW)
    if not worth:
        return 0.0
    return worth * _full_chance(search, s, delay=delay, multi=multi, focused=focused)


def _has_rider(a: Fighter) -> bool:
    return bool(a.traits.get("sweep") or a.traits.get("hamstring"))


def _heights(a: Fighter, weapon: str) -> tuple[Height, ...]:
    allowed = heights(a, weapon)
    fixed = a.tactics.aim
    if fixed != "best" and Height(fixed) in allowed:
        return (Height(fixed),)
    return allowed


def _worth(search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool) -> float:
    """What one strike is worth: its damage, and what a full-damage strike gives beyond it
    unless the search leaves riders out (the look one turn ahead that a rider's worth itself
    takes does not look further)."""
    value = strike_value(search, s, delay=delay, multi=multi, focused=focused)
    if search.riders:
        value += _rider(search, s, delay=delay, multi=multi, focused=focused)
    return value


def _best_strike(
    search: _Search, w: str, *, delay: int, multi: bool, focused: bool
) -> tuple[float, Strike]:
    """One weapon's strike at its best height, and what it is worth. Kept for the search: a
    weapon made the same way is weighed in many sets of limbs."""
    key = (w, delay, multi, focused)
    found = search.best.get(key)
    if found is None:
        options = [
            (_worth(search, s, delay=delay, multi=multi, focused=focused), s)
            for s in (Strike(w, h) for h in _heights(search.a, w))
        ]
        found = search.best[key] = max(options, key=lambda pair: pair[0])  # a tie: the first
    return found  # height listed


# How each strike of a set of weapons is made (combat.made_as: its Delay, and whether it is
# focused), by the feats that decide it: the same for every search of a fighter.
_MODES: dict[tuple, list[tuple[int, bool]]] = {}


def _modes(a: Fighter, weapons: tuple[str, ...], focused: bool) -> list[tuple[int, bool]]:
    key = (a.feats, weapons, focused)
    found = _MODES.get(key)
    if found is None:
        if len(_MODES) >= _KEPT:
            _MODES.clear()
        # made_as reads only each strike's weapon: any height it may strike at will do.
        probe = tuple(Strike(w, heights(a, w)[0]) for w in weapons)
        found = _MODES[key] = made_as(a, probe, focused=focused)
    return found


def _best_strikes(
    search: _Search, weapons: tuple[str, ...], *, focused: bool
) -> tuple[float, tuple[Strike, ...]]:
    """The strikes of these weapons at their best heights, and what they are worth."""
    modes = _modes(search.a, weapons, focused)
    multi = len(weapons) > 1
    total, chosen = 0.0, []
    for w, (dl, f) in zip(weapons, modes, strict=True):
        value, strike = _best_strike(search, w, delay=dl, multi=multi, focused=f)
        total += value
        chosen.append(strike)
    return total, tuple(chosen)


def _slots(a: Fighter) -> list[list[str]]:
    usable = available(a)
    slots = [[w] for w in ("gladius", "foot", "head") if w in usable]
    left = [w for w in ("shield", "fist") if w in usable]
    if left:
        slots.append(left)
    if a.traits.get("flurry") and "gladius" in usable:
        slots.append(["gladius"])
    return slots


_BEST: dict[tuple, tuple[float, tuple[Strike, ...]]] = {}


def _kept(
    kind: str, a: Fighter, d: Fighter, turn: int, riders: bool, find
) -> tuple[float, tuple[Strike, ...]]:
    """best_basic and best_focus, kept by everything they depend on."""
    # A rider looks at the opponent's next turn, which hangs on boosts _key does not sum.
    ahead = (a.boosts, d.boosts) if riders and _has_rider(a) else ()
    situation = _key(a, d, turn)
    key = (kind, riders, situation, a.tactics, a.hp, d.hp, ahead)
    found = _BEST.get(key)
    if found is None:
        if len(_BEST) >= _KEPT:
            _BEST.clear()
        found = _BEST[key] = find(_Search(a, d, turn, riders, situation))
    return found


def best_basic(
    a: Fighter, d: Fighter, turn: int, *, riders: bool = True
) -> tuple[float, tuple[Strike, ...]]:
    return _kept("basic", a, d, turn, riders, _best_basic)


def best_focus(
    a: Fighter, d: Fighter, turn: int, *, riders: bool = True
) -> tuple[float, tuple[Strike, ...]]:
    return _kept("focus", a, d, turn, riders, _best_focus)


def _alone(search: _Search, w: str) -> tuple[float, tuple[Strike, ...]]:
    """A basic attack of one strike."""
    dl = delay(search.a, w, kicked=w == KICK, multi=False)
    value, strike = _best_strike(search, w, delay=dl, multi=False, focused=False)
    return value, (strike,)


def _together(
    search: _Search, slots: list[list[str]], *, kicked: bool, every: bool
) -> tuple[float, tuple[Strike, ...]] | None:
    """The best basic attack of more than one strike that kicks (`kicked`) or not: each
    strike's Delay, so its worth, depends only on that, so each limb's best strike is chosen
    on its own; one worth nothing is left out unless `every` strike counts (the flurry
    style). None when fewer than two strikes are left."""
    a = search.a
    total, chosen = 0.0, []
    for slot in slots:
        if KICK in slot and not kicked:
            continue
        options = [
            _best_strike(search, w, delay=delay(a, w, kicked=kicked, multi=True), multi=True,
                         focused=False)
            for w in slot
        ]  # fmt: skip
        value, strike = max(options, key=lambda pair: pair[0])  # a tie: the first listed
        if value > 0 or every or strike.weapon == KICK:
            total += value
            chosen.append(strike)
    return (total, tuple(chosen)) if len(chosen) > 1 else None


def _best_basic(search: _Search) -> tuple[float, tuple[Strike, ...]]:
    """The best basic attack: one strike alone, or one strike of each of several limbs
    (a second gladius strike with Flurry), with or without a kick."""
    a = search.a
    slots = _slots(a)
    flurry = a.tactics.style == "flurry"
    candidates = [_alone(search, w) for w in dict.fromkeys(w for slot in slots for w in slot)]
    for kicked in (False, True) if [KICK] in slots else (False,):
        together = _together(search, slots, kicked=kicked, every=flurry)
        if together is not None:
            candidates.append(together)
    best: tuple[float, tuple[Strike, ...]] = (0.0, ())
    for value, strikes in candidates:
        if flurry:
            if (len(strikes), value) > (len(best[1]), best[0]):
                best = (value, strikes)
        elif value > best[0]:
            best = (value, strikes)
    return best


def _best_focus(search: _Search) -> tuple[float, tuple[Strike, ...]]:
    a = search.a
    usable = available(a)
    singles = [(w,) for w in usable]
    pairs = []
    if a.traits.get("twin_focus"):
        pairs = [
            (x, y)
            for x, y in itertools.combinations(usable, 2)
            if WEAPONS[x].limb != WEAPONS[y].limb
        ]
    elif a.traits.get("focus_kick") and KICK in usable:
        pairs = [(w, KICK) for w in usable if w != KICK]  # Trained Kick: a kick beside
    best: tuple[float, tuple[Strike, ...]] = (0.0, ())
    for weapons in singles + pairs:
        value, strikes = _best_strikes(search, weapons, focused=True)
        if value > best[0]:
            best = (value, strikes)
    return best


def threat(attacker: Fighter, defender: Fighter, turn: int, *, riders: bool = True) -> float:
    """What the attacker's best attack is worth against the defender on turn `turn`."""
    if available(attacker) == []:
        return 0.0
    return max(
        best_basic(attacker, defender, turn, riders=riders)[0],
        best_focus(attacker, defender, turn, riders=riders)[0],
    )


def _boosted(f: Fighter, key: str, value: int, until: int) -> Fighter:
    return replace(f, boosts=(*f.boosts, Boost(key, value, until)))


def _ability_worth(state: State, me: Fighter, other: Fighter, slug: str) -> tuple[float, float]:
    """(the worth it adds to this turn's basic attack, the damage it spares next turn)."""
    ability, _ = me.traits.abilities[slug]
    t, v = state.turn, ability.value
    if ability.uses and me.uses(slug) >= ability.uses:
        return (-1.0, 0.0)
    base = best_basic(me, other, t)[0]
    if ability.kind in ("cry", "feint"):
        return best_basic(_with_fast(state, me, other, slug)[0], other, t)[0] - base, 0.0
    if ability.kind in ("guard", "brace"):
        now = threat(other, me, t + 1)
        guarded = replace(me, boosts=(*me.boosts, *boosts_of(ability.kind, v, t, slug)))
        return 0.0, now - threat(other, guarded, t + 1)
    if ability.kind == "taunt":
        now = threat(other, me, t + 1)
        return 0.0, now - threat(_boosted(other, "hit", -v, t + 2), me, t + 1)
    if ability.kind == "aim":  # worth what it adds to the next turn's best attack
        aimed = replace(me, boosts=(*me.boosts, *boosts_of(ability.kind, v, t, slug)))
        return threat(aimed, other, t + 2) - threat(me, other, t + 2), 0.0
    # rally: the hit points it gives back, weighted as a blow to that location is
    slots = [i for i, loc in enumerate(LOCATIONS) if loc in VITAL]
    slot = min(slots, key=lambda i: (me.hp[i] / me.traits.max_hp[i], i))
    healed = min(v, me.traits.max_hp[slot] - me.hp[slot])
    return 0.0, healed / max(1, me.hp[slot])


def _closest(state: State, me: Fighter, start: Square, target: Square) -> Square:
    """The free square within one move of `start` nearest `target` (reach first)."""
    board = state.options
    reach_ = movement_points(me)
    best = start
    for col in range(start.col - reach_, start.col + reach_ + 1):
        for row in range(start.row - reach_, start.row + reach_ + 1):
            sq = Square(col, row)
            if not board.contains(sq) or sq == target:
                continue
            key = (sq.chebyshev(target), sq.manhattan(target), sq.manhattan(start), col, row)
            if key < (
                best.chebyshev(target),
                best.manhattan(target),
                best.manhattan(start),
                best.col,
                best.row,
            ):
                best = sq
    return best


def default_order(state: State, who: str) -> Order:
    me = state.get(who)
    if me is None or state.finished or state.actor.name != who:
        return Order()  # not its turn: nothing to order
    other = state.opponent(who)
    t = state.turn
    prone = knocked_down(me, t)
    if not reach(me.square, other.square):
        if prone:
            step = _closest(state, me, me.square, other.square)
            return Order(then=step) if step != me.square else Order()
        step = _closest(state, me, me.square, other.square)
        if reach(step, other.square):
            _, strikes = best_basic(me, other, t)
            return Order(move=step, attack=strikes)
        again = _closest(state, me, step, other.square)
        return Order(move=step, then=again if again != step else None)
    basic, strikes = best_basic(me, other, t)
    choices: list[tuple[float, Order]] = [(basic, Order(attack=strikes))]
    if not prone:
        focus, aimed = best_focus(me, other, t)
        if me.tactics.style == "focused":
            return Order(focus=aimed)
        if me.tactics.style == "best":
            choices.append((focus, Order(focus=aimed)))
        for slug, (_, timing) in sorted(me.traits.abilities.items()):
            if timing.value == "fast":
                now, spared = _ability_worth(state, me, other, slug)
                if now >= 0:
                    boosted = best_basic(*_with_fast(state, me, other, slug), t)[
                        1
                    ]  # the strikes, chosen with the ability's bonus
                    choices.append((basic + now + spared, Order(fast=slug, attack=boosted)))
    for slug, (_, timing) in sorted(me.traits.abilities.items()):
        if timing.value == "slow":
            now, spared = _ability_worth(state, me, other, slug)
            if now >= 0:
                choices.append((now + spared, Order(slow=slug)))
    return max(choices, key=lambda c: c[0])[1]


def _with_fast(state: State, me: Fighter, other: Fighter, slug: str) -> tuple[Fighter, Fighter]:
    ability, _ = me.traits.abilities[slug]
    if ability.kind in ("cry", "feint"):
        gained = boosts_of(ability.kind, ability.value, state.turn, slug)
        return replace(me, boosts=(*me.boosts, *gained)), other
    return me, other
