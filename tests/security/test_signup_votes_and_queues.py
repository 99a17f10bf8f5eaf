"""Accounts made in bulk count for nothing: sign-up is throttled per address, a crowd's mercy
vote takes only members and accounts older than the appeal, and only users queue bout
verifications, a few an hour (docs/security.md section 5)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from arena.bouts.services import bout_resolve
from arena.mercy.services import CROWD_ACCOUNT_AGE, mercy_vote_cast, mercy_vote_current
from arena.models import BoutVerification, MercyBallot
from campaign.models import Campaign, Membership
from campaign.shared.errors import NotAllowed
from campaign.throttles import SignupThrottle, VerifyThrottle
from tests.arena.conftest import paused_at_appeal
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

User = get_user_model()


# --- sign-up ------------------------------------------------------------------------------


def sign_up(name: str, ip: str = "10.0.0.1", confirm: str = PASSWORD):
    client = Client()  # a new visitor each time: sign-up signs the new account in
    return client.post(
        reverse("signup"),
        {"username": name, "password1": PASSWORD, "password2": confirm},
        REMOTE_ADDR=ip,
    )


def test_sign_up_makes_at_most_five_accounts_an_hour_per_address():
    assert SignupThrottle().num_requests == 5
    # Mistakes on the form are not accounts and cost nothing.
    for n in range(3):
        assert sign_up(f"typo{n}", confirm="something-else").status_code == 400
    assert [sign_up(f"crowd{n}").status_code for n in range(5)] == [302] * 5
    refused = sign_up("crowd5")
    assert refused.status_code == 429
    body = refused.content.decode()
    assert "Too many accounts have been made from your address lately" in body
    assert "Try again in 60 minutes" in body
    assert not User.objects.filter(username="crowd5").exists()
    assert User.objects.count() == 5
    assert sign_up("crowd5", ip="10.0.0.2").status_code == 302  # another address


# --- a crowd's mercy vote -----------------------------------------------------------------


@pytest.fixture
def crowd_vote(campaign, gm, rival, brutus, nox):
    """A public campaign's bout paused at Nox's appeal, mercy left to everyone watching."""
    Campaign.objects.filter(pk=campaign.pk).update(visibility=Campaign.Visibility.PUBLIC)
    bout = paused_at_appeal(
        campaign, gm, rival, brutus, nox,
        rules={"mercy": "vote_everyone", "mercy_vote_seconds": 600},
    )  # fmt: skip
    vote = mercy_vote_current(bout=bout)
    assert vote is not None and vote.voters == "everyone"
    return vote


def account(name: str, made: datetime):
    user = User.objects.create_user(username=name, password=PASSWORD)
    User.objects.filter(pk=user.pk).update(date_joined=made)
    user.refresh_from_db()
    return user


def test_accounts_made_for_the_vote_do_not_count(crowd_vote, owner, gm):
    fresh = [account(f"fresh{n}", timezone.now()) for n in range(10)]
    for user in fresh:
        with pytest.raises(NotAllowed, match="accounts made for one vote do not count"):
            mercy_vote_cast(vote=crowd_vote, by=user, spare=False)
    # The members, there before the appeal, vote.
    mercy_vote_cast(vote=crowd_vote, by=owner, spare=True)
    mercy_vote_cast(vote=crowd_vote, by=gm, spare=True)
    assert set(MercyBallot.objects.values_list("voter__username", "spare")) == {
        ("owner", True),
        ("gm", True),
    }


@pytest.mark.parametrize(
    ("made_before_the_appeal", "may_vote"),
    [
        (timedelta(0), False),
        (timedelta(hours=1), False),
        (CROWD_ACCOUNT_AGE - timedelta(minutes=1), False),
        (CROWD_ACCOUNT_AGE, True),
        (timedelta(days=400), True),
    ],
)
def test_a_watcher_outside_the_campaign_votes_with_an_account_a_week_older_than_the_appeal(
    crowd_vote, made_before_the_appeal, may_vote
):
    watcher = account("watcher", crowd_vote.opened_at - made_before_the_appeal)
    if may_vote:
        mercy_vote_cast(vote=crowd_vote, by=watcher, spare=False)
        assert crowd_vote.ballots.get().voter == watcher
    else:
        with pytest.raises(NotAllowed, match="at least 7 days before it"):
            mercy_vote_cast(vote=crowd_vote, by=watcher, spare=False)
        assert not crowd_vote.ballots.exists()


def test_joining_the_campaign_after_the_appeal_does_not_make_a_voter(crowd_vote):
    newcomer = account("newcomer", timezone.now())
    Membership.objects.create(campaign=crowd_vote.bout.campaign, user=newcomer)
    with pytest.raises(NotAllowed, match="members who joined before the appeal"):
        mercy_vote_cast(vote=crowd_vote, by=newcomer, spare=False)


def test_the_page_and_the_api_refuse_a_fresh_account_in_words(crowd_vote):
    fresh = account("fresh", timezone.now())
    bout = crowd_vote.bout
    api = APIClient()
    api.force_authenticate(fresh)
    answer = api.post(
        reverse("api-bout-mercy", args=[bout.campaign.slug, bout.pk]), {"thumbs": "down"}
    )
    assert answer.status_code == 403
    assert "accounts made for one vote do not count" in answer.json()["detail"]
    page = Client()
    page.force_login(fresh)
    posted = page.post(
        reverse("bout-mercy", args=[bout.campaign.slug, bout.pk]), {"thumbs": "down"}
    )
    assert posted.status_code == 403
    assert "accounts made for one vote do not count" in posted.content.decode()
    # The bout page says so before anyone tries.
    shown = page.get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
    assert "accounts made for one vote do not count" in shown.content.decode()
    assert not crowd_vote.ballots.exists()


# --- queueing bout verifications ----------------------------------------------------------


@pytest.fixture
def public_bout(due_bout):
    Campaign.objects.filter(pk=due_bout.campaign_id).update(visibility=Campaign.Visibility.PUBLIC)
    return bout_resolve(bout_id=due_bout.pk)


def test_an_anonymous_visitor_cannot_queue_a_verification(public_bout):
    slug, pk = public_bout.campaign.slug, public_bout.pk
    api = APIClient().post(reverse("api-bout-verify", args=[slug, pk]))
    assert api.status_code == 403
    assert api.json()["detail"].startswith("Sign in to ask the worker to verify a bout")
    page = Client().post(reverse("bout-verify", args=[slug, pk]))
    assert page.status_code == 403
    assert "Sign in to ask the worker to verify a bout" in page.content.decode()
    assert not BoutVerification.objects.exists()
    # They still read the bout, and are told how to ask.
    shown = Client().get(reverse("bout", args=[slug, pk])).content.decode()
    assert 'id="verify-sign-in"' in shown and 'id="verify-button"' not in shown


def test_a_user_queues_a_few_verifications_an_hour_by_page_and_api_together(
    public_bout, outsider, rival, monkeypatch
):
    monkeypatch.setattr(VerifyThrottle, "THROTTLE_RATES", {"verify": "3/hour"})
    slug, pk = public_bout.campaign.slug, public_bout.pk
    api = APIClient()
    api.force_authenticate(outsider)
    page = Client()
    page.force_login(outsider)
    assert api.post(reverse("api-bout-verify", args=[slug, pk])).status_code == 202
    assert page.post(reverse("bout-verify", args=[slug, pk])).status_code == 302
    assert api.post(reverse("api-bout-verify", args=[slug, pk])).status_code == 202
    # One check for the bout, however often it is asked for while pending.
    assert BoutVerification.objects.count() == 1
    refused = api.post(reverse("api-bout-verify", args=[slug, pk]))
    assert refused.status_code == 429
    assert "You have asked for many verifications lately. Try again in" in str(refused.json())
    refused = page.post(reverse("bout-verify", args=[slug, pk]))
    assert refused.status_code == 429
    assert "You have asked for many verifications lately" in refused.content.decode()
    other = APIClient()
    other.force_authenticate(rival)
    assert other.post(reverse("api-bout-verify", args=[slug, pk])).status_code == 202
