"""Nobody sees or changes what is not theirs: the whole permission matrix, as data.

Rules under test (docs/architecture.md, campaign/selectors.py, characters/permissions.py):
- A private campaign does not exist for outsiders and anonymous users: 404 on every page and
  API route under it (anonymous on login-required pages and auth-only API routes is sent to
  log in instead, which reveals nothing).
- A public campaign is readable by anyone and changeable only by members.
- Only a gladiator's owner, or the campaign's GM, acts for it (buy, sell, equip/unequip,
  level-up, tactics, retire). GM only: scheduling, cancelling and voiding bouts, drawing
  knockouts, adjusting gold/xp, resetting the invite code, the audit trail, the campaign's
  settings, inviting by name, removing members, handing over the campaign or a seat, archiving.
  Any member may create a gladiator for themselves, and set their own vacation.

Each write case runs for every persona in a private and a public campaign. An allowed persona
must see the change happen; a refused one must get the right refusal and change nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.lab.services import lab_chunk_run, lab_run_start
from arena.models import Bout, BoutWhatIf, LabRun
from arena.seasons.divisions import division_create, promotion_proposal
from arena.seasons.services import season_cancel, season_open
from arena.tournaments.services import tournament_create
from campaign.lore.models import Note
from campaign.lore.services import note_create
from campaign.models import Campaign, Membership
from campaign.notifications.models import Webhook
from campaign.notifications.services import webhook_create
from campaign.press.models import Post
from campaign.press.services import post_create
from campaign.services import campaign_create, campaign_join
from characters.models import Gladiator, Holding
from characters.services import gladiator_adjust, gladiator_create, gladiator_tactics_set
from characters.shop import item_buy, item_unequip
from tests.conftest import ludus_magnus
from tests.module_data import make_users, module_data, user
from tests.page_words import words_of_bytes

from .helpers import snapshot

pytestmark = pytest.mark.django_db

GM, OWNER, RIVAL, OUTSIDER, ANONYMOUS = "gm", "owner", "rival", "outsider", "anonymous"
PERSONAS = (GM, OWNER, RIVAL, OUTSIDER, ANONYMOUS)
EVERYONE = frozenset(PERSONAS)
SIGNED_IN = frozenset({GM, OWNER, RIVAL, OUTSIDER})
MEMBERS = frozenset({GM, OWNER, RIVAL})
CONTROL = frozenset({GM, OWNER})  # the hero's owner and the GM
GM_ONLY = frozenset({GM})

PRIVATE, PUBLIC = Campaign.Visibility.PRIVATE, Campaign.Visibility.PUBLIC
BOTH = (PRIVATE, PUBLIC)
LOGIN = "login"  # pages: a redirect to the login page; API: 401 or 403


# --- the world every case runs in ----------------------------------------------------------


@dataclass
class World:
    campaign: Campaign
    hero: Gladiator  # the owner's barbarian, 1000 gold and 20 xp
    foe: Gladiator  # the rival's wizard
    carried: Holding  # the hero's equipped broadsword
    packed: Holding  # the hero's helmet, in the pack
    bout: Bout  # scheduled in two days: hero vs foe
    webhook: Webhook  # the GM's, posting to an address of its own
    fought: Bout  # fought already, between two of the GM's own gladiators (to be voided)
    others: tuple[Gladiator, Gladiator]  # two more, so that a knockout has its four
    lab: LabRun  # the GM's balance lab run, done
    lab_queued: LabRun  # another, waiting for the worker
    post: Post  # the owner's post in the campaign's press
    note: Note  # the GM's lore note, with a secret revealed by the GM's word


def _world_built(visibility: str, users: dict[str, int]) -> dict[str, Any]:
    """The hero, the foe, their kit and a scheduled bout, in a campaign of that visibility:
    the primary keys of the world's rows (`world` reads them afresh for each test)."""
    gm, owner, rival = (user(users[name]) for name in (GM, OWNER, RIVAL))
    if visibility == PRIVATE:
        campaign = ludus_magnus(gm, owner, rival)
    else:
        campaign = campaign_create(
            by=gm, name="Open Games", ruleset="gladiatorquest", visibility="public"
        )
        for player in (owner, rival):
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    hero = gladiator_create(campaign=campaign, by=owner, name="Brutus", kind="barbarian")
    foe = gladiator_create(campaign=campaign, by=rival, name="Nox", kind="wizard")
    for currency, amount in (("gold", 1000), ("xp", 20)):
        gladiator_adjust(
            gladiator=hero, currency=currency, amount=amount, reason="test stake", by=gm
        )
    packed = item_unequip(holding=item_buy(gladiator=hero, item="helmet", by=owner), by=owner)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[hero, foe],
        scheduled_at=timezone.now() + timedelta(days=2),
        seed=7,
    )
    others = (
        gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf"),
        gladiator_create(campaign=campaign, by=rival, name="Varro", kind="elf"),
    )
    webhook = webhook_create(campaign=campaign, by=gm, url="https://hooks.example.org/ludus")
    house = [
        gladiator_create(campaign=campaign, by=gm, name=name, kind="barbarian")
        for name in ("Spiculus", "Flamma")
    ]
    fought = bout_schedule(
        campaign=campaign, by=gm, gladiators=house, scheduled_at=timezone.now(), seed=3
    )
    bout_resolve(bout_id=fought.pk)
    lab, lab_queued = (
        lab_run_start(campaign=campaign, by=gm, ruleset_slug="gladiatorquest", **LAB_RUN)
        for _ in range(2)
    )
    lab_chunk_run(run_id=lab.pk, index=0)  # the one chunk of a small run
    lab.refresh_from_db()
    assert lab.status == LabRun.Status.DONE
    return {
        "campaign": campaign.pk,
        "hero": hero.pk,
        "foe": foe.pk,
        "carried": hero.holdings.get(item="broadsword").pk,
        "packed": packed.pk,
        "bout": bout.pk,
        "webhook": webhook.pk,
        "fought": fought.pk,
        "others": tuple(g.pk for g in others),
        "lab": lab.pk,
        "lab_queued": lab_queued.pk,
        "post": post_create(campaign=campaign, by=owner, text="Ave").pk,
        "note": note_create(
            campaign=campaign, by=gm, title="The stranger", secret="A prince.", trigger="gm"
        ).pk,
    }


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    """The personas and both campaigns' worlds, built once for the module's 1,000-odd cases
    (tests/module_data.py): each case's changes are rolled back before the next."""
    with module_data(django_db_blocker):
        users = make_users(GM, OWNER, RIVAL, OUTSIDER)
        yield {
            "users": users,
            PRIVATE: _world_built(PRIVATE, users),
            PUBLIC: _world_built(PUBLIC, users),
        }


