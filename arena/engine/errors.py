"""The one error the engine's callers need to know about."""

from __future__ import annotations


class EngineInputError(ValueError):
    """Bad bout input: `field` names where (a dotted path such as "gladiators[1].equipment"),
    `message` says what is wrong. str(e) == f"{field}: {message}"."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
