"""The permission matrix of the writes only an Arena of the Elders campaign has: its GM content
(upload, delete: the GM's alone) and a bout's pick phase (a player of the team whose pick it
is, or the GM). Each runs for every persona of test_matrix.py in a private and a public
campaign: the allowed see it happen, the refused get the right refusal and change nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse

from arena.models import Bout
from arena.play.services import bout_enter, bout_open
from campaign.content import content_upload
from campaign.models import Campaign, CampaignContent
from campaign.reliability.fallback import fallback_plan_set
from campaign.reliability.models import FallbackOrders
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.conftest import campaign_with
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE

from .test_matrix import (
    ANONYMOUS,
    BOTH,
    GM,
    GM_ONLY,
    OWNER,
    PERSONAS,
    PRIVATE,
    assert_refused_as,
    expected,
)

pytestmark = pytest.mark.django_db


@dataclass
class EldersWorld:
    campaign: Campaign
    bout: Bout  # open, with picks: the owner's Ignis on Red, whose pick it is
    arena: CampaignContent  # the GM's Frozen Pond, used by nothing
    hero: Gladiator  # the owner's Pyrrhus, whose fallback orders are the owner's alone


@pytest.fixture
def elders_world(request, gm, owner, rival) -> EldersWorld:
    campaign = campaign_with(
        gm,
        (owner, rival),
        name="Elders of Nola",
        ruleset="arena-of-the-elders",
        visibility=request.param,
    )
    (arena,) = content_upload(campaign=campaign, by=gm, document={"arenas": EXAMPLE["arenas"]})
    bout = bout_open(campaign=campaign, by=gm, title="Draft", options={"picks": True})
    entered = []
    for player, name, kind, team in ((owner, "Pyrrhus", "ignis", "Red"),
                                     (rival, "Ferox", "vorn", "Blue")):  # fmt: skip
        gladiator = gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        bout_enter(bout=bout, gladiator=gladiator, by=player, team=team)
        entered.append(gladiator)
    return EldersWorld(campaign, bout, arena, entered[0])


def state(w: EldersWorld) -> dict[str, Any]:
    return {
        "content": sorted(
            CampaignContent.objects.filter(campaign=w.campaign).values_list("kind", "key")
        ),
        "picks": Bout.objects.get(pk=w.bout.pk).picks,
        "fallback": list(FallbackOrders.objects.values_list("gladiator__name", "plan")),
    }


@dataclass(frozen=True)
class Write:
    name: str
    method: str
    url: Callable[[EldersWorld], str]
    payload: dict[str, Any]
    may: frozenset[str]
    effect: Callable[[dict, dict], bool]
    ok: int

    def __str__(self) -> str:
        return self.name


RED_TURN = frozenset({GM, OWNER})  # Red picks first: its player, or the GM for it
OWNER_ONLY = frozenset({OWNER})  # a gladiator's fallback orders: not even the GM (record 0088)
AWAY = [{"if": [], "do": {"action": "keep_away", "target": "nearest"}}]

# fmt: off
WRITES = [
    Write("api content upload", "post", lambda w: reverse("api-content", args=[w.campaign.slug]),
          {"document": {"champions": EXAMPLE["champions"]}}, GM_ONLY,
          lambda b, a: ("champions", "frost-maiden") in a["content"], 201),
    Write("api content delete", "delete",
          lambda w: reverse("api-content-delete", args=[w.campaign.slug, w.arena.pk]),
          {}, GM_ONLY, lambda b, a: a["content"] == [], 204),
    Write("api bout pick", "post",
          lambda w: reverse("api-bout-picks", args=[w.campaign.slug, w.bout.pk]),
          {"champion": "mira"}, RED_TURN, lambda b, a: a["picks"] == [["Red", "mira"]], 200),
    Write("api fallback orders", "put",
          lambda w: reverse("api-gladiator-fallback", args=[w.campaign.slug, w.hero.pk]),
          {"plan": AWAY}, OWNER_ONLY, lambda b, a: a["fallback"] == [("Pyrrhus", AWAY)], 200),
]
# fmt: on


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("elders_world", BOTH, indirect=True)
@pytest.mark.parametrize("case", WRITES, ids=str)
def test_who_may_change_elders_content_and_picks(case, who, elders_world, personas, api_as):
    w = elders_world
    outcome = expected(case.may, who, w.campaign.visibility)
    before = state(w)

    response = getattr(api_as(personas[who]), case.method)(case.url(w), case.payload,
                                                           format="json")  # fmt: skip

    after = state(w)
    if outcome == "ok":
        assert response.status_code == case.ok, response.content[:500]
        assert case.effect(before, after), f"{case} by {who} did not take effect"
    else:
        if outcome == 404 or (who == ANONYMOUS and w.campaign.visibility == PRIVATE):
            assert b"Elders of Nola" not in response.content
        assert_refused_as(response, outcome, api=True, world=w_as_matrix_world(w))
        assert after == before, f"{case} was refused to {who} but something changed"


def w_as_matrix_world(w: EldersWorld):
    """What assert_refused_as reads of a world: the campaign and the names it must not leak."""

    @dataclass
    class Names:
        name: str

    @dataclass
    class Seen:
        campaign: Campaign
        hero: Names
        foe: Names

    return Seen(w.campaign, Names("Pyrrhus"), Names("Ferox"))


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("elders_world", BOTH, indirect=True)
def test_only_the_owner_reads_a_gladiators_fallback_orders(who, elders_world, personas, api_as):
    """Not the GM either: they are secret like an order (record 0088)."""
    w = elders_world
    fallback_plan_set(gladiator=w.hero, by=personas[OWNER], plan=AWAY)
    url = reverse("api-gladiator-fallback", args=[w.campaign.slug, w.hero.pk])
    response = api_as(personas[who]).get(url)
    outcome = expected(OWNER_ONLY, who, w.campaign.visibility)
    if outcome == "ok":
        assert response.status_code == 200
        assert response.json()["plan"] == AWAY
    else:
        assert b"keep_away" not in response.content
        assert_refused_as(response, outcome, api=True, world=w_as_matrix_world(w))
