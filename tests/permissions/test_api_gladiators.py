"""The gladiator API (characters/api.py) does what it says: the sheet, the ledger, the shop,
level-ups, tactics, retirement and the GM's adjustments; bad input is a 400 naming the field
and changes nothing; standings, graveyard and the bout list filter as documented."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from arena.bouts.services import bout_cancel, bout_resolve, bout_schedule
from arena.models import Bout
from characters.models import Gladiator
from characters.services import gladiator_advance, gladiator_create, gladiator_retire
from characters.shop import item_buy, item_unequip

from .helpers import snapshot

pytestmark = pytest.mark.django_db


def at(name: str, gladiator: Gladiator) -> str:
    return reverse(name, args=[gladiator.campaign.slug, gladiator.pk])


@pytest.fixture
def armed(brutus, owner, stake) -> Gladiator:
    """Brutus with 1000 gold, 20 xp, his broadsword carried and a helmet in the pack."""
    stake(brutus, gold=1000, xp=20)
    item_unequip(holding=item_buy(gladiator=brutus, item="helmet", by=owner), by=owner)
    brutus.refresh_from_db()
    return brutus


def holding(gladiator: Gladiator, item: str) -> int:
    return gladiator.holdings.get(item=item).pk


def items(sheet: dict) -> dict[str, bool]:
    return {h["item"]: h["equipped"] for h in sheet["holdings"]}


# --- create and read -----------------------------------------------------------------------


def test_a_member_creates_a_gladiator_with_tactics(campaign, rival, api_as):
    tactics = {"approach": "keep_distance", "attack": "jab"}
    response = api_as(rival).post(
        reverse("api-gladiators", args=[campaign.slug]),
        {"name": "Spartacus", "kind": "dwarf", "tactics": tactics},
        format="json",
    )
    assert response.status_code == 201, response.json()
    sheet = response.json()
    assert (sheet["name"], sheet["kind"], sheet["owner"]) == ("Spartacus", "dwarf", "rival")
    assert (sheet["status"], sheet["level"], sheet["gold"], sheet["xp"]) == ("active", 1, 0, 0)
    assert sheet["tactics"] == tactics
    assert items(sheet) == {"shortsword": True}  # the dwarf's starting kit, carried
    assert Gladiator.objects.get(pk=sheet["id"]).tactics == tactics


def test_the_sheet_shows_bonuses_holdings_and_record(due_bout, brutus, owner, rival, stake, api_as):
    stake(brutus, xp=2)
    gladiator_advance(gladiator=brutus, key="mind", by=owner)
    bout_resolve(bout_id=due_bout.pk)  # seed 7: Brutus falls to Nox
    brutus.refresh_from_db()

    sheet = api_as(rival).get(at("api-gladiator", brutus)).json()

    assert sheet["level"] == 2
    assert sheet["build"] == {"bonuses": {"mind": 1}}
    assert items(sheet) == {"broadsword": True}
    record = ("bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted")
    assert {k: sheet[k] for k in record} == {k: getattr(brutus, k) for k in record}
    assert (sheet["bouts_fought"], sheet["wins"], sheet["defeats"]) == (1, 0, 1)
    assert (sheet["status"], sheet["died_in"]) == ("dead", due_bout.pk)
    assert sheet["killed_by"] and sheet["ended_at"]


def test_the_ledger_lists_lines_newest_first_and_balances(armed, owner, api_as):
    gladiator_advance(gladiator=armed, key="attack", by=owner)  # -2 xp
    item_buy(gladiator=armed, item="dagger", by=owner)  # -25 gold
    armed.refresh_from_db()

    body = api_as(owner).get(at("api-gladiator-ledger", armed)).json()
    lines = body["results"]

    assert body["count"] == len(lines) == 5
    assert [line["id"] for line in lines] == sorted((line["id"] for line in lines), reverse=True)
    assert [(line["cause"], line["currency"], line["amount"]) for line in lines] == [
        ("purchase", "gold", -25),
        ("level_up", "xp", -2),
        ("purchase", "gold", -125),
        ("adjustment", "xp", 20),
        ("adjustment", "gold", 1000),
    ]
    for currency in ("gold", "xp"):
        running = 0
        for line in reversed([x for x in lines if x["currency"] == currency]):
            running += line["amount"]
            assert line["balance"] == running
        assert running == getattr(armed, currency)


# --- the happy paths return the new sheet --------------------------------------------------


@dataclass(frozen=True)
class Action:
    name: str
    method: str
    url: str
    payload: Callable[[Gladiator], Any]
    status: int
    check: Callable[[dict], bool]

    def __str__(self) -> str:
        return self.name


# fmt: off
ACTIONS = [
    Action("buy", "post", "api-gladiator-buy", lambda g: {"item": "dagger"}, 201,
           lambda s: s["gold"] == 850 and "dagger" in items(s)),  # 875 - 25
    Action("sell", "post", "api-gladiator-sell", lambda g: {"holding": holding(g, "helmet")}, 200,
           lambda s: s["gold"] == 937 and "helmet" not in items(s)),  # 875 + half of 125
    Action("equip", "post", "api-gladiator-equip",
           lambda g: {"holding": holding(g, "helmet"), "equipped": True}, 200,
           lambda s: items(s)["helmet"] is True),
    Action("unequip", "post", "api-gladiator-equip",
           lambda g: {"holding": holding(g, "broadsword"), "equipped": False}, 200,
           lambda s: items(s)["broadsword"] is False),
    Action("level-up", "post", "api-gladiator-advance", lambda g: {"advance": "body"}, 200,
           lambda s: (s["level"], s["xp"], s["build"]["bonuses"]["body"]) == (2, 18, 1)),
    Action("tactics", "put", "api-gladiator-tactics",
           lambda g: {"tactics": {"target": "weakest"}}, 200,
           lambda s: s["tactics"] == {"target": "weakest"}),
    Action("retire", "post", "api-gladiator-retire", lambda g: {}, 200,
           lambda s: s["status"] == "retired" and s["ended_at"] is not None),
]
# fmt: on


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_an_action_returns_the_new_sheet(action, armed, owner, api_as):
    response = getattr(api_as(owner), action.method)(
        at(action.url, armed), action.payload(armed), format="json"
    )
    assert response.status_code == action.status, response.json()
    sheet = response.json()
    assert sheet["id"] == armed.pk and {"build", "holdings", "tactics"} <= sheet.keys()
    assert action.check(sheet), sheet
    assert api_as(owner).get(at("api-gladiator", armed)).json() == sheet  # it was stored


def test_a_gm_adjustment_returns_the_ledger_line_with_the_new_balance(armed, gm, api_as):
    """AdjustApi answers with the ledger line it wrote (its schema says LedgerLineOut)."""
    response = api_as(gm).post(
        at("api-gladiator-adjust", armed),
        {"currency": "gold", "amount": -100, "reason": "broke a statue"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    line = response.json()
    assert (line["currency"], line["amount"], line["balance"]) == ("gold", -100, 775)
    assert (line["cause"], line["note"], line["actor"]) == ("adjustment", "broke a statue", "gm")
    armed.refresh_from_db()
    assert armed.gold == 775


# --- bad input: 400, the field named, nothing changed --------------------------------------


@dataclass(frozen=True)
class Bad:
    name: str
    url: str
    payload: Callable[[Gladiator, Gladiator], Any]
    field: str
    method: str = "post"
    who: str = "owner"

    def __str__(self) -> str:
        return self.name


# fmt: off
BAD = [
    Bad("buy an unknown item", "api-gladiator-buy", lambda g, o: {"item": "lightsaber"}, "item"),
    Bad("buy with no item", "api-gladiator-buy", lambda g, o: {}, "item"),
    Bad("buy what is not for sale", "api-gladiator-buy", lambda g, o: {"item": "touch"}, "item"),
    Bad("buy an item of the wrong type", "api-gladiator-buy", lambda g, o: {"item": 7}, "item"),
    Bad("level up an unknown stat", "api-gladiator-advance", lambda g, o: {"advance": "luck"},
        "advance"),
    Bad("level up with no stat", "api-gladiator-advance", lambda g, o: {}, "advance"),
    Bad("tactics with an unknown value", "api-gladiator-tactics",
        lambda g, o: {"tactics": {"approach": "charge"}}, "tactics", "put"),
    Bad("tactics with an unknown name", "api-gladiator-tactics",
        lambda g, o: {"tactics": {"bravado": "high"}}, "tactics", "put"),
    Bad("tactics that are not named settings", "api-gladiator-tactics",
        lambda g, o: {"tactics": "aggressive"}, "tactics", "put"),
    Bad("tactics with a null value", "api-gladiator-tactics",
        lambda g, o: {"tactics": {"approach": None}}, "tactics", "put"),
    Bad("sell a holding of another gladiator", "api-gladiator-sell",
        lambda g, o: {"holding": holding(o, "dagger")}, "holding"),
    Bad("sell a holding id that is not a number", "api-gladiator-sell",
        lambda g, o: {"holding": "the helmet"}, "holding"),
    Bad("equip a holding of another gladiator", "api-gladiator-equip",
        lambda g, o: {"holding": holding(o, "dagger"), "equipped": True}, "holding"),
    Bad("equip with a non-boolean", "api-gladiator-equip",
        lambda g, o: {"holding": holding(g, "helmet"), "equipped": "maybe"}, "equipped"),
    Bad("adjust without a reason", "api-gladiator-adjust",
        lambda g, o: {"currency": "gold", "amount": 5}, "reason", who="gm"),
    Bad("adjust with a blank reason", "api-gladiator-adjust",
        lambda g, o: {"currency": "gold", "amount": 5, "reason": "   "}, "reason", who="gm"),
    Bad("adjust by zero", "api-gladiator-adjust",
        lambda g, o: {"currency": "gold", "amount": 0, "reason": "nothing"}, "amount", who="gm"),
    Bad("adjust by a fraction", "api-gladiator-adjust",
        lambda g, o: {"currency": "gold", "amount": 2.5, "reason": "half"}, "amount", who="gm"),
    Bad("adjust by words", "api-gladiator-adjust",
        lambda g, o: {"currency": "gold", "amount": "lots", "reason": "x"}, "amount", who="gm"),
    Bad("adjust an unknown currency", "api-gladiator-adjust",
        lambda g, o: {"currency": "denarii", "amount": 5, "reason": "x"}, "currency", who="gm"),
    Bad("adjust xp below zero", "api-gladiator-adjust",
        lambda g, o: {"currency": "xp", "amount": -21, "reason": "x"}, "xp", who="gm"),
    Bad("adjust gold below zero", "api-gladiator-adjust",
        lambda g, o: {"currency": "gold", "amount": -876, "reason": "x"}, "gold", who="gm"),
    Bad("a list instead of an object", "api-gladiator-buy", lambda g, o: ["dagger"],
        "non_field_errors"),
]
# fmt: on


@pytest.mark.parametrize("bad", BAD, ids=str)
def test_bad_input_is_400_naming_the_field_and_changes_nothing(bad, armed, nox, request, api_as):
    """Nox, the rival's wizard, carries his starting dagger: another gladiator's holding."""
    before = snapshot(armed.campaign)
    client = api_as(request.getfixturevalue(bad.who))
    response = getattr(client, bad.method)(
        at(bad.url, armed), bad.payload(armed, nox), format="json"
    )
    assert response.status_code == 400, response.content
    assert bad.field in response.json(), response.json()
    assert snapshot(armed.campaign) == before


@pytest.mark.parametrize(
    ("url", "method"),
    [
        ("api-gladiator-buy", "post"),
        ("api-gladiator-tactics", "put"),
        ("api-gladiator-adjust", "post"),
    ],
)
def test_malformed_json_is_400_and_changes_nothing(url, method, armed, gm, api_as):
    before = snapshot(armed.campaign)
    response = getattr(api_as(gm), method)(
        at(url, armed), '{"item": "dagger",', content_type="application/json"
    )
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]
    assert snapshot(armed.campaign) == before


def test_creating_with_an_unknown_kind_or_a_taken_name_is_400(campaign, brutus, owner, api_as):
    url = reverse("api-gladiators", args=[campaign.slug])
    before = snapshot(campaign)
    for body, field in [
        ({"name": "Crixus", "kind": "dragon"}, "kind"),
        ({"name": "Brutus", "kind": "elf"}, "name"),
        ({"name": "Crixus", "kind": "elf", "tactics": {"approach": "charge"}}, "tactics"),
        ({"name": "", "kind": "elf"}, "name"),
    ]:
        response = api_as(owner).post(url, body, format="json")
        assert response.status_code == 400, body
        assert field in response.json(), (body, response.json())
    assert snapshot(campaign) == before


# --- standings, graveyard, bouts -----------------------------------------------------------


@pytest.fixture
def stable_of_three(campaign, gm, brutus, nox, stake) -> Gladiator:
    """Brutus (500 gold), Nox (100 gold) and the GM's Crixus, retired."""
    stake(brutus, gold=500)
    stake(nox, gold=100)
    crixus = gladiator_create(campaign=campaign, by=gm, name="Crixus", kind="elf")
    return gladiator_retire(gladiator=crixus, by=gm)


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["name"] for row in response.json()["results"]]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"sort": "gold"}, ["Brutus", "Nox", "Crixus"]),
        ({"sort": "name"}, ["Brutus", "Crixus", "Nox"]),
        ({"status": "retired"}, ["Crixus"]),
        ({"status": "active", "sort": "name"}, ["Brutus", "Nox"]),
        ({"owner": "rival"}, ["Nox"]),
    ],
)
def test_standings_sort_and_filter(query, expected, stable_of_three, campaign, rival, api_as):
    url = reverse("api-standings", args=[campaign.slug])
    assert names(api_as(rival).get(url, query)) == expected


