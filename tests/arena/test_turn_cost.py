"""A play-by-web turn resolves from the state stored after the turn before: its cost does not
grow with the bout's length (the issue "Rule sets as plug-ins": flat time and queries per turn).
Time is measured by bench/turn_latency.py; here the work is counted."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arena.engine import play
from arena.engine.core.dice import Dice
from arena.engine.rulesets.gladiator_arena.ruleset import GladiatorArena
from arena.models import Bout
from arena.notices import notice_turn_resolved
from arena.play.services import bout_enter, bout_open, bout_start, bout_turn_resolve, order_submit
from campaign.notifications.models import Notification
from campaign.reliability.models import TurnAttendance
from campaign.services import campaign_join
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db

TURNS = 200


def test_a_200_turn_bout_costs_the_same_per_turn_and_never_replays(
    arena_campaign, gm, owner, rival, kaunisto, justbec, monkeypatch
):
    bout = bout_open(
        campaign=arena_campaign, by=gm, title="Standoff", options={"time_limit": False}
    )
    a = bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="A1")
    bout_enter(bout=bout, gladiator=justbec, by=rival, square="H8")
    bout_start(bout=bout, by=gm)

    setups = []
    real_setup = GladiatorArena.setup

    def counted_setup(self, raw):
        setups.append(raw)
        return real_setup(self, raw)

    monkeypatch.setattr(GladiatorArena, "setup", counted_setup)
    queries = {}
    for turn in range(1, TURNS + 1):
        with CaptureQueriesContext(connection) as ctx:
            order_submit(entrant=a, by=owner, order={})  # stay; the rival's tactics fill in
            bout_turn_resolve(bout_id=bout.pk, turn=turn, force=True)
        queries[turn] = len(ctx.captured_queries)

    bout.refresh_from_db()
    assert bout.turn == TURNS + 1 and len(bout.log["turns"]) == TURNS
    assert setups == [], "a turn was resolved by replaying the bout from its setup"
    assert queries[TURNS] == queries[5], queries


def test_a_bout_stored_with_dice_its_rules_never_roll_resolves_and_sheds_them(
    arena_campaign, gm, owner, rival, kaunisto, justbec
):
    """Gladiator Arena rolls no dice, so its bouts keep none between turns (a generator's
    state was most of what a stored bout held); one stored with them before resolves as the
    rest and keeps none after."""
    bout = bout_open(campaign=arena_campaign, by=gm, title="Old store")
    a = bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="A1")
    bout_enter(bout=bout, gladiator=justbec, by=rival, square="H8")
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    assert set(bout.state) == {"state"}
    Bout.objects.filter(pk=bout.pk).update(state={**bout.state, "dice": Dice.seeded(7).to_json()})
    order_submit(entrant=a, by=owner, order={"move": "A2"})
    bout_turn_resolve(bout_id=bout.pk, turn=1, force=True)
    bout.refresh_from_db()
    assert bout.turn == 2 and set(bout.state) == {"state"}
    assert play(bout.engine_input) == bout.log


def test_a_turns_notices_cost_the_same_few_queries_for_two_owners_or_four(
    arena_campaign, gm, owner, rival, django_user_model
):
    """The turn's events (resolved, and orders needed per owner) are recorded together: their
    queries do not grow with the owners, and every owner still gets both."""
    players = [owner, rival]
    for name in ("third", "fourth"):
        player = django_user_model.objects.create_user(name)
        campaign_join(campaign=arena_campaign, user=player, code=arena_campaign.invite_code)
        players.append(player)

    def notices(owners: list) -> tuple[int, list]:
        bout = bout_open(campaign=arena_campaign, by=gm, title=f"{len(owners)} owners")
        names = []
        for player, square in zip(owners, ("A1", "H8", "A8", "H1"), strict=False):
            gladiator = gladiator_create(
                campaign=arena_campaign,
                by=player,
                name=f"{player.username}{len(owners)}",
                kind="human",
            )
            bout_enter(bout=bout, gladiator=gladiator, by=player, square=square)
            names.append(gladiator.name)
        bout_start(bout=bout, by=gm)
        bout = Bout.objects.select_related("campaign").get(pk=bout.pk)
        bout.turn = 2  # as the resolve leaves it: turn 1 resolved, turn 2 begins
        with CaptureQueriesContext(connection) as ctx:
            notice_turn_resolved(bout=bout, turn=1, living=names)
        return len(ctx.captured_queries), bout

    two, _ = notices(players[:2])
    four, bout = notices(players)
    assert two == four, (two, four)
    for player in players:
        keys = set(
            Notification.objects.filter(user=player, event__data__bout=bout.pk).values_list(
                "event__key", flat=True
            )
        )
        assert {f"turn_resolved:{bout.pk}:1", f"orders_needed:{bout.pk}:2:{player.pk}"} <= keys


# The bout locked with its pause asked in the same read (inside a savepoint here); the turn's
# orders, read once; the entrants with their gladiators locked, read once for the fitness
# check, the attendance and the notices; the attendance rows; the stored turn; the turn's
# events with their inboxes (events_record: the webhook, the users with an address or a
# device, the keys, the events in a savepoint, the inboxes); the press held for the turn; the
# savepoint's end. No read of the missed-turn policy when every order is in.
TURN_RESOLVE_QUERIES = 15


def test_a_turn_with_every_order_in_resolves_in_a_few_queries_for_four_owners(
    arena_campaign, gm, owner, rival, django_user_model, django_assert_max_num_queries
):
    players = [owner, rival]
    for name in ("third", "fourth"):
        player = django_user_model.objects.create_user(name)
        campaign_join(campaign=arena_campaign, user=player, code=arena_campaign.invite_code)
        players.append(player)
    bout = bout_open(campaign=arena_campaign, by=gm, title="Four corners")
    entrants = {}
    for player, square in zip(players, ("A1", "H8", "A8", "H1"), strict=True):
        gladiator = gladiator_create(
            campaign=arena_campaign, by=player, name=f"{player.username}-g", kind="human"
        )
        entrants[gladiator.name] = (
            player,
            bout_enter(bout=bout, gladiator=gladiator, by=player, square=square),
        )
    bout_start(bout=bout, by=gm)
    for player, entrant in entrants.values():
        order_submit(entrant=entrant, by=player, order={}, turn=1)
    with django_assert_max_num_queries(TURN_RESOLVE_QUERIES):
        assert bout_turn_resolve(bout_id=bout.pk, turn=1) is not None
    bout.refresh_from_db()
    assert bout.turn == 2 and set(bout.engine_input["turns"][0]) == set(entrants)
    attendance = TurnAttendance.objects.filter(bout=bout, turn=1)
    assert sorted(attendance.values_list("gladiator", "outcome")) == sorted(
        (name, TurnAttendance.Outcome.ORDERED) for name in entrants
    )
    for player in players:
        keys = set(
            Notification.objects.filter(user=player, event__data__bout=bout.pk).values_list(
                "event__key", flat=True
            )
        )
        assert {f"turn_resolved:{bout.pk}:1", f"orders_needed:{bout.pk}:2:{player.pk}"} <= keys
