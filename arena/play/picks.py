"""The pick phase of a bout by web (a rule set's PickPhase, arena/engine/core/campaign.py):
while the bout is open, the teams pick champions in turn; the bout's engine input takes the
picks when it starts. Picks are public, like entries."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from arena.engine_io import bout_entrant_specs
from arena.gateway import PickPhase
from arena.models import Bout
from campaign.selectors import campaign_is_gm
from campaign.services import audit_record
from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import rules_of


def pick_phase(bout: Bout) -> PickPhase | None:
    """Where the bout's draft stands; None when the bout uses no picks."""
    return rules_of(bout.campaign).pick_phase(bout_entrant_specs(bout), bout.options, bout.picks)


def pickers(bout: Bout, phase: PickPhase) -> set[int]:
    """The users who may make the next pick: the players with a gladiator on that team."""
    entrants = list(bout.entrants.select_related("gladiator").order_by("id"))
    return {
        e.gladiator.owner_id
        for e, team in zip(entrants, phase.entrant_teams, strict=True)
        if team == phase.next
    }


def may_pick(bout: Bout, phase: PickPhase, user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return user.pk in pickers(bout, phase) or campaign_is_gm(campaign=bout.campaign, user=user)


def bout_pick(*, bout: Bout, by: AbstractBaseUser, champion: str) -> PickPhase:
    """The next pick: by a player of the team whose pick it is (or the GM, for a team whose
    players are away), of a champion still free."""
    with transaction.atomic():
        bout = Bout.objects.select_for_update(of=("self",)).get(pk=bout.pk)
        if bout.status != Bout.Status.OPEN:
            raise LudusError("The picks are over: the bout has started.")
        phase = pick_phase(bout)
        if phase is None:
            raise LudusError("This bout has no pick phase.")
        if not phase.next:
            raise LudusError("Both teams are full: nothing is left to pick.")
        if not may_pick(bout, phase, by):
            raise NotAllowed(f"It is {phase.next}'s pick: a player of {phase.next} picks now.")
        free = dict(phase.free)
        if champion not in free:
            raise LudusError(
                f"{champion!r} cannot be picked: choose one of {', '.join(free.values())}.",
                field="champion",
            )
        bout.picks = [*bout.picks, [phase.next, champion]]
        bout.save(update_fields=["picks"])
        audit_record(
            campaign=bout.campaign, actor=by, action="bout.pick", bout=bout.pk,
            team=phase.next, champion=champion,
        )  # fmt: skip
        after = pick_phase(bout)
    assert after is not None
    return after
