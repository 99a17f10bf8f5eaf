"""The armoury between fights (VIII.C): buy, sell, equip, unequip. Every gold change is a
ledger line; every refusal is a clear LudusError (or NotAllowed) that changes nothing."""

from __future__ import annotations

import pytest

from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import armoury
from characters.models import Gladiator, Holding, LedgerLine
from characters.services import gladiator_retire
from characters.shop import item_buy, item_equip, item_sell, item_unequip

from .conftest import assert_ledger_balances

pytestmark = pytest.mark.django_db

NOT_FOR_SALE = sorted(
    slug for slug, item in armoury("gladiatorquest").items() if item["price"] is None
)


def price(slug: str) -> int:
    return armoury("gladiatorquest")[slug]["price"]


def snapshot(gladiator: Gladiator) -> tuple:
    """Everything a refused shop operation must leave alone."""
    g = Gladiator.objects.get(pk=gladiator.pk)
    return (
        g.gold,
        g.status,
        list(LedgerLine.objects.filter(gladiator=g).values_list("id", flat=True)),
        list(
            Holding.objects.filter(gladiator=g).order_by("id").values_list("id", "item", "equipped")
        ),
    )


# Buying ---------------------------------------------------------------------------------


def test_buying_with_enough_gold_pays_the_price_and_equips_the_item(brutus, owner, give):
    """VIII.C: 'In between battles Gladiator's may spend gold on weapons, armor, and potions.'"""
    give(brutus, 200)
    holding = item_buy(gladiator=brutus, item="shield", by=owner)

    brutus.refresh_from_db()
    assert brutus.gold == 200 - price("shield")
    line = brutus.ledger.latest("id")
    assert (line.cause, line.currency, line.amount) == ("purchase", "gold", -price("shield"))
    assert line.item == "shield"
    assert "Shield" in line.note
    assert line.actor == owner
    holding.refresh_from_db()
    assert (holding.gladiator_id, holding.item) == (brutus.pk, "shield")
    assert holding.equipped, "a broadsword and a shield fit in two hands"
    assert holding.price_paid == price("shield")
    assert_ledger_balances(brutus)


def test_buying_updates_the_callers_copy_of_the_purse(brutus, owner, give):
    give(brutus, 30)
    item_buy(gladiator=brutus, item="dagger", by=owner)
    assert brutus.gold == 30 - price("dagger")


def test_an_item_that_does_not_fit_with_the_equipped_ones_goes_to_the_pack(brutus, owner, give):
    """VIII.A: 'If a two-handed weapon is carried, the Gladiator may not carry a shield.'
    Bought anyway, it is kept unequipped."""
    give(brutus, price("shield") + price("battle_axe"))
    item_buy(gladiator=brutus, item="shield", by=owner)
    axe = item_buy(gladiator=brutus, item="battle_axe", by=owner)
    axe.refresh_from_db()
    assert not axe.equipped
    assert set(brutus.holdings.filter(equipped=True).values_list("item", flat=True)) == {
        "broadsword",
        "shield",
    }
    assert brutus.gold == 0
    assert_ledger_balances(brutus)


def test_buying_without_enough_gold_is_refused_and_changes_nothing(brutus, owner, give):
    give(brutus, 100)
    before = snapshot(brutus)
    with pytest.raises(LudusError) as refused:
        item_buy(gladiator=brutus, item="broadsword", by=owner)
    assert refused.value.field == "gold"
    assert "100 gold" in refused.value.message
    assert str(price("broadsword")) in refused.value.message
    assert snapshot(brutus) == before
    assert brutus.gold == 100


def test_buying_with_an_empty_purse_is_refused(brutus, owner):
    before = snapshot(brutus)
    with pytest.raises(LudusError, match="0 gold"):
        item_buy(gladiator=brutus, item="dagger", by=owner)
    assert snapshot(brutus) == before


