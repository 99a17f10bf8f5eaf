"""A mercy appeal decided by a thumbs vote (arena/mercy/services.py, arena/mercy/verdicts.py):
the bout waits for the verdict, only those the house rule names vote (never on their own
gladiator), the vote closes at its deadline or when everyone has voted, a lost message is caught
by the sweeper, and nobody voting leaves it to the dice. The verdict and its voters are in the
replayable log."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_cancel, bout_resolve, bout_schedule, bouts_sweep_due
from arena.engine import play
from arena.mercy.services import mercy_vote_cast, mercy_vote_current, mercy_voters_eligible
from arena.mercy.verdicts import mercy_verdict, mercy_vote_close, mercy_votes_sweep
from arena.models import Bout, MercyVote
from arena.verification.services import bout_checks
from campaign.notifications.models import Event
from campaign.services import campaign_house_rules_set
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator
from characters.services import gladiator_tactics_set
from tests.arena.conftest import SEED

pytestmark = pytest.mark.django_db


def _events(bout, kind):
    return [e for t in bout.log["turns"] for e in t["events"] if e["type"] == kind]


def test_the_bout_waits_for_the_verdict_with_its_input_kept(paused):
    assert paused.status == Bout.Status.VERDICT
    vote = mercy_vote_current(bout=paused)
    assert (vote.gladiator, vote.appeal, vote.voters) == ("Nox", "turn 9: Nox", "players")
    assert 55 <= (vote.closes_at - timezone.now()).total_seconds() <= 60
    assert paused.engine_input["mercy"] == {"rule": "vote", "verdicts": {}}
    assert paused.log is None and not paused.entrants.exclude(fate="").exists()
    assert bout_resolve(bout_id=paused.pk) is None  # not fought again meanwhile
    assert bouts_sweep_due()["resolved"] == 0


def test_players_thumbs_decide_and_the_log_names_them(paused, owner):
    vote = mercy_vote_current(bout=paused)
    mercy_vote_cast(vote=vote, by=owner, spare=True)
    bout = mercy_vote_close(vote_id=vote.pk)
    assert bout.status == Bout.Status.RESOLVED
    (verdict,) = _events(bout, "mercy_verdict")
    assert verdict["up"] == ["owner"] and verdict["down"] == [] and verdict["verdict"] == "spare"
    assert paused.entrants.get(gladiator__name="Nox").fate == "mercy"
    assert Gladiator.objects.get(name="Nox").status == Gladiator.Status.ACTIVE
    vote.refresh_from_db()
    assert vote.verdict == MercyVote.Verdict.SPARE and vote.closed_at is not None
    # The stored input, verdict included, fights the same bout again byte for byte, and the
    # verify button's checks (docs/verification.md) all pass.
    assert play(bout.engine_input) == bout.log
    assert [c for c in bout_checks(bout) if c["ok"] is False] == []


def test_a_thumb_down_kills(paused, owner):
    vote = mercy_vote_current(bout=paused)
    mercy_vote_cast(vote=vote, by=owner, spare=False)
    mercy_vote_cast(vote=vote, by=owner, spare=True)  # turned: the last thumb counts
    mercy_vote_cast(vote=vote, by=owner, spare=False)
    bout = mercy_vote_close(vote_id=vote.pk)
    assert bout.entrants.get(gladiator__name="Nox").fate == "killed"
    assert Gladiator.objects.get(name="Nox").status == Gladiator.Status.DEAD


def test_nobody_voting_leaves_it_to_the_dice_and_the_sweeper_closes_a_lost_vote(paused):
    vote = mercy_vote_current(bout=paused)
    assert mercy_votes_sweep() == 0  # not yet due
    assert mercy_votes_sweep(now=vote.closes_at + timedelta(seconds=6)) == 1
    paused.refresh_from_db()
    assert paused.status == Bout.Status.RESOLVED
    (verdict,) = _events(paused, "mercy_verdict")
    assert verdict["verdict"] == "dice" and "thumbs up from nobody" in verdict["text"]
    assert len(_events(paused, "appeal")) == 1  # the rule set's die was rolled
    assert mercy_vote_close(vote_id=vote.pk) is None  # a late message finds nothing to do


def test_only_the_players_vote_and_never_on_their_own_gladiator(paused, gm, rival, outsider):
    vote = mercy_vote_current(bout=paused)
    with pytest.raises(NotAllowed, match="leaves mercy to the players"):
        mercy_vote_cast(vote=vote, by=gm, spare=True)
    with pytest.raises(NotAllowed, match="his own gladiator"):
        mercy_vote_cast(vote=vote, by=rival, spare=True)
    with pytest.raises(NotAllowed):
        mercy_vote_cast(vote=vote, by=outsider, spare=True)
    assert not vote.ballots.exists()
    assert [u.username for u in mercy_voters_eligible(vote=vote)] == ["owner"]


def test_those_who_may_vote_are_told_a_vote_is_open(paused, owner, rival, gm):
    vote = mercy_vote_current(bout=paused)
    (event,) = Event.objects.filter(kind=Event.Kind.MERCY_VOTE)
    # The players vote here: the owner is asked; not the appellant's owner, not the GM.
    assert set(event.notifications.values_list("user__username", flat=True)) == {"owner"}
    assert event.text.startswith("Nox appeals for mercy in ")
    assert event.link == f"/c/{paused.campaign.slug}/bouts/{paused.pk}/mercy/"
    assert event.data["closes_at"] == vote.closes_at.isoformat()


def test_a_vote_past_its_deadline_takes_no_more_thumbs(paused, owner):
    vote = mercy_vote_current(bout=paused)
    MercyVote.objects.filter(pk=vote.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(LudusError, match="closed"):
        mercy_vote_cast(vote=vote, by=owner, spare=True)
    assert not vote.ballots.exists()


def test_a_bout_cancelled_during_the_vote_stays_cancelled(paused, gm):
    vote = mercy_vote_current(bout=paused)
    bout_cancel(bout=paused, by=gm, reason="the arena floods")
    assert mercy_vote_close(vote_id=vote.pk) is None
    paused.refresh_from_db()
    assert paused.status == Bout.Status.CANCELLED
    assert MercyVote.objects.get(pk=vote.pk).closed_at is not None


@pytest.mark.parametrize(
    ("up", "down", "verdict"),
    [(["a"], [], "spare"), ([], ["a"], "kill"), (["a"], ["b"], "dice"), ([], [], "dice")],
)
def test_the_majority_decides_and_a_tie_goes_to_the_dice(up, down, verdict):
    assert mercy_verdict(up, down) == verdict


def test_always_spare_needs_no_vote(campaign, gm, rival, brutus, nox):
    campaign_house_rules_set(campaign=campaign, by=gm, rules={"mercy": "spare"})
    gladiator_tactics_set(gladiator=nox, tactics={"appeal": "always"}, by=rival)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=SEED,
    )
    bout = bout_resolve(bout_id=bout.pk)
    assert bout.status == Bout.Status.RESOLVED
    assert bout.entrants.get(gladiator__name="Nox").fate == "mercy"
    assert not MercyVote.objects.exists()


def test_a_rule_set_without_an_appeal_ignores_the_mercy_rule(arena_campaign, gm, kaunisto, justbec):
    campaign_house_rules_set(campaign=arena_campaign, by=gm, rules={"mercy": "vote_everyone"})
    bout = bout_schedule(
        campaign=arena_campaign,
        by=gm,
        gladiators=[kaunisto, justbec],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=3,
    )
    bout = bout_resolve(bout_id=bout.pk)
    assert bout.status == Bout.Status.RESOLVED and "mercy" not in bout.engine_input
