"""Single-elimination brackets as plain numbers: no Django, no rule set.

Seeds are numbered from 1 (the strongest). A bracket has a power-of-two number of places; the
places beyond the last seed are byes. Seeds are spread the usual way (1 meets the last in round
one, 1 and 2 can only meet in the final), so the byes fall to the top seeds and a bye never
meets a bye.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds every entrant."""
    if entrants < 2:
        raise ValueError("a bracket needs at least two entrants")
    size = 1
    while size < entrants:
        size *= 2
    return size


def rounds_of(entrants: int) -> int:
    return bracket_size(entrants).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds in bracket order, top to bottom: [1, 8, 4, 5, 2, 7, 3, 6] for 8. Each round
    doubles the list, pairing every seed with the one that makes the pair add up to size + 1."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def first_round(entrants: int) -> list[tuple[int, int | None]]:
    """Round one's pairs of seeds, top to bottom; None is a bye for the seed it meets."""
    order = seed_order(bracket_size(entrants))
    pairs = []
    for top, bottom in zip(order[::2], order[1::2], strict=True):
        pairs.append((top, bottom if bottom <= entrants else None))
    return pairs


def matches_in_round(entrants: int, round_number: int) -> int:
    return bracket_size(entrants) >> round_number


def next_match(slot: int) -> tuple[int, int]:
    """Where the winner of a match at `slot` goes in the next round: (slot, side 0 or 1)."""
    return slot // 2, slot % 2


def round_name(round_number: int, rounds: int) -> str:
    from_the_end = rounds - round_number
    if from_the_end == 0:
        return "Final"
    if from_the_end == 1:
        return "Semi-final"
    if from_the_end == 2:
        return "Quarter-final"
    return f"Round {round_number}"


def seeded_at_random[T](items: Sequence[T], seed: int) -> list[T]:
    """The items in a random order that the seed alone decides (anyone can redo the draw)."""
    drawn = list(items)
    random.Random(f"knockout seeding {seed}").shuffle(drawn)
    return drawn
