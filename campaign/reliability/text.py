"""The reason a GM gives for an act on a bout's deadline: required, cleaned like every text."""

from __future__ import annotations

from campaign.shared.text import text_input

REASON_LENGTH = 200


def reason_clean(reason: object) -> str:
    """The reason, cleaned; refused in words when empty, too long or unprintable."""
    return text_input(reason, field="reason", label="The reason", max_length=REASON_LENGTH)
