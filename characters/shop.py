"""The armoury between fights: buy, sell, equip and unequip. Every gold change is a ledger line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from arena.bouts.selectors import gladiator_fight_ahead
from campaign.shared.errors import LudusError

from .catalogue import armoury, equipment_problems, fight_problems
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


def _check_still_fights(gladiator: Gladiator, without: Holding, *, verb: str) -> None:
    """Refuse to take `without` out of the gladiator's hands (sold, unequipped) when that would
    leave it unable to fight in a bout or knockout it is still to fight: that bout's input is
    made from what it carries then, and would fail. A gladiator already unable to fight is not
    made worse by it. The gladiator's row is locked, so no entry slips in meanwhile."""
    if not without.equipped:
        return
    carried = _equipped(gladiator)
    left = list(carried)
    left.remove(without.item)
    problems = fight_problems(gladiator, left)
    if not problems or fight_problems(gladiator, carried):
        return
    ahead = gladiator_fight_ahead(gladiator_id=gladiator.pk)
    if ahead:
        name = _item(gladiator, without.item)["name"].lower()
        raise LudusError(
            f"{gladiator.name} is entered in {ahead}, and without the {name} it {problems[0]}: "
            f"not {verb}. Equip what it needs in its place first, or wait until it has fought.",
            field="holding",
        )


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
        current = Holding.objects.filter(pk=holding.pk, gladiator=locked).first()
        if current is None:
            raise LudusError("That item is no longer in the inventory.", field="holding")
        _check_still_fights(locked, current, verb="sold")
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
        carried = _equipped(locked)
        problems = equipment_problems(locked, [*carried, holding.item])
        replaced = _replaced_by(locked, holding, carried) if problems else None
        if problems and replaced is None:
            raise LudusError(f"Cannot equip the {holding.item}: {problems[0]}.", field="holding")
        if replaced is not None:  # to the pack, in the same transaction: never both, never none
            Holding.objects.filter(pk=replaced.pk).update(equipped=False)
        holding.equipped = True
        holding.save(update_fields=["equipped"])
    return holding


def _replaced_by(gladiator: Gladiator, holding: Holding, carried: list[str]) -> Holding | None:
    """The one equipped item of the same kind (weapon, body armour ...) that `holding` may be
    carried in place of, when it may not be carried beside it: a Gladiator Arena gladiator
    changes its one weapon with one press, and so is never left without one between two
    presses (the shop refuses that while it is entered in a bout: _check_still_fights)."""
    kinds = {slug: item.get("kind") for slug, item in armoury(gladiator.campaign.ruleset).items()}
    kind = kinds.get(holding.item)
    same = [
        h
        for h in gladiator.holdings.filter(equipped=True).order_by("pk")
        if kinds.get(h.item) == kind
    ]
    if len(same) != 1:
        return None
    rest = list(carried)
    rest.remove(same[0].item)
    return None if equipment_problems(gladiator, [*rest, holding.item]) else same[0]


def item_unequip(*, holding: Holding, by: AbstractBaseUser) -> Holding:
    check_gladiator_control(gladiator=holding.gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=holding.gladiator_id)
        check_gladiator_active(gladiator=locked)
        current = Holding.objects.filter(pk=holding.pk, gladiator=locked).first()
        if current is None:
            raise LudusError("That item is no longer in the inventory.", field="holding")
        _check_still_fights(locked, current, verb="unequipped")
        Holding.objects.filter(pk=current.pk).update(equipped=False)
    holding.equipped = False
    return holding
