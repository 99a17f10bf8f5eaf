"""Gladiator writes: creation, advances, tactics, retirement and the GM's adjustments.
The shop is in shop.py, the ledger in ledger.py, a bout's payout in rewards.py."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from campaign.errors import LudusError
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm, check_campaign_member

from .catalogue import adapter, advances_of, gladiator_type, tactics_settings
from .ledger import MAX_ADJUSTMENT, gladiator_lock, ledger_post
from .models import Gladiator, Holding, LedgerLine
from .permissions import check_gladiator_active, check_gladiator_control


def tactics_clean(*, ruleset: str, tactics: dict) -> dict:
    """Keep only known settings with allowed values; anything else is a clear error."""
    known = tactics_settings(ruleset)
    if not isinstance(tactics, dict):
        raise LudusError("Tactics must be named settings.", field="tactics")
    for name, value in tactics.items():
        if name not in known:
            raise LudusError(
                f"Unknown tactic {name!r}; the settings are: {', '.join(known)}.", field="tactics"
            )
        if value not in known[name][0]:
            raise LudusError(
                f"Tactic {name!r} cannot be {value!r}; choose one of: {', '.join(known[name][0])}.",
                field="tactics",
            )
    return dict(tactics)


def gladiator_create(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    name: str,
    kind: str,
    tactics: dict | None = None,
) -> Gladiator:
    """A member adds a gladiator to their own stable, with its type's starting equipment."""
    check_campaign_member(campaign=campaign, user=by)
    name = name.strip()
    if not name:
        raise LudusError("A gladiator needs a name.", field="name")
    gtype = gladiator_type(campaign.ruleset, kind)
    if gtype is None:
        kinds = ", ".join(t.slug for t in adapter(campaign.ruleset).types())
        raise LudusError(
            f"{kind!r} is not a gladiator type of this rule set; choose one of: {kinds}.",
            field="kind",
        )
    tactics = tactics_clean(ruleset=campaign.ruleset, tactics=tactics or {})
    build = adapter(campaign.ruleset).new_build(kind)
    try:
        with transaction.atomic():
            gladiator = Gladiator.objects.create(
                campaign=campaign, owner=by, name=name, kind=kind, tactics=tactics, build=build
            )
            Holding.objects.bulk_create(
                Holding(gladiator=gladiator, item=slug, equipped=True)
                for slug in gtype.starting_kit
            )
            audit_record(campaign=campaign, actor=by, action="gladiator.create", name=name)
    except IntegrityError:
        raise LudusError(
            f"This campaign already has a gladiator called {name!r}.", field="name"
        ) from None
    return gladiator


def gladiator_advance(*, gladiator: Gladiator, key: str, by: AbstractBaseUser) -> Gladiator:
    """Buy one of the improvements the rule set offers (a level-up, a tech level ...), paying
    its price in experience and gold. Locks the gladiator row."""
    check_gladiator_control(gladiator=gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        check_gladiator_active(gladiator=locked)
        offered = {a.key: a for a in advances_of(locked)}
        if not offered:
            raise LudusError(
                "This rule set offers no advances: experience is kept as part of the record.",
                field="advance",
            )
        advance = offered.get(key)
        if advance is None:
            raise LudusError(f"Choose one of: {', '.join(offered)}.", field="advance")
        short = [
            (amount, unit, have)
            for amount, unit, have in (
                (advance.xp, "experience points", locked.xp),
                (advance.gold, "gold", locked.gold),
            )
            if amount > have
        ]
        if short:
            what = f"Level {locked.level + advance.level}" if advance.level else advance.label
            costs = " and ".join(f"{amount} {unit}" for amount, unit, _ in short)
            has = (
                str(short[0][2])
                if len(short) == 1
                else " and ".join(f"{have} {unit}" for _, unit, have in short)
            )
            raise LudusError(f"{what} costs {costs}; {locked.name} has {has}.", field="advance")
        rules = adapter(locked.campaign.ruleset)
        build = rules.advance(locked.kind, locked.build, locked.level, key)
        level = locked.level + advance.level
        note = f"level {level}: {advance.label}" if advance.level else advance.label
        cause = LedgerLine.Cause.LEVEL_UP if advance.level else LedgerLine.Cause.ADVANCE
        for currency, amount in (
            (LedgerLine.Currency.XP, advance.xp),
            (LedgerLine.Currency.GOLD, advance.gold),
        ):
            if amount:
                ledger_post(
                    gladiator=locked, currency=currency, amount=-amount, cause=cause,
                    note=note, actor=by,
                )  # fmt: skip
        locked.build = build
        locked.level = level
        locked.save(update_fields=["build", "level"])
    return locked


def gladiator_tactics_set(
    *, gladiator: Gladiator, tactics: dict, by: AbstractBaseUser
) -> Gladiator:
    check_gladiator_control(gladiator=gladiator, user=by)
    cleaned = tactics_clean(ruleset=gladiator.campaign.ruleset, tactics=tactics)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        check_gladiator_active(gladiator=locked)
        locked.tactics = cleaned
        locked.save(update_fields=["tactics"])
    gladiator.tactics = cleaned
    return gladiator


def gladiator_retire(*, gladiator: Gladiator, by: AbstractBaseUser) -> Gladiator:
    """VIII.D: a gladiator may end its career at any time. It keeps its record and purse."""
    check_gladiator_control(gladiator=gladiator, user=by)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        check_gladiator_active(gladiator=locked)
        # A bout being fought turn by turn needs all its gladiators to the end; one still open
        # for entries simply loses this entrant.
        entries = locked.entries.select_related("bout")
        running = entries.filter(bout__status="running").first()
        if running is not None:
            raise LudusError(
                f"{locked.name} is fighting in {running.bout}; retire after that bout ends."
            )
        entries.filter(bout__status="open").delete()
        locked.status = Gladiator.Status.RETIRED
        locked.ended_at = timezone.now()
        locked.save(update_fields=["status", "ended_at"])
        audit_record(
            campaign=locked.campaign, actor=by, action="gladiator.retire", gladiator=locked.pk
        )
    return locked


def gladiator_adjust(
    *, gladiator: Gladiator, currency: str, amount: int, reason: str, by: AbstractBaseUser
) -> LedgerLine:
    """The GM corrects gold or experience with a reason: a ledger line and an audit entry."""
    check_campaign_gm(campaign=gladiator.campaign, user=by)
    if currency not in LedgerLine.Currency.values:
        raise LudusError("Adjust 'gold' or 'xp'.", field="currency")
    if amount == 0:
        raise LudusError("An adjustment of zero changes nothing.", field="amount")
    if abs(amount) > MAX_ADJUSTMENT:
        raise LudusError(f"An adjustment is at most {MAX_ADJUSTMENT:,} either way.", field="amount")
    reason = reason.strip()
    if not reason:
        raise LudusError("Say why: an adjustment needs a reason.", field="reason")
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        line = ledger_post(
            gladiator=locked,
            currency=currency,
            amount=amount,
            cause=LedgerLine.Cause.ADJUSTMENT,
            note=reason,
            actor=by,
        )
        audit_record(
            campaign=locked.campaign,
            actor=by,
            action="gladiator.adjust",
            gladiator=locked.pk,
            currency=currency,
            amount=amount,
            reason=reason,
        )
    return line