@pytest.mark.parametrize("item", ["broadsword", "chain_mail", "helmet", "shield"])
def test_a_wizard_cannot_buy_what_his_class_may_not_use(nox, rival, give, item):
    """The Wizard uses only dagger, staff, bracers, cloak and potions (HeroQuest, data.py)."""
    give(nox, 2000)
    before = snapshot(nox)
    with pytest.raises(LudusError) as refused:
        item_buy(gladiator=nox, item=item, by=rival)
    assert refused.value.field == "item"
    assert "Wizard may not use" in refused.value.message
    assert snapshot(nox) == before


def test_a_barbarian_cannot_buy_wizard_only_bracers(brutus, owner, give):
    give(brutus, 500)
    before = snapshot(brutus)
    with pytest.raises(LudusError, match="only a wizard or chaos_wizard may use"):
        item_buy(gladiator=brutus, item="bracers", by=owner)
    assert snapshot(brutus) == before


def test_a_wizard_may_buy_bracers_and_they_are_worn(nox, rival, give):
    give(nox, price("bracers"))
    holding = item_buy(gladiator=nox, item="bracers", by=rival)
    assert holding.equipped
    assert_ledger_balances(nox)


def test_an_unknown_item_is_refused_by_name(brutus, owner, give):
    give(brutus, 1000)
    before = snapshot(brutus)
    with pytest.raises(LudusError) as refused:
        item_buy(gladiator=brutus, item="vorpal_blade", by=owner)
    assert refused.value.field == "item"
    assert "vorpal_blade" in refused.value.message
    assert snapshot(brutus) == before


def test_the_armoury_has_items_that_are_not_for_sale():
    """A monster's natural weapon (the Mummy's touch) has no price."""
    assert "touch" in NOT_FOR_SALE


@pytest.mark.parametrize("item", NOT_FOR_SALE)
def test_an_item_that_is_not_for_sale_cannot_be_bought(campaign, owner, give, item):
    """Even the monster the natural weapon belongs to cannot buy a second one."""
    from characters.services import gladiator_create

    mummy = gladiator_create(campaign=campaign, by=owner, name="Imhotep", kind="mummy")
    give(mummy, 5000)
    before = snapshot(mummy)
    with pytest.raises(LudusError) as refused:
        item_buy(gladiator=mummy, item=item, by=owner)
    assert refused.value.field == "item"
    assert "not for sale" in refused.value.message
    assert snapshot(mummy) == before


# Equipping -------------------------------------------------------------------------------


def test_equipping_a_second_body_armour_puts_the_first_in_the_pack(brutus, owner, give):
    """One body armour at a time: plate mail equipped over chain mail takes its place, in one
    step, and the chain mail goes to the pack."""
    give(brutus, price("chain_mail") + price("plate_mail"))
    chain = item_buy(gladiator=brutus, item="chain_mail", by=owner)
    plate = item_buy(gladiator=brutus, item="plate_mail", by=owner)
    assert chain.equipped and not plate.equipped
    gold = Gladiator.objects.get(pk=brutus.pk).gold
    item_equip(holding=plate, by=owner)
    worn = set(brutus.holdings.filter(equipped=True).values_list("item", flat=True))
    assert worn == {"broadsword", "plate_mail"}
    assert not Holding.objects.get(pk=chain.pk).equipped
    assert Gladiator.objects.get(pk=brutus.pk).gold == gold, "equipping is free"


def test_a_two_handed_weapon_cannot_be_equipped_with_a_shield(brutus, owner, give):
    """VIII.A: 'If a two-handed weapon is carried, the Gladiator may not carry a shield.'"""
    give(brutus, price("shield") + price("battle_axe"))
    shield = item_buy(gladiator=brutus, item="shield", by=owner)
    sword = brutus.holdings.get(item="broadsword")
    item_unequip(holding=sword, by=owner)
    axe = item_buy(gladiator=brutus, item="battle_axe", by=owner)
    assert not axe.equipped, "bought while the shield is equipped: to the pack"
    before = snapshot(brutus)
    with pytest.raises(LudusError, match="two-handed: no shield"):
        item_equip(holding=axe, by=owner)
    assert snapshot(brutus) == before

    item_unequip(holding=shield, by=owner)
    item_equip(holding=axe, by=owner)
    assert Holding.objects.get(pk=axe.pk).equipped
    with pytest.raises(LudusError, match="two-handed: no shield"):
        item_equip(holding=shield, by=owner)
    assert not Holding.objects.get(pk=shield.pk).equipped


