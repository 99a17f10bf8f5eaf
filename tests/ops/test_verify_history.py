"""manage.py verify_history: every stored bout replayed with its pinned rule set version, every
ledger summed; a deliberately altered log, a bout at a version this engine no longer plays and
a ledger out of step are each named."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from arena.engine import ruleset
from arena.models import Bout
from arena.services import bout_resolve, bout_schedule
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(campaign, gm, owner, rival, due_bout):
    """Two bouts fought by the real engine: Brutus against Nox, Spartacus against Varro."""
    other = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[
            gladiator_create(campaign=campaign, by=owner, name="Spartacus", kind="barbarian"),
            gladiator_create(campaign=campaign, by=rival, name="Varro", kind="dwarf"),
        ],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=11,
    )
    return [bout_resolve(bout_id=due_bout.pk), bout_resolve(bout_id=other.pk)]


def run() -> str:
    out = StringIO()
    call_command("verify_history", stdout=out)
    return out.getvalue()


def test_untouched_history_holds(fought):
    assert (
        run()
        .strip()
        .endswith(
            "2 bouts with a stored log, 2 replayed with their rule set version; "
            "4 gladiators' ledgers summed: all replayed hold."
        )
    )


def test_a_deliberately_altered_log_is_found_and_named(fought, campaign):
    altered, _ = fought
    log = altered.log
    assert len(log["turns"]) >= 2
    log["turns"] = log["turns"][:-1]  # the last turn taken out of the record
    Bout.objects.filter(pk=altered.pk).update(log=log)
    out = StringIO()
    with pytest.raises(CommandError, match="1 would change"):
        call_command("verify_history", stdout=out)
    assert out.getvalue().splitlines() == [
        f"bout {altered.pk} ({altered.title or 'untitled'}, campaign {campaign.slug}): "
        "The engine fights the stored input to another log."
    ]


def test_a_bout_at_a_version_the_engine_no_longer_has_is_said_in_words_not_failed(fought, campaign):
    old, _ = fought
    Bout.objects.filter(pk=old.pk).update(ruleset_version="0.1")
    now = ruleset(old.ruleset).version
    out = run()  # named, and not a failure: a version bump makes such bouts on purpose
    assert out.endswith(
        "2 bouts with a stored log, 1 replayed with their rule set version; 4 gladiators' "
        "ledgers summed; 1 bouts this engine cannot replay (above): all replayed hold.\n"
    )
    assert (
        f"bout {old.pk} ({old.title or 'untitled'}, campaign {campaign.slug}): fought with "
        f"{old.ruleset} 0.1; this engine plays {old.ruleset} {now} only, so it cannot replay "
        "it as fought."
    ) in out


def test_a_ledger_out_of_step_with_its_gladiator_is_named(fought):
    brutus = Gladiator.objects.get(name="Brutus")
    Gladiator.objects.filter(pk=brutus.pk).update(gold=brutus.gold + 5)
    out = StringIO()
    with pytest.raises(CommandError, match="1 would change"):
        call_command("verify_history", stdout=out)
    assert f"holds {brutus.gold + 5} gold; its ledger sums to {brutus.gold}." in out.getvalue()
