"""Default tactics: the order an absent player's gladiator gets when a bout is auto-resolved.

Deterministic and simple enough to read: guess where every enemy will be (an enemy that can
already reach us stays to strike; a melee enemy otherwise steps towards us; a bow or catapult
too close to shoot steps away), then pick the destination (staying included) from which the
most strikes can land on those guesses. Ties go, in turn, to: closing to weapon reach (melee)
or getting out of the dead zone (bow, catapult); for melee, the nearest guess in Chebyshev
distance, then the fewest steps (Manhattan distance) to the chosen enemy's guess, so a
gladiator diagonally offset from its enemy still walks in; for a bow or catapult still too
close, the most steps away from that guess; then staying; then the first destination in
square order. Squares someone stands on or is expected to step into are avoided. Strikes go
first to the guessed square, then to the enemy's current square, nearest enemy first, round
and round until the strikes are spent.
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena.orders import destinations, moves_from
from arena.engine.rulesets.gladiator_arena.state import STAY, BoutState, Gladiator, Order


def predict(state: BoutState, enemy: Gladiator, towards: Gladiator) -> Square:
    """Where `enemy` will likely stand after the turn, as seen by `towards`: where it is if it
    can strike `towards` from there; one step away if it is a bow or catapult too close to
    shoot; otherwise one step closer (Chebyshev, then Manhattan distance)."""
    here, there = enemy.square, towards.square
    stats = enemy.kit
    reach = _cheb(here, there)
    if stats.min_range <= reach and (stats.max_range is None or reach <= stats.max_range):
        return here
    # Lower keys win. A ranged enemy backs off (out of its dead zone, then as far as it can);
    # a melee one closes in.
    away = stats.max_range is None
    best = here
    best_key = _predict_key(here, there, away, stats.min_range)
    # One step, in the order of `destinations` (rank by rank from A1, file by file), so ties
    # break alike.
    board = state.board
    for sq in moves_from(board.width, board.height, 1)[here]:
        key = _predict_key(sq, there, away, stats.min_range)
        # Whether someone stands there is asked only of a square that would be better.
        if key < best_key and state.occupant(sq) is None:
            best, best_key = sq, key
    return best


def _predict_key(sq: Square, there: Square, away: bool, min_range: int) -> tuple[int, int]:
    dcol, drow = abs(sq.col - there.col), abs(sq.row - there.row)
    chebyshev, manhattan = max(dcol, drow), dcol + drow
    if away:
        return (-min(chebyshev, min_range), -manhattan)
    return (chebyshev, manhattan)


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
    low, high = me.kit.min_range, me.kit.max_range
    ranged = high is None
    reach = high or 1
    here = me.square
    # The chosen enemy: the nearest guess (Chebyshev, then Manhattan), then the weakest, then
    # setup order. Melee walks towards it; a ranged gladiator too close backs away from it.
    if len(guesses) == 1:  # one enemy (every lab bout, every duel): nothing to choose
        chosen = guesses[0][1]
    else:
        chosen = min(
            enumerate(guesses),
            key=lambda ig: (_cheb(here, ig[1][1]), here.manhattan(ig[1][1]), ig[1][0].hp, ig[0]),
        )[1][1]
    # The squares worth striking, enemy by enemy (its guess, then where it stands now); how
    # many strikes a destination leaves is the kit's, by how far it is.
    aims = [(guess, enemy.square, enemy.hp) for enemy, guess in guesses]
    strikes_after = me.kit.strikes

    best_key: tuple[int, ...] | None = None
    best: tuple[Square | None, list[Square]] = (None, [])
    for dest in (None, *destinations(state, name)):
        if dest is not None and (dest in occupied or dest in expected):
            continue
        origin = here if dest is None else dest
        allowed = strikes_after[0 if dest is None else here.manhattan(dest)]
        if best_key is not None and allowed < best_key[0]:
            continue  # fewer strikes than the best so far can land: its key is lower
        # Nearest guess first, then the weakest enemy, then setup order (a stable sort).
        ranked = [(_cheb(origin, guess), hp, guess, now) for guess, now, hp in aims]
        if len(ranked) > 1:
            ranked.sort(key=_nearest_then_weakest)
        nearest = ranked[0][0]
        targets: list[Square] = []
        for guess_distance, _, guess, now in ranked:
            in_reach = low <= guess_distance and (ranged or guess_distance <= high)
            if in_reach and guess != origin and guess not in targets:
                targets.append(guess)
            if now != origin and now not in targets:
                distance = _cheb(origin, now)
                if low <= distance and (ranged or distance <= high):
                    targets.append(now)
        if best_key is not None and not targets and best_key[0] > 0:
            continue  # no strike lands from here, and one does from the best so far
        strikes = [targets[k % len(targets)] for k in range(allowed)] if targets else []
        on_guess = len([sq for sq in strikes if sq in expected])
        steps = origin.manhattan(chosen)
        if ranged:
            short = low - nearest
            closing = -max(0, short)
            # Still in the dead zone: the more steps between us the better; otherwise no
            # preference (a bow or catapult shoots as well from anywhere out of it).
            approach = (0, steps if short > 0 else 0)
        else:
            closing = -max(0, nearest - reach)
            approach = (-nearest, -steps)
        key = (len(strikes), on_guess, closing, *approach, dest is None)
        if best_key is None or key > best_key:
            best_key = key
            best = (dest, strikes)
    dest, strikes = best
    return Order(move=dest, strikes=tuple(strikes))


def _nearest_then_weakest(aim: tuple[int, int, Square, Square]) -> tuple[int, int]:
    return aim[0], aim[1]


def _cheb(a: Square, b: Square) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))
