"""Accounts by e-mail, against a real SMTP server (aiosmtpd): the address asked at sign-up and
confirmed by a signed link, changed the same way, and the password reset by Django's own views,
which answers alike for known and unknown addresses and mails only confirmed ones."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from campaign.accounts import confirm_token
from campaign.notifications.models import Event
from campaign.notifications.services import event_record
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another-long-password-1"
LINK = re.compile(r"^(https?://\S+)\r?$", re.MULTILINE)


def link_in(message) -> str:
    (link,) = LINK.findall(message.get_content())
    assert link.startswith(settings.LUDUS_SITE_URL + "/")
    return link.removeprefix(settings.LUDUS_SITE_URL)


def sign_up(client: Client, name: str, email: str = ""):
    return client.post(
        reverse("signup"),
        {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def addressed(user, address: str):
    user.email = address
    user.save(update_fields=["email"])
    return user


def test_sign_up_asks_an_address_and_mails_only_once_it_is_confirmed(
    smtp, worker, campaign, settings
):
    settings.LUDUS_SITE_URL = "http://ludus.example.org:8101"
    client = Client()
    response = sign_up(client, "varro", "varro@example.org")
    assert response.status_code == 302
    user = get_user_model().objects.get(username="varro")
    assert user.email == ""  # the account works, the address waits for its link
    assert client.get(reverse("dashboard")).context["user"] == user
    ((to, message),) = smtp.messages
    assert to == ["varro@example.org"]
    assert message["Subject"] == "Confirm your e-mail address for Ludus"
    assert re.search(r"by \d{4}-\d\d-\d\d \d\d:\d\d UTC", message.get_content())
    link = link_in(message)

    event = event_record(
        campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key="bout_fought:1",
        text="The opening was fought.", users=[user.pk],
    )  # fmt: skip
    assert worker(event) == []  # no confirmed address: nothing goes out

    anybody = Client()  # the link is the proof; a mail scanner's GET changes nothing
    page = anybody.get(link)
    assert page.status_code == 200 and "varro@example.org" in page.content.decode()
    user.refresh_from_db()
    assert user.email == ""
    assert anybody.post(link).status_code == 302
    user.refresh_from_db()
    assert user.email == "varro@example.org"

    event = event_record(
        campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key="bout_fought:2",
        text="The second was fought.", users=[user.pk],
    )  # fmt: skip
    worker(event)
    assert [to for to, _ in smtp.messages[1:]] == [["varro@example.org"]]


def test_sign_up_without_an_address_sends_nothing(smtp):
    assert sign_up(Client(), "varro").status_code == 302
    assert get_user_model().objects.get(username="varro").email == ""
    assert smtp.messages == []


def test_a_bad_address_at_sign_up_makes_no_account(smtp):
    response = sign_up(Client(), "varro", "=?utf-8?q?a=0D=0ABcc=3A=20evil?=@example.org")
    assert response.status_code == 400
    assert "encoded word" in response.content.decode()
    assert not get_user_model().objects.filter(username="varro").exists()
    assert smtp.messages == []


def test_changing_the_address_keeps_the_old_one_until_the_new_is_confirmed(smtp, owner, client_as):
    addressed(owner, "old@example.org")
    client = client_as(owner)
    assert client.post(reverse("account"), {"email": "new@example.org"}).status_code == 302
    ((to, message),) = smtp.messages
    assert to == ["new@example.org"]
    owner.refresh_from_db()
    assert owner.email == "old@example.org"
    assert client.post(link_in(message)).status_code == 302
    owner.refresh_from_db()
    assert owner.email == "new@example.org"
    assert "new@example.org" in client.get(reverse("account")).content.decode()


def test_removing_the_address_needs_no_link(smtp, owner, client_as):
    addressed(owner, "old@example.org")
    assert client_as(owner).post(reverse("account"), {"email": ""}).status_code == 302
    owner.refresh_from_db()
    assert owner.email == "" and smtp.messages == []


@pytest.mark.parametrize("case", ["altered", "expired", "spent", "taken"])
def test_a_link_that_cannot_be_used_is_refused_in_words(case, smtp, owner, rival, settings):
    addressed(owner, "old@example.org")
    token = confirm_token(user=owner, address="new@example.org")
    expected = {
        "altered": "not a confirmation link Ludus sent",
        "expired": "expired",
        "spent": "spent",
        "taken": "already the confirmed address of another account",
    }[case]
    if case == "altered":
        token = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    elif case == "expired":
        settings.LUDUS_EMAIL_CONFIRM_DAYS = -1
    elif case == "spent":
        addressed(owner, "other@example.org")
    else:
        addressed(rival, "NEW@example.org")
    before = owner.email
    response = Client().post(reverse("email-confirm", args=[token]))
    assert response.status_code == 400
    assert expected in response.content.decode()
    owner.refresh_from_db()
    assert owner.email == before


def test_the_account_page_limits_confirmation_links(smtp, owner, client_as, settings):
    client = client_as(owner)
    limit = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["email_confirm"].split("/")[0])
    for n in range(limit):
        assert client.post(reverse("account"), {"email": f"n{n}@example.org"}).status_code == 302
    response = client.post(reverse("account"), {"email": "flood@example.org"})
    assert response.status_code == 429
    assert "Too many confirmation links" in response.content.decode()
    assert len(smtp.messages) == limit


def card(page: str) -> str:
    return page[page.index("<section") : page.index("</section>")]


def reset_asked(client: Client, address: str):
    return client.post(reverse("password_reset"), {"email": address}, REMOTE_ADDR="10.1.1.1")


def test_password_reset_answers_alike_and_mails_only_a_confirmed_address(smtp, owner, rival):
    addressed(owner, "owner@example.org")
    unconfirmed = Client()
    sign_up(unconfirmed, "varro", "varro@example.org")  # asked, never confirmed
    smtp.messages.clear()
    answers = [
        reset_asked(Client(), address)
        for address in ("owner@example.org", "nobody@example.org", "varro@example.org")
    ]
    assert {(a.status_code, a["Location"]) for a in answers} == {
        (302, reverse("password_reset_done"))
    }
    # The page after, as each asker sees it (the rest of a page holds a per-request nonce).
    done = [card(Client().get(a["Location"]).content.decode()) for a in answers]
    assert done[0] == done[1] == done[2] and "Check your e-mail" in done[0]
    ((to, message),) = smtp.messages
    assert to == ["owner@example.org"]
    assert message["Subject"] == "Reset your Ludus password"
    assert re.search(r"until \d{4}-\d\d-\d\d \d\d:\d\d UTC", message.get_content())


def test_a_reset_password_works_and_lifts_the_lockout(smtp, owner):
    addressed(owner, "owner@example.org")
    login = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client().post(login, {"username": "owner", "password": "wrong"}, REMOTE_ADDR="10.1.1.1")
    locked = Client().post(
        login, {"username": "owner", "password": PASSWORD}, REMOTE_ADDR="10.1.1.1"
    )
    assert locked.status_code == 429

    reset_asked(Client(), "owner@example.org")
    ((_, message),) = smtp.messages
    client = Client()
    form = client.get(link_in(message), follow=True)  # Django moves the token to the session
    assert form.status_code == 200
    set_url = form.redirect_chain[-1][0]
    done = client.post(set_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")
    signed_in = Client().post(
        login, {"username": "owner", "password": NEW_PASSWORD}, REMOTE_ADDR="10.1.1.1"
    )
    assert signed_in.status_code == 302
    again = Client().get(link_in(message), follow=True)  # the link works once
    assert "not valid any more" in again.content.decode()


def test_password_resets_are_limited_per_address_known_or_not(smtp, owner, settings):
    addressed(owner, "owner@example.org")
    limit = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["password_reset"].split("/")[0])
    for n in range(limit):
        address = "owner@example.org" if n % 2 else f"nobody{n}@example.org"
        assert reset_asked(Client(), address).status_code == 302
    for address in ("owner@example.org", "nobody@example.org"):
        refused = reset_asked(Client(), address)
        assert refused.status_code == 429
        assert "Too many password resets" in refused.content.decode()
    assert len(smtp.messages) == limit // 2


def test_account_mail_goes_through_the_header_safe_backend(smtp, owner, settings):
    """A sender name with a smuggled header (the deployment's own setting, here) reaches the
    SMTP server as one line: the reset and the confirmation mail use EMAIL_BACKEND too."""
    settings.DEFAULT_FROM_EMAIL = "Ludus =?utf-8?q?x=0D=0ABcc:_evil@example.org?= <ludus@localhost>"
    addressed(owner, "owner@example.org")
    reset_asked(Client(), "owner@example.org")
    sign_up(Client(), "varro", "varro@example.org")
    assert len(smtp.raw) == 2
    for raw in smtp.raw:
        head = raw.split(b"\r\n\r\n", 1)[0].lower().splitlines()
        assert not [line for line in head if line.startswith(b"bcc")]
    assert [to for to, _ in smtp.messages] == [["owner@example.org"], ["varro@example.org"]]