def test_a_shield_bought_with_a_two_handed_weapon_in_hand_goes_to_the_pack(brutus, owner, give):
    give(brutus, price("shield") + price("battle_axe"))
    item_unequip(holding=brutus.holdings.get(item="broadsword"), by=owner)
    axe = item_buy(gladiator=brutus, item="battle_axe", by=owner)
    shield = item_buy(gladiator=brutus, item="shield", by=owner)
    assert axe.equipped and not shield.equipped


def test_unequip_then_equip_round_trips(brutus, owner):
    sword = brutus.holdings.get(item="broadsword")
    assert sword.equipped
    item_unequip(holding=sword, by=owner)
    assert not Holding.objects.get(pk=sword.pk).equipped
    item_equip(holding=Holding.objects.get(pk=sword.pk), by=owner)
    assert Holding.objects.get(pk=sword.pk).equipped
    assert brutus.holdings.count() == 1
    assert not brutus.ledger.exists(), "equipping is free"


def test_equipping_an_equipped_item_changes_nothing(brutus, owner):
    sword = brutus.holdings.get(item="broadsword")
    before = snapshot(brutus)
    assert item_equip(holding=sword, by=owner).equipped
    assert snapshot(brutus) == before


# Selling ---------------------------------------------------------------------------------


def test_selling_pays_half_the_price_by_default_and_removes_the_holding(brutus, owner, give):
    give(brutus, price("shield"))
    shield = item_buy(gladiator=brutus, item="shield", by=owner)
    paid = item_sell(holding=shield, by=owner)

    assert paid == price("shield") // 2
    brutus.refresh_from_db()
    assert brutus.gold == price("shield") // 2
    assert not Holding.objects.filter(pk=shield.pk).exists()
    line = brutus.ledger.latest("id")
    assert (line.cause, line.amount, line.item, line.actor) == ("sale", paid, "shield", owner)
    assert_ledger_balances(brutus)


def test_the_campaigns_sell_ratio_sets_the_sell_price(campaign, brutus, owner, give):
    """House rule: campaign.options['sell_ratio']."""
    campaign.options = {**campaign.options, "sell_ratio": 0.25}
    campaign.save(update_fields=["options"])
    give(brutus, price("handaxe"))
    axe = item_buy(gladiator=brutus, item="handaxe", by=owner)
    paid = item_sell(holding=axe, by=owner)
    assert paid == price("handaxe") // 4
    brutus.refresh_from_db()
    assert brutus.gold == price("handaxe") // 4
    assert_ledger_balances(brutus)


def test_selling_the_same_holding_twice_pays_once(brutus, owner, give):
    """A double click must not sell one sword twice."""
    give(brutus, price("shield"))
    shield = item_buy(gladiator=brutus, item="shield", by=owner)
    item_sell(holding=shield, by=owner)
    before = snapshot(brutus)
    with pytest.raises(LudusError) as refused:
        item_sell(holding=shield, by=owner)
    assert refused.value.field == "holding"
    assert snapshot(brutus) == before
    assert brutus.ledger.filter(cause="sale").count() == 1


def test_equipping_an_item_that_was_sold_meanwhile_is_a_clear_error(brutus, owner, give):
    """Two tabs: one sells the helmet, the other then equips it. Like a second sale, this is
    bad input ('That item is no longer in the inventory'), a LudusError the interfaces turn
    into a 400 / a form error, not an unhandled DoesNotExist (a 500)."""
    give(brutus, price("helmet"))
    helmet = item_buy(gladiator=brutus, item="helmet", by=owner)
    item_unequip(holding=helmet, by=owner)
    stale = Holding.objects.get(pk=helmet.pk)
    item_sell(holding=helmet, by=owner)
    before = snapshot(brutus)
    with pytest.raises(LudusError) as refused:
        item_equip(holding=stale, by=owner)
    assert refused.value.field == "holding"
    assert snapshot(brutus) == before


