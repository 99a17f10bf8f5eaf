"""The GM's deadline control of a running play-by-web bout (pause, resume, more time, resolve
now), by page and by API, for every persona: only the GM acts; anyone else is refused and the
bout, its pause and the audit trail stay as they were."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.urls import reverse

from arena.models import Bout
from campaign.models import AuditEntry
from campaign.reliability.deadlines import bout_pause
from campaign.reliability.models import BoutPause

from .test_matrix import ANONYMOUS, GM, LOGIN, PERSONAS, PRIVATE, expected

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Act:
    name: str
    url: str
    payload: dict
    api: bool
    paused_first: bool  # resume needs a paused bout
    done: Callable[[Bout, bool], bool]  # (the bout after, whether it is paused)

    def __str__(self) -> str:
        return self.name


def _paused(bout, paused):
    return paused and bout.turn_deadline is None


def _running(bout, paused):
    return not paused and bout.turn_deadline is not None


def _resolved(bout, paused):
    return bout.turn == 2


WHY = {"turn": 1, "reason": "Because"}
# fmt: off
ACTS = [
    Act("page pause", "bout-pause", WHY, False, False, _paused),
    Act("page resume", "bout-resume", WHY, False, True, _running),
    Act("page extend", "bout-deadline-extend", {**WHY, "hours": 2}, False, False, _running),
    Act("page force", "bout-force", WHY, False, False, _resolved),
    Act("api pause", "api-bout-pause", WHY, True, False, _paused),
    Act("api resume", "api-bout-resume", WHY, True, True, _running),
    Act("api extend", "api-bout-extend", {**WHY, "hours": 2}, True, False, _running),
    Act("api force", "api-bout-force", WHY, True, False, _resolved),
]
# fmt: on


def state(bout: Bout) -> tuple:
    bout.refresh_from_db()
    return (
        bout.turn,
        bout.turn_deadline,
        BoutPause.objects.filter(bout=bout).exists(),
        AuditEntry.objects.filter(campaign=bout.campaign).count(),
    )


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("act", ACTS, ids=str)
def test_only_the_gm_controls_a_deadline(act, who, running, gm, personas, client_as, api_as):
    bout, _, _ = running
    if act.paused_first:
        bout_pause(bout=bout, by=gm, turn=1, reason="Before")
    before = state(bout)
    client = (api_as if act.api else client_as)(personas[who])
    url = reverse(act.url, args=[bout.campaign.slug, bout.pk])
    answer = (
        client.post(url, act.payload, format="json") if act.api else client.post(url, act.payload)
    )
    outcome = expected(frozenset({GM}), who, PRIVATE)
    if outcome == "ok":
        assert answer.status_code == (200 if act.api else 302)
        bout.refresh_from_db()
        assert act.done(bout, BoutPause.objects.filter(bout=bout).exists())
        assert AuditEntry.objects.filter(campaign=bout.campaign).count() == before[3] + 1
        return
    if outcome == LOGIN and act.api:
        assert answer.status_code in {401, 403}
    elif outcome == LOGIN:
        assert answer.status_code == 302 and who == ANONYMOUS
    else:
        assert answer.status_code == outcome
    assert state(bout) == before
