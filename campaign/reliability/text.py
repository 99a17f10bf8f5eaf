"""The reason a GM gives for an act on a bout's deadline: required, cleaned like every text."""

from __future__ import annotations

from campaign.shared.errors import LudusError
from campaign.shared.text import TextRefused, text_clean

REASON_LENGTH = 200


def reason_clean(reason: object) -> str:
    """The reason, cleaned; refused in words when empty, too long or unprintable."""
    try:
        return text_clean(reason, label="The reason", max_length=REASON_LENGTH)
    except TextRefused as refused:
        raise LudusError(str(refused), field="reason") from None
