"""Bounds on what a request may carry and on what a list may return, on every endpoint the API
schema lists; and one parser for every id and number a view reads by hand."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator

from arena.play.services import bout_open
from arena.seasons.divisions import division_create
from arena.tournaments.services import tournament_create
from campaign.lore.services import note_create
from campaign.models import Campaign
from campaign.shared.api_parsers import MAX_JSON_DEPTH, json_too_deep
from campaign.shared.inputs import MAX_ID, parse_id, parse_int
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.conftest import due_bout_of, first_blood, forum_arena, ludus_magnus
from tests.module_data import make_users, module_data, user
from tests.packs.conftest import two_seat_draft

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
OPERATIONS = [
    (method.upper(), path, op)
    for path, methods in SCHEMA["paths"].items()
    for method, op in methods.items()
    if method in {"get", "post", "put", "patch", "delete"}
]
WITH_BODY = [(m, p) for m, p, op in OPERATIONS if "requestBody" in op]
LISTS = [
    (m, p)
    for m, p, op in OPERATIONS
    if m == "GET"
    and "Paginated" in json.dumps(op.get("responses", {}).get("200", {}).get("content", {}))
]


TURN_BY_TURN = (
    "/entries/", "/start/", "/force/", "/finish/", "/orders/", "/turns/", "/open/",
    "/extend/", "/pause/", "/resume/",
)  # fmt: skip


def concrete(path: str, world: dict[str, object]) -> str:
    """The path with real values: the bout endpoints get a bout's id, a knockout's a knockout's,
    a gladiator's the hero's, play-by-web ones the running bout of the Gladiator Arena
    campaign, draft and sealed ones the draft of the Gladiator 101 campaign, and a campaign
    note's a note of the campaign, a division's a division of it."""
    values = dict(world)
    if any(part in path for part in TURN_BY_TURN):
        values.update(slug=world["arena"], id=world["running"])
    elif "/packs/" in path:
        values.update(slug=world["schola"], id=world["draft"])
    elif "/bouts/{id}" in path:
        values["id"] = world["bout"]
    elif "/tournaments/{id}" in path:
        values["id"] = world["tournament"]
    elif "/lore/{id}" in path:
        values["id"] = world["note"]
    elif "/divisions/{id}" in path:
        values["id"] = world["division"]
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), path)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[dict[str, object]]:
    """A row behind every path parameter, built once for the module's 500-odd cases
    (tests/module_data.py): the personas, tests/conftest.py's `campaign` with its `due_bout`,
    `running` in the Gladiator Arena campaign, a knockout, a note, a division, and a Gladiator
    101 draft."""
    with module_data(django_db_blocker):
        users = make_users("gm", "owner", "rival")
        gm, owner, rival = (user(pk) for pk in users.values())
        campaign = ludus_magnus(gm, owner, rival)
        brutus = gladiator_create(campaign=campaign, by=owner, name="Brutus", kind="barbarian")
        nox = gladiator_create(campaign=campaign, by=rival, name="Nox", kind="wizard")
        due_bout = due_bout_of(campaign, gm, brutus, nox)
        arena = forum_arena(gm, owner, rival)
        kaunisto = gladiator_create(campaign=arena, by=owner, name="Kaunisto", kind="human")
        justbec = gladiator_create(campaign=arena, by=rival, name="Justbec", kind="dwarf")
        running, mine, _ = first_blood(arena, gm, owner, rival, kaunisto, justbec)
        others = [
            gladiator_create(campaign=campaign, by=player, name=name, kind="dwarf")
            for player, name in ((owner, "Crixus"), (rival, "Varro"))
        ]
        knockout = tournament_create(
            campaign=campaign,
            by=gm,
            gladiators=[brutus, nox, *others],
            starts_at=timezone.now() + timedelta(days=2),
        )
        draft = two_seat_draft(gm=gm, owner=owner, rival=rival)
        note = note_create(campaign=campaign, by=gm, title="The games begin")
        division = division_create(campaign=campaign, by=gm, name="Division I")
        yield {
            "slug": campaign.slug, "id": brutus.pk, "bout": due_bout.pk, "arena": arena.slug,
            "running": running.pk, "entrant_pk": mine.pk, "turn": 1, "tournament": knockout.pk,
            "schola": draft.campaign.slug, "draft": draft.pk, "note": note.pk,
            "division": division.pk, "users": users, "kaunisto": kaunisto.pk,
        }  # fmt: skip


@pytest.fixture
def gm(world):
    return user(world["users"]["gm"])


@pytest.fixture
def owner(world):
    return user(world["users"]["owner"])


@pytest.fixture
def campaign(world) -> Campaign:
    return Campaign.objects.get(slug=world["slug"])


@pytest.fixture
def arena_campaign(world) -> Campaign:
    return Campaign.objects.get(slug=world["arena"])


@pytest.fixture
def kaunisto(world) -> Gladiator:
    return Gladiator.objects.get(pk=world["kaunisto"])


def test_the_schema_lists_the_endpoints_this_file_covers():
    assert len(WITH_BODY) >= 16 and len(LISTS) >= 9, (len(WITH_BODY), len(LISTS))


@pytest.mark.parametrize(("method", "path"), WITH_BODY, ids=" ".join)
@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, 413, "over 64 KiB"),
        ("[" * 30_000 + "]" * 30_000, 400, "nested more than"),
        ('{"a":' * 50 + "1" + "}" * 50, 400, "nested more than"),
        ('"' + "x" * (70 * 1024) + '"', 413, "over 64 KiB"),
        ('{"name": "\\u0000"}', 400, "NUL character"),
        ('{"name": "\\ud800"}', 400, "lone surrogate"),
        ('{"name": NaN}', 400, "JSON parse error"),
        (b"\xff\xfe{}", 400, "UTF-8"),
    ],
    ids=[
        "100,000 deep",
        "30,000 deep",
        "50 deep",
        "70 KiB",
        "NUL",
        "surrogate",
        "NaN",
        "not UTF-8",
    ],
)
def test_every_json_body_is_bounded(method, path, body, status, words, world, gm, owner, api_as):
    who = owner if "/orders/" in path else gm  # orders are their owner's only
    response = getattr(api_as(who), method.lower())(
        concrete(path, world), body, content_type="application/json"
    )
    assert response.status_code == status, response.content[:300]
    assert words in response.json()["detail"]


@pytest.mark.parametrize(("method", "path"), WITH_BODY, ids=" ".join)
def test_every_json_endpoint_refuses_other_content_types_in_words(
    method, path, world, gm, owner, api_as
):
    who = owner if "/orders/" in path else gm
    response = getattr(api_as(who), method.lower())(
        concrete(path, world), "name=x", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 415
    assert "Unsupported media type" in response.json()["detail"]


@pytest.mark.parametrize(("method", "path"), LISTS, ids=" ".join)
def test_every_api_list_is_a_bounded_page(method, path, world, gm, api_as):
    client = api_as(gm)
    body = client.get(concrete(path, world), {"page_size": 10**9}).json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert len(body["results"]) <= 200
    for page in ("0", "-1", "²", str(2**63), "x"):
        response = client.get(concrete(path, world), {"page": page})
        assert response.status_code == 404 and "Invalid page" in response.json()["detail"]


def test_the_depth_check_skips_brackets_inside_strings():
    assert not json_too_deep('{"a": "' + "[" * 1000 + '"}')
    assert json_too_deep("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    assert not json_too_deep("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)


def test_a_form_body_over_the_limit_is_refused_in_words(client_as, campaign, gm):
    huge = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = client_as(gm).post(reverse("campaign-new"), {"name": huge, "ruleset": "x"})
    assert response.status_code == 413
    assert b"The request body is over 64 KiB; send less." in response.content


@pytest.mark.parametrize(
    "value", ["²", "①", "٣", "１", "1.0", "1e3", "0x10", " ", "", "-0", True, None, 2**63]
)
def test_an_id_is_ascii_digits_within_bigint_or_nothing(value):
    assert parse_id(value) is None


@pytest.mark.parametrize(("value", "number"), [("7", 7), (" 42 ", 42), (MAX_ID, MAX_ID), (3, 3)])
def test_an_id_in_ascii_digits_is_read(value, number):
    assert parse_id(value) == number


def test_whole_numbers_are_bounded_to_postgres_integer_by_default():
    assert parse_int(str(2**31 - 1)) == 2**31 - 1
    assert parse_int(str(2**31)) is None
    assert parse_int("-5") == -5
    assert parse_int("+5") == 5


@pytest.mark.parametrize("gladiator", ["²", "①", "٣", "-1", str(2**63), "1 OR 1=1"])
def test_entering_a_bout_with_unicode_digits_is_refused_in_words(
    gladiator, arena_campaign, gm, owner, kaunisto, client_as
):
    """The issue's example: bout-enter with gladiator=² was a 500 (str.isdigit said yes)."""
    bout = bout_open(campaign=arena_campaign, by=gm, title="Open")
    response = client_as(owner).post(
        reverse("bout-enter", args=[arena_campaign.slug, bout.pk]), {"gladiator": gladiator}
    )
    assert response.status_code == 400
    assert b"Choose one of your gladiators." in response.content
    assert not bout.entrants.exists()


INTERFACES = [
    *ROOT.glob("*/views.py"), *ROOT.glob("*/play_views.py"), *ROOT.glob("*/api.py"),
    *ROOT.glob("*/play_api.py"), *ROOT.glob("*/forms.py"), *ROOT.glob("*/admin.py"),
    *ROOT.glob("*/selectors.py"), *ROOT.glob("arena/whatif/*.py"),
]  # fmt: skip


@pytest.mark.parametrize("source", INTERFACES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_interface_parses_numbers_by_hand(source):
    """Every id and number a view, API, form or selector reads goes through campaign.shared.inputs
    (parse_id, parse_int and the fields built on them): `str.isdigit()` accepts "²" and
    `int()` accepts "٣", so neither may read input."""
    code = source.read_text()
    assert ".isdigit(" not in code
    assert not re.search(r"(?<![\w.])int\(", code), "int( in " + source.name
