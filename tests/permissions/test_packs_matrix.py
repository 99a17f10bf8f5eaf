"""The permission matrix of draft and sealed events, pages and API: opening one and moving a
draft on are the GM's alone; a pick is the gladiator's owner's alone (not the GM's: the pick is
the player's choice); reading is for whoever may see the campaign. Each runs for every persona
of test_matrix.py in a private and a public campaign: the allowed see it happen, the refused
get the right refusal and change nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse

from campaign.models import Campaign
from characters.models import Gladiator, PackEvent, PackPick
from characters.pack_events import pack_event_create
from characters.pack_selectors import pack_event_seats
from characters.services import gladiator_create
from tests.conftest import campaign_with
from tests.packs.conftest import equip_with_packs

from .test_matrix import (
    BOTH,
    EVERYONE,
    GM_ONLY,
    MEMBERS,
    OWNER,
    PERSONAS,
    PRIVATE,
    assert_refused_as,
    expected,
)

pytestmark = pytest.mark.django_db


@dataclass
class PacksWorld:
    campaign: Campaign
    hero: Gladiator  # the owner's, seated first, a booster pack left
    foe: Gladiator  # the rival's, seated second, a booster pack left
    draft: PackEvent  # at pick 1, nobody has picked
    card: str  # a card of the hero's hand


@pytest.fixture
def packs_world(request, gm, owner, rival) -> PacksWorld:
    campaign = campaign_with(
        gm, (owner, rival), name="Schola of Nola", ruleset="gladiator-101", visibility=request.param
    )
    hero, foe = (
        equip_with_packs(gladiator_create(campaign=campaign, by=p, name=n, kind="gladiator"), gm=gm)
        for p, n in ((owner, "Attius"), (rival, "Bassus"))
    )
    draft = pack_event_create(campaign=campaign, by=gm, kind="draft", gladiators=[hero, foe])
    (mine,) = [s for s in pack_event_seats(event=draft, user=owner) if s.mine]
    return PacksWorld(campaign, hero, foe, draft, mine.hand[0].slug)


def state(w: PacksWorld) -> dict[str, Any]:
    return {
        "events": PackEvent.objects.filter(campaign=w.campaign).count(),
        "picks": sorted(PackPick.objects.values_list("seat__gladiator__name", "pick", "card")),
        "pick": PackEvent.objects.get(pk=w.draft.pk).pick,
        "packs": [g.holdings.count() for g in (w.hero, w.foe)],
    }


@dataclass(frozen=True)
class Write:
    name: str
    url: Callable[[PacksWorld], str]
    payload: Callable[[PacksWorld], dict[str, Any]]
    may: frozenset[str]
    effect: Callable[[dict, dict], bool]
    ok: int
    api: bool = True

    def __str__(self) -> str:
        return self.name


def at(name: str, *, event: bool = True) -> Callable[[PacksWorld], str]:
    def url(w: PacksWorld) -> str:
        return reverse(name, args=[w.campaign.slug, *([w.draft.pk] if event else [])])

    return url


def opened(b: dict, a: dict) -> bool:
    return a["events"] == b["events"] + 1 and a["packs"] == [p - 1 for p in b["packs"]]


def picked(b: dict, a: dict) -> bool:
    return len(a["picks"]) == 1 and a["picks"][0][0] == "Attius"


def moved_on(b: dict, a: dict) -> bool:
    return a["pick"] == 1 and len(a["picks"]) == 2


def new_event(w: PacksWorld) -> dict[str, Any]:
    return {"kind": "draft", "gladiators": [w.hero.pk, w.foe.pk]}


# fmt: off
WRITES = [
    Write("api pack event", at("api-packs", event=False), new_event, GM_ONLY, opened, 201),
    Write("api pack pick", at("api-pack-pick"),
          lambda w: {"gladiator": w.hero.pk, "pick": 1, "card": w.card}, frozenset({OWNER}),
          picked, 200),
    Write("api pack move-on", at("api-pack-move-on"), lambda w: {}, GM_ONLY, moved_on, 200),
    Write("page pack event", at("pack-event-new", event=False), new_event, GM_ONLY, opened, 302,
          api=False),
    Write("page pack pick", at("pack-pick"),
          lambda w: {"gladiator": w.hero.pk, "pick": 0, "card": w.card}, frozenset({OWNER}),
          picked, 302, api=False),
    Write("page pack move-on", at("pack-move-on"), lambda w: {}, GM_ONLY, moved_on, 302,
          api=False),
]
# fmt: on


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("packs_world", BOTH, indirect=True)
@pytest.mark.parametrize("case", WRITES, ids=str)
def test_who_may_open_pick_and_move_on(case, who, packs_world, personas, api_as, client_as):
    w = packs_world
    outcome = expected(case.may, who, w.campaign.visibility)
    before = state(w)

    if case.api:
        response = api_as(personas[who]).post(case.url(w), case.payload(w), format="json")
    else:
        response = client_as(personas[who]).post(case.url(w), case.payload(w))

    after = state(w)
    if outcome == "ok":
        assert response.status_code == case.ok, response.content[:500]
        assert case.effect(before, after), f"{case} by {who} did not take effect"
    else:
        assert_refused_as(response, outcome, api=case.api, world=w)
        assert after == before, f"{case} was refused to {who} but something changed"


# fmt: off
READS = [
    ("api packs", at("api-packs", event=False), True),
    ("api pack", at("api-pack"), True),
    ("page pack events", at("pack-events", event=False), False),
    ("page pack event", at("pack-event"), False),
]
# fmt: on


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("packs_world", BOTH, indirect=True)
@pytest.mark.parametrize(("name", "url", "api"), READS, ids=[r[0] for r in READS])
def test_who_may_read_the_events(name, url, api, who, packs_world, personas, api_as, client_as):
    w = packs_world
    may = MEMBERS if w.campaign.visibility == PRIVATE else EVERYONE
    outcome = expected(may, who, w.campaign.visibility, login=False)
    response = (api_as if api else client_as)(personas[who]).get(url(w))
    if outcome == "ok":
        assert response.status_code == 200
    else:
        assert_refused_as(response, outcome, api=api, world=w)
