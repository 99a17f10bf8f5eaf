"""Every HTML form and every API endpoint that changes something, fed the inputs that used to
break things: each must be refused in words with a 4xx, and the database must be as it was.

The table below names each form's fields and what kind of input they take; the classes of bad
input are generated from the kinds (docs/security.md lists them):
- required text: empty, whitespace only, zero-width only; any text: 10^6 characters, a
  right-to-left override;
- whole numbers and ids: 2^31, 2^63, negative, Unicode digits (², ①, ٣);
- ids: also the id of a row of another campaign (in the body and in the address);
- the body itself: JSON nested 100,000 deep (API), the wrong content type (API and pages).

Each row is sent as the persona allowed to use it, with a payload that is accepted as it is
(test_each_row_accepts_its_valid_payload proves it), so a refusal is the bad input's doing.
A form with no field (retire, start ...) has only its address to get wrong.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from arena.bouts.services import bout_schedule
from arena.models import Bout, BoutEntrant, TurnOrder
from arena.play.services import bout_enter, bout_open, bout_start
from campaign.content import content_upload
from campaign.models import AuditEntry, Campaign, CampaignContent, Membership
from campaign.notifications.models import Event, Notification, NotificationSettings, Webhook
from campaign.services import campaign_create, campaign_join
from characters.models import Gladiator, Holding, LedgerLine, PackEvent, PackPick, PackSeat
from characters.pack_events import pack_event_create
from characters.pack_selectors import pack_event_seats
from characters.services import gladiator_adjust, gladiator_create
from characters.shop import item_buy, item_unequip
from tests.conftest import PASSWORD
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE
from tests.packs.conftest import equip_with_packs

from .conftest import FIGURES

pytestmark = pytest.mark.django_db

TABLES = (
    Campaign, Membership, AuditEntry, Gladiator, Holding, LedgerLine, Bout, BoutEntrant,
    TurnOrder, Token, Session, Webhook, NotificationSettings, Event, Notification,
    CampaignContent, PackEvent, PackSeat, PackPick,
)  # fmt: skip


def dump() -> dict[str, list[dict[str, Any]]]:
    """Every row of every table a request could change (users without their last login)."""
    rows = {model.__name__: list(model.objects.order_by("pk").values()) for model in TABLES}
    rows["User"] = list(get_user_model().objects.order_by("pk").values("id", "username", "email"))
    return rows


# --- the world ------------------------------------------------------------------------------


@dataclass
class World:
    ids: dict[str, Any] = field(default_factory=dict)
    users: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.ids[name]
        except KeyError:
            raise AttributeError(name) from None


@pytest.fixture
def world(gm, owner, rival, outsider) -> World:
    quest = campaign_create(by=gm, name="Ludus Magnus", ruleset="gladiatorquest")
    arena = campaign_create(by=gm, name="Forum Arena", ruleset="gladiator-arena")
    elsewhere = campaign_create(by=gm, name="Elsewhere", ruleset="gladiatorquest")
    for campaign in (quest, arena, elsewhere):
        for player in (owner, rival):
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    hero = gladiator_create(campaign=quest, by=owner, name="Brutus", kind="barbarian")
    foe = gladiator_create(campaign=quest, by=rival, name="Nox", kind="wizard")
    gladiator_adjust(gladiator=hero, currency="gold", amount=1000, reason="purse", by=gm)
    gladiator_adjust(gladiator=hero, currency="xp", amount=20, reason="training", by=gm)
    packed = item_unequip(holding=item_buy(gladiator=hero, item="helmet", by=owner), by=owner)
    soon = timezone.now() + timedelta(days=2)
    bout = bout_schedule(campaign=quest, by=gm, gladiators=[hero, foe], scheduled_at=soon)
    stranger = gladiator_create(campaign=elsewhere, by=owner, name="Stranger", kind="elf")
    stranger_foe = gladiator_create(campaign=elsewhere, by=rival, name="Other", kind="dwarf")
    foreign_bout = bout_schedule(
        campaign=elsewhere, by=gm, gladiators=[stranger, stranger_foe], scheduled_at=soon
    )
    kaunisto = gladiator_create(campaign=arena, by=owner, name="Kaunisto", kind="human")
    justbec = gladiator_create(campaign=arena, by=rival, name="Justbec", kind="dwarf")
    spare = gladiator_create(campaign=arena, by=owner, name="Spare", kind="elf")
    running = bout_open(campaign=arena, by=gm, title="First blood", deadline_hours=24)
    mine = bout_enter(bout=running, gladiator=kaunisto, by=owner, square="D4")
    bout_enter(bout=running, gladiator=justbec, by=rival, square="D6")
    bout_start(bout=running, by=gm)
    open_bout = bout_open(campaign=arena, by=gm, title="Open for entries", deadline_hours=24)
    for player, name, kind in ((owner, "Early", "human"), (rival, "Bird", "dwarf")):
        early = gladiator_create(campaign=arena, by=player, name=name, kind=kind)
        bout_enter(bout=open_bout, gladiator=early, by=player)
    # Arena of the Elders: GM content (another Elders campaign holds the foreign item) and a
    # bout whose pick phase waits for Red, the owner's team.
    elders, elders_elsewhere = (
        campaign_create(by=gm, name=name, ruleset="arena-of-the-elders")
        for name in ("Elders of Ostia", "Elders of Nola")
    )
    for campaign in (elders, elders_elsewhere):
        for player in (owner, rival):
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    (arena_item,) = content_upload(campaign=elders, by=gm, document={"arenas": EXAMPLE["arenas"]})
    (foreign_content,) = content_upload(
        campaign=elders_elsewhere, by=gm, document={"arenas": EXAMPLE["arenas"]}
    )
    drafting = bout_open(campaign=elders, by=gm, title="Draft", options={"picks": True})
    for player, name, kind, team in ((owner, "Pyrrhus", "ignis", "Red"),
                                     (rival, "Ferox", "vorn", "Blue")):  # fmt: skip
        champion = gladiator_create(campaign=elders, by=player, name=name, kind=kind)
        bout_enter(bout=drafting, gladiator=champion, by=player, team=team)
    # Gladiator 101: a draft between the owner's and the rival's gladiators, each holding a
    # booster pack more for another event, and a sealed event in a campaign of its own.
    schola, schola_elsewhere = (
        campaign_create(by=gm, name=name, ruleset="gladiator-101")
        for name in ("Schola", "Schola Nova")
    )
    for campaign in (schola, schola_elsewhere):
        for player in (owner, rival):
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    attius, bassus = (
        equip_with_packs(gladiator_create(campaign=schola, by=p, name=n, kind="gladiator"), gm=gm)
        for p, n in ((owner, "Attius"), (rival, "Bassus"))
    )
    draft = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=[attius, bassus])
    (seat,) = [s for s in pack_event_seats(event=draft, user=owner) if s.mine]
    loner = gladiator_create(campaign=schola_elsewhere, by=owner, name="Loner", kind="gladiator")
    foreign_draft = pack_event_create(
        campaign=schola_elsewhere, by=gm, kind="sealed", gladiators=[equip_with_packs(loner, gm=gm)]
    )
    return World(
        ids={
            "schola": schola.slug, "attius": attius.pk, "bassus": bassus.pk, "draft": draft.pk,
            "card": seat.hand[0].slug, "foreign_draft": foreign_draft.pk,
            "elders": elders.slug, "arena_item": arena_item.pk,
            "foreign_content": foreign_content.pk, "drafting": drafting.pk,
            "quest": quest.slug, "arena": arena.slug, "code": quest.invite_code,
            "hero": hero.pk, "foe": foe.pk, "packed": packed.pk, "bout": bout.pk,
            "running": running.pk, "mine": mine.pk, "open_bout": open_bout.pk, "spare": spare.pk,
            "stranger": stranger.pk, "foreign_holding": stranger.holdings.first().pk,
            "foreign_bout": foreign_bout.pk,
        },
        users={"gm": gm, "owner": owner, "rival": rival, "outsider": outsider, "anonymous": None},
    )  # fmt: skip


# --- the table ------------------------------------------------------------------------------

TEXT, OPTIONAL_TEXT, NUMBER, SIGNED, ID = "text", "optional text", "number", "signed", "id"
KEY = "key"  # a GM content item's key: any JSON but a string is refused too


@dataclass(frozen=True)
class Row:
    name: str
    method: str
    url: Callable[[World, bool], str]  # (world, foreign): foreign puts another campaign's id in
    who: str
    payload: Callable[[World], dict[str, Any]]
    fields: dict[str, str]  # dotted path in the payload -> kind
    api: bool = False
    ok: int = 302
    # A page whose form carries one JSON document (the GM's content): "text" (pasted) or "file"
    # (uploaded); the payload's "document" is the JSON the fields' paths point into.
    document_in: str = ""

    def __str__(self) -> str:
        return self.name


def at(name: str, *parts: str) -> Callable[[World, bool], str]:
    """reverse(name) with world ids; a part in brackets is swapped for a foreign one."""

    def url(w: World, foreign: bool) -> str:
        args = []
        for part in parts:
            if part.startswith("["):
                own, other = part.strip("[]").split("|")
                args.append(getattr(w, other if foreign else own))
            else:
                args.append(getattr(w, part))
        return reverse(name, args=args)

    url.foreign = any(part.startswith("[") for part in parts)
    return url


HERO = ("quest", "[hero|stranger]")
QUEST_BOUT = ("quest", "[bout|foreign_bout]")
ORDERS = ("arena", "[running|foreign_bout]", "mine")
IN_A_MONTH = timezone.now() + timedelta(days=30)

# fmt: off
ROWS = [
    # HTML forms: every <form method="post"> that takes input.
    Row("page signup", "post", at("signup"), "anonymous",
        lambda w: {"username": "newcomer", "email": "newcomer@example.org",
                   "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
        {"username": TEXT, "email": OPTIONAL_TEXT, "password1": TEXT}),
    Row("page login", "post", at("login"), "anonymous",
        lambda w: {"username": "owner", "password": PASSWORD},
        {"username": TEXT, "password": TEXT}),
    Row("page campaign-new", "post", at("campaign-new"), "gm",
        lambda w: {"name": "Capua", "ruleset": "gladiatorquest", "visibility": "private",
                   "description": ""},
        {"name": TEXT, "description": OPTIONAL_TEXT}),
    Row("page join", "post", at("join"), "outsider", lambda w: {"code": w.code}, {"code": TEXT}),
    Row("page options", "post", at("campaign-options", "quest"), "gm",
        lambda w: {"sell_ratio": "0.25"}, {"sell_ratio": NUMBER}),
    Row("page gladiator-new", "post", at("gladiator-new", "quest"), "owner",
        lambda w: {"name": "Spartacus", "kind": "dwarf"}, {"name": TEXT}),
    Row("page buy", "post", at("gladiator-buy", *HERO), "owner",
        lambda w: {"item": "dagger"}, {"item": TEXT}),
    Row("page sell", "post", at("gladiator-sell", *HERO), "owner",
        lambda w: {"holding": w.packed}, {"holding": ID}),
    Row("page equip", "post", at("gladiator-equip", *HERO), "owner",
        lambda w: {"holding": w.packed, "equip": "1"}, {"holding": ID}),
    Row("page advance", "post", at("gladiator-advance", *HERO), "owner",
        lambda w: {"advance": "attack"}, {"advance": TEXT}),
    Row("page tactics", "post", at("gladiator-tactics", *HERO), "owner",
        lambda w: {"approach": "keep_distance"}, {"approach": TEXT}),
    Row("page retire", "post", at("gladiator-retire", *HERO), "owner", lambda w: {}, {}),
    Row("page adjust", "post", at("gladiator-adjust", *HERO), "gm",
        lambda w: {"currency": "gold", "amount": "5", "reason": "a bribe"},
        {"amount": SIGNED, "reason": TEXT}),
    Row("page bout-new", "post", at("bout-new", "quest"), "gm",
        lambda w: {"title": "", "scheduled_at": IN_A_MONTH.strftime("%Y-%m-%dT%H:%M"),
                   "gladiators": [w.hero, w.foe], "option_contest": "standard",
                   "option_board_files": "12", "option_board_ranks": "12", "option_walls": "D4"},
        {"title": OPTIONAL_TEXT, "scheduled_at": TEXT, "gladiators.0": ID,
         "option_contest": OPTIONAL_TEXT, "option_board_files": NUMBER,
         "option_walls": OPTIONAL_TEXT}),
    Row("page bout-cancel", "post", at("bout-cancel", *QUEST_BOUT), "gm",
        lambda w: {"reason": "rain"}, {"reason": OPTIONAL_TEXT}),
    Row("page bout-open", "post", at("bout-open", "arena"), "gm",
        lambda w: {"title": "Second blood", "option_board_files": "8",
                   "option_board_ranks": "8", "option_time_limit": "on", "deadline_hours": "24"},
        {"title": TEXT, "option_board_files": NUMBER, "option_board_ranks": NUMBER,
         "deadline_hours": NUMBER}),
    Row("page bout-enter", "post", at("bout-enter", "arena", "open_bout"), "owner",
        lambda w: {"gladiator": w.spare, "square": "B2"},
        {"gladiator": ID, "square": OPTIONAL_TEXT}),
    Row("page bout-start", "post", at("bout-start", "arena", "open_bout"), "gm", lambda w: {}, {}),
    Row("page orders", "post", at("bout-orders", *ORDERS), "owner",
        lambda w: {"move": "D3", "text": "", "turn": "1"},
        {"move": OPTIONAL_TEXT, "text": OPTIONAL_TEXT, "turn": NUMBER}),
    Row("page account", "post", at("account"), "owner",
        lambda w: {"email": "owner@example.org"}, {"email": OPTIONAL_TEXT}),
    Row("page password reset", "post", at("password_reset"), "anonymous",
        lambda w: {"email": "owner@example.org"}, {"email": TEXT}),
    Row("page webhook-new", "post", at("webhooks", "quest"), "gm",
        lambda w: {"url": "https://hooks.example.org/ludus", "format": "json"}, {"url": TEXT}),
    Row("page bout-force", "post", at("bout-force", *ORDERS[:2]), "gm",
        lambda w: {"turn": "1", "reason": "Every order is in"}, {"turn": NUMBER, "reason": TEXT}),
    Row("page bout-finish", "post", at("bout-finish", *ORDERS[:2]), "gm",
        lambda w: {"turn": "1"}, {"turn": NUMBER}),
    # The API: every endpoint that changes something.
    Row("api token", "post", at("api-token"), "anonymous",
        lambda w: {"username": "owner", "password": PASSWORD},
        {"username": TEXT, "password": TEXT}, api=True, ok=200),
    Row("api campaign create", "post", at("api-campaigns"), "gm",
        lambda w: {"name": "Capua", "ruleset": "gladiatorquest", "description": ""},
        {"name": TEXT, "description": OPTIONAL_TEXT}, api=True, ok=201),
    Row("api join", "post", at("api-campaign-join", "quest"), "outsider",
        lambda w: {"code": w.code}, {"code": TEXT}, api=True, ok=200),
    Row("api gladiator create", "post", at("api-gladiators", "quest"), "owner",
        lambda w: {"name": "Spartacus", "kind": "dwarf", "tactics": {"approach": "close"}},
        {"name": TEXT, "tactics.approach": TEXT}, api=True, ok=201),
    Row("api buy", "post", at("api-gladiator-buy", *HERO), "owner",
        lambda w: {"item": "dagger"}, {"item": TEXT}, api=True, ok=201),
    Row("api sell", "post", at("api-gladiator-sell", *HERO), "owner",
        lambda w: {"holding": w.packed}, {"holding": ID}, api=True, ok=200),
    Row("api equip", "post", at("api-gladiator-equip", *HERO), "owner",
        lambda w: {"holding": w.packed, "equipped": True}, {"holding": ID}, api=True, ok=200),
    Row("api advance", "post", at("api-gladiator-advance", *HERO), "owner",
        lambda w: {"advance": "attack"}, {"advance": TEXT}, api=True, ok=200),
    Row("api tactics", "put", at("api-gladiator-tactics", *HERO), "owner",
        lambda w: {"tactics": {"approach": "keep_distance"}}, {"tactics.approach": TEXT},
        api=True, ok=200),
    Row("api retire", "post", at("api-gladiator-retire", *HERO), "owner", lambda w: {}, {},
        api=True, ok=200),
    Row("api adjust", "post", at("api-gladiator-adjust", *HERO), "gm",
        lambda w: {"currency": "gold", "amount": 5, "reason": "a bribe"},
        {"amount": SIGNED, "reason": TEXT}, api=True, ok=201),
    Row("api bout schedule", "post", at("api-bouts", "quest"), "gm",
        lambda w: {"scheduled_at": IN_A_MONTH.isoformat(), "gladiators": [w.hero, w.foe],
                   "title": "", "options": {"contest": "standard"}},
        {"title": OPTIONAL_TEXT, "scheduled_at": TEXT, "gladiators.0": ID,
         "options.contest": TEXT}, api=True, ok=201),
    Row("api bout cancel", "post", at("api-bout-cancel", *QUEST_BOUT), "gm",
        lambda w: {"reason": "rain"}, {"reason": OPTIONAL_TEXT}, api=True, ok=200),
    Row("api bout open", "post", at("api-bout-open", "arena"), "gm",
        lambda w: {"title": "Second blood", "deadline_hours": 24},
        {"title": TEXT, "deadline_hours": NUMBER}, api=True, ok=201),
    Row("api bout entries", "post", at("api-bout-entries", "arena", "open_bout"), "owner",
        lambda w: {"gladiator": w.spare, "square": "B2"},
        {"gladiator": ID, "square": OPTIONAL_TEXT}, api=True, ok=201),
    Row("api bout start", "post", at("api-bout-start", "arena", "open_bout"), "gm",
        lambda w: {}, {}, api=True, ok=200),
    Row("api bout force", "post", at("api-bout-force", *ORDERS[:2]), "gm",
        lambda w: {"turn": 1, "reason": "Every order is in"}, {"turn": NUMBER, "reason": TEXT},
        api=True, ok=200),
    Row("api bout finish", "post", at("api-bout-finish", *ORDERS[:2]), "gm",
        lambda w: {"turn": 1}, {"turn": NUMBER}, api=True, ok=200),
    Row("api order", "put", at("api-bout-order", *ORDERS), "owner",
        lambda w: {"order": {"move": "D3"}, "turn": 1},
        {"order.move": TEXT, "text": OPTIONAL_TEXT, "turn": NUMBER}, api=True, ok=200),
    Row("api content upload", "post", at("api-content", "elders"), "gm",
        lambda w: {"document": {"champions": EXAMPLE["champions"]}},
        {"document.champions.0.key": KEY, "document.champions.0.name": TEXT,
         "document.champions.0.health": NUMBER}, api=True, ok=201),
    Row("page content text", "post", at("campaign-content", "elders"), "gm",
        lambda w: {"document": {"champions": EXAMPLE["champions"]}},
        {"document.champions.0.key": KEY, "document.champions.0.name": TEXT,
         "document.champions.0.health": NUMBER}, document_in="text"),
    Row("page content file", "post", at("campaign-content", "elders"), "gm",
        lambda w: {"document": {"champions": EXAMPLE["champions"]}},
        {"document.champions.0.key": KEY, "document.champions.0.name": TEXT,
         "document.champions.0.health": NUMBER}, document_in="file"),
    Row("api content delete", "delete",
        at("api-content-delete", "elders", "[arena_item|foreign_content]"), "gm",
        lambda w: {}, {}, api=True, ok=204),
    Row("api bout pick", "post", at("api-bout-picks", "elders", "[drafting|foreign_bout]"),
        "owner", lambda w: {"champion": "mira"}, {"champion": TEXT}, api=True, ok=200),
    Row("page bout pick", "post", at("bout-picks", "elders", "[drafting|foreign_bout]"),
        "owner", lambda w: {"champion": "mira"}, {"champion": TEXT}),
    Row("api pack event", "post", at("api-packs", "schola"), "gm",
        lambda w: {"kind": "draft", "gladiators": [w.attius, w.bassus], "pick_hours": 24},
        {"kind": TEXT, "gladiators.0": ID, "pick_hours": NUMBER}, api=True, ok=201),
    Row("api pack pick", "post", at("api-pack-pick", "schola", "[draft|foreign_draft]"),
        "owner", lambda w: {"gladiator": w.attius, "pick": 1, "card": w.card},
        {"gladiator": ID, "pick": NUMBER, "card": TEXT}, api=True, ok=200),
    Row("api pack move-on", "post", at("api-pack-move-on", "schola", "[draft|foreign_draft]"),
        "gm", lambda w: {}, {}, api=True, ok=200),
    Row("page pack event", "post", at("pack-event-new", "schola"), "gm",
        lambda w: {"kind": "draft", "gladiators": [w.attius, w.bassus], "pick_hours": "24"},
        {"kind": TEXT, "gladiators.0": ID, "pick_hours": NUMBER}),
    Row("page pack pick", "post", at("pack-pick", "schola", "[draft|foreign_draft]"),
        "owner", lambda w: {"gladiator": w.attius, "pick": "0", "card": w.card},
        {"gladiator": ID, "pick": NUMBER, "card": TEXT}),
]
# fmt: on

BLANKS = {"empty": "", "whitespace only": " \t  ", "zero-width only": "\u200b\u2060\ufeff"}
ANY_TEXT = {"10^6 characters": "x" * 10**6, "a right-to-left override": "Spar\u202etacus"}
UNICODE_DIGITS = {"superscript two": "²", "circled one": "①", "Arabic-Indic three": "٣"}
BOUNDS = {"2^31": 2**31, "2^63": 2**63, "-(2^63)-1": -(2**63) - 1}
NEGATIVE = {"negative": -1}


NOT_TEXT = {
    "a list": ["frost-maiden"], "an object": {"key": "frost-maiden"}, "null": None,
    "true": True, "a number": 7, "a list 15 deep": json.loads("[" * 15 + "]" * 15),
}  # fmt: skip


def bad_values(kind: str, api: bool) -> dict[str, Any]:
    """The bad values of one kind of field (numbers as JSON numbers in the API)."""
    if kind == KEY:
        return {**BLANKS, **ANY_TEXT, **NOT_TEXT}
    if kind == TEXT:
        return {**BLANKS, **ANY_TEXT}
    if kind == OPTIONAL_TEXT:
        return dict(ANY_TEXT)
    numbers = {**BOUNDS, **({} if kind == SIGNED else NEGATIVE)}
    if not api:
        numbers = {name: str(n) for name, n in numbers.items()}
    return {**numbers, **UNICODE_DIGITS}


def put(payload: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of payload with the field at the dotted path set to value."""
    payload = json.loads(json.dumps(payload))
    *parents, last = path.split(".")
    node: Any = payload
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return payload


