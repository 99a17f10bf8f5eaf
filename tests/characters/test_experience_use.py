"""Experience is paid only where the rule text gives it a use
(docs/decisions/0011-gladiator-arena.md): Gladiator Arena has no stats to raise, so its bouts
pay none and its sheets chart no level; what was paid before stays in the ledger, said for
what it is."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from arena.services import bout_resolve, bout_schedule
from characters.ledger import ledger_post
from characters.models import Gladiator, LedgerLine

pytestmark = pytest.mark.django_db


def test_a_gladiator_arena_bout_pays_gold_for_kills_and_no_experience(
    arena_campaign, gm, owner, kaunisto, justbec, client_as
):
    bout = bout_schedule(
        campaign=arena_campaign, by=gm, gladiators=[kaunisto, justbec],
        scheduled_at=timezone.now() + timedelta(minutes=1), seed=3,
    )  # fmt: skip
    bout.scheduled_at = timezone.now() - timedelta(seconds=1)
    bout.save(update_fields=["scheduled_at"])
    bout_resolve(bout_id=bout.pk)
    lines = LedgerLine.objects.filter(bout=bout)
    assert lines.filter(currency=LedgerLine.Currency.GOLD).exists()  # a kill was paid
    assert not lines.filter(currency=LedgerLine.Currency.XP).exists()
    assert {g.xp for g in Gladiator.objects.filter(pk__in=[kaunisto.pk, justbec.pk])} == {0}
    page = client_as(owner).get(reverse("gladiator", args=[arena_campaign.slug, kaunisto.pk]))
    text = page.content.decode()
    assert "Level over time" not in text and 'id="xp"' not in text
    assert "Gold over time" in text


def test_experience_paid_before_stays_and_is_said_to_buy_nothing(
    arena_campaign, owner, kaunisto, client_as
):
    with transaction.atomic():  # as a bout paid it before the rule set stopped
        ledger_post(
            gladiator=Gladiator.objects.select_for_update().get(pk=kaunisto.pk),
            currency=LedgerLine.Currency.XP, amount=1, cause=LedgerLine.Cause.BOUT,
            note="First blood: 1 defeated",
        )  # fmt: skip
    page = client_as(owner).get(reverse("gladiator", args=[arena_campaign.slug, kaunisto.pk]))
    text = page.content.decode()
    assert "it buys nothing" in text.split('id="xp"')[1].split("</dd>")[0]


def test_a_rule_set_with_levels_still_charts_them(campaign, owner, brutus, client_as):
    page = client_as(owner).get(reverse("gladiator", args=[campaign.slug, brutus.pk]))
    text = page.content.decode()
    assert "Level over time" in text and 'id="xp"' in text