@pytest.fixture
def gm(built):
    return user(built["users"][GM])


@pytest.fixture
def owner(built):
    return user(built["users"][OWNER])


@pytest.fixture
def rival(built):
    return user(built["users"][RIVAL])


@pytest.fixture
def outsider(built):
    return user(built["users"][OUTSIDER])


@pytest.fixture
def world(request, built) -> World:
    """The world of the campaign of the visibility given as the fixture's (indirect)
    parameter, each row read afresh."""
    ids = built[request.param]
    gladiator = Gladiator.objects.get
    return World(
        campaign=Campaign.objects.get(pk=ids["campaign"]),
        hero=gladiator(pk=ids["hero"]),
        foe=gladiator(pk=ids["foe"]),
        carried=Holding.objects.get(pk=ids["carried"]),
        packed=Holding.objects.get(pk=ids["packed"]),
        bout=Bout.objects.get(pk=ids["bout"]),
        webhook=Webhook.objects.get(pk=ids["webhook"]),
        fought=Bout.objects.get(pk=ids["fought"]),
        others=tuple(gladiator(pk=pk) for pk in ids["others"]),
        lab=LabRun.objects.get(pk=ids["lab"]),
        lab_queued=LabRun.objects.get(pk=ids["lab_queued"]),
        post=Post.objects.get(pk=ids["post"]),
        note=Note.objects.get(pk=ids["note"]),
    )


@pytest.fixture
def campaign(built) -> Campaign:
    """The private world's campaign, for the cases that need no more of the world."""
    return Campaign.objects.get(pk=built[PRIVATE]["campaign"])


@pytest.fixture
def brutus(built) -> Gladiator:
    return Gladiator.objects.get(pk=built[PRIVATE]["hero"])


@pytest.fixture
def nox(built) -> Gladiator:
    return Gladiator.objects.get(pk=built[PRIVATE]["foe"])


LAB_RUN = {"builds": ["barbarian", "wizard"], "bouts": 2, "seed": 5}


# --- url builders and effects, so the table below reads as one row per endpoint -------------


def page(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.campaign.slug])


def hero_page(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.campaign.slug, w.hero.pk])


def bout_page(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.bout.campaign.slug, w.bout.pk])


def fought_page(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.campaign.slug, w.fought.pk])


def lab_page(name: str, run: str = "lab") -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.campaign.slug, getattr(w, run).pk])


def site(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name)


def hero_of(snap: dict) -> dict:
    return snap["gladiators"]["Brutus"]


def carried(snap: dict) -> int:
    return sum(equipped for _, _, equipped in hero_of(snap)["holdings"])


def hero_changed(key: str, change: Callable[[Any, Any], bool]):
    return lambda b, a, who: change(hero_of(b)[key], hero_of(a)[key])


BOUGHT_DAGGER = hero_changed("holdings", lambda b, a: "dagger" in {i for _, i, _ in a})
SOLD_HELMET = hero_changed("holdings", lambda b, a: "helmet" not in {i for _, i, _ in a})
RETIRED = hero_changed("status", lambda b, a: a == Gladiator.Status.RETIRED)
LEVELLED = hero_changed("level", lambda b, a: a == b + 1)
KEEPS_DISTANCE = hero_changed("tactics", lambda b, a: a.get("approach") == "keep_distance")
PAID_FIVE = hero_changed("gold", lambda b, a: a == b + 5)


def EQUIPPED(b, a, who):
    return carried(a) == carried(b) + 1


def UNEQUIPPED(b, a, who):
    return carried(a) == carried(b) - 1


def NEW_GLADIATOR(b, a, who):
    return len(a["gladiators"]) == len(b["gladiators"]) + 1


def NEW_BOUT(b, a, who):
    return len(a["bouts"]) == len(b["bouts"]) + 1


def CANCELLED(b, a, who):
    return Bout.Status.CANCELLED in a["bouts"].values()


def VOIDED(b, a, who):
    return Bout.Status.VOIDED in a["bouts"].values()


def RENAMED(b, a, who):
    return a["name"] == "Ludus Novus"


def ARCHIVED(b, a, who):
    return a["archived"] and not b["archived"]


def INVITED(b, a, who):
    return ("outsider", "player") in a["roles"] and a["members"] == b["members"] + 1


def REMOVED(b, a, who):
    return a["members"] == b["members"] - 1 and "rival" not in {u for u, _ in a["roles"]}


def HANDED_OVER(b, a, who):
    return ("owner", "gm") in a["roles"] and ("gm", "player") in a["roles"]


def HERO_TO_RIVAL(b, a, who):
    return hero_of(b)["owner"] == "owner" and hero_of(a)["owner"] == "rival"


