"""No secret reaches a chronicle: the demo loader publishes one for every demo campaign (bouts
by web mid-turn with sealed orders, tactics on every sheet, private and held press), and its
text holds no order, salt, receipt, tactics, seed of a bout not decided, private message or
held post."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from arena.bouts.selectors import UNDECIDED
from arena.chronicle.models import Chronicle
from arena.models import Bout, TurnOrder
from campaign.models import Campaign
from campaign.press.models import Post
from characters.models import Gladiator

pytestmark = pytest.mark.django_db


def _secret_texts(campaign: Campaign) -> set[str]:
    secrets = set()
    for order in TurnOrder.objects.filter(bout__campaign=campaign):
        if order.salt:
            secrets |= {order.salt, order.receipt}
        if order.bout.status in UNDECIDED:
            secrets.add(json.dumps(order.order, sort_keys=True))
    for bout in Bout.objects.filter(campaign=campaign, status__in=UNDECIDED):
        secrets.add(str(bout.seed))
    for g in Gladiator.objects.filter(campaign=campaign).exclude(tactics={}):
        secrets.add(json.dumps(g.tactics, sort_keys=True))
    for post in Post.objects.filter(campaign=campaign, recipient__isnull=False):
        secrets.add(post.text)
    for post in Post.objects.filter(campaign=campaign, published_at__isnull=True):
        secrets.add(post.text)
    return {s for s in secrets if len(s) >= 6}


def test_no_demo_campaigns_chronicle_holds_a_secret():
    call_command("demo_load", stdout=StringIO())
    campaigns = list(Campaign.objects.order_by("pk"))
    assert len(campaigns) >= 5
    for campaign in campaigns:
        (chronicle,) = Chronicle.objects.filter(campaign=campaign)
        assert chronicle.is_published
        text = chronicle.title + "\n" + chronicle.body
        if Bout.objects.filter(campaign=campaign, status=Bout.Status.RESOLVED).exists():
            assert "Results" in text, campaign.slug  # the demo's history is told
        for secret in _secret_texts(campaign):
            assert secret not in text, (campaign.slug, secret)
