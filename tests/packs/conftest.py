"""A Gladiator 101 campaign of four players, each with a gladiator holding two booster packs
bought at the armoury with gold the GM paid."""

from __future__ import annotations

import pytest

from characters.services import gladiator_adjust, gladiator_create
from characters.shop import item_buy
from tests.conftest import campaign_with

PACK = "booster-pack"
PLAYERS = ["marcus", "livia", "quintus", "tullia"]
NAMES = ["Attius", "Bassus", "Celer", "Durio"]


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in PLAYERS]


@pytest.fixture
def schola(gm, players):
    campaign = campaign_with(gm, players, name="Schola", ruleset="gladiator-101")
    return campaign


def equip_with_packs(gladiator, *, gm, packs: int = 2):
    gladiator_adjust(
        gladiator=gladiator, currency="gold", amount=40 * packs, reason="a patron", by=gm
    )
    for _ in range(packs):
        item_buy(gladiator=gladiator, item=PACK, by=gladiator.owner)
    gladiator.refresh_from_db()
    return gladiator


def two_seat_draft(*, gm, owner, rival, name: str = "Schola"):
    """A Gladiator 101 campaign of owner and rival, each with a gladiator holding two packs,
    and a draft of the two running (for the worlds of the API-wide tests)."""
    from characters.pack_events import pack_event_create

    campaign = campaign_with(gm, (owner, rival), name=name, ruleset="gladiator-101")
    seated = [
        equip_with_packs(gladiator_create(campaign=campaign, by=p, name=n, kind="gladiator"), gm=gm)
        for p, n in ((owner, "Attius"), (rival, "Bassus"))
    ]
    return pack_event_create(campaign=campaign, by=gm, kind="draft", gladiators=seated)


@pytest.fixture
def four(schola, gm, players):
    return [
        equip_with_packs(
            gladiator_create(campaign=schola, by=player, name=name, kind="gladiator"), gm=gm
        )
        for player, name in zip(players, NAMES, strict=True)
    ]
