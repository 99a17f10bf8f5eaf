"""/healthz and the settings page's server section, on the real database and broker; the
heartbeats and the sweeper's stamp are written as the worker and the sweeper write them
(tests/integration/test_health_live.py runs the real worker, beat and a stopped part)."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from arena.tasks import bouts_sweep_due_task
from campaign import health

pytestmark = pytest.mark.django_db

EVERY_KEY = [health.queue_key(q) for q in ("fights", "messages", "simulations")]


@pytest.fixture(autouse=True)
def no_reports():
    """Each test starts with no report in the broker and leaves none behind."""
    broker = health.broker()  # the test broker, even if a test points the settings elsewhere
    broker.delete(*EVERY_KEY, health.SWEEP_KEY)
    yield
    broker.delete(*EVERY_KEY, health.SWEEP_KEY)


def test_all_well_answers_200_with_each_part(client, django_assert_num_queries):
    health.record(EVERY_KEY)
    bouts_sweep_due_task()  # the sweeper stamps its run once it has swept
    with django_assert_num_queries(1):  # SELECT 1, and nothing written
        response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["failing"] == []
    assert body["database"] == {"ok": True} and body["broker"] == {"ok": True}
    assert set(body["queues"]) == {"fights", "messages", "simulations"}
    for part in [*body["queues"].values(), body["sweeper"]]:
        assert part["ok"] is True and 0 <= part["age_seconds"] < 5
    assert "Set-Cookie" not in response.headers and not response.cookies
    assert "no-cache" in response["Cache-Control"]


def test_a_queue_nobody_reported_on_and_an_old_sweep_answer_503_by_name(client, settings):
    now = time.time()
    health.record([health.queue_key("fights"), health.queue_key("messages")], now=now)
    health.record([health.SWEEP_KEY], now=now - settings.LUDUS_HEALTH_SWEEP_SECONDS - 5)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["worker:simulations", "sweeper"]
    assert body["queues"]["simulations"] == {
        "ok": False,
        "last": None,
        "age_seconds": None,
        "limit_seconds": settings.LUDUS_HEALTH_WORKER_SECONDS,
    }
    assert body["sweeper"]["ok"] is False
    assert body["sweeper"]["age_seconds"] > settings.LUDUS_HEALTH_SWEEP_SECONDS


def test_a_stale_worker_report_fails_its_queue_only(client, settings):
    now = time.time()
    health.record([*EVERY_KEY[:2], health.SWEEP_KEY], now=now)
    health.record([health.queue_key("simulations")], now=now - 31)
    settings.LUDUS_HEALTH_WORKER_SECONDS = 30
    body = client.get("/healthz").json()
    assert body["failing"] == ["worker:simulations"]
    assert body["queues"]["simulations"]["age_seconds"] >= 31


def test_an_unreachable_broker_is_named_and_what_it_holds_is_unknown(client, settings, tmp_path):
    settings.CELERY_BROKER_URL = f"redis+socket://{tmp_path / 'nobody-listens.sock'}"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["broker"]
    assert body["broker"] == {"ok": False, "error": "ConnectionError"}
    assert body["queues"]["fights"]["ok"] is None and body["sweeper"]["ok"] is None


def test_healthz_takes_only_get_and_head(client):
    assert client.head("/healthz").status_code in (200, 503)
    assert client.post("/healthz").status_code == 405


def test_the_gm_settings_page_says_the_same_in_words(client_as, gm, campaign):
    health.record(EVERY_KEY[:2])
    bouts_sweep_due_task()
    page = client_as(gm).get(reverse("campaign-settings", args=[campaign.slug]))
    text = page.content.decode()
    assert 'id="server-health"' in text
    assert "Fine: The database answers." in text
    assert "Fine: The broker (Redis) answers." in text
    assert (
        "Fine: A worker reported on the fights queue (bouts, turns and mercy votes) just now."
        in text
    )
    assert "Not well: No worker has reported on the simulations queue" in text
    assert "Fine: Beat ran the due-bout sweeper just now." in text


def test_only_the_gm_sees_the_settings_page(client_as, owner, campaign):
    page = client_as(owner).get(reverse("campaign-settings", args=[campaign.slug]))
    assert page.status_code in (403, 404)
    assert b"server-health" not in page.content


def test_behind_the_tls_proxy_plain_http_is_redirected_but_not_healthz(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # as DJANGO_BEHIND_TLS_PROXY sets it
    assert client.get("/healthz").status_code in (200, 503)
    page = client.get("/login/")
    assert page.status_code == 301 and page["Location"] == "https://testserver/login/"
