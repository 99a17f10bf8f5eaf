"""Fighting a bout by the worker with a given engine input: the result is stored and paid, the
engine's refusal fails the bout, and an appeal the campaign decides by vote pauses it."""

from __future__ import annotations

import logging
from typing import Any

from arena.bouts.results import bout_fail, bout_settle
from arena.gateway import VerdictNeeded, play
from arena.mercy.services import mercy_vote_open
from arena.models import Bout

log = logging.getLogger(__name__)


def bout_fight(*, bout: Bout, engine_input: dict[str, Any]) -> Bout:
    """Run inside the transaction that holds the bout's row lock and its entrants' locks."""
    try:
        output = play(engine_input)
    except VerdictNeeded as appeal:
        return mercy_vote_open(bout=bout, engine_input=engine_input, appeal=appeal)
    except Exception as exc:  # the engine refused the bout: record why, never retry blindly
        log.exception("bout %s failed in the engine", bout.pk)
        return bout_fail(bout=bout, engine_input=engine_input, reason=str(exc) or repr(exc))
    return bout_settle(bout=bout, engine_input=engine_input, output=output)
