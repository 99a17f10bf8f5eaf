"""A finished play-by-web bout of Gladiator Arena (no dice: every step is known) and a
GladiatorQuest bout fought by tactics from seed 7, for the what-if tests."""

from __future__ import annotations

import pytest

from arena.bouts.services import bout_resolve
from arena.models import Bout
from arena.play.services import bout_finish_by_tactics, bout_turn_resolve, order_submit

# Turn 1 as fought: Kaunisto steps D4 -> D5 and strikes D6 twice (Justbec left it: misses);
# Justbec steps to E6 and strikes E5. Tactics fight turns 2 and 3: both fall on turn 3.
KAUNISTO_TURN_1 = {"move": "D5", "strike": ["D6", "D6"]}
JUSTBEC_TURN_1 = {"move": "E6", "strike": ["E5"]}


@pytest.fixture
def finished(running, owner, rival, gm):
    """(bout, Kaunisto's entrant, Justbec's): over after 3 turns."""
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order=KAUNISTO_TURN_1)
    order_submit(entrant=theirs, by=rival, order=JUSTBEC_TURN_1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout_finish_by_tactics(bout=bout, by=gm, turn=2)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED and len(bout.log["turns"]) == 3
    mine.refresh_from_db()
    theirs.refresh_from_db()
    return bout, mine, theirs


@pytest.fixture
def fought(due_bout):
    """The GladiatorQuest bout Brutus (owner's) and Nox (rival's) fought by tactics, seed 7."""
    bout_resolve(bout_id=due_bout.pk)
    due_bout.refresh_from_db()
    assert due_bout.status == Bout.Status.RESOLVED
    return due_bout
