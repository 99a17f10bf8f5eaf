"""Persona fixtures (gm, owner, rival, outsider, anonymous) and a campaign they play in."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.utils import timezone
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from arena.bouts.services import bout_schedule
from arena.models import Bout
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_resolve,
    order_submit,
)
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create

pytest_plugins = ["tests.browser.fixtures"]

# Property tests draw the same examples on every run and every machine (docs/decisions/0108):
# a test passes or fails for the code, never for the draw. `HYPOTHESIS_PROFILE=explore` draws
# fresh examples, many more, to look for what the fixed ones miss.
hypothesis_settings.register_profile("fixed", derandomize=True, database=None)
hypothesis_settings.register_profile("explore", max_examples=500, database=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))

PASSWORD = "a-long-test-password"
# Password hashing is slow on purpose; tests create many users.
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _test_settings(settings):
    """Production serves hashed files from collectstatic's manifest; tests serve the sources."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.PASSWORD_HASHERS = FAST_HASHERS
    # Mail goes through the header-safe backend as in production, then into django.core.mail's
    # outbox (pytest-django had put the outbox in its place).
    settings.EMAIL_BACKEND = "campaign.mail.HeaderSafeBackend"
    settings.LUDUS_EMAIL_TRANSPORT = "django.core.mail.backends.locmem.EmailBackend"
    # Throttle counters live in the (local memory) cache: each test starts afresh (the
    # sign-in lockout's are rows, rolled back with the test).
    cache.clear()


@pytest.fixture
def make_user(django_user_model):
    def make(username: str):
        return django_user_model.objects.create_user(username=username, password=PASSWORD)

    return make


@pytest.fixture
def gm(make_user):
    return make_user("gm")


@pytest.fixture
def owner(make_user):
    return make_user("owner")


@pytest.fixture
def rival(make_user):
    return make_user("rival")


@pytest.fixture
def outsider(make_user):
    return make_user("outsider")


# The economy's house rules switched off (campaign/house_rules.py), for the tests that measure
# the rule set's own rewards and the ledger's arithmetic; tests/characters/test_house_rules.py
# covers the defaults and every rule.
NO_HOUSE_ECONOMY = {"starting_purse": 0, "appearance_fee": 0, "loser_share": 0.0}


def campaign_with(gm, players, **fields):
    """A campaign `gm` runs (campaign_create's fields: name, ruleset, ...) that each of
    `players` has joined with its invite code."""
    c = campaign_create(by=gm, **fields)
    for player in players:
        campaign_join(campaign=c, user=player, code=c.invite_code)
    return c


def without_house_economy(c):
    c.options = {**c.options, **NO_HOUSE_ECONOMY}
    c.save(update_fields=["options"])
    return c


def ludus_magnus(gm, owner, rival):
    """A private GladiatorQuest campaign: gm runs it, owner and rival play in it (house rules
    of the economy off: the rule set's rewards alone)."""
    return without_house_economy(
        campaign_with(gm, (owner, rival), name="Ludus Magnus", ruleset="gladiatorquest")
    )


def due_bout_of(campaign, gm, first, second):
    """A bout of the two whose time has come (scheduled a second ago)."""
    return bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[first, second],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=7,
    )


def forum_arena(gm, owner, rival):
    """A private Gladiator Arena campaign: gm runs it, owner and rival play (house rules of
    the economy off)."""
    return without_house_economy(
        campaign_with(gm, (owner, rival), name="Forum Arena", ruleset="gladiator-arena")
    )


def first_blood(arena, gm, owner, rival, kaunisto, justbec):
    """An 8x8 bout started: Kaunisto on D4, Justbec on D6; (bout, Kaunisto's entrant,
    Justbec's)."""
    bout = bout_open(campaign=arena, by=gm, title="First blood", deadline_hours=24)
    a = bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="D4")
    b = bout_enter(bout=bout, gladiator=justbec, by=rival, square="D6")
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    return bout, a, b


@pytest.fixture
def campaign(gm, owner, rival):
    """The private GladiatorQuest campaign `ludus_magnus` makes."""
    return ludus_magnus(gm, owner, rival)


@pytest.fixture
def public_campaign(gm):
    return campaign_create(by=gm, name="Open Games", ruleset="gladiatorquest", visibility="public")


@pytest.fixture
def brutus(campaign, owner):
    return gladiator_create(campaign=campaign, by=owner, name="Brutus", kind="barbarian")


@pytest.fixture
def nox(campaign, rival):
    return gladiator_create(campaign=campaign, by=rival, name="Nox", kind="wizard")


@pytest.fixture
def due_bout(campaign, gm, brutus, nox):
    """A bout whose time has come (scheduled a second ago)."""
    return due_bout_of(campaign, gm, brutus, nox)


@pytest.fixture
def api_as():
    """APIClient authenticated as `user`; `api_as(None)` is anonymous."""

    def make(user) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def client_as():
    def login(user) -> Client:
        c = Client()
        if user is not None:
            c.force_login(user)
        return c

    return login


@pytest.fixture
def elders(gm, owner, rival):
    """A private Arena of the Elders campaign: gm runs it, owner and rival play in it."""
    return campaign_with(gm, (owner, rival), name="Elders of Ostia", ruleset="arena-of-the-elders")


@pytest.fixture
def arena_campaign(gm, owner, rival):
    """A private Gladiator Arena campaign: gm runs it, owner and rival play."""
    return forum_arena(gm, owner, rival)


@pytest.fixture
def kaunisto(arena_campaign, owner):
    return gladiator_create(campaign=arena_campaign, by=owner, name="Kaunisto", kind="human")


@pytest.fixture
def justbec(arena_campaign, rival):
    return gladiator_create(campaign=arena_campaign, by=rival, name="Justbec", kind="dwarf")


@pytest.fixture
def running(arena_campaign, gm, owner, rival, kaunisto, justbec):
    """An 8x8 bout: Kaunisto (human, sword) on D4, Justbec (dwarf, sword) on D6."""
    return first_blood(arena_campaign, gm, owner, rival, kaunisto, justbec)


# Turn 1 of `finished`: Kaunisto steps D4 -> D5 and strikes D6 twice (Justbec left it: misses);
# Justbec steps to E6 and strikes E5. Tactics fight turns 2 and 3: both fall on turn 3.
KAUNISTO_TURN_1 = {"move": "D5", "strike": ["D6", "D6"]}
JUSTBEC_TURN_1 = {"move": "E6", "strike": ["E5"]}


@pytest.fixture
def finished(running, owner, rival, gm):
    """`running` played to its end, (bout, Kaunisto's entrant, Justbec's): turn 1 by orders,
    then tactics; over after 3 turns (Gladiator Arena rolls no dice: every turn is known)."""
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order=KAUNISTO_TURN_1)
    order_submit(entrant=theirs, by=rival, order=JUSTBEC_TURN_1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout_finish_by_tactics(bout=bout, by=gm, turn=2)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED and len(bout.log["turns"]) == 3
    mine.refresh_from_db()
    theirs.refresh_from_db()
    return bout, mine, theirs


@contextmanager
def history_rewritten() -> Iterator[None]:
    """Change a decided bout's stored record on purpose (a test that tampers with history to
    see it found): the database refuses it otherwise (arena migration 0019, trigger
    bout_history_kept). The trigger is off only inside this block's own transaction."""
    with transaction.atomic(), connection.cursor() as cursor:
        # ALTER TABLE waits for no deferred check: the foreign keys' are run first.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE arena_bout DISABLE TRIGGER bout_history_kept")
        yield
        cursor.execute("ALTER TABLE arena_bout ENABLE TRIGGER bout_history_kept")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
