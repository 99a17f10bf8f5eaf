"""PostgreSQL out of reach: a page and an API route answer 503 in words, not 500, and work
again once the database is back. The outage is real: the connection goes to a port where
nothing listens, so the operating system refuses it."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import pytest
from django.db import OperationalError, connection
from django.test import Client
from rest_framework.test import APIClient

from campaign.db_outage import REASON, is_outage

pytestmark = pytest.mark.django_db(transaction=True)


@contextlib.contextmanager
def connections_refused() -> Iterator[None]:
    """The default connection pointed at a loopback port that nothing listens on."""
    saved = dict(connection.settings_dict)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free once closed: connecting to it is refused
    connection.close()
    connection.settings_dict.update(HOST="127.0.0.1", PORT=str(port))
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)


@pytest.fixture
def database_refusing():
    with connections_refused():
        yield


def test_the_database_refusing_connections_is_what_the_test_sets_up(database_refusing):
    with pytest.raises(OperationalError) as raised:
        connection.ensure_connection()
    assert is_outage(raised.value)


def test_a_page_answers_503_in_words_and_works_again_after(campaign, owner):
    browser = Client(raise_request_exception=False)
    browser.force_login(owner)  # the session lives in PostgreSQL: reading it fails first
    with connections_refused():
        response = browser.get(f"/c/{campaign.slug}/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Back soon" in page and REASON in page and campaign.name not in page
    assert browser.get(f"/c/{campaign.slug}/").status_code == 200  # the database is back


def test_an_api_route_answers_503_with_a_json_body(campaign, owner, database_refusing):
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(owner)  # no session: the view's own query meets the outage
    response = client.get(f"/api/campaigns/{campaign.slug}/")
    assert response.status_code == 503
    assert response.json() == {"detail": REASON}
    assert response["Retry-After"] == "30"


def test_other_database_errors_are_not_an_outage(db):
    """A statement cancelled by its timeout is PostgreSQL answering: a 500, not a 503."""
    with pytest.raises(OperationalError) as raised, connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 1")
        cursor.execute("SELECT pg_sleep(1)")
    assert not is_outage(raised.value)
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 0")
