"""No text a player writes can add a header to an e-mail (docs/security.md, section 10).

Every text that reaches a header (campaign, gladiator and user names, a bout's title and a void's
reason, all in the subject) is set to each header-smuggling form of the table, written straight
to its row (the worst case: a row the text cleaner never saw), and the e-mail the worker sends
for it is read off a real SMTP server (aiosmtpd): it has exactly Ludus's headers, one line each.
"""

from __future__ import annotations

import base64
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.checks import registry
from django.core.mail import EmailMessage
from django.utils import timezone

from arena.models import Bout
from arena.notices import notice_bout_voided
from arena.services import bout_schedule
from campaign.checks import email_backend_header_safe, python_patched
from campaign.mail import header_text
from campaign.models import Campaign
from campaign.notifications.models import Event
from campaign.notifications.services import ALL_KINDS, notification_settings_set
from characters.members import member_invite
from characters.models import Gladiator

pytestmark = pytest.mark.django_db

EVIL = "evil@x.y"
LUDUS_HEADERS = {
    "content-type", "content-transfer-encoding", "mime-version", "subject", "from", "to",
    "date", "message-id", "x-ludus-event", "x-ludus-delivery",
}  # fmt: skip


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# Each form would put a Bcc or Reply-To header into a message built naively.
SMUGGLED = {
    "q, CRLF": f"=?utf-8?q?Max=0D=0AReply-To:_{EVIL}?=",
    "Q upper case": f"=?UTF-8?Q?Max=0D=0ABcc:_{EVIL}?=",
    "q, LF": f"=?utf-8?q?Max=0ABcc:_{EVIL}?=",
    "q, CR": f"=?utf-8?q?Max=0DBcc:_{EVIL}?=",
    "b, CRLF": f"=?utf-8?b?{b64(f'Max\r\nBcc: {EVIL}')}?=",
    "B upper case, LF": f"=?UTF-8?B?{b64(f'Max\nReply-To: {EVIL}')}?=",
    "latin-1": f"=?iso-8859-1?q?Max=0D=0ABcc:_{EVIL}?=",
    "with a language": f"=?utf-8*en?q?Max=0D=0ABcc:_{EVIL}?=",
    "inside a word": f"Max=?utf-8?q?=0D=0ABcc:_{EVIL}?=",
    "doubled opening": f"==?utf-8?q?Max=0D=0ABcc:_{EVIL}?=",
    "several words": f"=?utf-8?q?Max?= =?utf-8?q?=0D=0A?= =?utf-8?q?Bcc:_{EVIL}?=",
    "folded words": f"=?utf-8?q?Max=0D=0A?=\r\n =?utf-8?q?Bcc:_{EVIL}?=",
    "q, NEL": f"=?utf-8?q?Max=C2=85Bcc:_{EVIL}?=",
    "q, line separator": f"=?utf-8?q?Max=E2=80=A8Bcc:_{EVIL}?=",
    "q, paragraph separator": f"=?utf-8?q?Max=E2=80=A9Bcc:_{EVIL}?=",
    "q, vertical tab and form feed": f"=?utf-8?q?Max=0B=0CBcc:_{EVIL}?=",
    "plain CRLF": f"Max\r\nBcc: {EVIL}",
    "plain LF": f"Max\nReply-To: {EVIL}",
    "plain CR": f"Max\rBcc: {EVIL}",
    "plain NEL": f"Max\x85Bcc: {EVIL}",
    "plain line separator": f"Max\u2028Bcc: {EVIL}",
    "plain record separator": f"Max\x1eBcc: {EVIL}",
    "plain CRLF and a fold": f"Max\r\n Bcc: {EVIL}",
}


def header_lines(raw: bytes) -> list[bytes]:
    head = raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    return head.split(b"\n")


def assert_no_smuggled_header(smtp, addresses: set[str]) -> None:
    assert smtp.messages, "no e-mail was sent"
    for (rcpt_tos, message), raw in zip(smtp.messages, smtp.raw, strict=True):
        assert set(rcpt_tos) <= addresses
        assert {name.lower() for name in message} == LUDUS_HEADERS
        for line in header_lines(raw):  # a header line or its continuation, nothing else
            assert line[:1] in (b" ", b"\t") or line.split(b":", 1)[0].lower().decode() in (
                LUDUS_HEADERS
            ), line
        subject = str(message["Subject"])
        assert subject.startswith("[") and not set(subject) & {"\r", "\n", "\x85", "\u2028"}


def every_kind_at_once(user) -> None:
    """Each event mailed on its own (not in the digest): every text reaches a header."""
    notification_settings_set(user=user, email_kinds=ALL_KINDS)


@pytest.fixture
def addressed(owner, rival, gm):
    for user in (owner, rival, gm):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
        every_kind_at_once(user)
    return {f"{u.username}@example.org" for u in (owner, rival, gm)}


def schedule(campaign, gm, brutus, nox) -> Bout:
    return bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(hours=1), seed=7,
    )  # fmt: skip


