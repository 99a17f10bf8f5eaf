"""Groups then knockout as plain numbers: the draw of the groups and the knockout's seeding from
the group tables. No Django, no rule set (docs/seasons.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .berger import berger_rounds


def snake_groups(entrants: int, groups: int) -> list[list[int]]:
    """Seeds 1..entrants dealt into `groups` groups in snake order (1 to g, then g back to 1,
    ...), so that the groups are as strong as each other and differ in size by one at most."""
    if not 2 <= groups <= entrants // 2:
        raise ValueError("every group needs at least two entrants")
    dealt: list[list[int]] = [[] for _ in range(groups)]
    for index in range(entrants):
        lap, place = divmod(index, groups)
        dealt[place if lap % 2 == 0 else groups - 1 - place].append(index + 1)
    return dealt


def group_stage_rounds(sizes: Sequence[int]) -> int:
    """How many rounds the group stage takes: its largest group's round robin."""
    return max(len(berger_rounds(size)) for size in sizes)


def knockout_order(
    places: Sequence[Sequence[int]], advance: int, rating: Mapping[int, float]
) -> list[int]:
    """The qualifiers in knockout seed order (the first is seed 1): every group's winner
    before any runner-up, and so on down to place `advance`; within a place by rating, the
    higher first, then by the group's order. `places` lists each group's entrants best
    first."""
    order: list[int] = []
    for place in range(advance):
        level = [(group, ranked[place]) for group, ranked in enumerate(places)]
        level.sort(key=lambda item: (-rating.get(item[1], 0.0), item[0]))
        order += [entrant for _, entrant in level]
    return order
