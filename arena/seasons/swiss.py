"""Swiss pairing by maximum-weight matching (networkx's blossom): no rematch, the smallest
score differences, top half against bottom half within a score group, and one bye when the
count is odd. Pure: ranks and history in, pairs out (docs/seasons.md)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import networkx as nx


@dataclass(frozen=True)
class Pairing:
    pairs: list[tuple[int, int]]  # (higher ranked, lower ranked), top boards first
    bye: int | None = None
    # Left without an opponent it has not met: only when no complete pairing exists.
    unpaired: list[int] = field(default_factory=list)


def swiss_pair(
    ranked: Sequence[int],
    scores: dict[int, int],
    met: Collection[frozenset[int]],
    had_bye: Collection[int],
) -> Pairing:
    """Pair the entrants of `ranked` (best first) for the next round.

    `scores`: each entrant's points so far; `met`: the pairs that have met already (never
    again); `had_bye`: who had a bye. With an odd count the bye goes to the lowest-ranked
    entrant without one whose absence leaves the others a complete pairing (to the lowest
    ranked at all when everyone had one)."""
    if len(ranked) % 2 == 0:
        pairs = _matched(ranked, scores, met)
        return Pairing(pairs=pairs, unpaired=_left(ranked, pairs))
    without = [e for e in reversed(ranked) if e not in had_bye]
    with_one = [e for e in reversed(ranked) if e in had_bye]
    fallback: Pairing | None = None
    for candidate in without + with_one:
        rest = [e for e in ranked if e != candidate]
        pairs = _matched(rest, scores, met)
        pairing = Pairing(pairs=pairs, bye=candidate, unpaired=_left(rest, pairs))
        if not pairing.unpaired:
            return pairing
        fallback = fallback or pairing
    assert fallback is not None  # an odd count has at least one candidate
    return fallback


def _matched(
    ranked: Sequence[int], scores: dict[int, int], met: Collection[frozenset[int]]
) -> list[tuple[int, int]]:
    """The most pairs possible, and among those the ones of least total penalty.

    A pair's penalty is its score difference squared, scaled so that one unit of it outweighs
    every placement term together, plus a placement term: how far the two stand from "top
    half against bottom half" of the higher one's score group. Integer weights, so the
    blossom compares exactly."""
    n = len(ranked)
    position = {e: p for p, e in enumerate(ranked)}
    group_start: dict[int, int] = {}
    group_size: dict[int, int] = {}
    for e in ranked:
        group_start.setdefault(scores[e], position[e])
        group_size[scores[e]] = group_size.get(scores[e], 0) + 1
    scale = n * n + 1
    spread = max(scores[e] for e in ranked) - min(scores[e] for e in ranked) if ranked else 0
    ceiling = (spread * spread + 1) * scale
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    for i, a in enumerate(ranked):
        half = group_size[scores[a]] // 2
        for b in ranked[i + 1 :]:
            if frozenset((a, b)) in met:
                continue
            diff = scores[a] - scores[b]
            placement = abs((position[b] - position[a]) - half)
            graph.add_edge(a, b, weight=ceiling - (diff * diff * scale + placement))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [(a, b) if position[a] < position[b] else (b, a) for a, b in matching]
    return sorted(pairs, key=lambda pair: position[pair[0]])


def _left(ranked: Sequence[int], pairs: list[tuple[int, int]]) -> list[int]:
    paired = {e for pair in pairs for e in pair}
    return [e for e in ranked if e not in paired]
