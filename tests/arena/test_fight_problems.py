"""A gladiator that cannot fight as it is equipped (a Gladiator Arena gladiator without a
weapon: section 7, "Each player has one of following weapons") is refused in words at every
entry into a bout, by the services, the pages and the API alike, with nothing changed; and the
shop will not take its only weapon from a gladiator still to fight, so no bout fails on it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout, BoutEntrant, SeasonEntry, Tournament
from arena.play.services import bout_enter, bout_open, bout_start
from arena.tournaments.services import tournament_cancel, tournament_create
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError
from characters.models import Gladiator, Holding, LedgerLine
from characters.services import gladiator_adjust, gladiator_create
from characters.shop import item_buy, item_equip, item_sell, item_unequip
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db

UNARMED = (
    "Marcus cannot enter a bout: it has no weapon to fight with (equip one from its pack, or "
    "buy one in the shop)."
)
SOON = timezone.now() + timedelta(days=2)


@pytest.fixture
def forum(gm, owner, rival):
    """A Gladiator Arena campaign: Marcus (the owner's), Nero, Otho and Quintus (the rival's),
    each with the sword every race starts with."""
    campaign = campaign_with(gm, (owner, rival), name="Forum Arena", ruleset="gladiator-arena")
    marcus = gladiator_create(campaign=campaign, by=owner, name="Marcus", kind="human")
    others = [
        gladiator_create(campaign=campaign, by=rival, name=name, kind=kind)
        for name, kind in (("Nero", "dwarf"), ("Otho", "elf"), ("Quintus", "giant"))
    ]
    return campaign, marcus, others


def sword(gladiator: Gladiator) -> Holding:
    return gladiator.holdings.get(item="sword")


DISARM: dict[str, Callable[[Holding, Any], Any]] = {
    "sold": lambda holding, owner: item_sell(holding=holding, by=owner),
    "in the pack": lambda holding, owner: item_unequip(holding=holding, by=owner),
}


@pytest.fixture(params=sorted(DISARM))
def unarmed(request, forum, owner):
    """The forum with Marcus's only weapon sold, or taken off into its pack."""
    campaign, marcus, others = forum
    DISARM[request.param](sword(marcus), owner)
    return campaign, marcus, others


def state() -> dict[str, list]:
    """Everything an entry could change."""
    models = (Bout, BoutEntrant, Tournament, SeasonEntry, AuditEntry, Holding, LedgerLine)
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in models}


def text(response) -> str:
    return html.unescape(response.content.decode())


# --- scheduling -----------------------------------------------------------------------------


def test_scheduling_an_unarmed_gladiator_is_refused_in_words(unarmed, gm):
    campaign, marcus, (nero, *_) = unarmed
    before = state()
    with pytest.raises(LudusError) as refused:
        bout_schedule(campaign=campaign, by=gm, gladiators=[nero, marcus], scheduled_at=SOON)
    assert (refused.value.message, refused.value.field) == (UNARMED, "gladiators")
    assert state() == before


def test_the_schedule_form_refuses_an_unarmed_gladiator_in_words(unarmed, gm, client_as):
    campaign, marcus, (nero, *_) = unarmed
    before = state()
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {"gladiators": [nero.pk, marcus.pk], "fight_now": "1"},
    )
    assert response.status_code == 400
    assert UNARMED in text(response)
    assert state() == before


