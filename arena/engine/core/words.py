"""A count and its noun in the right number, for the words rule sets write (labels, problems):
the engine runs without Django, so it cannot use Django's pluralize as the pages do."""

from __future__ import annotations


def counted(number: int, one: str, many: str = "") -> str:
    """'1 point', '3 points'; `many` when the plural is not `one` + "s"."""
    return f"{number} {one if number == 1 else (many or one + 's')}"