@pytest.mark.parametrize("form", SMUGGLED.values(), ids=SMUGGLED.keys())
@pytest.mark.parametrize("field", ["campaign name", "gladiator name", "user name", "title"])
def test_no_text_adds_a_header(field, form, smtp, worker, addressed, campaign, gm, brutus, nox):
    if field == "campaign name":
        Campaign.objects.filter(pk=campaign.pk).update(name=form)
        campaign.refresh_from_db()
        event = Event.objects.get(key=f"bout_scheduled:{schedule(campaign, gm, brutus, nox).pk}")
    elif field == "gladiator name":
        Gladiator.objects.filter(pk=brutus.pk).update(name=form)
        brutus.refresh_from_db()
        event = Event.objects.get(key=f"bout_scheduled:{schedule(campaign, gm, brutus, nox).pk}")
    elif field == "user name":
        get_user_model().objects.filter(pk=gm.pk).update(username=form)
        gm.refresh_from_db()
        newcomer = get_user_model().objects.create_user("newcomer", email="new@example.org")
        every_kind_at_once(newcomer)
        addressed.add("new@example.org")
        member_invite(campaign=campaign, by=gm, username=newcomer.username)
        event = Event.objects.get(kind=Event.Kind.INVITED)
    else:  # a bout's title and the reason it was voided
        bout = schedule(campaign, gm, brutus, nox)
        Bout.objects.filter(pk=bout.pk).update(title=form)
        bout.refresh_from_db()
        notice_bout_voided(bout=bout, reason=form)
        event = Event.objects.get(key=f"bout_voided:{bout.pk}")
    smtp.messages.clear(), smtp.raw.clear()
    worker(event)
    assert_no_smuggled_header(smtp, addressed)


@pytest.mark.parametrize("form", SMUGGLED.values(), ids=SMUGGLED.keys())
def test_every_header_of_any_message_is_cleaned(form, smtp):
    """Not only notifications: a message of any kind (Django's own, an extra header) goes
    through the same backend."""
    EmailMessage(
        subject=form, body="Max", to=["a@example.org"], reply_to=["ludus@example.org"],
        headers={"X-Ludus-Event": form, "X-Ludus-Delivery": "1"},
    ).send()  # fmt: skip
    assert_clean(smtp, extra={"reply-to"})
    assert str(smtp.messages[0][1]["Reply-To"]) == "ludus@example.org"


ENCODED = {key: form for key, form in SMUGGLED.items() if form.isprintable()}


@pytest.mark.parametrize("form", ENCODED.values(), ids=ENCODED.keys())
def test_a_display_name_is_cleaned(form, smtp):
    EmailMessage(
        subject="s", body="b", from_email=f'"{form}" <ludus@example.org>', to=["a@example.org"]
    ).send()
    assert_clean(smtp, extra=set())
    assert smtp.messages[0][1]["From"].addresses[0].addr_spec == "ludus@example.org"


def assert_clean(smtp, extra: set[str]) -> None:
    (_, message), raw = smtp.messages[0], smtp.raw[0]
    names = {name.lower() for name in message}
    assert {"subject", "from", "to"} | extra <= names <= LUDUS_HEADERS | extra
    for line in header_lines(raw):
        assert line[:1] in (b" ", b"\t") or line.split(b":", 1)[0].lower().decode() in (
            LUDUS_HEADERS | extra
        ), line


@pytest.mark.parametrize(
    "address",
    ["=?utf-8?q?a=0D=0ABcc=3A=20evil?=@example.org", "a\r\nBcc: evil@x.y", "a@x.y\nBcc: b@x.y"],
)
def test_an_address_that_holds_a_header_is_not_sent(address, smtp):
    with pytest.raises(ValueError, match="line break, a control character or an encoded word"):
        EmailMessage(subject="s", body="b", to=[address]).send()
    assert smtp.messages == []


def test_header_text_is_one_line_without_an_encoded_word():
    for form in SMUGGLED.values():
        cleaned = header_text(form)
        assert "=?" not in cleaned and cleaned == " ".join(cleaned.split())
        assert cleaned.isprintable()


def test_the_outbox_of_the_tests_gets_the_cleaned_message():
    EmailMessage(subject=SMUGGLED["q, CRLF"], body="b", to=["a@example.org"]).send()
    assert mail.outbox[0].subject == header_text(SMUGGLED["q, CRLF"])


def test_a_python_before_3_12_5_is_named_by_the_deploy_check():
    found = python_patched(None, version=(3, 12, 1, "final", 0))
    assert [w.id for w in found] == ["ludus.W001"] and "CVE-2024-6923" in found[0].msg
    deploy = registry.registry.get_checks(include_deployment_checks=True)
    assert python_patched in deploy and python_patched not in registry.registry.get_checks()
    assert python_patched(None, version=(3, 12, 5, "final", 0)) == []
    assert python_patched(None, version=(3, 13, 0, "final", 0)) == []


def test_an_email_backend_that_skips_the_cleaning_is_an_error(settings):
    assert email_backend_header_safe(None) == []
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    assert [e.id for e in email_backend_header_safe(None)] == ["ludus.E001"]