def NEW_VACATION(b, a, who):
    return a["vacations"] == b["vacations"] + 1


def TODAY(w: World) -> dict[str, str]:
    day = timezone.now().date().isoformat()  # the personas have no time zone: UTC
    return {"starts": day, "ends": day}


def NEW_TOURNAMENT(b, a, who):
    return a["tournaments"] == b["tournaments"] + 1 and len(a["bouts"]) == len(b["bouts"]) + 2


def four(w: World) -> list[int]:
    return [w.hero.pk, w.foe.pk, *(g.pk for g in w.others)]


def NEW_LAB_RUN(b, a, who):
    return len(a["lab_runs"]) == len(b["lab_runs"]) + 1


def LAB_CANCELLED(b, a, who):
    return sorted(a["lab_runs"].values()) == [LabRun.Status.CANCELLED, LabRun.Status.DONE]


def NEW_INVITE(b, a, who):
    return a["invite"] != b["invite"]


def NEW_WEBHOOK(b, a, who):
    return a["webhooks"] == sorted([*b["webhooks"], "https://discord.example.org/api/x"])


def NEW_POST(b, a, who):
    return a["press"] == sorted([*b["press"], ("Io!", False)])


def HIDDEN(b, a, who):
    return a["press"] == [("Ave", True)]


def NEW_NOTE(b, a, who):
    return a["lore"] == sorted([*b["lore"], ("Omen", False)])


def REVEALED(b, a, who):
    return a["lore"] == [("The stranger", True)]


def STORY(b, a, who):
    return hero_of(a)["biography"] == "Born in Thrace."


def NEW_DIVISION(b, a, who):
    return a["divisions"] == sorted([*b["divisions"], "Division IX"])


def note_page(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.campaign.slug, w.note.pk])


def post_page(name: str) -> Callable[[World], str]:
    return lambda w: reverse(name, args=[w.campaign.slug, w.post.pk])


def NO_WEBHOOK(b, a, who):
    return a["webhooks"] == []


def NEW_CAMPAIGN(b, a, who):
    return a["campaigns"] == b["campaigns"] + 1


def JOINED(b, a, who):
    """Members are already in: joining again changes nothing (and is not an error)."""
    return a["members"] == b["members"] + (who == OUTSIDER)


@dataclass(frozen=True)
class Case:
    name: str
    method: str
    url: Callable[[World], str]
    payload: Callable[[World], Any]
    may: frozenset[str]
    effect: Callable[[dict, dict, str], bool]
    api: bool = False
    ok: int = 302  # what an allowed request answers; pages come back with a redirect

    def __str__(self) -> str:
        return self.name


