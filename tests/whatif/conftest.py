"""A GladiatorQuest bout fought by tactics from seed 7, for the what-if tests (the finished
Gladiator Arena bout by web, `finished`, is in tests/conftest.py)."""

from __future__ import annotations

import pytest

from arena.bouts.services import bout_resolve
from arena.models import Bout


@pytest.fixture
def fought(due_bout):
    """The GladiatorQuest bout Brutus (owner's) and Nox (rival's) fought by tactics, seed 7."""
    bout_resolve(bout_id=due_bout.pk)
    due_bout.refresh_from_db()
    assert due_bout.status == Bout.Status.RESOLVED
    return due_bout