NESTED = "[" * 100_000 + "]" * 100_000


@dataclass(frozen=True)
class Attempt:
    label: str
    payload: Any = None
    content_type: str = ""  # "" : as the row sends it (JSON for the API, a form for pages)
    foreign_url: bool = False


def attempts(row: Row, w: World) -> list[Attempt]:
    base = row.payload(w)
    tries = [
        Attempt(f"{path} {name}", put(base, path, value))
        for path, kind in row.fields.items()
        for name, value in bad_values(kind, row.api or bool(row.document_in)).items()
    ]
    tries += [
        Attempt(f"{path} id of another campaign", put(base, path, foreign))
        for path, kind in row.fields.items()
        if kind == ID
        for foreign in [w.foreign_holding if "holding" in path else w.stranger]
    ]
    if row.url.foreign:
        tries.append(Attempt("address with another campaign's id", base, foreign_url=True))
    if row.fields and row.api:
        tries.append(Attempt("JSON nested 100,000 deep", NESTED, content_type="application/json"))
        tries.append(Attempt("a form instead of JSON", base, content_type="form"))
        tries.append(Attempt("text/plain", json.dumps(base), content_type="text/plain"))
    elif row.fields:
        tries.append(Attempt("JSON instead of a form", json.dumps(base), "application/json"))
    if row.document_in:  # the document itself, whatever its shape (test_content_fuzz.py: more)
        tries += [Attempt(f"a document {name}", {"document": text})
                  for name, text in BAD_DOCUMENTS.items()]  # fmt: skip
    return tries