def test_standings_refuse_an_unknown_sort(campaign, rival, api_as):
    response = api_as(rival).get(reverse("api-standings", args=[campaign.slug]), {"sort": "luck"})
    assert response.status_code == 400
    assert "gold" in response.json()["sort"][0]


def test_the_graveyard_lists_only_the_dead(due_bout, campaign, gm, rival, api_as):
    """Seed 7 kills Brutus; Nox survives; the GM's Crixus retires: only Brutus lies here."""
    crixus = gladiator_create(campaign=campaign, by=gm, name="Crixus", kind="elf")
    gladiator_retire(gladiator=crixus, by=gm)
    bout_resolve(bout_id=due_bout.pk)
    dead = api_as(rival).get(reverse("api-graveyard", args=[campaign.slug]))
    assert names(dead) == ["Brutus"]
    assert dead.json()["results"][0]["died_in"] == due_bout.pk


@pytest.fixture
def three_bouts(campaign, gm, owner, due_bout, nox) -> dict[str, Bout]:
    """Brutus vs Nox fought today (Brutus dies); the owner's Spartacus vs the GM's Crixus in
    3 days; Nox vs Crixus in 10 days, cancelled."""
    bout_resolve(bout_id=due_bout.pk)
    crixus = gladiator_create(campaign=campaign, by=gm, name="Crixus", kind="elf")
    spartacus = gladiator_create(campaign=campaign, by=owner, name="Spartacus", kind="dwarf")
    soon = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[spartacus, crixus],
        scheduled_at=timezone.now() + timedelta(days=3),
    )
    later = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[nox, crixus],
        scheduled_at=timezone.now() + timedelta(days=10),
    )
    bout_cancel(bout=later, by=gm)
    return {"fought": due_bout, "soon": soon, "later": later}


