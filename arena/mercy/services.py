"""Mercy votes: an appeal for mercy decided by a thumbs vote (the campaign's house rule).

A bout fought by the worker stops at the appeal (arena/engine/core/mercy.py, VerdictNeeded);
`mercy_vote_open` keeps its engine input and opens the vote. Who may vote is the house rule's:
the GM, the players, or everyone who can see the bout (members since before the appeal, and
accounts a week older than it); nobody votes on his own gladiator's appeal. A thumb may be
turned until the vote closes: at its deadline, or once everyone who may vote has voted (only
countable for the GM and the players). arena/mercy/verdicts.py closes it and
fights the bout on.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from arena.gateway import VerdictNeeded
from arena.models import Bout, BoutEntrant, MercyBallot, MercyVote
from arena.notices import notice_mercy_vote
from arena.queue import enqueue_mercy_close
from campaign.house_rules import house_rules_of
from campaign.models import Membership
from campaign.selectors import campaign_role
from campaign.shared.errors import LudusError, NotAllowed

ROLE_OF_VOTERS = {MercyVote.Voters.GM: Membership.Role.GM,
                  MercyVote.Voters.PLAYERS: Membership.Role.PLAYER}  # fmt: skip

# In a vote of everyone watching, who is not a member before the appeal needs an account this
# much older than it: accounts made for one vote do not count (docs/campaigns.md, "Mercy").
CROWD_ACCOUNT_AGE = timedelta(days=7)
CROWD_REFUSAL = (
    "In a vote of everyone watching, the campaign's members who joined before the appeal and "
    f"accounts made at least {CROWD_ACCOUNT_AGE.days} days before it vote, so that accounts "
    "made for one vote do not count."
)


def mercy_vote_open(*, bout: Bout, engine_input: dict[str, Any], appeal: VerdictNeeded) -> Bout:
    """The bout (locked by the caller) waits for the verdict on this appeal: its engine input
    is kept as it was when the fight began, and the worker is told to close the vote at its
    deadline (the sweeper closes it if that message is lost)."""
    rules = house_rules_of(bout.campaign.options)
    # A house rule turned away from a vote since the fight began: the bout's input still says
    # vote, so everyone watching may decide this appeal.
    voters = rules.voters or MercyVote.Voters.EVERYONE
    vote, created = MercyVote.objects.get_or_create(
        bout=bout,
        appeal=appeal.appeal,
        defaults={
            "gladiator": appeal.name,
            "voters": voters,
            "closes_at": timezone.now() + timedelta(seconds=rules.mercy_vote_seconds),
        },
    )
    if created:
        notice_mercy_vote(
            bout=bout, gladiator=vote.gladiator, closes_at=vote.closes_at, voters=_asked(vote)
        )
    bout.engine_input = engine_input
    bout.status = Bout.Status.VERDICT
    bout.save(update_fields=["engine_input", "status"])
    transaction.on_commit(lambda: enqueue_mercy_close(vote.pk, eta=vote.closes_at))
    return bout


def mercy_vote_current(*, bout: Bout) -> MercyVote | None:
    """The vote the bout waits for, if it waits."""
    if bout.status != Bout.Status.VERDICT:
        return None
    return bout.mercy_votes.filter(closed_at__isnull=True).first()


def _appellant_owner_id(vote: MercyVote) -> int | None:
    entrant = (
        BoutEntrant.objects.filter(bout_id=vote.bout_id, gladiator__name=vote.gladiator)
        .select_related("gladiator")
        .first()
    )
    return None if entrant is None else entrant.gladiator.owner_id


def mercy_voters_eligible(*, vote: MercyVote) -> QuerySet | None:
    """Everyone who may vote, or None when that is everyone watching (not countable)."""
    role = ROLE_OF_VOTERS.get(vote.voters)
    if role is None:
        return None
    return (
        get_user_model()
        .objects.filter(memberships__campaign_id=vote.bout.campaign_id, memberships__role=role)
        .exclude(pk=_appellant_owner_id(vote))
    )


def _asked(vote: MercyVote) -> list[int]:
    """Whom a new vote is announced to: those who may vote, or when everyone watching may, every
    member of the campaign (an outsider of a public campaign finds it on the bout page)."""
    eligible = mercy_voters_eligible(vote=vote)
    if eligible is None:
        eligible = (
            get_user_model()
            .objects.filter(memberships__campaign_id=vote.bout.campaign_id)
            .exclude(pk=_appellant_owner_id(vote))
        )
    return list(eligible.values_list("pk", flat=True))


def mercy_vote_refusal(*, vote: MercyVote, user: AbstractBaseUser) -> str:
    """Why this user may not vote, in words ("" when they may). The caller has checked that
    the user can see the bout."""
    if not user.is_authenticated:
        return "Sign in to vote on an appeal for mercy."
    if user.pk == _appellant_owner_id(vote):
        return "Nobody votes on his own gladiator's appeal."
    role = ROLE_OF_VOTERS.get(vote.voters)
    if role is not None and campaign_role(campaign=vote.bout.campaign, user=user) != role:
        return f"This campaign leaves mercy to {vote.get_voters_display()}."
    if role is None and not _in_the_crowd(vote, user):
        return CROWD_REFUSAL
    return ""


def _in_the_crowd(vote: MercyVote, user: AbstractBaseUser) -> bool:
    """Whether a watcher counts in a vote of everyone watching: a member of the campaign since
    before the appeal, or an account older than the appeal by CROWD_ACCOUNT_AGE."""
    if user.date_joined <= vote.opened_at - CROWD_ACCOUNT_AGE:
        return True
    return Membership.objects.filter(
        campaign_id=vote.bout.campaign_id, user=user, joined_at__lt=vote.opened_at
    ).exists()


def mercy_vote_cast(*, vote: MercyVote, by: AbstractBaseUser, spare: bool) -> MercyBallot:
    """Thumbs up (spare) or down (kill); casting again turns the thumb."""
    refusal = mercy_vote_refusal(vote=vote, user=by)
    if refusal:
        raise NotAllowed(refusal)
    with transaction.atomic():
        # The vote row serialises the ballots with its closing (arena/mercy/verdicts.py).
        locked = MercyVote.objects.select_for_update().get(pk=vote.pk)
        if not locked.is_open or locked.closes_at <= timezone.now():
            raise LudusError("This vote has closed; the verdict is in the bout's log.")
        ballot, _ = MercyBallot.objects.update_or_create(
            vote=locked, voter=by, defaults={"spare": spare}
        )
        eligible = mercy_voters_eligible(vote=locked)
        if (
            eligible is not None
            and not eligible.exclude(pk__in=locked.ballots.values("voter_id")).exists()
        ):
            # Everyone who may vote has voted: no need to wait for the deadline.
            transaction.on_commit(lambda: enqueue_mercy_close(locked.pk))
    return ballot


def mercy_vote_tally(*, vote: MercyVote) -> tuple[list[str], list[str]]:
    """(thumbs up, thumbs down): the voters' names, sorted."""
    ballots = vote.ballots.select_related("voter").order_by("voter__username")
    up = [b.voter.get_username() for b in ballots if b.spare]
    down = [b.voter.get_username() for b in ballots if not b.spare]
    return up, down


def mercy_vote_view(*, bout: Bout, user: AbstractBaseUser) -> dict[str, Any] | None:
    """The open vote as a page or the API shows it: counts while it is open (the names go
    into the log when it closes), whether this user may vote, and their own thumb."""
    vote = mercy_vote_current(bout=bout)
    if vote is None:
        return None
    up, down = mercy_vote_tally(vote=vote)
    mine = None
    if user.is_authenticated:
        ballot = vote.ballots.filter(voter=user).first()
        mine = None if ballot is None else ("up" if ballot.spare else "down")
    return {
        "vote": vote,
        "gladiator": vote.gladiator,
        "voters": vote.get_voters_display(),
        "up": len(up),
        "down": len(down),
        "closes_at": vote.closes_at,
        "seconds_left": max(0, int((vote.closes_at - timezone.now()).total_seconds())),
        "refusal": mercy_vote_refusal(vote=vote, user=user),
        "mine": mine,
    }
