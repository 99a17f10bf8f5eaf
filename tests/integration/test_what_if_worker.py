"""What if in production: the owner asks on the page, a real worker fights it on the
simulations queue, and the page it polls shows the diverging turn; the bout is untouched."""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout, BoutWhatIf
from arena.whatif.services import WHAT_IF_STALE, what_if_ask, what_ifs_sweep
from tests.integration.conftest import wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_fights_the_what_if_the_owner_asked(
    celery_worker_process, finished, owner, client_as
):
    bout, mine, _ = finished
    before = model_to_dict(Bout.objects.get(pk=bout.pk))
    client = client_as(owner)
    asked = client.post(
        reverse("bout-what-if", args=[bout.campaign.slug, bout.pk]),
        {"kind": "order", "entrant": mine.pk, "turn": "2", "words": "Move: C5\nStrike: C6"},
    )
    assert asked.status_code == 302
    row = BoutWhatIf.objects.get()

    def fought() -> bool:
        row.refresh_from_db()
        return row.status not in BoutWhatIf.IN_FLIGHT

    wait_until(fought, timeout=120, what="the worker to fight the what-if")
    assert row.status == BoutWhatIf.Status.DONE, row.message
    part = client.get(asked["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert ">Turn 2</a>" in part and "Kaunisto moves from D5 to C5." in part
    assert 'hx-trigger="every 2s"' not in part
    assert model_to_dict(Bout.objects.get(pk=bout.pk)) == before


def test_a_what_if_whose_message_was_lost_is_sent_again_and_fought(
    celery_worker_process, finished, owner, monkeypatch
):
    _, mine, _ = finished
    with monkeypatch.context() as lost:
        lost.setattr("arena.whatif.services.enqueue_what_if", lambda what_if_id: None)
        row = what_if_ask(
            entrant=mine, by=owner, kind="order", change={"turn": 1, "words": "Move: C4"}
        )
    BoutWhatIf.objects.filter(pk=row.pk).update(
        sent_at=timezone.now() - WHAT_IF_STALE - WHAT_IF_STALE
    )
    assert what_ifs_sweep() == 1

    def fought() -> bool:
        row.refresh_from_db()
        return row.status == BoutWhatIf.Status.DONE

    wait_until(fought, timeout=120, what="the swept what-if to be fought")
    assert row.diverged_at == 1
