"""Conditional fallback orders (docs/reliability.md): the rules a player writes for one of
their gladiators, used only when they miss a turn's deadline. The rule set's plug-in states
the conditions and actions (`fallback_schema`), checks a plan (`plan_problems`) and turns it
into the turn's order (`Ruleset.fallback_order`); here they are kept, one row a gladiator,
and read by their owner alone: not the GM, not a replacement player (record 0088)."""

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


FORM_ROWS = 5  # rules the sheet's form offers (the API takes the rule set's most)


def plan_from_form(schema: dict[str, Any], data: Any) -> list[dict[str, Any]]:
    """The plan the sheet's form posts: for each row, a condition (none: always), its value
    and an action by its place in the schema; a row without an action is no rule."""
    conditions = {c["when"] for c in schema["conditions"]}
    actions = schema["actions"]
    plan: list[dict[str, Any]] = []
    for row in range(FORM_ROWS):
        chosen = str(data.get(f"do-{row}", "")).strip()
        if not chosen:
            continue
        where = f"Rule {row + 1}"
        if not chosen.isdigit() or int(chosen) >= len(actions):
            raise LudusError(f"{where}: choose one of the actions offered.", field=f"do-{row}")
        when = str(data.get(f"when-{row}", "")).strip()
        ifs: list[dict[str, Any]] = []
        if when:
            if when not in conditions:
                raise LudusError(
                    f"{where}: choose one of the conditions offered.", field=f"when-{row}"
                )
            value = str(data.get(f"value-{row}", "")).strip()
            if not value.lstrip("-").isdigit() or len(value) > 6:
                raise LudusError(
                    f"{where}: the condition needs a whole number, not {value[:20]!r}.",
                    field=f"value-{row}",
                )
            ifs.append({"when": when, "value": int(value)})
        plan.append({"if": ifs, "do": actions[int(chosen)]["do"]})
    return plan


def plan_rows(schema: dict[str, Any], plan: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The form's rows for a saved plan (then empty rows up to FORM_ROWS)."""
    dos = [a["do"] for a in schema["actions"]]
    rows = []
    for rule in plan[:FORM_ROWS]:
        first = rule["if"][0] if rule["if"] else {"when": "", "value": ""}
        rows.append({"when": first["when"], "value": first["value"], "do": dos.index(rule["do"])})
    while len(rows) < FORM_ROWS:
        rows.append({"when": "", "value": "", "do": ""})
    return [{"n": n, **row} for n, row in enumerate(rows)]


def plan_fits_form(plan: list[dict[str, Any]]) -> bool:
    return len(plan) <= FORM_ROWS and all(len(rule["if"]) <= 1 for rule in plan)
