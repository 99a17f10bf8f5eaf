"""Every e-mail Ludus sends goes through HeaderSafeBackend (EMAIL_BACKEND), which cleans each text
bound for a header before handing the message to the transport that carries it
(LUDUS_EMAIL_TRANSPORT: SMTP, a file, the console ...).

Names and subjects come from players (gladiator, campaign and user names, bout titles), so a
header is only ever one line of plain text:
- every line break (CR, LF, VT, FF, the file/group/record separators, NEL, the Unicode line
  and paragraph separators) and every other control character becomes a space;
- the opening of an RFC 2047 encoded word, "=?", becomes "= ?". Python's e-mail library decodes
  encoded words in a header value it is given, and before 3.12.5 (CVE-2024-6923) it writes a
  decoded newline back unquoted: a name `=?utf-8?q?Max=0D=0ABcc:_x@y?=` would add a header.
  With no "=?" left, nothing is decoded; a name that needs encoding is encoded by the library
  itself, which never puts a newline in what it encodes.
An address cannot be cleaned without sending elsewhere: one that holds a control character or
a line break, or whose mailbox holds an encoded word, is refused (ValueError, which the delivery
logs) and the message is not sent; only a display name is cleaned.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Sequence
from email.utils import formataddr, parseaddr

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends.base import BaseEmailBackend

ENCODED_WORD_OPENING = "=?"
_SPACES = re.compile(r"\s+")


def header_text(value: str) -> str:
    """`value` as one line of header text that no e-mail parser decodes into more lines."""
    value = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in str(value))
    value = _SPACES.sub(" ", value).strip()
    while ENCODED_WORD_OPENING in value:  # "==?" would leave one behind a single pass
        value = value.replace(ENCODED_WORD_OPENING, "= ?")
    return value


def header_address(value: str) -> str:
    """An address header's entry with its display name cleaned; ValueError if it holds a line
    break or a control character, or its mailbox an encoded word."""
    value = str(value)
    name, mailbox = parseaddr(value)
    if not value.isprintable() or not mailbox or mailbox != header_text(mailbox):
        raise ValueError(
            f"The e-mail address {value!r} holds a line break, a control character or an "
            "encoded word (=?); the message is not sent."
        )
    name = header_text(name)
    return formataddr((name, mailbox)) if name else mailbox


def _addresses(values: Sequence[str]) -> list[str]:
    return [header_address(v) for v in values]


def header_safe(message: EmailMessage) -> EmailMessage:
    """A copy of `message` whose subject, addresses and extra headers are header-safe."""
    safe = copy.copy(message)
    safe.subject = header_text(message.subject)
    safe.from_email = header_address(message.from_email or settings.DEFAULT_FROM_EMAIL)
    safe.to, safe.cc = _addresses(message.to), _addresses(message.cc)
    safe.bcc, safe.reply_to = _addresses(message.bcc), _addresses(message.reply_to)
    safe.extra_headers = {
        name: header_address(value)
        if name.lower() in ("from", "to", "cc", "reply-to")
        else header_text(value)
        for name, value in message.extra_headers.items()
    }
    return safe


class HeaderSafeBackend(BaseEmailBackend):
    """Cleans the headers of every message (header_safe), then sends it with the transport
    LUDUS_EMAIL_TRANSPORT names."""

    def __init__(self, fail_silently: bool = False, **kwargs) -> None:
        super().__init__(fail_silently=fail_silently)
        self.transport = get_connection(
            settings.LUDUS_EMAIL_TRANSPORT, fail_silently=fail_silently, **kwargs
        )

    def open(self):
        return self.transport.open()

    def close(self) -> None:
        self.transport.close()

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        return self.transport.send_messages([header_safe(m) for m in email_messages])