HERO_TACTICS = {"approach": "keep_distance"}
# A month ahead (a bout is scheduled at most a year ahead), as the form's datetime-local writes it.
SCHEDULE_AT = (timezone.now() + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M")

# fmt: off
CASES = [
    # Pages: POST forms (field names from the templates).
    Case("page invite-reset", "post", page("invite-reset"), lambda w: {}, GM_ONLY, NEW_INVITE),
    Case("page gladiator-new", "post", page("gladiator-new"),
         lambda w: {"name": "Spartacus", "kind": "dwarf"}, MEMBERS, NEW_GLADIATOR),
    Case("page buy", "post", hero_page("gladiator-buy"),
         lambda w: {"item": "dagger"}, CONTROL, BOUGHT_DAGGER),
    Case("page sell", "post", hero_page("gladiator-sell"),
         lambda w: {"holding": w.packed.pk, "back": "shop"}, CONTROL, SOLD_HELMET),
    Case("page equip", "post", hero_page("gladiator-equip"),
         lambda w: {"holding": w.packed.pk, "equip": "1"}, CONTROL, EQUIPPED),
    Case("page unequip", "post", hero_page("gladiator-equip"),
         lambda w: {"holding": w.carried.pk, "equip": "0"}, CONTROL, UNEQUIPPED),
    Case("page level-up", "post", hero_page("gladiator-advance"),
         lambda w: {"advance": "attack"}, CONTROL, LEVELLED),
    Case("page tactics", "post", hero_page("gladiator-tactics"),
         lambda w: HERO_TACTICS, CONTROL, KEEPS_DISTANCE),
    Case("page retire", "post", hero_page("gladiator-retire"), lambda w: {}, CONTROL, RETIRED),
    Case("page adjust", "post", hero_page("gladiator-adjust"),
         lambda w: {"currency": "gold", "amount": "5", "reason": "a bribe"}, GM_ONLY, PAID_FIVE),
    Case("page bout-new", "post", page("bout-new"),
         lambda w: {"scheduled_at": SCHEDULE_AT, "gladiators": [w.hero.pk, w.foe.pk]},
         GM_ONLY, NEW_BOUT),
    Case("page bout-cancel", "post", bout_page("bout-cancel"),
         lambda w: {"reason": "rain"}, GM_ONLY, CANCELLED),
    Case("page bout-void", "post", fought_page("bout-void"),
         lambda w: {"reason": "rigged"}, GM_ONLY, VOIDED),
    Case("page campaign-settings", "post", page("campaign-settings"),
         lambda w: {"name": "Ludus Novus", "description": ""}, GM_ONLY, RENAMED),
    Case("page member-invite", "post", page("member-invite"),
         lambda w: {"username": "outsider"}, GM_ONLY, INVITED),
    Case("page member-remove", "post", page("member-remove"),
         lambda w: {"username": "rival"}, GM_ONLY, REMOVED),
    Case("page hand-over", "post", page("campaign-hand-over"),
         lambda w: {"username": "owner"}, GM_ONLY, HANDED_OVER),
    Case("page archive", "post", page("campaign-archive"), lambda w: {}, GM_ONLY, ARCHIVED),
    Case("page tournament-new", "post", page("tournament-new"),
         lambda w: {"starts_at": SCHEDULE_AT, "seeding": "random", "gladiators": four(w)},
         GM_ONLY, NEW_TOURNAMENT),
    Case("page webhook-new", "post", page("webhooks"),
         lambda w: {"url": "https://discord.example.org/api/x", "format": "discord"},
         GM_ONLY, NEW_WEBHOOK),
    Case("page webhook-delete", "post",
         lambda w: reverse("webhook-delete", args=[w.campaign.slug, w.webhook.pk]),
         lambda w: {}, GM_ONLY, NO_WEBHOOK),
    Case("page lab start", "post", page("lab"),
         lambda w: {"ruleset": "gladiatorquest", "builds": ["barbarian", "wizard"],
                    "bouts": "2"},
         GM_ONLY, NEW_LAB_RUN),
    Case("page lab cancel", "post", lab_page("lab-cancel", "lab_queued"), lambda w: {},
         GM_ONLY, LAB_CANCELLED),
    Case("page lab rerun", "post", lab_page("lab-rerun"), lambda w: {}, GM_ONLY, NEW_LAB_RUN),
    Case("page join with the code", "post", site("join"),
         lambda w: {"code": w.campaign.invite_code}, SIGNED_IN, JOINED),
    Case("page campaign-new", "post", site("campaign-new"),
         lambda w: {"name": "Capua", "ruleset": "gladiatorquest", "visibility": "private"},
         SIGNED_IN, NEW_CAMPAIGN),
    # API: every endpoint that changes something.
    Case("api campaign create", "post", site("api-campaigns"),
         lambda w: {"name": "Capua", "ruleset": "gladiatorquest"},
         SIGNED_IN, NEW_CAMPAIGN, api=True, ok=201),
    Case("api join with the code", "post", page("api-campaign-join"),
         lambda w: {"code": w.campaign.invite_code}, SIGNED_IN, JOINED, api=True, ok=200),
    Case("api gladiator create", "post", page("api-gladiators"),
         lambda w: {"name": "Spartacus", "kind": "dwarf", "tactics": HERO_TACTICS},
         MEMBERS, NEW_GLADIATOR, api=True, ok=201),
    Case("api buy", "post", hero_page("api-gladiator-buy"),
         lambda w: {"item": "dagger"}, CONTROL, BOUGHT_DAGGER, api=True, ok=201),
    Case("api sell", "post", hero_page("api-gladiator-sell"),
         lambda w: {"holding": w.packed.pk}, CONTROL, SOLD_HELMET, api=True, ok=200),
    Case("api equip", "post", hero_page("api-gladiator-equip"),
         lambda w: {"holding": w.packed.pk, "equipped": True}, CONTROL, EQUIPPED,
         api=True, ok=200),
    Case("api unequip", "post", hero_page("api-gladiator-equip"),
         lambda w: {"holding": w.carried.pk, "equipped": False}, CONTROL, UNEQUIPPED,
         api=True, ok=200),
    Case("api level-up", "post", hero_page("api-gladiator-advance"),
         lambda w: {"advance": "attack"}, CONTROL, LEVELLED, api=True, ok=200),
    Case("api tactics", "put", hero_page("api-gladiator-tactics"),
         lambda w: {"tactics": HERO_TACTICS}, CONTROL, KEEPS_DISTANCE, api=True, ok=200),
    Case("api retire", "post", hero_page("api-gladiator-retire"),
         lambda w: {}, CONTROL, RETIRED, api=True, ok=200),
    Case("api adjust", "post", hero_page("api-gladiator-adjust"),
         lambda w: {"currency": "gold", "amount": 5, "reason": "a bribe"}, GM_ONLY, PAID_FIVE,
         api=True, ok=201),
    Case("api bout schedule", "post", page("api-bouts"),
         lambda w: {"scheduled_at": SCHEDULE_AT + "Z", "gladiators": [w.hero.pk, w.foe.pk]},
         GM_ONLY, NEW_BOUT, api=True, ok=201),
    Case("api bout cancel", "post", bout_page("api-bout-cancel"),
         lambda w: {"reason": "rain"}, GM_ONLY, CANCELLED, api=True, ok=200),
    Case("api bout void", "post", fought_page("api-bout-void"),
         lambda w: {"reason": "rigged"}, GM_ONLY, VOIDED, api=True, ok=200),
    Case("api campaign edit", "patch", page("api-campaign"),
         lambda w: {"name": "Ludus Novus"}, GM_ONLY, RENAMED, api=True, ok=200),
    Case("api member invite", "post", page("api-members"),
         lambda w: {"username": "outsider"}, GM_ONLY, INVITED, api=True, ok=201),
    Case("api member remove", "post", page("api-member-remove"),
         lambda w: {"username": "rival"}, GM_ONLY, REMOVED, api=True, ok=200),
    Case("api hand over", "post", page("api-campaign-hand-over"),
         lambda w: {"username": "owner"}, GM_ONLY, HANDED_OVER, api=True, ok=200),
    Case("api archive", "post", page("api-campaign-archive"),
         lambda w: {}, GM_ONLY, ARCHIVED, api=True, ok=200),
    Case("api tournament create", "post", page("api-tournaments"),
         lambda w: {"starts_at": SCHEDULE_AT + "Z", "gladiators": four(w)},
         GM_ONLY, NEW_TOURNAMENT, api=True, ok=201),
    # Press: members post, the GM hides (private messages: tests/press/test_press.py).
    Case("page press post", "post", page("press"), lambda w: {"press-text": "Io!"},
         MEMBERS, NEW_POST),
    Case("page press hide", "post", post_page("press-hide"), lambda w: {}, GM_ONLY, HIDDEN),
    Case("api press post", "post", page("api-press"), lambda w: {"text": "Io!"},
         MEMBERS, NEW_POST, api=True, ok=201),
    Case("api bout press post", "post", bout_page("api-bout-press"), lambda w: {"text": "Io!"},
         MEMBERS, NEW_POST, api=True, ok=201),
    Case("api press hide", "post", post_page("api-press-hide"), lambda w: {}, GM_ONLY, HIDDEN,
         api=True, ok=200),
    # Lore: the owner or the GM writes a biography; the GM writes and reveals notes.
    Case("page lore biography", "post", hero_page("gladiator-biography"),
         lambda w: {"text": "Born in Thrace."}, CONTROL, STORY),
    Case("api lore biography", "put", hero_page("api-gladiator-biography"),
         lambda w: {"text": "Born in Thrace."}, CONTROL, STORY, api=True, ok=200),
    Case("page lore note", "post", page("lore"), lambda w: {"new-title": "Omen"},
         GM_ONLY, NEW_NOTE),
    Case("api lore note", "post", page("api-lore"), lambda w: {"title": "Omen"},
         GM_ONLY, NEW_NOTE, api=True, ok=201),
    Case("page lore reveal", "post", note_page("lore-note-reveal"), lambda w: {},
         GM_ONLY, REVEALED),
    Case("api lore reveal", "post", note_page("api-lore-reveal"), lambda w: {},
         GM_ONLY, REVEALED, api=True, ok=200),
    # Divisions: the GM adds them (the next seasons' confirmation: its own test below).
    Case("page division new", "post", page("divisions"), lambda w: {"name": "Division IX"},
         GM_ONLY, NEW_DIVISION),
    Case("api division create", "post", page("api-divisions"),
         lambda w: {"name": "Division IX"}, GM_ONLY, NEW_DIVISION, api=True, ok=201),
    # Absence: a member's own vacation; the GM hands a seat to another member.
    Case("page vacation", "post", page("vacation-set"), TODAY, MEMBERS, NEW_VACATION),
    Case("page seat hand-over", "post", page("seat-hand-over"),
         lambda w: {"gladiator": w.hero.pk, "to": "rival"}, GM_ONLY, HERO_TO_RIVAL),
    Case("api seat hand-over", "post", page("api-seat-hand-over"),
         lambda w: {"gladiator": w.hero.pk, "to": "rival"}, GM_ONLY, HERO_TO_RIVAL,
         api=True, ok=200),
]
# fmt: on


# The key cases run in a public campaign too (readable by anyone, changeable by members only).
PUBLIC_TOO = {
    "page invite-reset", "page gladiator-new", "page buy", "page tactics", "page adjust",
    "page bout-new", "page bout-cancel", "page webhook-new", "page webhook-delete",
    "page tournament-new",
    "page lab start", "page lab cancel", "page lab rerun",
    "api gladiator create", "api buy", "api sell",
    "api tactics", "api retire", "api adjust", "api bout schedule", "api bout cancel",
    "page bout-void", "page campaign-settings", "page member-invite", "page member-remove",
    "page hand-over", "page archive", "api bout void", "api campaign edit", "api member invite",
    "api member remove", "api hand over", "api archive",
    "api tournament create",
    "page press post", "page press hide", "api press post", "api bout press post",
    "api press hide", "page vacation", "page seat hand-over", "api seat hand-over",
    "page lore biography", "api lore biography", "page lore note", "api lore note",
    "page lore reveal", "api lore reveal", "page division new", "api division create",
}  # fmt: skip


def with_visibility(rows: list, public_too: set[str]) -> list[tuple[Any, str]]:
    return [(row, PRIVATE) for row in rows] + [
        (row, PUBLIC) for row in rows if row.name in public_too
    ]


def expected(may: frozenset[str], who: str, visibility: str, *, login: bool = True) -> Any:
    """ "ok", LOGIN, 404 or 403: the one outcome a persona may get."""
    if who in may:
        return "ok"
    if who == ANONYMOUS and login:
        return LOGIN
    if visibility == PRIVATE and who in (OUTSIDER, ANONYMOUS):
        return 404
    return 403


def send(client, case: Case, world: World):
    url, body = case.url(world), case.payload(world)
    if case.api:
        return getattr(client, case.method)(url, body, format="json")
    return getattr(client, case.method)(url, body)


def assert_refused_as(response, outcome: Any, *, api: bool, world: World) -> None:
    if outcome == LOGIN and api:
        assert response.status_code in {401, 403}
    elif outcome == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    else:
        assert response.status_code == outcome
    if world.campaign.visibility == PRIVATE and outcome in {LOGIN, 404}:
        # It must reveal nothing: not even the campaign's or a gladiator's name.
        words = words_of_bytes(response.content)
        for secret in (world.campaign.name, world.hero.name, world.foe.name):
            assert secret.encode() not in words


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize(
    ("case", "world"), with_visibility(CASES, PUBLIC_TOO), ids=str, indirect=["world"]
)
def test_who_may_change_what(case, who, world, personas, client_as, api_as):
    client = (api_as if case.api else client_as)(personas[who])
    outcome = expected(case.may, who, world.campaign.visibility)
    before = snapshot(world.campaign)

    response = send(client, case, world)

    after = snapshot(world.campaign)
    if outcome == "ok":
        assert response.status_code == case.ok, response.content[:500]
        if not case.api:
            assert not response["Location"].startswith(reverse("login"))
        assert case.effect(before, after, who), f"{case} by {who} did not take effect"
    else:
        assert_refused_as(response, outcome, api=case.api, world=world)
        assert after == before, f"{case} was refused to {who} but something changed"


# --- reads ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Read:
    name: str
    url: Callable[[World], str]
    may: frozenset[str] = EVERYONE  # in a public campaign; a private one adds "members only"
    api: bool = False
    login: bool = False  # @login_required page, or an API route for authenticated users only

    def __str__(self) -> str:
        return self.name


# fmt: off
READS = [
    Read("page campaign", page("campaign")),
    Read("page audit", page("audit"), GM_ONLY, login=True),
    Read("page gladiator-new", page("gladiator-new"), MEMBERS, login=True),
    Read("page stable", page("stable"), login=True),
    Read("page standings", page("standings")),
    Read("page graveyard", page("graveyard")),
    Read("page hall-of-fame", page("hall-of-fame")),
    Read("page head-to-head", hero_page("head-to-head")),
    Read("page campaign-search", page("campaign-search")),
    Read("page chronicles", page("chronicles")),
    Read("page gladiator", hero_page("gladiator")),
    Read("page shop", hero_page("shop")),
    Read("page bout-history", page("bout-history")),
    Read("page bout-history-csv", page("bout-history-csv")),
    Read("page standings-csv", page("standings-csv")),
    Read("page campaign-export", page("campaign-export"), GM_ONLY, login=True),
    Read("page bout-new", page("bout-new"), GM_ONLY, login=True),
    Read("page bout", bout_page("bout")),
    Read("page webhooks", page("webhooks"), GM_ONLY, login=True),
    Read("page campaign-settings", page("campaign-settings"), GM_ONLY, login=True),
    # The "are you sure?" pages: asked only of those who may act.
    Read("page confirm retire", hero_page("gladiator-retire"), CONTROL, login=True),
    Read("page confirm bout-cancel", bout_page("bout-cancel"), GM_ONLY, login=True),
    Read("page confirm bout-void", fought_page("bout-void"), GM_ONLY, login=True),
    Read("page confirm member-remove", page("member-remove"), GM_ONLY, login=True),
    Read("page confirm archive", page("campaign-archive"), GM_ONLY, login=True),
    Read("page tournaments", page("tournaments")),
    Read("page tournament-new", page("tournament-new"), GM_ONLY, login=True),
    Read("page bout-odds-preview", page("bout-odds-preview"), GM_ONLY, login=True),
    Read("page lab", page("lab"), GM_ONLY, login=True),
    Read("page lab-run", lab_page("lab-run"), GM_ONLY, login=True),
    Read("page lab-csv", lab_page("lab-csv"), GM_ONLY, login=True),
    Read("page lab-json", lab_page("lab-json"), GM_ONLY, login=True),
    Read("api campaign", page("api-campaign"), api=True),
    Read("api gladiators", page("api-gladiators"), api=True),
    Read("api gladiator", hero_page("api-gladiator"), api=True),
    Read("api ledger", hero_page("api-gladiator-ledger"), api=True),
    Read("api standings", page("api-standings"), api=True),
    Read("api graveyard", page("api-graveyard"), api=True),
    Read("api hall-of-fame", page("api-hall-of-fame"), api=True),
    Read("api head-to-head", hero_page("api-gladiator-head-to-head"), api=True),
    Read("api campaign-search", page("api-campaign-search"), api=True),
    Read("api chronicles", page("api-chronicles"), api=True),
    Read("api armoury", page("api-armoury"), api=True),
    Read("api audit", page("api-audit"), GM_ONLY, api=True, login=True),
    Read("api bouts", page("api-bouts"), api=True),
    Read("api bout", bout_page("api-bout"), api=True),
    Read("api members", page("api-members"), api=True),
    Read("api tournaments", page("api-tournaments"), api=True),
    # GM content and the pick phase (an Arena of the Elders campaign's writes to them:
    # tests/permissions/test_elders_matrix.py); read here in any campaign.
    Read("api content", page("api-content"), GM_ONLY, api=True, login=True),
    Read("api bout picks", bout_page("api-bout-picks"), SIGNED_IN, api=True, login=True),
    Read("page press", page("press")),
    Read("page press messages", page("press-messages"), SIGNED_IN, login=True),
    Read("api press", page("api-press"), api=True),
    Read("api bout press", bout_page("api-bout-press"), api=True),
    Read("api press messages", page("api-press-messages"), SIGNED_IN, api=True, login=True),
    Read("page lore", page("lore")),
    Read("api lore", page("api-lore"), api=True),
    Read("api lore note", note_page("api-lore-note"), api=True),
    Read("api lore biography", hero_page("api-gladiator-biography"), api=True),
    Read("page divisions", page("divisions")),
    Read("page divisions-next", page("divisions-next")),
    Read("api divisions", page("api-divisions"), api=True),
    Read("api divisions-next", page("api-divisions-next"), api=True),
]
# fmt: on


PUBLIC_READS_TOO = {
    "page campaign", "page audit", "page gladiator-new", "page gladiator", "page bout-new",
    "page webhooks", "page campaign-settings", "page confirm retire", "page confirm bout-void",
    "page confirm archive", "page tournaments", "page tournament-new", "page bout-odds-preview",
    "page lab", "page lab-run", "page lab-csv", "page lab-json", "page standings-csv",
    "page bout-history-csv", "page campaign-export",
    "api gladiator", "api ledger", "api audit", "api bouts", "api members", "api tournaments",
    "api content", "api bout picks",
    "page press", "page press messages", "api press", "api bout press", "api press messages",
    "page lore", "api lore", "api lore note", "api lore biography",
    "page divisions", "page divisions-next", "api divisions", "api divisions-next",
}  # fmt: skip


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize(
    ("read", "world"), with_visibility(READS, PUBLIC_READS_TOO), ids=str, indirect=["world"]
)
def test_who_may_see_what(read, who, world, personas, client_as, api_as):
    client = (api_as if read.api else client_as)(personas[who])
    visibility = world.campaign.visibility
    may = read.may & MEMBERS if visibility == PRIVATE else read.may
    outcome = expected(may, who, visibility, login=read.login)

    response = client.get(read.url(world))

    if outcome == "ok":
        assert response.status_code == 200, response.content[:500]
    else:
        assert_refused_as(response, outcome, api=read.api, world=world)


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("name", ["tournament", "api-tournament"])
@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_who_may_see_a_knockout(name, who, world, personas, client_as, api_as, gm):
    """A knockout is read like its campaign: by anyone in a public one, by members only in a
    private one (its bracket names the gladiators)."""
    tournament = tournament_create(
        campaign=world.campaign,
        by=gm,
        gladiators=[world.hero, world.foe, *world.others],
        starts_at=timezone.now() + timedelta(days=2),
    )
    api = name.startswith("api")
    client = (api_as if api else client_as)(personas[who])
    visibility = world.campaign.visibility
    may = MEMBERS if visibility == PRIVATE else EVERYONE
    outcome = expected(may, who, visibility, login=False)

    response = client.get(reverse(name, args=[world.campaign.slug, tournament.pk]))

    if outcome == "ok":
        assert response.status_code == 200, response.content[:500]
        assert world.hero.name.encode() in response.content
    else:
        assert_refused_as(response, outcome, api=api, world=world)


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("name", ["divisions-next", "api-divisions-next"])
@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_who_may_confirm_the_next_seasons(name, who, world, personas, client_as, api_as, gm):
    """Only the GM confirms the proposed next seasons of the divisions; anyone else is
    refused as for any GM's write, and no season opens, no table is marked."""
    division = division_create(campaign=world.campaign, by=gm, name="Division I")
    season = season_open(
        campaign=world.campaign,
        by=gm,
        title="Spring",
        format="round_robin",
        gladiators=[world.hero, world.foe, *world.others],
        first_round_at=timezone.now() + timedelta(days=1),
        division=division,
    )
    season_cancel(season=season, by=gm)
    digest = promotion_proposal(campaign=world.campaign).digest
    api = name.startswith("api")
    at = timezone.now() + timedelta(days=2)
    body = {
        "digest": digest,
        "title": "Summer",
        "first_round_at": at.isoformat() if api else at.strftime("%Y-%m-%dT%H:%M"),
    }
    client = (api_as if api else client_as)(personas[who])
    outcome = expected(GM_ONLY, who, world.campaign.visibility)
    before = snapshot(world.campaign)

    url = reverse(name, args=[world.campaign.slug])
    response = client.post(url, body, format="json") if api else client.post(url, body)

    after = snapshot(world.campaign)
    if outcome == "ok":
        assert response.status_code == (201 if api else 302), response.content[:500]
        assert after["seasons"] == sorted([*before["seasons"], "Summer, Division I"])
    else:
        assert_refused_as(response, outcome, api=api, world=world)
        assert after == before


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("division", "get"),
        ("api-division", "get"),
        ("division", "post"),
        ("api-division", "put"),
        ("division-delete", "post"),
        ("api-division", "delete"),
    ],
)
@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_who_may_see_rename_and_remove_a_division(
    name, method, who, world, personas, client_as, api_as, gm
):
    """A division is read like its campaign; only the GM renames or removes it, and a
    refusal changes nothing."""
    division = division_create(campaign=world.campaign, by=gm, name="Division X")
    api = name.startswith("api")
    client = (api_as if api else client_as)(personas[who])
    visibility = world.campaign.visibility
    if method == "get":
        may = MEMBERS if visibility == PRIVATE else EVERYONE
        outcome = expected(may, who, visibility, login=False)
    else:
        outcome = expected(GM_ONLY, who, visibility)
    before = snapshot(world.campaign)

    url = reverse(name, args=[world.campaign.slug, division.pk])
    body = {"name": "Division IX"}
    response = (
        getattr(client, method)(url, body, format="json")
        if api
        else (client.get(url) if method == "get" else client.post(url, body))
    )

    after = snapshot(world.campaign)
    if outcome != "ok":
        assert_refused_as(response, outcome, api=api, world=world)
        assert after == before
    elif method == "get":
        assert response.status_code == 200 and b"Division X" in response.content
    else:
        removed = method == "delete" or name == "division-delete"
        assert response.status_code == (204 if method == "delete" else 200 if api else 302)
        assert after["divisions"] == ([] if removed else ["Division IX"])


