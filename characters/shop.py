"""The armoury between fights: buy, sell, equip and unequip. Every gold change is a ledger line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from campaign.errors import LudusError

from .catalogue import armoury, equipment_problems
from .ledger import gladiator_lock, ledger_post
from .models import Gladiator, Holding, LedgerLine
from .permissions import check_gladiator_active, check_gladiator_control

DEFAULT_SELL_RATIO = 0.5


def item_sell_price(*, gladiator: Gladiator, item: Mapping[str, Any]) -> int:
    ratio = gladiator.campaign.options.get("sell_ratio", DEFAULT_SELL_RATIO)
    if not isinstance(ratio, int | float) or not 0 <= ratio <= 1:
        ratio = DEFAULT_SELL_RATIO  # a bad value slipped in through the admin: never pay more
    return int((item["price"] or 0) * ratio)


def _equipped(gladiator: Gladiator) -> list[str]:
    return list(gladiator.holdings.filter(equipped=True).values_list("item", flat=True))


def _item(gladiator: Gladiator, slug: str) -> Mapping[str, Any]:
    item = armoury(gladiator.campaign.ruleset).get(slug)
    if item is None:
        raise LudusError(f"The armoury has no item {slug!r}.", field="item")
    return item


def item_buy(*, gladiator: Gladiator, item: str, by: AbstractBaseUser) -> Holding:
    """Buy one item for a gladiator, paying from its purse. Locks the gladiator row.

    The item is equipped at once when the gladiator may carry it with what it already has;
    otherwise it goes to the pack (an error if the type may never use it).
    """
    check_gladiator_control(gladiator=gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        check_gladiator_active(gladiator=locked)
        data = _item(locked, item)
        if data["price"] is None:
            raise LudusError(f"The {data['name'].lower()} is not for sale.", field="item")
        alone = equipment_problems(locked, [item])
        if alone:
            raise LudusError(f"{locked.name} cannot use this: {alone[0]}.", field="item")
        ledger_post(
            gladiator=locked,
            currency=LedgerLine.Currency.GOLD,
            amount=-data["price"],
            cause=LedgerLine.Cause.PURCHASE,
            item=item,
            note=f"bought {data['name']}",
            actor=by,
        )
        fits = not equipment_problems(locked, [*_equipped(locked), item])
        holding = Holding.objects.create(
            gladiator=locked, item=item, equipped=fits, price_paid=data["price"]
        )
    gladiator.gold = locked.gold
    return holding


def item_sell(*, holding: Holding, by: AbstractBaseUser) -> int:
    """Sell one item back to the armoury at the campaign's sell price. Returns the gold paid."""
    gladiator = holding.gladiator
    check_gladiator_control(gladiator=gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        check_gladiator_active(gladiator=locked)
        # Re-read under the lock: a double click must not sell one sword twice.
        if not Holding.objects.filter(pk=holding.pk, gladiator=locked).exists():
            raise LudusError("That item is no longer in the inventory.", field="holding")
        data = _item(locked, holding.item)
        price = item_sell_price(gladiator=locked, item=data)
        Holding.objects.filter(pk=holding.pk).delete()
        ledger_post(
            gladiator=locked,
            currency=LedgerLine.Currency.GOLD,
            amount=price,
            cause=LedgerLine.Cause.SALE,
            item=holding.item,
            note=f"sold {data['name']}",
            actor=by,
        )
    gladiator.gold = locked.gold
    return price


def item_equip(*, holding: Holding, by: AbstractBaseUser) -> Holding:
    gladiator = holding.gladiator
    check_gladiator_control(gladiator=gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        check_gladiator_active(gladiator=locked)
        holding = Holding.objects.filter(pk=holding.pk, gladiator=locked).first()
        if holding is None:
            raise LudusError("That item is no longer in the inventory.", field="holding")
        if holding.equipped:
            return holding
        problems = equipment_problems(locked, [*_equipped(locked), holding.item])
        if problems:
            raise LudusError(f"Cannot equip the {holding.item}: {problems[0]}.", field="holding")
        holding.equipped = True
        holding.save(update_fields=["equipped"])
    return holding


def item_unequip(*, holding: Holding, by: AbstractBaseUser) -> Holding:
    check_gladiator_control(gladiator=holding.gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=holding.gladiator_id)
        check_gladiator_active(gladiator=locked)
        if not Holding.objects.filter(pk=holding.pk, gladiator=locked).update(equipped=False):
            raise LudusError("That item is no longer in the inventory.", field="holding")
    holding.equipped = False
    return holding
