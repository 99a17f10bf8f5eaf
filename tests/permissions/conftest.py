"""Helpers for the permission tests: the user behind each persona and a stake paid by the
GM."""

from __future__ import annotations

from typing import Any

import pytest

from characters.models import Gladiator
from characters.services import gladiator_adjust


@pytest.fixture
def personas(gm, owner, rival, outsider) -> dict[str, Any]:
    """Each persona's user (None: anonymous), for every matrix in this folder."""
    from .test_matrix import ANONYMOUS, GM, OUTSIDER, OWNER, RIVAL

    return {GM: gm, OWNER: owner, RIVAL: rival, OUTSIDER: outsider, ANONYMOUS: None}


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