@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_the_private_campaign_is_missing_from_outsiders_lists(world, personas, client_as, api_as):
    """A private campaign does not exist for outsiders: not even its name in a list."""
    for who in (OUTSIDER, ANONYMOUS):
        page = api_as(personas[who]).get(reverse("api-campaigns")).json()
        listed = [c["slug"] for c in page["results"]]
        dashboard = client_as(personas[who]).get(reverse("dashboard")).content
        shown = world.campaign.visibility == PUBLIC
        assert (world.campaign.slug in listed) is shown
        assert (world.campaign.name.encode() in dashboard) is shown


def test_joining_a_private_campaign_with_a_wrong_code_is_404(personas, campaign, api_as):
    before = snapshot(campaign)
    response = api_as(personas[OUTSIDER]).post(
        reverse("api-campaign-join", args=[campaign.slug]), {"code": "guess"}, format="json"
    )
    assert response.status_code == 404
    assert snapshot(campaign) == before


def test_an_old_invite_code_stops_working_after_a_reset(campaign, gm, outsider, client_as):
    old = campaign.invite_code
    client_as(gm).post(reverse("invite-reset", args=[campaign.slug]))
    response = client_as(outsider).post(reverse("join"), {"code": old})
    assert response.status_code == 400  # the form again, with the error
    assert not campaign.memberships.filter(user=outsider).exists()


