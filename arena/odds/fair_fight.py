"""Find a fair fight (docs/lab.md, "Find a fair fight"): for one gladiator, the opponents
among the campaign's living gladiators whose simulated odds against it are closest to even.

Bounded work: at most FAIR_FIGHT_CANDIDATES opponents, chosen first by how close their rating
is (arena/bouts/ratings.py), then each pairing simulated by the worker on the `simulations` queue as
any odds preview (arena/odds/services.py): cached on the builds and on who asks, its seeds from the
terms' digest, never from a bout's secret seed, and counted against the asker's previews a
minute. The proposals are ranked by the gap between the two chances to win."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena.bouts.ratings import ordinal_expression
from arena.engine_io import bout_options_clean
from arena.gateway import Odds
from arena.models import BoutOdds
from arena.odds.services import odds_pair_ask
from characters.models import Gladiator
from characters.permissions import check_gladiator_active, check_gladiator_control
from characters.selectors import gladiators_active

FAIR_FIGHT_CANDIDATES = 8
# A pairing is "fair" when the two chances to win are at most this far apart (in points of a
# hundred): each side within 10 points of an even split.
FAIR_MARGIN = 20


@dataclass(frozen=True)
class Proposal:
    opponent: Gladiator
    odds: BoutOdds
    mine: int | None = None  # percent: the asker's gladiator's chance to win; None until done
    theirs: int | None = None

    @property
    def done(self) -> bool:
        return self.mine is not None

    @property
    def gap(self) -> int | None:
        return None if self.mine is None else abs(self.mine - self.theirs)

    @property
    def fair(self) -> bool:
        return self.gap is not None and self.gap <= FAIR_MARGIN


def fair_fight_candidates(*, gladiator: Gladiator) -> list[Gladiator]:
    """The campaign's other living gladiators closest in rating, at most
    FAIR_FIGHT_CANDIDATES, the closest first (then the oldest: a stable order)."""
    ruleset = gladiator.campaign.ruleset
    rated = (
        gladiators_active(campaign=gladiator.campaign)
        .select_related("owner")
        .annotate(rating=ordinal_expression(ruleset))
    )
    mine = rated.filter(pk=gladiator.pk).values_list("rating", flat=True).first()
    others = list(rated.exclude(pk=gladiator.pk))
    others.sort(key=lambda g: (abs(g.rating - mine), g.pk))
    return others[:FAIR_FIGHT_CANDIDATES]


def fair_fight_find(*, gladiator: Gladiator, by: Any) -> list[Proposal]:
    """Ask the odds of the gladiator against each candidate (the new questions counted at once
    against the asker's previews: all are sent or none, TooManyPreviews saying when to try
    again) and rank what is known: the closest to even first, then those still simulated."""
    check_gladiator_control(gladiator=gladiator, user=by)  # its owner, or the GM
    check_gladiator_active(gladiator=gladiator)
    candidates = fair_fight_candidates(gladiator=gladiator)
    options = bout_options_clean(campaign=gladiator.campaign, options={}, by_tactics=True)
    rows = odds_pair_ask(
        campaign=gladiator.campaign, by=by, pairs=[(gladiator, o) for o in candidates],
        options=options,
    )  # fmt: skip
    return fair_fight_rank(list(zip(candidates, rows, strict=True)))


def fair_fight_rank(asked: list[tuple[Gladiator, BoutOdds]]) -> list[Proposal]:
    proposals = []
    for opponent, row in asked:
        if row.status == BoutOdds.Status.DONE:
            mine, theirs = (round(Odds.from_dict(o).win * 100) for o in row.odds)
            proposals.append(Proposal(opponent, row, mine, theirs))
        else:
            proposals.append(Proposal(opponent, row))
    return sorted(proposals, key=lambda p: (not p.done, p.gap or 0, p.opponent.pk))
