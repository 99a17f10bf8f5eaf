"""Conditional fallback orders (docs/reliability.md): the rules a player writes for one of
their gladiators, used only when they miss a turn's deadline. The rule set's plug-in states
the conditions and actions (`fallback_schema`), checks a plan (`plan_problems`) and turns it
into the turn's order (`Ruleset.fallback_order`); here they are kept, one row a gladiator,
and read by their owner alone: not the GM, not a replacement player (record 0089)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from arena.gateway import fallback_schema, plan_problems, ruleset
from campaign.shared.errors import LudusError, NotAllowed
from characters.ledger import gladiator_lock
from characters.models import Gladiator
from characters.permissions import check_gladiator_active

from .models import FallbackOrders


def fallback_schema_of(gladiator: Gladiator) -> dict[str, Any]:
    """The conditions and actions the gladiator's rule set offers, as JSON."""
    return fallback_schema(ruleset(gladiator.campaign.ruleset))


def _check_owner(gladiator: Gladiator, user: AbstractBaseUser) -> None:
    if not user.is_authenticated or gladiator.owner_id != user.pk:
        raise NotAllowed(f"Only {gladiator.name}'s owner reads and writes its fallback orders.")


def fallback_plan_of(*, gladiator: Gladiator, user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The gladiator's fallback orders, for its owner only (NotAllowed for anyone else)."""
    _check_owner(gladiator, user)
    row = FallbackOrders.objects.filter(gladiator=gladiator).only("plan").first()
    return row.plan if row is not None else []


def fallback_plan_set(
    *, gladiator: Gladiator, by: AbstractBaseUser, plan: object
) -> list[dict[str, Any]]:
    """Replace the gladiator's fallback orders; an empty plan removes them. A plan the rule
    set refuses changes nothing and says every problem."""
    _check_owner(gladiator, by)
    problems = plan_problems(ruleset(gladiator.campaign.ruleset), plan)
    if problems:
        raise LudusError(" ".join(problems[:5]), field="plan")
    assert isinstance(plan, list)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        _check_owner(locked, by)  # a hand-over may have come first
        check_gladiator_active(gladiator=locked)
        if plan:
            FallbackOrders.objects.update_or_create(gladiator=locked, defaults={"plan": plan})
        else:
            FallbackOrders.objects.filter(gladiator=locked).delete()
    return plan


def fallback_plans(*, gladiator_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """Gladiator id -> its fallback orders, for the turn's resolve (one query)."""
    rows = FallbackOrders.objects.filter(gladiator_id__in=list(gladiator_ids))
    return dict(rows.values_list("gladiator_id", "plan"))