@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_a_gm_of_another_campaign_cannot_act_for_its_gladiators(world, outsider, api_as):
    """Being a GM somewhere is not being the GM here."""
    other = Campaign.objects.create(
        name="Elsewhere", slug="elsewhere", ruleset="gladiatorquest", created_by=outsider
    )
    Membership.objects.create(campaign=other, user=outsider, role=Membership.Role.GM)
    before = snapshot(world.campaign)
    response = api_as(outsider).post(
        reverse("api-gladiator-retire", args=[world.campaign.slug, world.hero.pk]), format="json"
    )
    assert response.status_code == expected(GM_ONLY, OUTSIDER, world.campaign.visibility)
    assert snapshot(world.campaign) == before


@pytest.mark.parametrize("who", PERSONAS)
@pytest.mark.parametrize("api", [False, True], ids=["page", "api"])
@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_who_may_ask_what_if(api, who, world, personas, client_as, api_as, gm):
    """Only the hero's owner and the GM ask what if for the hero of a bout it fought (the form
    is the rival's too, for the foe); refused, nothing is stored. A what-if is read by its
    asker alone: everyone else, the GM and the hero's owner included, is told it is not found
    (its change may be secret)."""
    fought = bout_schedule(
        campaign=world.campaign, by=gm, gladiators=[world.hero, world.foe],
        scheduled_at=timezone.now(), seed=7,
    )  # fmt: skip
    bout_resolve(bout_id=fought.pk)
    hero = fought.entrants.get(gladiator=world.hero)
    slug = world.campaign.slug
    client = (api_as if api else client_as)(personas[who])
    outcome = expected(CONTROL, who, world.campaign.visibility)
    before = snapshot(world.campaign)
    if api:
        url = reverse("api-bout-what-ifs", args=[slug, fought.pk])
        body = {"entrant": hero.pk, "kind": "tactics", "tactics": HERO_TACTICS}
        response = client.post(url, body, format="json")
    else:
        form = client.get(reverse("bout-what-if", args=[slug, fought.pk]))
        form_outcome = expected(CONTROL | {RIVAL}, who, world.campaign.visibility)
        if form_outcome == "ok":
            assert form.status_code == 200
        else:
            assert_refused_as(form, form_outcome, api=False, world=world)
        url = reverse("bout-what-if", args=[slug, fought.pk])
        response = client.post(url, {"entrant": hero.pk, "kind": "tactics", **HERO_TACTICS})
    after = snapshot(world.campaign)
    if outcome != "ok":
        assert_refused_as(response, outcome, api=api, world=world)
        assert after == before, f"a what-if was refused to {who} but something changed"
        return
    assert response.status_code == (202 if api else 302), response.content[:500]
    assert after == {**before, "what_ifs": 1}  # the what-if's own row, nothing else
    asked = BoutWhatIf.objects.get()
    for other in PERSONAS:
        read = (api_as if api else client_as)(personas[other])
        name = "api-bout-what-if" if api else "bout-what-if-result"
        got = read.get(reverse(name, args=[slug, fought.pk, asked.pk]))
        if other == who:
            assert got.status_code in (200, 202)
        elif other == ANONYMOUS:
            assert got.status_code in ((401, 403) if api else (302,))
        else:
            assert got.status_code == 404, other


