"""Helpers for the permission tests: an API client per persona and a stake paid by the GM."""

from __future__ import annotations

import pytest

from characters.models import Gladiator
from characters.services import gladiator_adjust


@pytest.fixture
def stake(gm):
    """Pay a gladiator gold and experience through the real service, as the GM would."""

    def stake(gladiator: Gladiator, *, gold: int = 0, xp: int = 0) -> Gladiator:
        for currency, amount in (("gold", gold), ("xp", xp)):
            if amount:
                gladiator_adjust(
                    gladiator=gladiator,
                    currency=currency,
                    amount=amount,
                    reason="test stake",
                    by=gm,
                )
        gladiator.refresh_from_db()
        return gladiator

    return stake
