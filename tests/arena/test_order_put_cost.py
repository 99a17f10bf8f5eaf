"""An order PUT reads the bout, its entrant, gladiator and campaign once, and writes once: the
number of its queries is pinned here so that it cannot creep back (issue "Nothing stalls a
campaign", orders at load; the time is measured by bench/load_bench.py). With the reads folded
together, the checks they made still hold: secrecy, the owner only, the archived campaign."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from arena.models import TurnOrder
from campaign.models import Campaign

pytestmark = pytest.mark.django_db

# The token and its user; then, in the transaction (a savepoint here, BEGIN in production):
# the entrant with its gladiator, bout, campaign and the user's role, the bout's row locked
# by that same read; the turn's orders; the one write; and the savepoint's end.
ORDER_PUT_QUERIES = 6


def _token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _url(bout, entrant) -> str:
    return f"/api/campaigns/{bout.campaign.slug}/bouts/{bout.pk}/orders/{entrant.pk}/"


def test_an_order_put_costs_the_same_few_queries_first_changed_and_last(
    running, owner, rival, django_assert_num_queries
):
    bout, mine, theirs = running
    me, them = _token_client(owner), _token_client(rival)
    my_url, their_url = _url(bout, mine), _url(bout, theirs)
    with django_assert_num_queries(ORDER_PUT_QUERIES):  # a first order: an INSERT
        assert me.put(my_url, {"order": {"move": "D3"}, "turn": 1}).status_code == 200
    with django_assert_num_queries(ORDER_PUT_QUERIES):  # changed: an UPDATE of the same row
        assert me.put(my_url, {"order": {"move": "C4"}, "turn": 1}).status_code == 200
    with CaptureQueriesContext(connection) as last:  # the last order: the turn is complete
        assert them.put(their_url, {"order": {"move": "D7"}, "turn": 1}).status_code == 200
    assert len(last.captured_queries) == ORDER_PUT_QUERIES
    locks = [q["sql"] for q in last.captured_queries if "FOR UPDATE" in q["sql"]]
    assert len(locks) == 1 and locks[0].endswith('FOR UPDATE OF "arena_bout"'), locks
    orders = {o.entrant_id: o.order for o in TurnOrder.objects.filter(bout=bout, turn=1)}
    assert orders == {mine.pk: {"move": "C4"}, theirs.pk: {"move": "D7"}}


def test_the_folded_read_still_hides_another_players_gladiator(running, owner, rival, gm):
    bout, mine, theirs = running
    for user, entrant in ((rival, mine), (gm, mine), (owner, theirs)):
        answer = _token_client(user).put(_url(bout, entrant), {"order": {}, "turn": 1})
        assert answer.status_code == 404, (user, answer.content)
        assert "You give no orders for this gladiator." in answer.json()["detail"]
    assert not TurnOrder.objects.filter(bout=bout).exists()


def test_an_outsider_finds_neither_the_private_campaign_nor_the_bout(
    running, owner, django_user_model
):
    bout, mine, _ = running
    outsider = _token_client(django_user_model.objects.create_user("outsider"))
    answer = outsider.put(_url(bout, mine), {"order": {}, "turn": 1})
    assert answer.status_code == 404 and "No such campaign." in answer.json()["detail"]
    missing = f"/api/campaigns/{bout.campaign.slug}/bouts/{bout.pk + 99}/orders/{mine.pk}/"
    answer = _token_client(owner).put(missing, {"order": {}, "turn": 1})
    assert answer.status_code == 404 and "No such bout." in answer.json()["detail"]
    assert not TurnOrder.objects.filter(bout=bout).exists()


@pytest.mark.parametrize("suffix, method", [("", "put"), ("check/", "post"), ("preview/", "post")])
def test_an_archived_campaign_refuses_orders_in_words_and_stores_nothing(
    running, owner, rival, suffix, method
):
    bout, mine, theirs = running
    Campaign.objects.filter(pk=bout.campaign_id).update(archived_at=timezone.now())
    for user, entrant in ((owner, mine), (owner, theirs)):  # before the owner check, as before
        send = getattr(_token_client(user), method)
        answer = send(_url(bout, entrant) + suffix, {"order": {"move": "D3"}, "turn": 1})
        assert answer.status_code == 400, answer.content
        assert "is archived: it can be read but not changed" in answer.json()["non_field_errors"][0]
    assert not TurnOrder.objects.filter(bout=bout).exists()
