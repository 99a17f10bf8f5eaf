"""Reading what-ifs for their pages and the API: who may ask for which entrant of a bout, a
what-if found for its asker alone (anyone else gets "not found": the change may be a secret
order or hidden tactics), and what its page shows, in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from arena.bouts.report import Step, bout_report
from arena.gateway import EngineInputError, Ruleset, ruleset
from arena.models import Bout, BoutEntrant, BoutWhatIf
from characters.catalogue import rules_of


def what_if_entrants(*, bout: Bout, user: Any, is_gm: bool) -> list[BoutEntrant]:
    """The entrants of `bout` the user may ask a what-if for: every one for the GM, their own
    gladiators' for a player, none for anyone else."""
    if not user.is_authenticated:
        return []
    entrants = bout.entrants.select_related("gladiator").order_by("id")
    if not is_gm:
        entrants = entrants.filter(gladiator__owner=user)
    return list(entrants)


def what_ifs_mine(*, bout: Bout, user: Any) -> QuerySet[BoutWhatIf]:
    """The what-ifs the user asked about this bout, newest first."""
    if not user.is_authenticated:
        return BoutWhatIf.objects.none()
    return BoutWhatIf.objects.filter(bout=bout, asker=user).select_related("entrant__gladiator")


def what_if_get(*, bout: Bout, pk: int, user: Any) -> BoutWhatIf:
    """The user's own what-if of this bout, or Http404 (whoever else asked it)."""
    found = what_ifs_mine(bout=bout, user=user).filter(pk=pk).first()
    if found is None:
        raise Http404("No such what-if.")
    return found


def _rules(slug: str) -> Ruleset | None:
    try:
        return ruleset(slug)
    except EngineInputError:
        return None


def what_if_change_words(row: BoutWhatIf) -> str:
    """The change in a sentence: "Kaunisto's order on turn 2: Move: C5 / Strike: C6"."""
    name = row.entrant.gladiator.name
    change = row.change
    if row.kind == BoutWhatIf.Kind.ORDER:
        step = row.bout.step.title
        order = change.get("words") or change.get("order")
        return f"{name}'s order on {step} {change['turn']}: {order}"
    if row.kind == BoutWhatIf.Kind.TACTICS:
        settings = ", ".join(f"{k} {v}" for k, v in sorted(change["tactics"].items()))
        return f"{name}'s tactics: {settings or 'the defaults'}"
    shop = rules_of(row.bout.campaign).armoury()

    def named(slug: str) -> str:
        return str(shop.get(slug, {}).get("name") or slug)

    add, remove = change.get("add"), change.get("remove")
    if add and remove:
        return f"{name} with {named(add)} instead of {named(remove)}"
    if add:
        return f"{name} with {named(add)} as well"
    return f"{name} without {named(remove)}"


@dataclass(frozen=True)
class SideBySide:
    """One gladiator's end in the bout as fought and in the what-if."""

    name: str
    fought: str  # "1st, survived"
    again: str
    changed: bool


def _ends(log: Mapping[str, Any] | None) -> dict[str, str]:
    rows = ((log or {}).get("result") or {}).get("standings") or []
    return {
        str(r.get("name")): f"place {r['place']}, {r.get('fate', '')}"
        if r.get("place")
        else str(r.get("fate", ""))
        for r in rows
    }


def side_by_side(fought: Mapping[str, Any] | None, again: Mapping[str, Any] | None) -> list:
    """Each gladiator's place and fate in both logs, in the bout's order of standings."""
    one, other = _ends(fought), _ends(again)
    return [
        SideBySide(name, one[name], other.get(name, "—"), one[name] != other.get(name))
        for name in one
    ]


@dataclass(frozen=True)
class WhatIfPage:
    change: str
    diverged: str  # "Turn 2", "" when never (or not done)
    report: list[Step]
    ends: list[SideBySide]
    steps_fought: int
    steps_again: int


def what_if_page(row: BoutWhatIf) -> WhatIfPage:
    """What the what-if's page shows once it is done (the report reuses the bout report's
    words; the diverging step is headed as the report heads it)."""
    rules = _rules(row.bout.ruleset)
    report = bout_report(row.log, rules) if row.log else []
    diverged = ""
    if row.diverged_at is not None and row.diverged_at <= len(report):
        diverged = report[row.diverged_at - 1].heading
    elif row.diverged_at is not None:
        diverged = f"{row.bout.step.title} {row.diverged_at}"
    return WhatIfPage(
        change=what_if_change_words(row),
        diverged=diverged,
        report=report,
        ends=side_by_side(row.bout.log, row.log) if row.log else [],
        steps_fought=len((row.bout.log or {}).get("turns") or []),
        steps_again=len((row.log or {}).get("turns") or []),
    )