def day(days: int) -> str:
    return (timezone.now() + timedelta(days=days)).date().isoformat()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({}, ["later", "soon", "fought"]),
        ({"gladiator": "NOX"}, ["later", "fought"]),
        ({"player": "owner"}, ["soon", "fought"]),
        ({"outcome": "scheduled"}, ["soon"]),
        ({"outcome": "cancelled"}, ["later"]),
        ({"outcome": "resolved"}, ["fought"]),
        ({"outcome": "killed"}, ["fought"]),
        ({"since": day(1)}, ["later", "soon"]),
        ({"until": day(0)}, ["fought"]),
        ({"since": day(2), "until": day(4)}, ["soon"]),
        ({"player": "rival", "outcome": "cancelled"}, ["later"]),
    ],
)
def test_the_bout_list_filters(query, expected, three_bouts, nox, campaign, owner, api_as):
    query = {k: (nox.pk if v == "NOX" else v) for k, v in query.items()}
    response = api_as(owner).get(reverse("api-bouts", args=[campaign.slug]), query)
    assert response.status_code == 200, response.content
    by_id = {b.pk: name for name, b in three_bouts.items()}
    assert [by_id[b["id"]] for b in response.json()["results"]] == expected


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"since": "yesterday"}, "since"),
        ({"until": "2030-13-01"}, "until"),
        ({"outcome": "won"}, "outcome"),
        ({"gladiator": "999999"}, "gladiator"),
    ],
)
def test_a_bad_bout_filter_is_400_naming_it(query, field, campaign, owner, api_as):
    response = api_as(owner).get(reverse("api-bouts", args=[campaign.slug]), query)
    assert response.status_code == 400
    assert field in response.json()


