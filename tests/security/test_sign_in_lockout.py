"""The sign-in lockout holds on every way in (the page, the API token, the admin) and for every
form of a name: spaces and tabs around it, its case, its Unicode compatibility forms
(campaign/sign_in.py, docs/security.md section 5)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F
from django.test import Client
from django.urls import reverse
from rest_framework.throttling import ScopedRateThrottle

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

NAME = "maximus"
ADDRESS = "10.0.0.1"
LIMIT = settings.AXES_FAILURE_LIMIT

# Every form of NAME that must count as NAME: what the sign-in form or DRF trims, what NFKC
# folds (as sign-up stored the name), and case, which sign-up does not let tell two people apart.
FORMS = {
    "as stored": NAME,
    "leading space": f" {NAME}",
    "trailing space": f"{NAME} ",
    "leading tab": f"\t{NAME}",
    "trailing tab": f"{NAME}\t",
    "no-break space": f"{NAME}\u00a0",
    "ideographic space": f"\u3000{NAME}",
    "capitals": NAME.upper(),
    "title case": NAME.title(),
    "fullwidth letters": "ｍａｘｉｍｕｓ",
    "one fullwidth letter": "ｍaximus",
    "mathematical bold capitals": "𝐌𝐀𝐗𝐈𝐌𝐔𝐒",
}
# The forms that are the stored name once read (case aside): with them the password works.
SAME_NAME = [
    key for key in FORMS if key not in ("capitals", "title case", "mathematical bold capitals")
]


@dataclass(frozen=True)
class Way:
    """One way to sign in: how to try, and what success and a lockout look like."""

    name: str

    def client(self) -> Client:
        return Client()

    def attempt(self, client: Client, username: str, password: str, ip: str = ADDRESS):
        if self.name == "token":
            return client.post(
                reverse("api-token"),
                {"username": username, "password": password},
                content_type="application/json",
                REMOTE_ADDR=ip,
            )
        url = reverse("login") if self.name == "page" else reverse("admin:login")
        data = {"username": username, "password": password}
        if self.name == "admin":
            data["next"] = "/admin/"
        return client.post(url, data, REMOTE_ADDR=ip)

    def signed_in(self, client: Client, response) -> bool:
        if self.name == "token":
            return response.status_code == 200 and len(response.json()["token"]) == 40
        return response.status_code == 302 and "_auth_user_id" in client.session

    def refusal(self, response) -> str:
        if self.name == "token":
            return str(response.json())
        return response.content.decode()


WAYS = [Way("page"), Way("token"), Way("admin")]


@pytest.fixture(autouse=True)
def no_token_throttle(monkeypatch):
    """The token throttle (10 a minute per address) alone would stop the eleventh try: it is
    lifted here to see the lockout behind it (test_abuse_limits.py tests the throttle)."""
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "100000/min"})


@pytest.fixture
def maximus(django_user_model):
    """A staff user, so that the admin signs him in too."""
    return django_user_model.objects.create_user(
        username=NAME, password=PASSWORD, is_staff=True, is_superuser=True
    )


def fail(way: Way, client: Client, username: str, times: int = LIMIT) -> list[int]:
    return [way.attempt(client, username, "wrong").status_code for _ in range(times)]


def assert_locked_out(way: Way, client: Client, response) -> None:
    assert response.status_code == 429
    assert "Too many failed sign-ins for this name" in way.refusal(response)
    assert "Try again in 15 minutes" in way.refusal(response)
    assert not way.signed_in(client, response)


@pytest.mark.parametrize("way", WAYS, ids=lambda way: way.name)
@pytest.mark.parametrize("form", FORMS, ids=list(FORMS))
def test_wrong_passwords_under_any_form_of_a_name_lock_every_form_out(maximus, way, form):
    client = way.client()
    answers = fail(way, client, FORMS[form])
    # Each try until the last is a plain refusal; the last locks, and says so.
    assert answers[:-1] == [400 if way.name != "admin" else 200] * (LIMIT - 1)
    assert answers[-1] == 429
    for other in FORMS.values():
        assert_locked_out(way, client, way.attempt(client, other, PASSWORD))
    assert AccessAttempt.objects.get().username == NAME  # one count, under the name as stored


@pytest.mark.parametrize("locked_by", WAYS, ids=lambda way: f"failed-on-{way.name}")
@pytest.mark.parametrize("way", WAYS, ids=lambda way: f"refused-on-{way.name}")
def test_one_lockout_covers_every_way_in(maximus, locked_by, way):
    fail(locked_by, locked_by.client(), f" {NAME.upper()}\t")
    client = way.client()
    assert_locked_out(way, client, way.attempt(client, NAME, PASSWORD))
    # Another address is not locked: a guesser elsewhere cannot lock the player out.
    assert way.signed_in(client, way.attempt(client, NAME, PASSWORD, ip="10.0.0.9"))


@pytest.mark.parametrize("way", WAYS, ids=lambda way: way.name)
@pytest.mark.parametrize("form", SAME_NAME, ids=SAME_NAME)
def test_the_password_is_checked_for_the_name_the_lockout_counts(maximus, way, form):
    """Normalised once, before both: a name that counts as NAME also signs in as NAME."""
    client = way.client()
    assert way.signed_in(client, way.attempt(client, FORMS[form], PASSWORD))


@pytest.mark.parametrize("way", WAYS, ids=lambda way: way.name)
def test_the_lockout_ends_after_fifteen_minutes(maximus, way):
    client = way.client()
    fail(way, client, NAME)
    assert_locked_out(way, client, way.attempt(client, NAME, PASSWORD))
    # The clock moves on: the counted failures are made fifteen minutes and a second older.
    aged = AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert aged == 1
    assert way.signed_in(client, way.attempt(client, NAME, PASSWORD))


@pytest.mark.parametrize("way", WAYS, ids=lambda way: way.name)
def test_tries_while_locked_do_not_lengthen_the_lock(maximus, way):
    client = way.client()
    fail(way, client, NAME)
    before = AccessAttempt.objects.get()
    for _ in range(5):
        assert way.attempt(client, NAME, "wrong").status_code == 429
    after = AccessAttempt.objects.get()
    assert (after.failures_since_start, after.attempt_time) == (LIMIT, before.attempt_time)


@pytest.mark.parametrize("way", WAYS, ids=lambda way: way.name)
def test_a_success_clears_the_count(maximus, way):
    client = way.client()
    fail(way, client, NAME, times=LIMIT - 1)
    assert way.signed_in(client, way.attempt(client, f"{NAME} ", PASSWORD))
    assert not AccessAttempt.objects.exists()
    again = way.client()
    fail(way, again, NAME, times=LIMIT - 1)
    assert way.signed_in(again, way.attempt(again, NAME, PASSWORD))


def test_the_lockout_is_per_name(maximus, make_user):
    rival = make_user("rival")
    page = WAYS[0]
    fail(page, page.client(), NAME)
    client = page.client()
    assert page.signed_in(client, page.attempt(client, rival.username, PASSWORD))


def test_a_name_longer_than_any_account_is_refused_or_counted_without_an_error(maximus):
    answer = Client().post(
        reverse("api-token"),
        {"username": "m" * 151, "password": "wrong"},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert "no more than 150 characters" in str(answer.json())
    # 150 letters that NFKC reads as 2,700: each way refuses the password and counts it once.
    long_name = "\ufdfa" * 150
    for way in WAYS:
        client = way.client()
        answer = way.attempt(client, long_name, "wrong")
        assert answer.status_code in (200, 400) and not way.signed_in(client, answer)
    counted = AccessAttempt.objects.get()
    assert (len(counted.username), counted.failures_since_start) == (255, 3)


def test_an_inactive_or_unknown_name_is_locked_like_any_other():
    page = WAYS[0]
    client = page.client()
    answers = fail(page, client, "nobody-here")
    assert answers[-1] == 429
    assert_locked_out(page, client, page.attempt(client, " NOBODY-HERE", "anything"))
    assert get_user_model().objects.count() == 0
