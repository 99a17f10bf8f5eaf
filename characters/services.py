"""Gladiator writes: creation, advances, tactics, retirement and the GM's adjustments.
The shop is in shop.py, the ledger in ledger.py, a bout's payout in rewards.py."""

from __future__ import annotations

import zlib
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from campaign.house_rules import house_rules_of
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm, check_campaign_member
from campaign.shared.errors import LudusError
from campaign.shared.text import name_input, name_skeleton, text_input

from .catalogue import advances_of, gladiator_type, rules_of, tactics_settings
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
    name = name_input(name, field="name", label="A gladiator's name", max_length=NAME_MAX)
    gtype = gladiator_type(campaign.ruleset, kind, campaign=campaign)
    if gtype is None:
        kinds = ", ".join(t.slug for t in rules_of(campaign).types())
        raise LudusError(
            f"{kind!r} is not a gladiator type of this rule set; choose one of: {kinds}.",
            field="kind",
        )
    tactics = tactics_clean(ruleset=campaign.ruleset, tactics=tactics or {})
    build = rules_of(campaign).new_build(kind)
    check_gladiator_quota(campaign=campaign, user=by)
    try:
        with transaction.atomic():
            check_name_free(campaign=campaign, name=name)
            gladiator = Gladiator.objects.create(
                campaign=campaign, owner=by, name=name, kind=kind, tactics=tactics, build=build
            )
            Holding.objects.bulk_create(
                Holding(gladiator=gladiator, item=slug, equipped=True)
                for slug in gtype.starting_kit
            )
            purse = house_rules_of(campaign.options).starting_purse
            if purse:  # the campaign's house rule: a new gladiator can shop at once
                ledger_post(
                    gladiator=gladiator,
                    currency=LedgerLine.Currency.GOLD,
                    amount=purse,
                    cause=LedgerLine.Cause.STARTING_PURSE,
                    note="starting purse (house rule)",
                    actor=by,
                )
            audit_record(campaign=campaign, actor=by, action="gladiator.create", name=name)
    except IntegrityError:
        raise LudusError(
            f"This campaign already has a gladiator called {name!r}.", field="name"
        ) from None
    return gladiator


NAME_MAX = Gladiator._meta.get_field("name").max_length
REASON_MAX = LedgerLine._meta.get_field("note").max_length


def check_name_free(*, campaign: Campaign, name: str) -> None:
    """No two gladiators of a campaign look alike: "Varro", "varro" and "V\u0430rro" (Cyrillic a)
    are one name to the eye (campaign.shared.text.name_skeleton). Run inside the creating
    transaction: a transaction-scoped advisory lock on (campaign, skeleton) makes two
    look-alike creations at once queue up, and the second one sees the first."""
    skeleton = name_skeleton(name)
    key = zlib.crc32(skeleton.encode()) - 2**31  # PostgreSQL's int4
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [campaign.pk % 2**31, key])
    names = Gladiator.objects.filter(campaign=campaign).values_list("name", flat=True)
    twin = next((other for other in names if name_skeleton(other) == skeleton), None)
    if twin is not None:
        raise LudusError(
            f"This campaign already has a gladiator called {twin!r}"
            + ("." if twin == name else f", and {name!r} looks the same."),
            field="name",
        )


def check_gladiator_quota(*, campaign: Campaign, user: AbstractBaseUser) -> None:
    """A user creates at most LUDUS_LIMITS' gladiators_per_day in a campaign in 24 hours and
    keeps at most gladiators_active there (docs/security.md)."""
    limits = settings.LUDUS_LIMITS
    mine = Gladiator.objects.filter(campaign=campaign, owner=user)
    if mine.filter(status=Gladiator.Status.ACTIVE).count() >= limits["gladiators_active"]:
        raise LudusError(
            f"You have {limits['gladiators_active']} active gladiators in this campaign, the "
            "most one stable may hold; retire one first."
        )
    since = timezone.now() - timedelta(days=1)
    if mine.filter(created_at__gte=since).count() >= limits["gladiators_per_day"]:
        raise LudusError(
            f"You have created {limits['gladiators_per_day']} gladiators in this campaign in "
            "the last 24 hours, the most one person may. Try again tomorrow."
        )


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
        rules = rules_of(locked.campaign)
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
    reason = text_input(
        reason, field="reason", label="The reason", max_length=REASON_MAX, lead="Say why: "
    )
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