# --- the schema ----------------------------------------------------------------------------

TESTED = [
    ("api-gladiators", "get"),
    ("api-gladiators", "post"),
    ("api-gladiator", "get"),
    ("api-gladiator-ledger", "get"),
    ("api-gladiator-buy", "post"),
    ("api-gladiator-sell", "post"),
    ("api-gladiator-equip", "post"),
    ("api-gladiator-advance", "post"),
    ("api-gladiator-tactics", "put"),
    ("api-gladiator-retire", "post"),
    ("api-gladiator-adjust", "post"),
    ("api-standings", "get"),
    ("api-graveyard", "get"),
    ("api-armoury", "get"),
    ("api-bouts", "get"),
    ("api-bouts", "post"),
    ("api-bout", "get"),
    ("api-bout-cancel", "post"),
    ("api-campaigns", "get"),
    ("api-campaigns", "post"),
    ("api-campaign", "get"),
    ("api-campaign-join", "post"),
    ("api-audit", "get"),
]


def template(url_name: str) -> str:
    """The route with its parameters blanked: /api/campaigns/{}/gladiators/{}/buy/."""
    for args in (["SLUG", 424242], ["SLUG"], []):
        try:
            url = reverse(url_name, args=args)
        except NoReverseMatch:
            continue
        return url.replace("SLUG", "{}").replace("424242", "{}")
    raise AssertionError(f"no route {url_name}")


def test_the_openapi_schema_lists_every_endpoint_tested(client):
    response = client.get(reverse("api-schema"), {"format": "json"})
    assert response.status_code == 200
    paths = {
        re.sub(r"\{[^}]+\}", "{}", path): set(methods)
        for path, methods in response.json()["paths"].items()
    }
    missing = [
        (name, method) for name, method in TESTED if method not in paths.get(template(name), set())
    ]
    assert not missing, missing
