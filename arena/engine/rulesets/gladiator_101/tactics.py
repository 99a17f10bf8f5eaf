"""The default tactics (the order of an absent player, and every bout fought by tactics).

A gladiator out of reach closes in by the shortest way and strikes if it gets there. Within
reach it weighs a few attacks (`search`): the candidates of its plan against this opponent
(`plan`), found once per pair of builds by full searches (`search_all`) of the opponent
fresh and with each location hurt, so that the plan holds the attack that finishes a head,
a torso or a leg as well as the opening one. Weighing reckons, from the same check numbers
the attack uses, the expected damage of each strike, weighting a point of damage by how
close it brings a location to 0 (a vital one counts more than a limb), and takes the best
of: a focused attack; a basic attack; a fast ability and the basic attack found; a slower
ability instead of the attack. An ability is worth what its boost adds to an attack already
found, or what it takes off the opponent's best reply: no search of its own. A rider's worth
is reckoned once per pair of builds. The tactics settings can fix the height or the style.

A full search finds a basic attack limb by limb: a strike's Delay, so its worth, depends only
on whether the attack kicks and has more than one strike, so the best set of limbs of each
kind takes each limb's best strike (the same choice as weighing every set).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from operator import add, itemgetter, mul, truediv

from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_101.abilities import boosts_of
from arena.engine.rulesets.gladiator_101.combat import (
    Checks,
    berserk,
    crit_range,
    delay,
    made_as,
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
from arena.engine.rulesets.gladiator_101.state import (
    FOREVER,
    Boost,
    Fighter,
    Options,
    State,
    Traits,
    effects_on,
)
from arena.engine.rulesets.gladiator_101.strikes import STRIKE, Strike

LIMB_WEIGHT = 0.4  # a point on a limb, against a point on a vital location of equal health


# Each location's weight for a point of damage at 1 hit point left, in LOCATIONS' order.
_WORTH_AT_1 = tuple(1.0 if loc in VITAL else LIMB_WEIGHT for loc in LOCATIONS)


def weights(defender: Fighter) -> tuple[float, ...]:
    """What a point of damage is worth at each location, in LOCATIONS' order: by how close
    it brings the location to 0, a vital one counting more than a limb."""
    return tuple(map(truediv, _WORTH_AT_1, [hp or 1 for hp in defender.hp]))


# What a strike is expected to do, by everything that decides its check numbers: by the key
# of a situation (_key), then by the strike and how it is made. A bout asks the same
# questions turn after turn (and a balance run or an odds simulation bout after bout), so
# the answers are kept; only the weights (the defender's hit points) change.
_TABLES: dict[tuple, dict[tuple, Reckoned]] = {}
_KEPT = 200_000


@dataclass(frozen=True, slots=True)
class Reckoned:
    """One strike, made one way, against one defender in one situation: the locations of its
    height (indices into LOCATIONS), the damage it is expected to do at each if it lands
    there, the chance it deals full damage (a crit, or a hit that passes its grade), and
    whether a full-damage landing sets off a kick's or a low strike's rider."""

    strike: Strike
    places: tuple[int, ...]
    expected: tuple[float, ...]
    full: float
    kick: bool
    low: bool
    at_places: itemgetter  # a tuple of LOCATIONS' order's values at `places`


def _key(a: Fighter, d: Fighter, turn: int) -> tuple:
    """What decides the check numbers of the attacker's strikes at the defender on a turn."""
    mine, theirs = effects_on(a, turn), effects_on(d, turn)
    return (
        a.feats, a.accuracy, a.strength, mine.get("hit", 0), mine.get("grade", 0), berserk(a),
        turn < 2, a.tactics.aim, d.feats, d.reflex + theirs.get("reflex", 0),
        theirs.get("armour@all", 0), theirs.get("dodge", 0), 0 in d.hp,
    )  # fmt: skip


class _Search:
    """One search for the attacker's best attack against the defender on a turn: what every
    strike it weighs shares is worked out once (the key of the check numbers, the weight of
    each location), and what it meets again in other sets of limbs is kept for the search:
    each weapon's best strike by how it is made."""

    __slots__ = ("a", "best", "checks", "d", "riders", "strikes", "turn", "weights")

    def __init__(self, a: Fighter, d: Fighter, turn: int, riders: bool, key: tuple) -> None:
        self.a, self.d, self.turn = a, d, turn
        self.checks = Checks(a, d, turn)
        # Riders are weighed only where the attacker has a feat that gives one.
        self.riders = riders and _has_rider(a)
        self.weights = weights(d)
        self.best: dict[tuple, tuple[float, Strike]] = {}
        strikes = _TABLES.get(key)
        if strikes is None:
            if len(_TABLES) >= _KEPT:
                _TABLES.clear()
            strikes = _TABLES[key] = {}
        self.strikes = strikes