def test_the_api_refuses_to_schedule_an_unarmed_gladiator_in_words(unarmed, gm, api_as):
    campaign, marcus, (nero, *_) = unarmed
    before = state()
    response = api_as(gm).post(
        reverse("api-bouts", args=[campaign.slug]),
        {"gladiators": [nero.pk, marcus.pk], "scheduled_at": SOON.isoformat()},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["gladiators"] == [UNARMED]
    assert state() == before


# --- entering a bout by web -----------------------------------------------------------------


@pytest.fixture
def open_bout(unarmed, gm):
    campaign, *_ = unarmed
    return bout_open(campaign=campaign, by=gm, title="First blood", deadline_hours=24)


def test_entering_an_unarmed_gladiator_is_refused_in_words(unarmed, open_bout, owner):
    _, marcus, _ = unarmed
    before = state()
    with pytest.raises(LudusError) as refused:
        bout_enter(bout=open_bout, gladiator=marcus, by=owner, square="D4")
    assert (refused.value.message, refused.value.field) == (UNARMED, "gladiator")
    assert state() == before


def test_the_entry_form_refuses_an_unarmed_gladiator_in_words(unarmed, open_bout, owner, client_as):
    campaign, marcus, _ = unarmed
    before = state()
    response = client_as(owner).post(
        reverse("bout-enter", args=[campaign.slug, open_bout.pk]),
        {"gladiator": marcus.pk, "square": "D4"},
    )
    assert response.status_code == 400
    assert UNARMED in text(response)
    assert state() == before


def test_the_api_refuses_to_enter_an_unarmed_gladiator_in_words(unarmed, open_bout, owner, api_as):
    campaign, marcus, _ = unarmed
    before = state()
    response = api_as(owner).post(
        reverse("api-bout-entries", args=[campaign.slug, open_bout.pk]),
        {"gladiator": marcus.pk, "square": "D4"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["gladiator"] == [UNARMED]
    assert state() == before


# --- a knockout's draw ----------------------------------------------------------------------


def test_drawing_a_knockout_with_an_unarmed_gladiator_is_refused_in_words(unarmed, gm):
    campaign, marcus, others = unarmed
    before = state()
    with pytest.raises(LudusError) as refused:
        tournament_create(
            campaign=campaign, by=gm, gladiators=[marcus, *others], starts_at=SOON, seed=3
        )
    assert (refused.value.message, refused.value.field) == (UNARMED, "gladiators")
    assert state() == before


def test_the_knockout_form_refuses_an_unarmed_gladiator_in_words(unarmed, gm, client_as):
    campaign, marcus, others = unarmed
    before = state()
    response = client_as(gm).post(
        reverse("tournament-new", args=[campaign.slug]),
        {
            "title": "The Ides Cup",
            "starts_at": SOON.strftime("%Y-%m-%dT%H:%M"),
            "seeding": "random",
            "round_minutes": "0",
            "gladiators": [g.pk for g in (marcus, *others)],
        },
    )
    assert response.status_code == 400
    assert UNARMED in text(response)
    assert state() == before


def test_the_api_refuses_a_knockout_with_an_unarmed_gladiator_in_words(unarmed, gm, api_as):
    campaign, marcus, others = unarmed
    before = state()
    response = api_as(gm).post(
        reverse("api-tournaments", args=[campaign.slug]),
        {"starts_at": SOON.isoformat(), "gladiators": [g.pk for g in (marcus, *others)]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["gladiators"] == [UNARMED]
    assert state() == before


# --- the shop, while a bout is ahead --------------------------------------------------------

NOT_WITHOUT = (
    "Marcus is entered in {ahead}, and without the sword it has no weapon to fight with "
    "(equip one from its pack, or buy one in the shop): not {verb}. Equip what it needs in "
    "its place first, or wait until it has fought."
)


@pytest.fixture(params=["scheduled", "open", "knockout"])
def ahead(request, forum, gm, owner):
    """Marcus still to fight: in a scheduled bout, entered in a bout open for entries, or in a
    running knockout between rounds (a bye: no bout of his is scheduled yet). Returns the
    words that name it."""
    campaign, marcus, others = forum
    if request.param == "scheduled":
        bout = bout_schedule(
            campaign=campaign, by=gm, gladiators=[marcus, others[0]], scheduled_at=SOON
        )
        return f"the bout {bout.title}"
    if request.param == "open":
        bout = bout_open(campaign=campaign, by=gm, title="First blood", deadline_hours=24)
        bout_enter(bout=bout, gladiator=marcus, by=owner, square="D4")
        return "the bout First blood"
    fifth = gladiator_create(campaign=campaign, by=owner, name="Rufus", kind="halfling")
    cup = tournament_create(
        campaign=campaign, by=gm, gladiators=[marcus, *others, fifth], starts_at=SOON,
        title="The Ides Cup", seeding=Tournament.Seeding.STANDINGS,
    )  # fmt: skip
    # Five entrants: the top three seeds wait out round one with a bye. Nobody has fought, so
    # the standings rank them by name, and Marcus is the top seed.
    assert not Bout.objects.filter(entrants__gladiator=marcus).exists(), "Marcus has a bye"
    return f"the knockout {cup.title}"


def test_selling_the_only_weapon_of_a_gladiator_still_to_fight_is_refused(forum, ahead, owner):
    _, marcus, _ = forum
    before = state()
    with pytest.raises(LudusError) as refused:
        item_sell(holding=sword(marcus), by=owner)
    assert refused.value.message == NOT_WITHOUT.format(ahead=ahead, verb="sold")
    assert refused.value.field == "holding"
    assert state() == before


def test_unequipping_the_only_weapon_of_a_gladiator_still_to_fight_is_refused(forum, ahead, owner):
    _, marcus, _ = forum
    before = state()
    with pytest.raises(LudusError) as refused:
        item_unequip(holding=sword(marcus), by=owner)
    assert refused.value.message == NOT_WITHOUT.format(ahead=ahead, verb="unequipped")
    assert state() == before


@pytest.mark.parametrize(
    ("route", "form", "verb"),
    [("gladiator-sell", {}, "sold"), ("gladiator-equip", {"equip": "0"}, "unequipped")],
)
def test_the_shop_pages_refuse_it_in_words(forum, ahead, owner, client_as, route, form, verb):
    campaign, marcus, _ = forum
    before = state()
    response = client_as(owner).post(
        reverse(route, args=[campaign.slug, marcus.pk]),
        {"holding": sword(marcus).pk, "back": "shop", **form},
    )
    assert response.status_code == 400
    assert NOT_WITHOUT.format(ahead=ahead, verb=verb) in text(response)
    assert state() == before


@pytest.mark.parametrize(
    ("action", "body", "verb"),
    [("sell", {}, "sold"), ("equip", {"equipped": False}, "unequipped")],
)
def test_the_shop_api_refuses_it_in_words(forum, ahead, owner, api_as, action, body, verb):
    campaign, marcus, _ = forum
    before = state()
    response = api_as(owner).post(
        reverse(f"api-gladiator-{action}", args=[campaign.slug, marcus.pk]),
        {"holding": sword(marcus).pk, **body},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["holding"] == [NOT_WITHOUT.format(ahead=ahead, verb=verb)]
    assert state() == before


def test_a_gladiator_still_to_fight_changes_weapons_in_one_step_and_fights(forum, gm, owner):
    """Equipping a spear over the sword takes its place (the sword to the pack), so the shop
    never has to leave it unarmed between two presses; the sword can then be sold, and the
    bout is fought with the spear."""
    campaign, marcus, (nero, *_) = forum
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=[marcus, nero], scheduled_at=SOON, seed=5
    )
    gladiator_adjust(gladiator=marcus, currency="gold", amount=100, reason="purse", by=gm)
    spear = item_buy(gladiator=marcus, item="spear", by=owner)
    assert not spear.equipped, "one weapon at a time: the spear goes to the pack"
    item_equip(holding=spear, by=owner)
    carried = set(marcus.holdings.filter(equipped=True).values_list("item", flat=True))
    assert carried == {"spear"}
    item_sell(holding=sword(marcus), by=owner)
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now() - timedelta(seconds=1))
    fought = bout_resolve(bout_id=bout.pk)
    assert fought is not None and fought.status == Bout.Status.RESOLVED, fought.failure
    weapons = {g["name"]: g["weapon"] for g in fought.engine_input["gladiators"]}
    assert weapons == {"Marcus": "spear", "Nero": "sword"}


def test_once_the_knockout_is_over_for_it_the_weapon_may_be_sold(forum, gm, owner):
    campaign, marcus, others = forum
    fifth = gladiator_create(campaign=campaign, by=owner, name="Rufus", kind="halfling")
    cup = tournament_create(
        campaign=campaign, by=gm, gladiators=[marcus, *others, fifth], starts_at=SOON,
        seeding=Tournament.Seeding.STANDINGS,
    )  # fmt: skip
    with pytest.raises(LudusError, match="is entered in the knockout"):
        item_sell(holding=sword(marcus), by=owner)
    tournament_cancel(tournament=cup, by=gm)
    assert item_sell(holding=sword(marcus), by=owner) == 50
    assert not marcus.holdings.exists()


def test_a_gladiator_with_no_bout_ahead_sells_its_only_weapon(forum, owner):
    _, marcus, _ = forum
    assert item_sell(holding=sword(marcus), by=owner) == 50


# --- what the shop does not guard: a weapon taken away behind its back -----------------------


def test_a_bout_whose_gladiator_lost_its_weapon_elsewhere_fails_in_words(forum, gm):
    """A weapon deleted in the Django admin: the bout fails once, saying why in words, never
    with the engine's "unknown weapon ''"."""
    campaign, marcus, (nero, *_) = forum
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=[marcus, nero], scheduled_at=timezone.now()
    )
    sword(marcus).delete()
    failed = bout_resolve(bout_id=bout.pk)
    assert failed is not None and failed.status == Bout.Status.FAILED
    assert failed.failure == (
        "Marcus cannot fight: it has no weapon to fight with (equip one from its pack, or buy "
        "one in the shop)."
    )


def test_an_open_bout_whose_gladiator_lost_its_weapon_elsewhere_does_not_start(
    forum, gm, owner, rival
):
    campaign, marcus, (nero, *_) = forum
    bout = bout_open(campaign=campaign, by=gm, title="First blood", deadline_hours=24)
    bout_enter(bout=bout, gladiator=marcus, by=owner, square="D4")
    bout_enter(bout=bout, gladiator=nero, by=rival, square="D6")
    Holding.objects.filter(gladiator=marcus).update(equipped=False)
    with pytest.raises(LudusError, match=r"^Marcus cannot fight: it has no weapon"):
        bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.OPEN


def test_the_equip_page_changes_weapons_and_says_what_is_carried(forum, gm, owner, client_as):
    campaign, marcus, (nero, *_) = forum
    bout_schedule(campaign=campaign, by=gm, gladiators=[marcus, nero], scheduled_at=SOON)
    gladiator_adjust(gladiator=marcus, currency="gold", amount=100, reason="purse", by=gm)
    spear = item_buy(gladiator=marcus, item="spear", by=owner)
    client = client_as(owner)
    response = client.post(
        reverse("gladiator-equip", args=[campaign.slug, marcus.pk]),
        {"holding": spear.pk, "equip": "1"},
        follow=True,
    )
    assert response.status_code == 200
    assert "Marcus now carries: Spear." in text(response)
    assert not sword(marcus).equipped
