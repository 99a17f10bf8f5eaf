"""Parsing what people send, in one place: ids, whole numbers and text for the HTML forms.
The API's serializer fields (campaign/shared/api_inputs.py) call the same functions.

`str.isdigit()` and `int()` are both too generous for input: "²".isdigit() is true and
int("²") fails; int("٣") is 3. A number we are sent is ASCII digits, or it is refused.
"""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from campaign.shared.text import TextRefused, name_clean, text_clean

# The largest primary key PostgreSQL's bigint (Django's BigAutoField) holds.
MAX_ID = 2**63 - 1
# Every whole number a form or the API accepts fits PostgreSQL's integer unless said otherwise.
MAX_INT = 2**31 - 1
_ASCII_INTEGER = re.compile(r"[+-]?[0-9]{1,19}")

# Limits on text, by kind (docs/security.md). The models' max_length agree.
NAME_MAX = 60  # a gladiator's name
TITLE_MAX = 120  # a campaign's name, a bout's title
REASON_MAX = 200  # an adjustment's or a cancellation's reason
DESCRIPTION_MAX = 2000  # a campaign's description
ORDER_TEXT_MAX = 2000  # an order typed as forum lines
CODE_MAX = 32  # an invite code


def parse_int(value: object, *, low: int = -MAX_INT, high: int = MAX_INT) -> int | None:
    """`value` as a whole number within [low, high] if it is one written in ASCII digits (or an
    int already), else None. Booleans are not numbers here."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and _ASCII_INTEGER.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        return None
    return number if low <= number <= high else None


def parse_id(value: object) -> int | None:
    """A primary key sent by a form, a query string or the API; None unless it is one."""
    return parse_int(value, low=1, high=MAX_ID)


# --- form fields ---------------------------------------------------------------------------


class IntegerField(forms.IntegerField):
    """forms.IntegerField that takes ASCII digits only and is bounded (±2^31-1 by default)."""

    def __init__(self, *, min_value: int = -MAX_INT, max_value: int = MAX_INT, **kwargs) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    default_error_messages = {"invalid": "Enter a whole number in digits 0-9."}

    def to_python(self, value):
        if value in self.empty_values:
            return None
        number = parse_int(value, low=-(2**63), high=2**63 - 1)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class TextField(forms.CharField):
    """A CharField cleaned by text_clean (campaign/shared/text.py); `multiline` for text areas."""

    def __init__(self, *, max_length: int, multiline: bool = False, **kwargs) -> None:
        self.multiline = multiline
        super().__init__(max_length=max_length, strip=False, **kwargs)

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return ""
        try:
            return self.clean_text(value)
        except TextRefused as refused:
            raise ValidationError(str(refused), code="invalid") from None

    def clean_text(self, value: str) -> str:
        return text_clean(
            value,
            label=str(self.label or "This field"),
            max_length=self.max_length,
            multiline=self.multiline,
            required=self.required,
        )

    def run_validators(self, value) -> None:
        # max_length was checked on the cleaned text, with a message that gives the figures.
        pass


class NameField(TextField):
    """A name: one line, one alphabet per word (campaign.shared.text.name_clean)."""

    def clean_text(self, value: str) -> str:
        return name_clean(value, label=str(self.label or "The name"), max_length=self.max_length)


EMAIL_MAX = 254  # an e-mail address (RFC 5321's path limit, Django's EmailField)
URL_MAX = 500  # a webhook's address


class EmailField(TextField):
    """An e-mail address: one line of cleaned text, then Django's address check."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_length", EMAIL_MAX)
        super().__init__(**kwargs)

    def clean_text(self, value: str) -> str:
        cleaned = super().clean_text(value)
        if cleaned:
            validate_email(cleaned)
            if "=?" in cleaned:  # the mail backend would refuse to send to it (campaign/mail.py)
                raise ValidationError(
                    "An e-mail address with =? in it would be read as an encoded word; "
                    "give another address.",
                    code="invalid",
                )
        return cleaned
