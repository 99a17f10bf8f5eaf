"""The whole API, fuzzed from its own schema (/api/schema/) with schemathesis.

Every operation is run as a player and as the GM, with data that fits the schema (positive) and
data that does not (negative), against a world where its path finds something: a real
campaign, gladiator, bout, entrant and resolved turn. Checks: no 5xx ever
(not_a_server_error), and every documented answer matches its documented shape
(response_schema_conformance, content_type_conformance).

Examples per operation, persona and mode: LUDUS_FUZZ_EXAMPLES (12 by default, `make fuzz` sets
many more). Hypothesis derandomizes: one fixed seed, so a run is the same on every machine.
Each case is its own test, so a destructive example (retire, cancel) spoils only its own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
)

from arena.bouts.services import bout_schedule
from arena.play.services import bout_enter, bout_open, bout_start, order_submit
from campaign.content import content_upload
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_adjust, gladiator_create
from tests.conftest import campaign_with
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE
from tests.module_data import make_users, module_data, user
from tests.packs.conftest import two_seat_draft

from .conftest import FIGURES

EXAMPLES = int(os.environ.get("LUDUS_FUZZ_EXAMPLES", "12"))
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]


def wsgi_app_in_test_transaction():
    """Django's WSGI app, minus what closes the database connection after each request (as
    Django's own test client does): the test's transaction must outlive the requests."""
    django_app = get_wsgi_application()

    def app(environ, start_response):
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        try:
            result = django_app(environ, start_response)
            try:
                return [b"".join(result)]
            finally:
                result.close()
        finally:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)

    return app


SCHEMA = schemathesis.openapi.from_wsgi("/api/schema/", wsgi_app_in_test_transaction())
OPERATIONS = sorted(
    (op.ok() for op in SCHEMA.get_all_operations()), key=lambda op: (op.path, op.method)
)
# Operations of play-by-web bouts run in the Gladiator Arena campaign, those of GM content and
# pick phases in the Arena of the Elders one (the rule set that has them), draft and sealed
# events in the Gladiator 101 one, the rest in GladiatorQuest.
TURN_BY_TURN = ("/entries/", "/start/", "/force/", "/finish/", "/orders/", "/turns/", "/open/")
ELDERS_ONLY = ("/content/", "/picks/")
PACKS_ONLY = ("/packs/",)

pytestmark = [pytest.mark.django_db, pytest.mark.fuzz]


@dataclass
class FuzzWorld:
    quest: dict[str, object]  # path parameters in the GladiatorQuest campaign
    arena: dict[str, object]  # ... and in the Gladiator Arena one
    elders: dict[str, dict[str, object]]  # ... and in the Elders one: "content", "picks"
    packs: dict[str, object]  # ... and in the Gladiator 101 one: a draft under way
    tokens: dict[str, str]


@pytest.fixture(scope="module")
def fuzz_world(django_db_setup, django_db_blocker) -> Iterator[FuzzWorld]:
    """The campaigns the operations run in, built once for the module (tests/module_data.py):
    each case's changes, a destructive example's too, are rolled back before the next."""
    with module_data(django_db_blocker):
        gm, owner, rival = (user(pk) for pk in make_users("gm", "owner", "rival").values())
        yield _fuzz_world_built(gm, owner, rival)


def _fuzz_world_built(gm, owner, rival) -> FuzzWorld:
    quest = campaign_create(by=gm, name="Fuzz Quest", ruleset="gladiatorquest")
    arena = campaign_create(by=gm, name="Fuzz Arena", ruleset="gladiator-arena")
    for campaign in (quest, arena):
        for player in (owner, rival):
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    hero = gladiator_create(campaign=quest, by=owner, name="Brutus", kind="barbarian")
    foe = gladiator_create(campaign=quest, by=rival, name="Nox", kind="wizard")
    gladiator_adjust(gladiator=hero, currency="gold", amount=500, reason="purse", by=gm)
    gladiator_adjust(gladiator=hero, currency="xp", amount=20, reason="training", by=gm)
    bout = bout_schedule(
        campaign=quest,
        by=gm,
        gladiators=[hero, foe],
        scheduled_at=timezone.now() + timedelta(days=2),
    )
    a = gladiator_create(campaign=arena, by=owner, name="Kaunisto", kind="human")
    b = gladiator_create(campaign=arena, by=rival, name="Justbec", kind="dwarf")
    running = bout_open(campaign=arena, by=gm, title="Fuzz bout", deadline_hours=24)
    mine = bout_enter(bout=running, gladiator=a, by=owner, square="D4")
    theirs = bout_enter(bout=running, gladiator=b, by=rival, square="D6")
    bout_start(bout=running, by=gm)
    for entrant, by, move in ((mine, owner, "D3"), (theirs, rival, "D7")):
        order_submit(entrant=entrant, by=by, order={"move": move})  # turn 1 resolves
    elders = campaign_with(gm, (owner, rival), name="Fuzz Elders", ruleset="arena-of-the-elders")
    (arena_item,) = content_upload(campaign=elders, by=gm, document={"arenas": EXAMPLE["arenas"]})
    drafting = bout_open(campaign=elders, by=gm, title="Fuzz draft", options={"picks": True})
    ignis = gladiator_create(campaign=elders, by=owner, name="Pyrrhus", kind="ignis")
    bout_enter(bout=drafting, gladiator=ignis, by=owner)
    draft = two_seat_draft(gm=gm, owner=owner, rival=rival, name="Fuzz Schola")
    schola = draft.campaign
    return FuzzWorld(
        quest={"slug": quest.slug, "id": hero.pk, "bout_id": bout.pk},
        arena={"slug": arena.slug, "id": running.pk, "entrant_pk": mine.pk, "turn": 1},
        elders={
            "content": {"slug": elders.slug, "id": arena_item.pk},
            "picks": {"slug": elders.slug, "id": drafting.pk},
        },
        packs={"slug": schola.slug, "id": draft.pk},
        tokens={
            "player": Token.objects.create(user=owner).key,
            "gm": Token.objects.create(user=gm).key,
        },
    )


def path_parameters(operation, world: FuzzWorld) -> dict[str, object]:
    """Real values for the operation's path, so that it reaches its serializer and service."""
    names = {p.name for p in operation.path_parameters}
    if any(part in operation.path for part in PACKS_ONLY):
        values = dict(world.packs)
    elif any(part in operation.path for part in ELDERS_ONLY):
        values = dict(world.elders["content" if "/content/" in operation.path else "picks"])
    elif any(part in operation.path for part in TURN_BY_TURN):
        values = dict(world.arena)
    elif "/bouts/{id}" in operation.path:
        values = {**world.quest, "id": world.quest["bout_id"]}
    else:
        values = dict(world.quest)
    return {name: value for name, value in values.items() if name in names}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=str)
@pytest.mark.parametrize("persona", ["player", "gm"])
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: f"{op.method.upper()} {op.path}")
def test_the_api_never_fails_and_answers_as_documented(operation, persona, mode, fuzz_world):
    headers = {"Authorization": f"Token {fuzz_world.tokens[persona]}"}
    fixed = path_parameters(operation, fuzz_world)
    if mode == GenerationMode.NEGATIVE and not (operation.body or list(operation.query)):
        fixed = {}  # nothing but the path to get wrong: get the path wrong
    strategy = operation.as_strategy(generation_mode=mode, path_parameters=fixed)

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def fuzz(case):
        response = case.call(headers=headers)
        FIGURES["fuzz_statuses"][response.status_code] += 1
        label = f"{operation.method.upper()} {operation.path}"
        FIGURES["fuzz_operations"][label] += 1
        FIGURES["fuzz_detail"][label, persona, str(mode), response.status_code] += 1
        case.validate_response(response, checks=CHECKS, headers=headers)

    try:
        fuzz()
    except Unsatisfiable:
        # Only a slug to get wrong, and schemathesis writes no wrong slug a URL can carry.
        pytest.skip("no negative example can be written for this operation")
