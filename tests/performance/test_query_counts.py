"""The busy pages make as many SQL queries for a long campaign as for a short one.

Each test renders a page on a small campaign, adds many more gladiators, bouts, entrants and
ledger lines, renders it again and expects the same number of queries: a query per row (an N+1)
would show as a difference. Rows come from the real services where that is cheap (recruits, a
handful of bouts fought by the engine) and from bulk inserts otherwise. No timing here: the
figures are bench/pages_bench.py's business.
"""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout, BoutEntrant
from characters.models import Gladiator, Holding, LedgerLine
from characters.services import gladiator_adjust, gladiator_create

pytestmark = pytest.mark.django_db

BULK_GLADIATORS = 40
BULK_BOUTS = 80  # more than three pages of fight history (25 a page)


def queries(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return [q["sql"] for q in captured.captured_queries]


def grow(*, campaign, gm, owner, rival, brutus) -> Bout:
    """Many more rows of every kind; returns a resolved four-gladiator bout."""
    now = timezone.now()
    recruits = [
        gladiator_create(campaign=campaign, by=player, name=f"Recruit {n}", kind=kind)
        for n, (player, kind) in enumerate(
            [(owner, "barbarian"), (rival, "dwarf"), (owner, "elf"), (rival, "wizard")] * 2
        )
    ]
    fought = []
    for n, group in enumerate([recruits[:4], recruits[4:6], recruits[6:8]]):
        bout = bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=group,
            scheduled_at=now - timedelta(seconds=1),
            seed=100 + n,
        )
        fought.append(bout_resolve(bout_id=bout.pk))
    four_way = fought[0]

    extras = Gladiator.objects.bulk_create(
        Gladiator(
            campaign=campaign,
            owner=(owner, rival)[n % 2],
            name=f"Bulk {n}",
            kind="orc",
            wins=n,
            gold=10 * n,
        )
        for n in range(BULK_GLADIATORS)
    )
    Holding.objects.bulk_create(Holding(gladiator=g, item="handaxe", equipped=True) for g in extras)
    Holding.objects.bulk_create(Holding(gladiator=brutus, item="helmet") for _ in range(5))
    bouts = Bout.objects.bulk_create(
        Bout(
            campaign=campaign,
            title=f"Brutus vs Bulk {n}",
            ruleset=campaign.ruleset,
            ruleset_version=four_way.ruleset_version,
            seed=n,
            scheduled_at=now - timedelta(days=n + 1),
            status=Bout.Status.RESOLVED,
            resolved_at=now - timedelta(days=n + 1),
            engine_input=copy.deepcopy(four_way.engine_input),
            log=copy.deepcopy(four_way.log),
            winner="Brutus",
            created_by=gm,
        )
        for n in range(BULK_BOUTS)
    )
    BoutEntrant.objects.bulk_create(
        entrant
        for n, bout in enumerate(bouts)
        for entrant in (
            BoutEntrant(bout=bout, gladiator=brutus, place=1, fate="survived", defeated=1),
            BoutEntrant(bout=bout, gladiator=extras[n % BULK_GLADIATORS], place=2, fate="mercy"),
        )
    )
    gold, xp, lines = brutus.gold, brutus.xp, []
    for bout in bouts:
        gold, xp = gold + 100, xp + 1
        note = f"1 defeated in {bout.title}"
        lines += [
            LedgerLine(gladiator=brutus, currency="gold", amount=100, balance=gold, cause="bout",
                       bout=bout, note=note),
            LedgerLine(gladiator=brutus, currency="xp", amount=1, balance=xp, cause="bout",
                       bout=bout, note=note),
            LedgerLine(gladiator=brutus, currency="gold", amount=-25, balance=gold - 25,
                       cause="purchase", item="dagger", note="bought Dagger", actor=owner),
            LedgerLine(gladiator=brutus, currency="gold", amount=5, balance=gold - 20,
                       cause="adjustment", note="a GM's correction", actor=gm),
        ]  # fmt: skip
        gold -= 20
    for level in range(1, 6):
        xp -= 2 * level
        lines.append(
            LedgerLine(gladiator=brutus, currency="xp", amount=-2 * level, balance=xp,
                       cause="level_up", note=f"level {level + 1}: +1 attack", actor=owner)
        )  # fmt: skip
    LedgerLine.objects.bulk_create(lines)
    Gladiator.objects.filter(pk=brutus.pk).update(gold=gold, xp=xp, level=6)
    return four_way


@pytest.fixture
def fought(due_bout):
    """The small campaign: Brutus and Nox, and the one bout they fought."""
    return bout_resolve(bout_id=due_bout.pk) or due_bout


def page_urls(campaign, brutus, bout) -> dict[str, str]:
    history = reverse("bout-history", args=[campaign.slug])
    return {
        "standings": reverse("standings", args=[campaign.slug]),
        "standings by gold": reverse("standings", args=[campaign.slug]) + "?sort=gold",
        "stable": reverse("stable", args=[campaign.slug]),
        "sheet": reverse("gladiator", args=[campaign.slug, brutus.pk]),
        "history": history,
        "history, page 3": history + "?page=3",
        "history of one gladiator": history + f"?gladiator={brutus.pk}",
        "bout": reverse("bout", args=[campaign.slug, bout.pk]),
    }


@pytest.mark.parametrize(
    "page",
    [
        "standings",
        "standings by gold",
        "stable",
        "sheet",
        "history",
        "history, page 3",
        "history of one gladiator",
        "bout",
    ],
)
@pytest.mark.parametrize("viewer", ["owner", "gm"])
def test_the_query_count_does_not_grow_with_the_campaign(
    page, viewer, client_as, campaign, gm, owner, rival, brutus, fought
):
    client = client_as({"owner": owner, "gm": gm}[viewer])
    # One line in Brutus's statement: an empty page of it costs no query at all.
    gladiator_adjust(gladiator=brutus, currency="gold", amount=5, reason="a gift", by=gm)
    before = queries(client, page_urls(campaign, brutus, fought)[page])
    four_way = grow(campaign=campaign, gm=gm, owner=owner, rival=rival, brutus=brutus)
    # The bout page is measured again on a bout with twice the entrants and its payouts.
    after = queries(client, page_urls(campaign, brutus, four_way)[page])
    assert len(after) == len(before), (
        f"{page}: {len(before)} queries for a small campaign, {len(after)} for a long one:\n"
        + "\n".join(after)
    )


def test_the_long_campaign_really_is_long(campaign, gm, owner, rival, brutus, fought):
    """The growth the tests above rely on: pages of history, a long statement, many rows."""
    grow(campaign=campaign, gm=gm, owner=owner, rival=rival, brutus=brutus)
    assert Bout.objects.filter(campaign=campaign).count() > 3 * 25
    assert brutus.entries.count() > 50
    assert brutus.ledger.count() > 100
    assert Gladiator.objects.filter(campaign=campaign).count() > BULK_GLADIATORS
    assert LedgerLine.objects.filter(actor__isnull=False).exists()