def reckon(search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool) -> Reckoned:
    """What one strike is expected to do at each location of its height, from the same check
    numbers the attack rolls against."""
    a, d, checks = search.a, search.d, search.checks
    t = a.traits
    weapon = WEAPONS[s.weapon]
    crit = min(100, crit_range(a))
    number = checks.to_hit(s, delay=delay, multi=multi, focused=focused)
    p_crit = crit / 100
    p_hit = max(0, min(100, number) - crit) / 100
    count = weapon.dice + (t.get("focus_die") if focused else 0)
    mean = (weapon.sides + 1) / 2
    flat = t.damage_with[s.weapon]
    dr = d.traits.get("dr")
    crit_damage = (count * weapon.sides if t.get("vital_strike") else count * mean) + flat
    full = count * mean + flat
    partial = max(1.0, mean + flat - dr)
    places = AT_HEIGHT[s.height]
    expected, passed = [], 0.0
    for loc in places:
        g = checks.damage_grade(s, loc, delay=delay, focused=focused)
        p_full = min(100, max(0, g)) / 100
        p_glance = (100 - min(100, max(0, g + 50))) / 100
        hit = p_full * full + (1 - p_full - p_glance) * partial + p_glance
        expected.append(p_hit * hit + p_crit * crit_damage)
        passed += p_full
    slots = tuple(LOCATIONS.index(loc) for loc in places)
    return Reckoned(
        s,
        slots,
        tuple(expected),
        p_crit + p_hit * passed / len(places),
        s.weapon == KICK,
        s.height is Height.LOW,
        itemgetter(*slots),  # every height has two locations or more: a tuple
    )


def _options(
    search: _Search, w: str, *, delay: int, multi: bool, focused: bool
) -> tuple[Reckoned, ...]:
    """The weapon's strike at each height it may strike at (or the one the tactics fix),
    made one way, reckoned."""
    return tuple(
        _reckoned(search, STRIKE[w, h], delay=delay, multi=multi, focused=focused)
        for h in _heights(search.a, w)
    )


def _reckoned(search: _Search, s: Strike, *, delay: int, multi: bool, focused: bool) -> Reckoned:
    """One strike reckoned, kept for the situation."""
    key = (s.weapon, s.height, delay, multi, focused)
    found = search.strikes.get(key)
    if found is None:
        found = search.strikes[key] = reckon(search, s, delay=delay, multi=multi, focused=focused)
    return found


def weighed(weights: tuple[float, ...], r: Reckoned) -> float:
    """Expected weighted damage of one reckoned strike, over the locations of its height."""
    return sum(map(mul, r.at_places(weights), r.expected)) / len(r.places)


HAMSTRUNG_TURNS = 3  # how many of its own turns a hamstrung opponent's lost Reflex is counted

# What a full-damage kick or low strike gives beyond its damage, by the pair of builds: worked
# out once a matchup, on both gladiators fresh (full hit points, no boosts, past the first
# turn), so that no search of an activation looks a turn ahead.
_RIDERS: dict[tuple, dict[tuple[bool, bool], float]] = {}


def _fresh(f: Fighter) -> Fighter:
    return replace(f, hp=f.traits.max_hp, boosts=(), used=())


def _build(f: Fighter) -> tuple:
    return (f.feats, f.accuracy, f.reflex, f.strength, f.tactics.aim, f.tactics.style)


def _rider_worth(search: _Search, kick: bool, low: bool) -> float:
    """What a full-damage kick (`kick`) or low strike (`low`) gives beyond its damage, as the
    damage it is worth, for this pair of builds."""
    a, d = search.a, search.d
    key = (_build(a), _build(d))
    worths = _RIDERS.get(key)
    if worths is None:
        if len(_RIDERS) >= _KEPT:
            _RIDERS.clear()
        worths = _RIDERS[key] = _riders_of(_fresh(a), _fresh(d))
    return worths[kick, low]


