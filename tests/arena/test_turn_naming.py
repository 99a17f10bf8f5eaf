"""Every play-by-web request names the turn it was drawn for: an order from a page left open
while the turn resolved, a repeated "resolve this turn now" and twenty of them at once never act
on the next turn. They are refused in words instead ("Turn 1 has resolved; here is turn 2")."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from arena.models import Bout, TurnOrder
from arena.play.services import (
    bout_finish_by_tactics,
    bout_turn_force,
    bout_turn_resolve,
    order_submit,
)
from campaign.shared.errors import LudusError

REQUESTS = 20


def resolve_turn_one(bout: Bout, mine, theirs, owner, rival) -> None:
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    order_submit(entrant=theirs, by=rival, order={}, turn=1)
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is not None


# --- orders ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_order_drawn_for_a_resolved_turn_is_refused_not_applied_to_the_next(
    running, owner, rival
):
    bout, mine, theirs = running
    resolve_turn_one(bout, mine, theirs, owner, rival)
    with pytest.raises(LudusError, match=r"^Turn 1 has resolved; here is turn 2\.$") as refused:
        order_submit(entrant=mine, by=owner, order={"move": "D5"}, turn=1)
    assert refused.value.field == "turn"
    assert not TurnOrder.objects.filter(turn=2).exists()


@pytest.mark.django_db
def test_an_order_for_a_turn_not_yet_begun_is_refused(running, owner):
    _bout, mine, _ = running
    with pytest.raises(LudusError, match="There is no turn 5 yet; here is turn 1"):
        order_submit(entrant=mine, by=owner, order={}, turn=5)
    assert not TurnOrder.objects.exists()


@pytest.mark.django_db
def test_the_orders_page_refuses_a_stale_page_and_shows_the_new_turn(
    running, owner, rival, client_as
):
    bout, mine, theirs = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    client = client_as(owner)
    assert 'name="turn" value="1"' in client.get(url).content.decode()
    resolve_turn_one(bout, mine, theirs, owner, rival)  # while the page stood open

    response = client.post(url, {"move": "D5", "turn": "1"}, HTTP_HX_REQUEST="true")

    page = response.content.decode()
    assert response.status_code == 400
    assert "Turn 1 has resolved; here is turn 2." in page
    assert 'name="turn" value="2"' in page and "Turn 2." in page
    assert not TurnOrder.objects.filter(turn=2).exists()


@pytest.mark.django_db
def test_an_order_form_without_its_turn_is_refused(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    response = client_as(owner).post(url, {"move": "D5"})
    assert response.status_code == 400
    assert "which turn it was drawn for" in response.content.decode()
    assert not TurnOrder.objects.exists()


@pytest.mark.django_db
def test_a_refused_typed_order_stays_in_its_box_with_the_reason_under_it(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    response = client_as(owner).post(url, {"text": "Move: F4", "turn": "1"}, HTTP_HX_REQUEST="1")
    page = response.content.decode()
    assert response.status_code == 400
    box = page[page.index('<textarea id="order-text"') :]
    assert box[: box.index("</textarea>")].endswith(">Move: F4")
    under = box[box.index("</textarea>") :][:400]
    assert 'id="order-text-problem"' in under and "F4" in under
    assert 'aria-invalid="true"' in box[:200]
    assert not TurnOrder.objects.exists()


@pytest.mark.django_db
def test_the_api_requires_the_turn_and_refuses_a_stale_one(running, owner, rival, api_as):
    bout, mine, theirs = running
    url = reverse("api-bout-order", args=[bout.campaign.slug, bout.pk, mine.pk])
    missing = api_as(owner).put(url, {"order": {}}, format="json")
    assert missing.status_code == 400 and "turn" in missing.json()
    resolve_turn_one(bout, mine, theirs, owner, rival)

    stale = api_as(owner).put(url, {"order": {"move": "D5"}, "turn": 1}, format="json")

    assert stale.status_code == 400
    assert stale.json()["turn"] == ["Turn 1 has resolved; here is turn 2."]
    assert not TurnOrder.objects.filter(turn=2).exists()
    fresh = api_as(owner).put(url, {"order": {}, "turn": 2}, format="json")
    assert (fresh.status_code, fresh.json()["turn"]) == (200, 2)


# --- the GM's actions -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_gm_buttons_name_their_turn(running, gm, client_as):
    bout, _, _ = running
    page = client_as(gm).get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert "Resolve turn 1 now" in page
    assert "Let tactics fight the rest, from turn 1" in page
    # Each button asks first (campaign/confirm.py): its link names the turn, and the question's
    # form carries it on (tests/gm_tools/test_scheduling_and_confirm.py).
    for name in ("bout-force", "bout-finish"):
        link = reverse(name, args=[bout.campaign.slug, bout.pk]) + "?turn=1"
        assert page.count(f'href="{link}"') == 1


@pytest.mark.django_db
def test_a_repeated_resolve_now_never_resolves_the_next_turn(running, gm):
    bout, _, _ = running
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    with pytest.raises(LudusError, match="Turn 1 has resolved; here is turn 2") as refused:
        bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    assert "Nothing more was resolved" in refused.value.message
    bout.refresh_from_db()
    assert bout.turn == 2 and len(bout.engine_input["turns"]) == 1


@pytest.mark.django_db
def test_let_tactics_fight_the_rest_refuses_a_turn_the_gm_has_not_seen(running, gm):
    bout, _, _ = running
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    with pytest.raises(
        LudusError, match=r"Turn 1 has resolved; here is turn 2\. Nothing was fought"
    ):
        bout_finish_by_tactics(bout=bout, by=gm, turn=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RUNNING


@pytest.mark.django_db
def test_the_gm_api_takes_the_turn(running, gm, api_as):
    bout, _, _ = running
    url = reverse("api-bout-force", args=[bout.campaign.slug, bout.pk])
    assert api_as(gm).post(url, {}, format="json").status_code == 400
    why = {"turn": 1, "reason": "Everyone is in"}
    assert api_as(gm).post(url, {"turn": 1}, format="json").status_code == 400  # no reason
    assert api_as(gm).post(url, why, format="json").json()["turn"] == 2
    again = api_as(gm).post(url, why, format="json")
    assert again.status_code == 400
    assert "Turn 1 has resolved; here is turn 2" in again.json()["turn"][0]


def race(job: Callable[[], object]) -> list[object]:
    """Run `job` in REQUESTS threads released together, each on its own connection."""
    barrier = threading.Barrier(REQUESTS)
    lock = threading.Lock()
    outcomes: list[object] = []

    def worker() -> None:
        try:
            barrier.wait(timeout=30)
            outcome = job()
        except BaseException as exc:  # counted by the test
            outcome = exc
        finally:
            connection.close()
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=worker) for _ in range(REQUESTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a request hung"
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_resolve_now_requests_resolve_one_turn(running, gm):
    """The GM double-clicks, or twenty tabs send the page's form at once: one turn resolves.
    Real requests through the page, each on its own PostgreSQL connection."""
    bout, _, _ = running
    url = reverse("bout-force", args=[bout.campaign.slug, bout.pk])
    clients = []
    for _ in range(REQUESTS):
        client = Client()
        client.force_login(gm)
        clients.append(client)
    handed = iter(clients)
    handed_lock = threading.Lock()

    def press() -> int:
        with handed_lock:
            client = next(handed)
        return client.post(url, {"turn": "1", "reason": "Now"}).status_code

    statuses = race(press)

    assert sorted(statuses) == [302] + [400] * (REQUESTS - 1), statuses
    bout.refresh_from_db()
    assert bout.turn == 2
    assert len(bout.engine_input["turns"]) == 1 and len(bout.log["turns"]) == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_forces_and_finishes_through_the_api_act_once(running, gm):
    """Ten "resolve now" and ten "let tactics fight the rest", all for turn 1, at once: exactly
    one of them acts; the others are refused in words."""
    bout, _, _ = running
    url = {
        action: reverse(f"api-bout-{action}", args=[bout.campaign.slug, bout.pk])
        for action in ("force", "finish")
    }
    actions = iter(["force", "finish"] * (REQUESTS // 2))
    lock = threading.Lock()

    def press() -> tuple[str, int]:
        with lock:
            action = next(actions)
        client = APIClient()
        client.force_authenticate(gm)
        response = client.post(url[action], {"turn": 1, "reason": "Now"}, format="json")
        return action, response.status_code

    outcomes = race(press)

    assert sorted(status for _, status in outcomes) == [200] + [400] * (REQUESTS - 1), outcomes
    bout.refresh_from_db()
    (winner,) = [action for action, status in outcomes if status == 200]
    if winner == "force":
        assert (bout.status, bout.turn, len(bout.log["turns"])) == (Bout.Status.RUNNING, 2, 1)
    else:
        assert bout.status == Bout.Status.RESOLVED