BAD_DOCUMENTS = {
    "nested 2,000 deep": "[" * 2000 + "]" * 2000,
    "of objects nested 2,000 deep": '{"a":' * 2000 + "1" + "}" * 2000,
    "with NaN": '{"champions": [NaN]}',
    "with 1e400": '{"champions": [{"key": "x", "health": 1e400}]}',
    "with a NUL": '{"champions": [{"key": "\\u0000"}]}',
    "that is a list": '["champions"]',
    "that is not JSON": "{champions",
}


def document_form(row: Row, payload: dict[str, Any]) -> dict[str, Any]:
    """The content page's form for a payload: its document as pasted text or as a file."""
    document = payload["document"]
    text = document if isinstance(document, str) else json.dumps(document)
    if row.document_in == "file":
        return {"document": SimpleUploadedFile("content.json", text.encode(), "application/json")}
    return {"text": text}


def send(client, row: Row, w: World, attempt: Attempt):
    url = row.url(w, attempt.foreign_url)
    call = getattr(client, row.method)
    if attempt.content_type == "form":
        form = {
            k: v if isinstance(v, str | int) else json.dumps(v) for k, v in attempt.payload.items()
        }
        return call(url, urlencode(form), content_type="application/x-www-form-urlencoded")
    if attempt.content_type:
        body = attempt.payload if isinstance(attempt.payload, str) else json.dumps(attempt.payload)
        return call(url, body, content_type=attempt.content_type)
    if row.api:
        return call(url, attempt.payload, format="json")
    if row.document_in:
        return call(url, document_form(row, attempt.payload))
    return call(url, attempt.payload)