def _riders_of(a: Fighter, d: Fighter) -> dict[tuple[bool, bool], float]:
    t = a.traits
    turn = 2
    sweep = hamstring = 0.0
    if t.get("sweep"):
        # Knocked down, the opponent cannot make its focused attack on its next turn.
        reply = best_of_all(d, a, turn + 1, riders=False)
        sweep = max(0.0, reply.focus[0] - reply.basic[0])
    if t.get("hamstring"):
        lamed = replace(d, boosts=(Boost("reflex", -t.get("hamstring"), FOREVER),))
        gain = (best_of_all(a, lamed, turn + 2, riders=False).best[0]
                - best_of_all(a, d, turn + 2, riders=False).best[0])  # fmt: skip
        hamstring = max(0.0, gain) * HAMSTRUNG_TURNS / len(AT_HEIGHT[Height.LOW])  # a leg of two
    return {
        (kick, low): (sweep if kick else 0.0) + (hamstring if low else 0.0)
        for kick in (False, True)
        for low in (False, True)
    }


def _worth(search: _Search, r: Reckoned) -> float:
    """What one reckoned strike is worth: its damage and, unless the search leaves riders out,
    what a full-damage landing gives beyond it (Sweep's knock-down, Hamstring's lost Reflex)
    times its chance. Without a rider's worth the tactics never kick or strike low, and those
    feats never come into play."""
    value = weighed(search.weights, r)
    if search.riders and (r.kick or r.low):
        value += _rider_worth(search, r.kick, r.low) * r.full
    return value


def _has_rider(a: Fighter) -> bool:
    return bool(a.traits.get("sweep") or a.traits.get("hamstring"))


def _heights(a: Fighter, weapon: str) -> tuple[Height, ...]:
    allowed = heights(a, weapon)
    fixed = a.tactics.aim
    if fixed != "best" and Height(fixed) in allowed:
        return (Height(fixed),)
    return allowed


def _best_strike(
    search: _Search, w: str, *, delay: int, multi: bool, focused: bool
) -> tuple[float, Strike]:
    """One weapon's strike at its best height, and what it is worth. Kept for the search: a
    weapon made the same way is weighed in many sets of limbs."""
    key = (w, delay, multi, focused)
    found = search.best.get(key)
    if found is None:
        best: tuple[float, Strike] | None = None
        for r in _options(search, w, delay=delay, multi=multi, focused=focused):
            value = _worth(search, r)
            if best is None or value > best[0]:  # a tie: the first height listed
                best = (value, r.strike)
        assert best is not None  # every weapon strikes at one height at least
        found = search.best[key] = best
    return found


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


@dataclass(frozen=True, slots=True)
class Attacks:
    """What one search finds: the best basic attack and the best focused attack (an empty
    one, worth 0, where it cannot focus), each with what it is worth."""

    basic: tuple[float, tuple[Strike, ...]]
    focus: tuple[float, tuple[Strike, ...]]

    @property
    def best(self) -> tuple[float, tuple[Strike, ...], bool]:
        """The better of the two (a tie: the basic attack), and whether it is focused."""
        if self.focus[0] > self.basic[0]:
            return (*self.focus, True)
        return (*self.basic, False)


NO_ATTACK: tuple[float, tuple[Strike, ...]] = (0.0, ())


def search_all(
    a: Fighter, d: Fighter, turn: int, *, riders: bool = True
) -> tuple[list[Weighed], list[Weighed]]:
    """Every attack weighed: the attacker's basic and focused attacks against the defender on
    turn `turn` that are worth something, best first. Made when a plan is drawn up
    (`plan`), not an activation."""
    one = _Search(a, d, turn, riders, _key(a, d, turn))
    return _basic_attacks(one), _focused_attacks(one) if available(a) else []


def best_of_all(a: Fighter, d: Fighter, turn: int, *, riders: bool = True) -> Attacks:
    """The best basic and focused attacks of a full search (none, worth 0, where there is
    none)."""
    basic, focus = search_all(a, d, turn, riders=riders)
    return Attacks(basic[0] if basic else NO_ATTACK, focus[0] if focus else NO_ATTACK)


@dataclass(frozen=True, slots=True)
class Plan:
    """The attacks one build weighs against another, each a tuple of strikes: the TOP best
    basic and focused attacks of full searches against the opponent fresh and with each
    location hurt (HURT of its hit points left), each kept once, in the order found."""

    basic: tuple[tuple[Strike, ...], ...]
    focus: tuple[tuple[Strike, ...], ...]


HURT = 4  # a hurt location, for a plan: a quarter of its hit points left
TOP = 2  # the attacks of each kind a plan keeps from each full search
PLAN_TURN = 2  # a plan is searched past the first turn (no First Strike)
_PLANS: dict[tuple, Plan] = {}


