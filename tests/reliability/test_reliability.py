"""Missed turns: the reliability record after scripted misses, the standing order as the
fallback of a miss, civil disorder by tactics, and the GM's policy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import Bout, TurnOrder
from arena.play.services import bout_turn_force, order_submit
from arena.play.turns import state_loaded, turn_rules
from campaign.models import AuditEntry
from campaign.reliability.models import MissedTurnPolicy, TurnAttendance
from campaign.reliability.selectors import Reliability, reliability_of
from campaign.reliability.services import missed_turn_policy, missed_turn_policy_set
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db

STAY = {}  # "stay, no strikes": nobody is hurt while the misses are scripted


def play(bout, gm, turn, orders):
    """Turn `turn` with the given orders ({entrant: (user, order, standing)}), forced by the
    GM: whoever has no order missed it."""
    for entrant, (user, order, standing) in orders.items():
        order_submit(entrant=entrant, by=user, order=order, standing=standing, turn=turn)
    bout_turn_force(bout=bout, by=gm, turn=turn, reason="Test: resolve now")
    bout.refresh_from_db()


def test_scripted_misses_make_the_record_and_civil_disorder(running, gm, owner, rival):
    bout, mine, theirs = running
    missed_turn_policy_set(campaign=bout.campaign, by=gm, excused_allowed=1, disorder_after=2)
    # Turn 1: both order; Justbec's order stands for later turns.
    play(bout, gm, 1, {mine: (owner, STAY, False), theirs: (rival, STAY, True)})
    standing = TurnOrder.objects.get(entrant=theirs, turn=1).order
    # Turn 2: the rival misses, excused (the first); the standing order is used.
    play(bout, gm, 2, {mine: (owner, STAY, False)})
    # Turn 3: both miss: the owner's first, excused; the rival's second, unexcused.
    play(bout, gm, 3, {})
    # Turn 4: the rival misses again (two unexcused in a row): still the standing order.
    play(bout, gm, 4, {mine: (owner, STAY, False)})
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    tactics = rules.order_json(rules.tactics(state, "Justbec"))
    # Turn 5: the rival is in civil disorder: Justbec's tactics fight, not the standing order.
    play(bout, gm, 5, {mine: (owner, STAY, False)})

    turns = bout.engine_input["turns"]
    assert [t["Justbec"] for t in turns[:4]] == [standing] * 4
    assert tactics != standing
    assert turns[4]["Justbec"] == tactics
    assert bout.status == Bout.Status.RUNNING
    outcomes = dict(
        TurnAttendance.objects.filter(bout=bout, gladiator="Justbec").values_list("turn", "outcome")
    )
    assert outcomes == {1: "ordered", 2: "excused", 3: "missed", 4: "missed", 5: "missed"}
    assert reliability_of(campaign=bout.campaign) == [
        Reliability(username="owner", ordered=4, missed=0, excused=1),
        Reliability(username="rival", ordered=1, missed=3, excused=1),
    ]
    assert reliability_of(campaign=bout.campaign, user_id=owner.pk) == [
        Reliability(username="owner", ordered=4, missed=0, excused=1)
    ]


def test_without_a_policy_misses_are_counted_and_standing_orders_last(running, gm, owner, rival):
    bout, mine, theirs = running
    play(bout, gm, 1, {theirs: (rival, STAY, True), mine: (owner, STAY, False)})
    standing = TurnOrder.objects.get(entrant=theirs, turn=1).order
    for turn in (2, 3, 4):
        play(bout, gm, turn, {mine: (owner, STAY, False)})
    assert [t["Justbec"] for t in bout.engine_input["turns"]] == [standing] * 4
    assert reliability_of(campaign=bout.campaign, user_id=rival.pk) == [
        Reliability(username="rival", ordered=1, missed=2, excused=1)
    ]


@pytest.mark.parametrize(
    ("excused", "disorder", "words"),
    [
        ("-1", "2", "Excused misses must be between 0 and 20."),
        ("1", "21", "Misses before civil disorder must be between 0 and 20."),
        ("two", "2", "Excused misses must be a whole number, not 'two'."),
        ("1", "", "Misses before civil disorder must be a whole number, not ''."),
    ],
)
def test_a_bad_policy_is_refused_in_words_and_changes_nothing(
    arena_campaign, gm, excused, disorder, words
):
    missed_turn_policy_set(campaign=arena_campaign, by=gm, excused_allowed=3, disorder_after=4)
    with pytest.raises(LudusError) as refused:
        missed_turn_policy_set(
            campaign=arena_campaign, by=gm, excused_allowed=excused, disorder_after=disorder
        )
    assert refused.value.message == words
    policy = missed_turn_policy(campaign=arena_campaign)
    assert (policy.excused_allowed, policy.disorder_after) == (3, 4)


def test_only_the_gm_sets_the_policy_and_it_is_audited(arena_campaign, gm, owner):
    with pytest.raises(NotAllowed):
        missed_turn_policy_set(
            campaign=arena_campaign, by=owner, excused_allowed=5, disorder_after=1
        )
    assert not MissedTurnPolicy.objects.filter(campaign=arena_campaign).exists()
    missed_turn_policy_set(campaign=arena_campaign, by=gm, excused_allowed="5", disorder_after=1)
    entry = AuditEntry.objects.get(campaign=arena_campaign, action="missed_turn_policy.set")
    assert entry.actor == gm
    assert entry.detail == {
        "excused_allowed": 5,
        "disorder_after": 1,
        "vacation_days": 14,
        "vacation_waits": True,
    }


def test_the_gm_sees_every_record_and_a_player_only_their_own(client, running, gm, owner, rival):
    bout, mine, _ = running
    play(bout, gm, 1, {mine: (owner, STAY, False)})
    page = reverse("campaign", args=[bout.campaign.slug])
    client.force_login(gm)
    html = client.get(page).content.decode()
    assert 'id="reliability-owner"' in html
    assert 'id="reliability-rival"' in html
    assert 'id="missed-turn-policy-form"' in html
    client.force_login(owner)
    html = client.get(page).content.decode()
    assert "Your reliability" in html
    assert 'id="reliability-owner"' in html
    assert 'id="reliability-rival"' not in html
    assert 'id="missed-turn-policy-form"' not in html


def test_the_policy_form_saves_or_refuses_with_a_400(client, arena_campaign, gm, owner):
    url = reverse("missed-turn-policy", args=[arena_campaign.slug])
    client.force_login(owner)
    assert client.post(url, {"excused_allowed": "2", "disorder_after": "2"}).status_code == 403
    client.force_login(gm)
    refused = client.post(url, {"excused_allowed": "99", "disorder_after": "2"})
    assert refused.status_code == 400
    assert "Excused misses must be between 0 and 20." in refused.content.decode()
    assert not MissedTurnPolicy.objects.filter(campaign=arena_campaign).exists()
    saved = client.post(url, {"excused_allowed": "2", "disorder_after": "3"})
    assert saved.status_code == 302
    policy = missed_turn_policy(campaign=arena_campaign)
    assert (policy.excused_allowed, policy.disorder_after) == (2, 3)
