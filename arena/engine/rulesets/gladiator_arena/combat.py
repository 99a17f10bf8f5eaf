"""Strikes, wounds, knockouts and kills (sections 2, 7, 8 and 8 b)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from arena.engine.core.board import Board, Square
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_arena.data import Kit
from arena.engine.rulesets.gladiator_arena.events import (
    Hit,
    KillAwarded,
    KillReason,
    Removed,
    StrikeResult,
    Struck,
    Wounded,
)
from arena.engine.rulesets.gladiator_arena.state import (
    BoutState,
    Gladiator,
    Order,
    RemovalCause,
    squares_around,
)

# Damage each victim (by setup index) took this turn from each attacker, in the order the
# attackers struck: what 8 b awards kills by.
Wounds = dict[int, dict[int, int]]

_ONE = Fraction(1)


def strike(
    attacker: int,
    kit: Kit,
    target: Square,
    occupant: Mapping[Square, int],
    board: Board,
) -> list[tuple[int, int, Square]]:
    """One strike (sections 2 and 7) by the gladiator `attacker` (by setup index), armed
    with `kit`: whoever moved to or stayed on the target square takes the weapon's damage; a
    catapult also does its splash damage to the 8 squares around (the board's
    squares_around). A gladiator never hits himself (bumped back onto a square he struck).
    (victim, damage, square) for every hit, target first."""
    hits = []
    v = occupant.get(target)
    if v is not None and v != attacker:
        hits.append((v, kit.damage, target))
    splash = kit.splash
    if splash:
        for near in squares_around(board)[target]:
            v = occupant.get(near)
            if v is not None and v != attacker:
                hits.append((v, splash, near))
    return hits


def strikes(
    state: BoutState, glads: list[Gladiator], orders: Mapping[str, Order], told: list[Event]
) -> Wounds:
    """Every strike, after all moves (section 2), made from the square moved to or tried (a
    bumped gladiator strikes from the square he tried); then each victim's wound for the
    turn, in `glads` (the turn's gladiators). Returns who dealt what to whom."""
    names = state.square_names
    board = state.board
    occupant = {g.square: i for i, g in enumerate(glads) if g.alive}
    wounds: Wounds = {}
    dealt: dict[int, int] = {}
    # Each striker's name, kit and orders are read once, before his strikes.
    for a, g in enumerate(glads):
        name = g.name
        order = orders.get(name)
        if order is None or not g.alive:
            continue
        move, targets = order.move, order.strikes
        if not targets:
            continue
        kit = g.kit
        origin = names[move or g.square]
        for target in targets:
            hits = strike(a, kit, target, occupant, board)
            for v, damage, _ in hits:
                per = wounds.setdefault(v, {})
                per[a] = per.get(a, 0) + damage
                dealt[a] = dealt.get(a, 0) + damage
            told.append(
                Struck.of(
                    name,
                    origin,
                    names[target],
                    StrikeResult.HIT if hits else StrikeResult.MISS,
                    [
                        Hit(name=glads[v].name, damage=damage, square=names[sq])
                        for v, damage, sq in hits
                    ],
                )
            )
    if not dealt:
        return wounds
    taken = {v: sum(by.values()) for v, by in sorted(wounds.items())}
    for v, damage in taken.items():
        told.append(Wounded.of(glads[v].name, damage, glads[v].hp - damage))
    for i in sorted(taken.keys() | dealt.keys()):
        glads[i] = glads[i].struck(taken.get(i, 0), dealt.get(i, 0))
    return wounds


def knockout(
    state: BoutState, glads: list[Gladiator], wounds: Wounds, number: int, told: list[Event]
) -> None:
    """Section 8: a gladiator struck to 0 HP or less leaves the game, and 8 b awards the kill
    (kill_shares), in `glads` (the turn's gladiators)."""
    out = sorted([v for v in wounds if glads[v].hp <= 0])
    if not out:
        return
    names = state.square_names
    kills: dict[int, Fraction] = {}
    for v in out:
        g = glads[v]
        told.append(Removed.of(g.name, names[g.square], g.hp, RemovalCause.STRUCK))
        hp_before = g.hp + sum(wounds[v].values())
        for a, share, reason in kill_shares(hp_before, wounds[v]):
            # Shares are summed only for one who scores twice in a turn (fractions' sums are
            # Python code): most kills are one attacker's one share.
            kills[a] = kills[a] + share if a in kills else share
            told.append(KillAwarded.of(glads[a].name, g.name, share, reason))
    for i in sorted(kills.keys() | set(out)):
        glads[i] = _knocked_out(glads[i], number, kills.get(i, 0))


def _knocked_out(g: Gladiator, number: int, kills: Fraction | int) -> Gladiator:
    """g after the turn's knockouts: out if struck to 0 HP or less, with any kills gained."""
    if g.hp > 0 or not g.alive:
        return g.scored(kills)
    return g.removed(number, RemovalCause.STRUCK, g.hp, kills)


def kill_shares(
    hp_before: int, damage_by: Mapping[int, int]
) -> list[tuple[int, Fraction, KillReason]]:
    """8 b as ruled: attackers who dealt at least the victim's HP at the start of the turn would
    have killed it alone and share the kill equally; if none would have, whoever dealt the
    most damage takes it (shared on a tie). Attackers keep the order they are given in."""
    alone = [a for a, d in damage_by.items() if d >= hp_before]
    if alone:
        reason = KillReason.ALONE
        winners = alone
    else:
        most = max(damage_by.values())
        reason = KillReason.MOST_DAMAGE
        winners = [a for a, d in damage_by.items() if d == most]
    share = _ONE if len(winners) == 1 else Fraction(1, len(winners))
    return [(a, share, reason) for a in winners]