def plan(a: Fighter, d: Fighter, usable: tuple[str, ...]) -> Plan:
    """The attacker's plan against the defender, by the pair of builds and the weapons the
    attacker has left (`usable`, orders.available): drawn up once (a balance run or an odds
    simulation fights the same pair bout after bout), with the attacker fresh but for the
    limbs it lost and the defender fresh."""
    key = (_build(a), _build(d), usable)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) >= _KEPT:
            _PLANS.clear()
        fresh = _fresh(a)
        lost = tuple(0 if hp == 0 else most for hp, most in zip(a.hp, fresh.hp, strict=True))
        found = _PLANS[key] = _draw_up(replace(fresh, hp=lost), _fresh(d))
    return found


def _draw_up(a: Fighter, d: Fighter) -> Plan:
    full = d.traits.max_hp
    hurt = [
        replace(d, hp=tuple(max(1, hp // HURT) if i == n else hp for i, hp in enumerate(full)))
        for n in range(len(LOCATIONS))
    ]
    found = [search_all(a, one, PLAN_TURN) for one in (d, *hurt)]
    return Plan(
        tuple(dict.fromkeys(strikes for basic, _ in found for _, strikes in basic[:TOP])),
        tuple(dict.fromkeys(strikes for _, focus in found for _, strikes in focus[:TOP])),
    )


@dataclass(frozen=True, slots=True)
class Weighable:
    """Attacks of a plan reckoned in one situation, side by side: their strikes, the damage
    each is expected to do at each location (in LOCATIONS' order: weighing one is one sum of
    products with the locations' weights), and what its riders add (a rider's worth times
    its chance)."""

    strikes: tuple[tuple[Strike, ...], ...]
    expected: tuple[tuple[float, ...], ...]
    riders: tuple[float, ...]

    def worths(self, weights: tuple[float, ...], *, riders: bool) -> list[float]:
        """What each attack is worth against these weights, its riders left out or not."""
        values = list(map(math.sumprod, itertools.repeat(weights), self.expected))
        return list(map(add, values, self.riders)) if riders else values


# A plan's attacks reckoned, by the pair of builds and the situation (_key): (basic, focused).
_SITUATED: dict[tuple, tuple[Weighable, Weighable]] = {}


def _situated(
    a: Fighter, d: Fighter, turn: int, usable: tuple[str, ...]
) -> tuple[Weighable, Weighable]:
    situation = _key(a, d, turn)
    key = (_build(a), _build(d), usable, situation)
    found = _SITUATED.get(key)
    if found is None:
        if len(_SITUATED) >= _KEPT:
            _SITUATED.clear()
        one = _Search(a, d, turn, True, situation)
        chosen = plan(a, d, usable)
        found = _SITUATED[key] = (
            _weighable(one, chosen.basic, focused=False),
            _weighable(one, chosen.focus, focused=True),
        )
    return found


def _weighable(
    search: _Search, attacks: tuple[tuple[Strike, ...], ...], *, focused: bool
) -> Weighable:
    expected, riders = [], []
    for strikes in attacks:
        one, rider = _reckon_attack(search, strikes, focused=focused)
        expected.append(one)
        riders.append(rider)
    return Weighable(attacks, tuple(expected), tuple(riders))


def _reckon_attack(
    search: _Search, strikes: tuple[Strike, ...], *, focused: bool
) -> tuple[tuple[float, ...], float]:
    """One attack's expected damage at each location, and what its riders add."""
    modes = _modes(search.a, tuple(s.weapon for s in strikes), focused)
    multi = len(strikes) > 1
    reckoned = tuple(
        _reckoned(search, s, delay=dl, multi=multi, focused=f)
        for s, (dl, f) in zip(strikes, modes, strict=True)
    )
    # Only a kick or a low strike has a rider, and only where the search weighs riders: the
    # others add exactly 0.
    riders = sum(
        (_worth(search, r) - weighed(search.weights, r) for r in reckoned
         if search.riders and (r.kick or r.low)),
        0.0,
    )  # fmt: skip
    expected = [0.0] * len(LOCATIONS)
    for r in reckoned:  # each location of its height as likely as another
        for i, e in zip(r.places, r.expected, strict=True):
            expected[i] += e / len(r.places)
    return tuple(expected), riders


def search(a: Fighter, d: Fighter, turn: int, *, riders: bool = True) -> Attacks:
    """The attacker's one search of an activation: the attacks of its plan for the weapons
    it has left, weighed against the defender on turn `turn`: the best basic and the best
    focused one."""
    usable = tuple(available(a))
    if not usable:
        return Attacks(NO_ATTACK, NO_ATTACK)
    basics, focuses = _situated(a, d, turn, usable)
    w = weights(d)
    flurry = a.tactics.style == "flurry"
    return Attacks(
        _best_of(basics, w, riders=riders, flurry=flurry),
        _best_of(focuses, w, riders=riders, flurry=False),
    )


def _best_of(
    attacks: Weighable, weights: tuple[float, ...], *, riders: bool, flurry: bool
) -> tuple[float, tuple[Strike, ...]]:
    """The best of these attacks and what it is worth (the flurry style: the most strikes
    first); none, worth 0, where there is none worth more (a tie: the first found)."""
    if not attacks.strikes:
        return NO_ATTACK
    values = attacks.worths(weights, riders=riders)
    strikes = attacks.strikes
    if flurry:
        n = max(range(len(strikes)), key=lambda i: (len(strikes[i]), values[i]))
        found = (len(strikes[n]), values[n]) > (0, 0.0)
    else:
        n = values.index(max(values))
        found = values[n] > 0
    return (values[n], strikes[n]) if found else NO_ATTACK


def attack_worth(
    a: Fighter, d: Fighter, turn: int, strikes: tuple[Strike, ...], *, focused: bool
) -> float:
    """What an attack already chosen is worth in another situation (a boost on either side):
    its strikes weighed again, with no search for a better one, riders left out."""
    if not strikes:
        return 0.0
    return math.sumprod(weights(d), _expected(a, d, turn, strikes, focused=focused))


# An attack's expected damage by location, by the situation (_key) and the attack: the
# defender's hit points change only the weights, so the answer is kept without them and
# weighed again at every call (one sum of products), as a plan's attacks are (Weighable).
_EXPECTED: dict[tuple, tuple[float, ...]] = {}


def _expected(
    a: Fighter, d: Fighter, turn: int, strikes: tuple[Strike, ...], *, focused: bool
) -> tuple[float, ...]:
    situation = _key(a, d, turn)
    key = (situation, strikes, focused)
    found = _EXPECTED.get(key)
    if found is None:
        if len(_EXPECTED) >= _KEPT:
            _EXPECTED.clear()
        one = _Search(a, d, turn, False, situation)
        found = _EXPECTED[key] = _reckon_attack(one, strikes, focused=focused)[0]
    return found


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


Weighed = tuple[float, tuple[Strike, ...]]  # an attack, and what it is worth


def _ranked(candidates: list[Weighed], *, flurry: bool = False) -> list[Weighed]:
    """The attacks worth something, best first (the flurry style: the most strikes first;
    a tie: the first listed)."""
    worth = [c for c in candidates if (flurry and c[1]) or c[0] > 0]
    if flurry:
        return sorted(worth, key=lambda c: (len(c[1]), c[0]), reverse=True)
    return sorted(worth, key=lambda c: c[0], reverse=True)


def _basic_attacks(search: _Search) -> list[Weighed]:
    """The basic attacks worth weighing, best first: one strike alone, or one strike of
    each of several limbs (a second gladius strike with Flurry), with or without a kick."""
    a = search.a
    slots = _slots(a)
    flurry = a.tactics.style == "flurry"
    candidates = [_alone(search, w) for w in dict.fromkeys(w for slot in slots for w in slot)]
    for kicked in (False, True) if [KICK] in slots else (False,):
        together = _together(search, slots, kicked=kicked, every=flurry)
        if together is not None:
            candidates.append(together)
    return _ranked(candidates, flurry=flurry)


def _focused_attacks(search: _Search) -> list[Weighed]:
    """The focused attacks worth weighing, best first: one strike, or two with Twin Focus
    or with Trained Kick's kick beside."""
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
    return _ranked([_best_strikes(search, weapons, focused=True) for weapons in singles + pairs])


def _boosted(f: Fighter, boosts: tuple[Boost, ...]) -> Fighter:
    return replace(f, boosts=(*f.boosts, *boosts))


def _ability_worth(
    state: State, me: Fighter, other: Fighter, slug: str, mine: Attacks, reply: Attacks | None
) -> tuple[float, float]:
    """(the worth it adds to this turn's basic attack, the damage it spares next turn), each
    from an attack already found (mine this turn, or the opponent's reply) weighed again with
    the ability's boost: no search of its own."""
    ability, _ = me.traits.abilities[slug]
    t, v = state.turn, ability.value
    if ability.uses and me.uses(slug) >= ability.uses:
        return (-1.0, 0.0)
    gained = boosts_of(ability.kind, v, t, slug)
    if ability.kind in ("cry", "feint"):
        basic, strikes = mine.basic
        return attack_worth(_boosted(me, gained), other, t, strikes, focused=False) - basic, 0.0
    if ability.kind in ("guard", "brace", "taunt") and reply is not None:
        worth, strikes, focused = reply.best
        if ability.kind == "taunt":
            penalty = (Boost("hit", -v, t + 2, slug),)
            spared = attack_worth(_boosted(other, penalty), me, t + 1, strikes, focused=focused)
        else:
            spared = attack_worth(other, _boosted(me, gained), t + 1, strikes, focused=focused)
        return 0.0, worth - spared
    if ability.kind == "aim":  # worth what it adds to the next turn's best attack
        _, strikes, focused = mine.best
        aimed = _boosted(me, gained)
        return (
            attack_worth(aimed, other, t + 2, strikes, focused=focused)
            - attack_worth(me, other, t + 2, strikes, focused=focused),
            0.0,
        )
    if ability.kind != "rally":
        return 0.0, 0.0
    # rally: the hit points it gives back, weighted as a blow to that location is
    slots = [i for i, loc in enumerate(LOCATIONS) if loc in VITAL]
    slot = min(slots, key=lambda i: (me.hp[i] / me.traits.max_hp[i], i))
    healed = min(v, me.traits.max_hp[slot] - me.hp[slot])
    return 0.0, healed / max(1, me.hp[slot])


@lru_cache(maxsize=4096)
def closest(board: Options, reach_: int, start: Square, target: Square) -> Square:
    """The square on the board within `reach_` of `start` nearest `target` (reach first),
    other than `target`'s own: a question of the board alone, answered once a board."""
    best = start
    best_key = (start.chebyshev(target), start.manhattan(target), 0, start.col, start.row)
    for col in range(start.col - reach_, start.col + reach_ + 1):
        for row in range(start.row - reach_, start.row + reach_ + 1):
            sq = Square(col, row)
            if not board.contains(sq) or sq == target:
                continue
            key = (sq.chebyshev(target), sq.manhattan(target), sq.manhattan(start), col, row)
            if key < best_key:
                best, best_key = sq, key
    return best


@lru_cache(maxsize=4096)
def _reply_needed(traits: Traits) -> bool:
    """Whether an ability of these feats is worth what it spares of the opponent's reply:
    asked once a set of feats."""
    return any(a.kind in ("guard", "brace", "taunt") for a, _ in traits.abilities.values())


def default_order(state: State, who: str) -> Order:
    me = state.get(who)
    if me is None or state.finished or state.actor.name != who:
        return Order()  # not its turn: nothing to order
    other = state.opponent(who)
    t = state.turn
    prone = knocked_down(me, t)
    if not reach(me.square, other.square):
        speed = movement_points(me)
        step = closest(state.options, speed, me.square, other.square)
        if prone:
            return Order(then=step) if step != me.square else Order()
        if reach(step, other.square):
            return Order(move=step, attack=search(me, other, t).basic[1])
        again = closest(state.options, speed, step, other.square)
        return Order(move=step, then=again if again != step else None)
    mine = search(me, other, t)
    reply = search(other, me, t + 1, riders=False) if _reply_needed(me.traits) else None
    basic, strikes = mine.basic
    focus, aimed = mine.focus
    if not prone and me.tactics.style == "focused":
        return Order(focus=aimed)
    # Each choice as (worth, focused, fast ability, slow ability); the order is made for the
    # best one only (a tie: the first listed).
    choices: list[tuple[float, bool, str, str]] = [(basic, False, "", "")]
    if not prone:
        if me.tactics.style == "best":
            choices.append((focus, True, "", ""))
        for slug in me.traits.fast:
            now, spared = _ability_worth(state, me, other, slug, mine, reply)
            if now >= 0:
                choices.append((basic + now + spared, False, slug, ""))
    for slug in me.traits.slow:
        now, spared = _ability_worth(state, me, other, slug, mine, reply)
        if now >= 0:
            choices.append((now + spared, False, "", slug))
    _, focused, fast, slow = max(choices, key=lambda c: c[0])
    if slow:
        return Order(slow=slow)
    if focused:
        return Order(focus=aimed)
    return Order(fast=fast, attack=strikes)
