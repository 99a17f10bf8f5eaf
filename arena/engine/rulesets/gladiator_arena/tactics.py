"""Default tactics: the order an absent player's gladiator gets when a bout is auto-resolved.

Deterministic and simple enough to read: guess where every enemy will be (an enemy that can
already reach us stays to strike; otherwise it steps towards us), then pick the destination
(staying included) from which the most strikes can land on those guesses, preferring to close
in (melee) or keep out of the dead zone (bow, catapult), and avoid squares someone stands on
or is expected to step into. Strikes go first to the guessed square, then to the enemy's
current square, nearest enemy first, round and round until the strikes are spent.
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena.data import WEAPONS
from arena.engine.rulesets.gladiator_arena.orders import destinations, in_range, strikes_allowed
from arena.engine.rulesets.gladiator_arena.state import STAY, BoutState, Gladiator, Order


def predict(state: BoutState, enemy: Gladiator, towards: Gladiator) -> Square:
    """Where `enemy` will likely stand after the turn, as seen by `towards`."""
    if in_range(enemy.weapon, enemy.square, towards.square):
        return enemy.square
    best = enemy.square
    best_key = (_cheb(enemy.square, towards.square), enemy.square.manhattan(towards.square))
    for dcol, drow in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        sq = Square(enemy.square.col + dcol, enemy.square.row + drow)
        if not state.board.contains(sq) or state.occupant(sq) is not None:
            continue
        key = (_cheb(sq, towards.square), sq.manhattan(towards.square))
        if key < best_key:
            best, best_key = sq, key
    return best


def default_order(state: BoutState, name: str) -> Order:
    """A legal, sensible order for `name` (STAY if it can't act or has nobody to fight)."""
    me = state.get(name)
    if me is None or not me.alive or state.finished:
        return STAY
    enemies = [g for g in state.gladiators if g.alive and g.name != name]
    if not enemies:
        return STAY
    guesses = [(e, predict(state, e, me)) for e in enemies]
    occupied = {e.square for e in enemies}
    expected = {p for _, p in guesses}
    weapon = WEAPONS[me.weapon]
    ranged = weapon.max_range is None

    best_key: tuple[float, ...] | None = None
    best: tuple[Square | None, list[Square]] = (None, [])
    for dest in (None, *destinations(state, name)):
        if dest is not None and (dest in occupied or dest in expected):
            continue
        origin = me.square if dest is None else dest
        allowed = strikes_allowed(me, dest)
        ranked = sorted(guesses, key=lambda ep, o=origin: (_cheb(o, ep[1]), ep[0].hp))
        targets: list[Square] = []
        for enemy, guess in ranked:
            for sq in (guess, enemy.square):
                if sq != origin and sq not in targets and in_range(me.weapon, origin, sq):
                    targets.append(sq)
        strikes = [targets[k % len(targets)] for k in range(allowed)] if targets else []
        on_guess = sum(1 for sq in strikes if sq in expected)
        nearest = min(_cheb(origin, p) for _, p in guesses)
        if ranged:
            closing = -max(0, weapon.min_range - nearest)
        else:
            closing = -max(0, nearest - (weapon.max_range or 1))
        key = (len(strikes), on_guess, closing, -nearest if not ranged else 0, dest is None)
        if best_key is None or key > best_key:
            best_key = key
            best = (dest, strikes)
    dest, strikes = best
    return Order(move=dest, strikes=tuple(strikes))


def _cheb(a: Square, b: Square) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))