# A page's error text: an alert, a flash error, or an error list (the orders page reads its
# errors out through the page's one live region instead of an alert of their own).
_ALERT = re.compile(
    r'(?:role="alert"|class="message error"|class="errors")[^>]*>(.{0,800})', re.DOTALL
)


def reason_in_words(response) -> str:
    """The reason a refusal gives: an API's message, or a page's error text."""
    if response.get("Content-Type", "").startswith("application/json"):
        texts: list[str] = []
        stack = [response.json()]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str):
                texts.append(item)
        return " ".join(texts)
    found = _ALERT.findall(response.content.decode())
    return " ".join(re.sub(r"<[^>]+>", " ", text) for text in found)


def client_for(row: Row, w: World, client_as, api_as):
    user = w.users[row.who]
    return api_as(user) if row.api else client_as(user)


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_bad_input_is_refused_in_words_and_changes_nothing(row, world, client_as, api_as):
    client = client_for(row, world, client_as, api_as)
    failures = []
    tried = attempts(row, world)
    for attempt in tried:
        before = dump()
        response = send(client, row, world, attempt)
        after = dump()
        reason = reason_in_words(response)
        if not 400 <= response.status_code < 500 or response.status_code in (401, 403):
            failures.append(f"{attempt.label}: {response.status_code}")
        elif len(re.findall(r"[A-Za-z]{2,}", reason)) < 3:
            failures.append(f"{attempt.label}: {response.status_code} without words")
        elif after != before:
            failures.append(f"{attempt.label}: {response.status_code} but the database changed")
    FIGURES["bad_input"][row.name] = len(tried)
    assert not failures, f"{row}: " + "; ".join(failures)


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_each_row_accepts_its_valid_payload(row, world, client_as, api_as):
    """The refusals above are the bad input's doing: the same request with the row's own
    payload goes through."""
    client = client_for(row, world, client_as, api_as)
    response = send(client, row, world, Attempt("valid", row.payload(world)))
    assert response.status_code == row.ok, response.content[:400]