# --- what the pages hide, the API must hide too ---------------------------------------------


def test_a_rival_does_not_read_a_gladiators_tactics(campaign, brutus, owner, rival, gm, api_as):
    """The sheet page shows tactics only to those who act for the gladiator (can_act);
    a rival reading them through the API would know the plan before the fight."""
    gladiator_tactics_set(gladiator=brutus, tactics={"approach": "keep_distance"}, by=owner)
    url = reverse("api-gladiator", args=[campaign.slug, brutus.pk])
    assert api_as(owner).get(url).json()["tactics"] == {"approach": "keep_distance"}
    assert api_as(gm).get(url).json()["tactics"] == {"approach": "keep_distance"}
    assert api_as(rival).get(url).json().get("tactics") in (None, {})


def test_a_scheduled_bouts_seed_is_not_shown_before_the_fight(
    campaign, owner, gm, brutus, nox, api_as
):
    """The engine is deterministic (play(engine_input) == log): a player who knows the seed of a
    scheduled bout can play it out beforehand and pick the tactics and kit that win. The bout
    page never shows the seed; the API must not either until the bout is fought."""
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(days=2),
    )
    body = api_as(owner).get(reverse("api-bout", args=[campaign.slug, bout.pk])).json()
    assert body["status"] == Bout.Status.SCHEDULED
    assert body.get("seed") is None


@pytest.mark.parametrize("world", BOTH, indirect=True)
def test_only_the_gm_sees_the_invite_code(world, personas, client_as, api_as):
    """The code lets anyone join; only the GM, who may reset it, is shown it."""
    code = world.campaign.invite_code.encode()
    for who in PERSONAS:
        page_body = client_as(personas[who]).get(reverse("campaign", args=[world.campaign.slug]))
        api_body = api_as(personas[who]).get(reverse("api-campaign", args=[world.campaign.slug]))
        assert (code in page_body.content) is (who == GM), who
        assert code not in api_body.content, who
