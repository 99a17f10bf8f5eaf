"""Which pack a seat holds at each pick of a draft: plain lists, no Django, no rule set.

Every seat opens its own pack; after each pick every pack passes to the next seat (the last to
the first), so at pick r seat i holds the pack opened at seat (i - r) mod n, less the cards
taken from it at the picks before, each by the seat that held it then."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def origin(seat: int, pick: int, seats: int) -> int:
    """The seat whose pack `seat` holds at `pick`."""
    return (seat - pick) % seats


def hand(
    packs: Sequence[Sequence[str]], picks: Mapping[tuple[int, int], str], seat: int, pick: int
) -> list[str]:
    """The cards `seat` holds at `pick`; `picks` maps (seat, pick) to the card taken."""
    seats = len(packs)
    source = origin(seat, pick, seats)
    cards = list(packs[source])
    for earlier in range(pick):
        taken = picks.get(((source + earlier) % seats, earlier))
        if taken is not None:
            cards.remove(taken)
    return cards