# Who and when ----------------------------------------------------------------------------


@pytest.fixture(params=["retired", "dead"])
def ended(request, brutus, owner, give):
    """Brutus with a shield (worn) and a helmet (in the pack) bought while active, then
    retired (the service) or dead (the status only: how a bout kills is in test_rewards.py)."""
    give(brutus, 1000)
    item_buy(gladiator=brutus, item="shield", by=owner)
    item_unequip(holding=item_buy(gladiator=brutus, item="helmet", by=owner), by=owner)
    if request.param == "retired":
        gladiator_retire(gladiator=brutus, by=owner)
    else:
        Gladiator.objects.filter(pk=brutus.pk).update(status=Gladiator.Status.DEAD)
    return Gladiator.objects.get(pk=brutus.pk)


def test_a_dead_or_retired_gladiator_cannot_buy(ended, owner):
    before = snapshot(ended)
    with pytest.raises(LudusError, match="cannot fight, buy"):
        item_buy(gladiator=ended, item="dagger", by=owner)
    assert snapshot(ended) == before


def test_a_dead_or_retired_gladiator_cannot_sell(ended, owner):
    before = snapshot(ended)
    with pytest.raises(LudusError, match=ended.get_status_display().lower()):
        item_sell(holding=ended.holdings.get(item="shield"), by=owner)
    assert snapshot(ended) == before


def test_a_dead_or_retired_gladiator_cannot_equip(ended, owner):
    before = snapshot(ended)
    with pytest.raises(LudusError, match="cannot fight, buy"):
        item_equip(holding=Holding.objects.get(gladiator=ended, item="helmet"), by=owner)
    assert snapshot(ended) == before


def test_a_dead_or_retired_gladiator_cannot_unequip(ended, owner):
    before = snapshot(ended)
    with pytest.raises(LudusError, match="cannot fight, buy"):
        item_unequip(holding=Holding.objects.get(gladiator=ended, item="shield"), by=owner)
    assert snapshot(ended) == before


def test_unequip_checks_the_gladiator_as_it_is_now_not_as_the_caller_loaded_it(brutus, owner):
    """A page loaded the holding (and its gladiator) before the gladiator retired in another
    request; the unequip that follows must still be refused. buy, sell and equip re-read the
    gladiator under its row lock; unequip must too."""
    sword = brutus.holdings.get(item="broadsword")  # sword.gladiator is this copy of brutus
    gladiator_retire(gladiator=Gladiator.objects.get(pk=brutus.pk), by=owner)
    before = snapshot(brutus)
    with pytest.raises(LudusError, match="retired"):
        item_unequip(holding=sword, by=owner)
    assert snapshot(brutus) == before


@pytest.mark.parametrize("intruder", ["rival", "outsider"])
def test_only_the_owner_or_the_gm_may_buy_for_a_gladiator(request, brutus, give, intruder):
    give(brutus, 1000)
    user = request.getfixturevalue(intruder)
    before = snapshot(brutus)
    with pytest.raises(NotAllowed, match="Brutus's owner or the game master"):
        item_buy(gladiator=brutus, item="shield", by=user)
    assert snapshot(brutus) == before


@pytest.mark.parametrize("intruder", ["rival", "outsider"])
def test_only_the_owner_or_the_gm_may_sell_or_equip(request, brutus, intruder):
    user = request.getfixturevalue(intruder)
    sword = brutus.holdings.get(item="broadsword")
    before = snapshot(brutus)
    for operation in (item_sell, item_unequip, item_equip):
        with pytest.raises(NotAllowed):
            operation(holding=sword, by=user)
    assert snapshot(brutus) == before


def test_the_gm_may_buy_for_a_gladiator(brutus, gm, give):
    give(brutus, price("helmet"))
    holding = item_buy(gladiator=brutus, item="helmet", by=gm)
    assert holding.equipped
    assert brutus.ledger.latest("id").actor == gm
    assert_ledger_balances(brutus)
