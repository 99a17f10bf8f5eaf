"""How entrants are seeded (1 first): in the order the GM gives them, by a random draw whose
seed is public (anyone can redo it), by the campaign's standings, or by rating under the
campaign's rule set (docs/seasons.md, "Seeding")."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from campaign.models import Campaign
from campaign.shared.errors import LudusError
from characters.models import Gladiator
from characters.selectors import standings

from .bracket import seeded_at_random
from .models import Season

Seeding = Season.Seeding
SEED_BITS = 48  # a random draw's seed: 0 to 2**48 - 1


def check_seeding(seeding: str, seed: int | None) -> int | None:
    """The seed the draw uses (drawn now for a random seeding left without one; None for the
    others), or a refusal in words."""
    if seeding not in Seeding.values:
        raise LudusError(f"Seeding is one of: {', '.join(Seeding.values)}.", field="seeding")
    if seeding != Seeding.RANDOM:
        if seed is not None:
            raise LudusError("A seed is given only to a random seeding.", field="seed")
        return None
    if seed is None:
        return secrets.randbits(SEED_BITS)
    if not 0 <= seed < 2**SEED_BITS:
        raise LudusError(f"The seed is 0 to {2**SEED_BITS - 1}, not {seed}.", field="seed")
    return seed


def seeded(
    gladiators: Sequence[Gladiator], *, seeding: str, seed: int | None, campaign: Campaign
) -> list[Gladiator]:
    """The gladiators, top seed first: as given; the standings' order (most wins, then most
    opponents defeated, then the name); the ratings' (the highest first, then most wins, then
    the name); or the random draw of the gladiators in id order that `seed` alone decides."""
    if seeding in (Seeding.STANDINGS, Seeding.RATING):
        sort = "rating" if seeding == Seeding.RATING else "wins"
        ranked = (
            standings(campaign=campaign, sort=sort, order="desc")
            .filter(pk__in=[g.pk for g in gladiators])
            .values_list("pk", flat=True)
        )
        by_id = {g.pk: g for g in gladiators}
        return [by_id[pk] for pk in ranked]
    if seeding == Seeding.RANDOM:
        return seeded_at_random(sorted(gladiators, key=lambda g: g.pk), seed or 0)
    return list(gladiators)
