"""Domain errors raised by services. Interfaces (views, API, tasks) turn them into responses:
LudusError is bad input (400 / a form error), NotAllowed is a permission refusal (403)."""

from __future__ import annotations


class LudusError(Exception):
    """A request that breaks a rule. Nothing was changed. `field` names the input at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NotAllowed(Exception):
    """The user may see the thing but may not do this to it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
