"""Packs, the draft and sealed play (pure functions; the Django pages come later).

"Each "pack" contains 8 feats from the current "set" (just like MTG). 2 of these are
!special! feats ... Another feat is guaranteed to be a *foil* ... The remaining 5 are standard
feats. Within these boundaries, the content of each pack is completely random."

A pack is drawn from a seed, by a die of its own, so anyone can check it: the same event seed,
player and pack number always give the same pack. Within a pack no feat repeats among the
specials or among the standards; the foil is the foil of any feat of the set (standard or
special), so it may match a plain feat beside it.

Draft: "Each player gets 1 pack from which they choose 1 card, and PM the remainder to the next
person in the predefined cycle ... until the packs are empty." Sealed: "Each player gets 2
packs. Whatever they contain, that is all that player has to work with."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from arena.engine.core.dice import Dice
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.feats import (
    FEATS,
    FOILS,
    SPECIAL_FEATS,
    STANDARD_FEATS,
    Feat,
)

PACK_SIZE = 8
SPECIALS, FOILED, STANDARDS = 2, 1, 5


def _draw(dice: Dice, feats: Sequence[Feat], count: int) -> list[str]:
    left = [f.slug for f in feats]
    out = []
    for _ in range(count):
        out.append(left.pop(dice.d(len(left)) - 1))
    return out


def pack(seed: int | str) -> tuple[str, ...]:
    """One pack: 2 special feats, 1 foil, 5 standard feats, in that order."""
    dice = Dice.seeded(f"gladiator-101 pack {seed}")
    specials = _draw(dice, SPECIAL_FEATS, SPECIALS)
    foil = _draw(dice, FOILS, FOILED)
    standards = _draw(dice, STANDARD_FEATS, STANDARDS)
    return (*specials, *foil, *standards)


def event_pack(event_seed: int | str, player: int, number: int) -> tuple[str, ...]:
    """Pack `number` (0, 1 ...) of the player seated `player` at an event."""
    return pack(f"{event_seed}/{player}/{number}")


def sealed(players: Sequence[str], event_seed: int | str) -> dict[str, list[str]]:
    """Two packs each: each player's whole pool."""
    return {
        name: [*event_pack(event_seed, i, 0), *event_pack(event_seed, i, 1)]
        for i, name in enumerate(players)
    }


def auto_pick(options: Sequence[str], picked: Sequence[str], feat_points: int) -> str:
    """The pick of an absent player: the best value for its cost. A feat that still fits the
    points left (the limit less the costs of the picks so far) beats one that does not; then a
    feat whose base it has not picked yet; then a foil before a plain feat (the same cost, a
    better feat); then the higher cost (costs follow the balance table: a point is worth
    about the same win rate everywhere, so the costlier feat is the stronger); then special
    before standard; then the name, so the rule gives one answer."""
    spent = sum(FEATS[s].cost for s in picked)
    have = {FEATS[s].base for s in picked}

    def key(slug: str) -> tuple[int, int, int, int, int, str]:
        f = FEATS[slug]
        return (
            0 if spent + f.cost <= feat_points else 1,
            0 if f.base not in have else 1,
            0 if f.foil else 1,
            -f.cost,
            0 if f.rarity.value == "special" else 1,
            slug,
        )

    return min(options, key=key)


@dataclass(frozen=True, slots=True)
class Pick:
    round: int
    player: str
    feat: str
    auto: bool  # made by the auto-pick rule for an absent player


Chooser = Callable[[str, tuple[str, ...], tuple[str, ...]], str | None]


def draft(
    players: Sequence[str],
    event_seed: int | str,
    choose: Chooser,
    *,
    feat_points: int = 10,
) -> tuple[dict[str, list[str]], list[Pick]]:
    """Each player opens one pack, picks one feat and passes the rest to the next player in the
    cycle (seat order, the last passing to the first) until the packs are empty.

    choose(player, pack_in_hand, picked_so_far) returns the feat picked, or None for an absent
    player (the auto-pick rule decides). A feat not in the pack in hand is refused."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise EngineInputError("players", "two or more players, each named once")
    hands = [list(event_pack(event_seed, i, 0)) for i in range(len(players))]
    picks: dict[str, list[str]] = {p: [] for p in players}
    log: list[Pick] = []
    for rnd in range(PACK_SIZE):
        for i, player in enumerate(players):
            hand = hands[i]
            chosen = choose(player, tuple(hand), tuple(picks[player]))
            auto = chosen is None
            if auto:
                chosen = auto_pick(hand, picks[player], feat_points)
            if chosen not in hand:
                raise EngineInputError(
                    f"draft.round[{rnd}].{player}", f"{chosen!r} is not in the pack in hand"
                )
            hand.remove(chosen)
            picks[player].append(chosen)
            log.append(Pick(rnd, player, chosen, auto))
        hands = hands[-1:] + hands[:-1]  # each passes to the next in the cycle
    return picks, log


def assign(
    owned: Sequence[str], feat_points: int, *, prefer: Mapping[str, float] | None = None
) -> list[str]:
    """Feats to assign from a pool, by the auto-pick rule, within the point limit (what an
    absent player gets); `prefer` may rank feats instead (higher first)."""
    chosen: list[str] = []
    left = list(owned)
    while left:
        if prefer is not None:
            best = max(left, key=lambda s: (prefer.get(s, 0.0), s))
        else:
            best = auto_pick(left, chosen, feat_points)
        left.remove(best)
        f = FEATS[best]
        spent = sum(FEATS[s].cost for s in chosen)
        if spent + f.cost <= feat_points and f.base not in {FEATS[s].base for s in chosen}:
            chosen.append(best)
    return chosen


def build_from_pool(
    owned: Sequence[str], feats: Sequence[str], scores: Mapping[str, int], *, marks: int,
    feat_points: int,
) -> dict[str, object]:  # fmt: skip
    """The build of a draft or sealed player: these feats assigned, the rest of the pool kept
    unassigned (wasted); check it with build.build_problems(build, owned=owned)."""
    pool = list(owned)
    for s in feats:
        if s in pool:
            pool.remove(s)
    return {"scores": dict(scores), "marks": marks, "feat_points": feat_points,
            "feats": list(feats), "pool": pool}  # fmt: skip
