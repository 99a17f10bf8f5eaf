""" "What if": a decided bout fought again from its revealed seed with one change by an
entrant's owner or the GM (docs/chronicle.md, decision 0087). The change is checked here, in
words, before anything is stored; the worker fights it on the simulations queue and stores the
re-run's log in the what-if's own row alone. Nothing of the bout is ever written.

The change becomes the engine input to fight:
- an order on step N: the bout's input with that order in step N's orders (a bout fought by
  tactics gets empty steps before it, which its tactics fill as they did);
- tactics or one item of equipment: the rule set's input is built twice from the gladiator as
  it is now, with and without the change, and only the parts that differ are written into the
  bout's own input (everyone else, and everything the change does not touch, as fought).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from arena.engine_io import bout_entrant_specs
from arena.gateway import (
    EngineInputError,
    Entrant,
    VerdictNeeded,
    digest,
    first_divergence,
    order_problems,
    play_again,
    ruleset,
)
from arena.models import Bout, BoutEntrant, BoutWhatIf
from arena.odds.services import TooManyPreviews, preview_allowance
from arena.queue import enqueue_what_if
from campaign.shared.errors import LudusError
from characters.catalogue import rules_of
from characters.permissions import check_gladiator_control
from characters.services import tactics_clean

log = logging.getLogger(__name__)

# A what-if whose message or worker was lost is sent again after this long (what_ifs_sweep).
WHAT_IF_STALE = timedelta(minutes=5)
Kind = BoutWhatIf.Kind


def what_if_open(*, bout: Bout) -> str:
    """Why this bout cannot be fought again ("" when it can): only a decided bout, and a bout
    by web once it is over (its status is resolved only then)."""
    if bout.status == Bout.Status.VOIDED:
        return "This bout was declared void: it has no result to ask about."
    if bout.status != Bout.Status.RESOLVED or not bout.log or not bout.engine_input:
        return "A bout can be fought again only once it is over."
    return ""


def _order_change(
    bout: Bout, entrant: BoutEntrant, change: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any], int]:
    rules = ruleset(bout.ruleset)
    step = rules.step_word
    steps = len(bout.log.get("turns") or [])
    turn = change.get("turn")
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise LudusError(f"Say which {step} to change, as a number.", field="turn")
    if not 1 <= turn <= steps:
        raise LudusError(
            f"This bout has no {step} {turn}: it lasted {steps} {step.many if steps != 1 else step}"
            f" (1 to {steps}).",
            field="turn",
        )
    words = str(change.get("words") or "").strip()
    order = change.get("order")
    if words:
        if rules.web is None:
            raise LudusError(
                f"{rules.title} takes no orders in words on Ludus; give the order as the engine "
                "reads it, or change the tactics or equipment instead.",
                field="words",
            )
        try:
            order = rules.web.parse_text(words)
        except EngineInputError as error:
            raise LudusError(f"That order cannot be read: {error.message}", field="words") from None
    if not isinstance(order, dict) or not order:
        raise LudusError(f"Give the order for {step} {turn}.", field="words")
    name = entrant.gladiator.name
    given = list(bout.engine_input.get("turns") or [])
    if turn <= len(given) and (given[turn - 1] or {}).get(name) == order:
        raise LudusError(
            f"That is the order {name} gave on {step} {turn}: change something to ask what if.",
            field="words",
        )
    try:
        problems = order_problems(rules, bout.engine_input, turn=turn, who=name, order=order)
    except EngineInputError as error:
        raise LudusError(f"That order cannot be given: {error.message}", field="words") from None
    if problems:
        raise LudusError(f"That order cannot be given: {problems[0]}.", field="words")
    steps_given = [dict(t or {}) for t in given] + [{} for _ in range(turn - len(given))]
    steps_given[turn - 1][name] = order
    engine_input = {**bout.engine_input, "turns": steps_given}
    shown = words or (rules.web.order_text(order) if rules.web is not None else "")
    return engine_input, {"turn": turn, "order": order, "words": shown}, turn


def _footprint(before: Any, after: Any, target: Any, path: str = "") -> Any:
    """`target` with the parts where `after` differs from `before` taken from `after` (two
    inputs built alike, so their shapes match); LudusError when `target` lacks such a part."""
    if isinstance(before, dict) and isinstance(after, dict) and before.keys() == after.keys():
        if not isinstance(target, dict):
            raise LudusError(f"The bout's input has no {path or 'part'} to change.")
        out = dict(target)
        for key in after:
            if before[key] != after[key]:
                if key not in target:
                    raise LudusError(f"The bout's input has no {path}{key} to change.")
                out[key] = _footprint(before[key], after[key], target[key], f"{path}{key}.")
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        if not isinstance(target, list) or len(target) != len(after):
            raise LudusError(
                "The bout's entrants are not as they are now: it cannot be fought again "
                "with this change."
            )
        return [
            _footprint(b, a, t, path) if b != a else t
            for b, a, t in zip(before, after, target, strict=True)
        ]
    return after


def _build_change(bout: Bout, index: int, changed: Entrant, specs: list[Entrant]) -> dict[str, Any]:
    """The bout's input with entrant `index`'s part rebuilt as `changed` (see the module's
    doc)."""
    adapter = rules_of(bout.campaign)
    with_change = [*specs]
    with_change[index] = changed
    picked = {"picks": bout.picks} if bout.picks else {}
    by_tactics = bout.mode == Bout.Mode.TACTICS
    try:
        now, then = (
            adapter.bout_input(s, bout.options, seed=bout.seed, by_tactics=by_tactics, **picked)
            for s in (specs, with_change)
        )
    except EngineInputError as error:
        raise LudusError(f"That change cannot be fought: {error.message}") from None
    if now == then:
        raise LudusError(
            "That change makes no difference to the bout as its rules fight it: change "
            "something that does."
        )
    return _footprint(now, then, bout.engine_input)


def _tactics_change(
    bout: Bout, index: int, change: Mapping[str, Any], specs: list[Entrant], me: Entrant
) -> tuple[dict[str, Any], dict[str, Any]]:
    tactics = tactics_clean(ruleset=bout.ruleset, tactics=change.get("tactics"))
    if tactics == dict(me.tactics):
        raise LudusError(
            f"Those are {me.name}'s tactics already: change a setting to ask what if.",
            field="tactics",
        )
    engine_input = _build_change(bout, index, replace(me, tactics=tactics), specs)
    return engine_input, {"tactics": tactics}


def _equipment_change(
    bout: Bout, index: int, change: Mapping[str, Any], specs: list[Entrant], me: Entrant
) -> tuple[dict[str, Any], dict[str, Any]]:
    adapter = rules_of(bout.campaign)
    shop = adapter.armoury()
    add = str(change.get("add") or "").strip()
    remove = str(change.get("remove") or "").strip()
    if not add and not remove:
        raise LudusError("Say which item to put on, or which to take off.", field="add")
    kit = list(me.equipment)
    if remove:
        if remove not in kit:
            carried = ", ".join(kit) or "nothing"
            raise LudusError(
                f"{me.name} carries no {remove!r} (it carries: {carried}).", field="remove"
            )
        kit.remove(remove)
    if add:
        item = shop.get(add)
        if item is None or item.get("price") is None:
            raise LudusError(f"{add!r} is not an item in the shop.", field="add")
        if add in kit:
            raise LudusError(f"{me.name} carries {item['name']} already.", field="add")
        kit.append(add)
    if add and add == remove:
        raise LudusError("That takes off and puts on the same item: nothing changes.", field="add")
    problems = adapter.equipment_problems(me.kind, me.build, kit) or adapter.fight_problems(
        me.kind, me.build, kit
    )
    if problems:
        raise LudusError(f"{me.name} cannot fight so: {problems[0]}.", field="add")
    changed = replace(me, equipment=tuple(sorted(kit)))
    engine_input = _build_change(bout, index, changed, specs)
    return engine_input, {"add": add, "remove": remove}


def what_if_terms(
    *, entrant: BoutEntrant, kind: str, change: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The engine input of the what-if, the change as checked, and the step from which given
    orders may give way to tactics; LudusError in words for a change that cannot be asked."""
    bout = entrant.bout
    if kind == Kind.ORDER:
        return _order_change(bout, entrant, change)
    if kind not in (Kind.TACTICS, Kind.EQUIPMENT):
        raise LudusError("Change an order, the tactics or one item of equipment.", field="kind")
    specs = bout_entrant_specs(bout)
    index = [e.pk for e in bout.entrants.order_by("id")].index(entrant.pk)
    build = _tactics_change if kind == Kind.TACTICS else _equipment_change
    engine_input, checked = build(bout, index, change, specs, specs[index])
    return engine_input, checked, 0


def _queued_allowance(user: Any) -> None:
    """At most LUDUS_LIMITS' what_ifs_queued of one person's what-ifs wait or run at once."""
    queued = settings.LUDUS_LIMITS["what_ifs_queued"]
    waiting = BoutWhatIf.objects.filter(asker=user, status__in=BoutWhatIf.IN_FLIGHT).count()
    if waiting >= queued:
        raise TooManyPreviews(
            f"You have {waiting} what-ifs waiting for the worker, as many as one person may: "
            "ask again once one of them is done.",
            wait=5,
        )


def what_if_ask(
    *, entrant: BoutEntrant, by: AbstractBaseUser, kind: str, change: Mapping[str, Any]
) -> BoutWhatIf:
    """Ask what would have happened with this one change (see the module's doc). The same
    question asked again is the same row; a new one counts against the asker's simulations a
    minute and their what-ifs waiting (TooManyPreviews, in words)."""
    check_gladiator_control(gladiator=entrant.gladiator, user=by)
    closed = what_if_open(bout=entrant.bout)
    if closed:
        raise LudusError(closed)
    if not isinstance(change, Mapping):
        raise LudusError("The change is an object of its fields.", field="change")
    engine_input, checked, changed_step = what_if_terms(entrant=entrant, kind=kind, change=change)
    key = digest({"bout": entrant.bout_id, "entrant": entrant.pk, "asker": by.pk, kind: checked})
    known = BoutWhatIf.objects.filter(key=key).first()
    if known is not None:
        return known
    _queued_allowance(by)
    preview_allowance(user=by, what="what-ifs")
    now = timezone.now()
    row, created = BoutWhatIf.objects.get_or_create(
        key=key,
        defaults={
            "bout": entrant.bout,
            "entrant": entrant,
            "asker": by,
            "kind": kind,
            "change": checked,
            "engine_input": engine_input,
            "changed_step": changed_step,
            "sent_at": now,
        },
    )
    if created:
        transaction.on_commit(lambda: enqueue_what_if(row.pk))
    return row


def what_if_run(*, what_if_id: int) -> BoutWhatIf | None:
    """Fight a waiting what-if and store its log and where it parted from the bout's. Claimed
    by a conditional update (no lock held while it fights); None when there was nothing to do
    (done, or another worker's)."""
    claim = uuid.uuid4().hex
    claimed = BoutWhatIf.objects.filter(pk=what_if_id, status=BoutWhatIf.Status.PENDING).update(
        status=BoutWhatIf.Status.RUNNING, claim=claim, heartbeat_at=timezone.now()
    )
    if not claimed:
        return None
    row = BoutWhatIf.objects.select_related("bout").get(pk=what_if_id)
    mine = BoutWhatIf.objects.filter(pk=row.pk, claim=claim, status=BoutWhatIf.Status.RUNNING)
    try:
        rules = ruleset(row.bout.ruleset)
        if row.bout.ruleset_version and rules.version != row.bout.ruleset_version:
            raise ValueError(
                f"the bout was fought under version {row.bout.ruleset_version} of its rules, "
                f"and this Ludus plays version {rules.version}"
            )
        again = play_again(rules, row.engine_input, changed=row.changed_step)
    except VerdictNeeded as appeal:
        mine.update(
            status=BoutWhatIf.Status.FAILED,
            message=f"the fight came to an appeal for mercy ({appeal}) that the campaign would "
            "vote on, and a what-if holds no vote",
            finished_at=timezone.now(),
        )
    except Exception as error:  # said on the page rather than left waiting
        log.exception("what-if %s", row.pk)
        mine.update(
            status=BoutWhatIf.Status.FAILED,
            message=getattr(error, "message", "") or str(error) or repr(error),
            finished_at=timezone.now(),
        )
    else:
        mine.update(
            status=BoutWhatIf.Status.DONE,
            log=again.log,
            notes=list(again.notes),
            diverged_at=first_divergence(row.bout.log, again.log),
            finished_at=timezone.now(),
        )
    row.refresh_from_db()
    return row


def what_ifs_sweep(*, now: datetime | None = None) -> int:
    """Beat's safety net: a what-if whose worker stopped is waiting again, and a waiting one
    whose message is older than WHAT_IF_STALE is sent again. Returns the what-ifs sent."""
    now = now or timezone.now()
    stale = now - WHAT_IF_STALE
    BoutWhatIf.objects.filter(status=BoutWhatIf.Status.RUNNING, heartbeat_at__lt=stale).update(
        status=BoutWhatIf.Status.PENDING, claim="", sent_at=None
    )
    with transaction.atomic():
        lost = list(
            BoutWhatIf.objects.select_for_update(skip_locked=True)
            .filter(
                Q(sent_at__isnull=True) | Q(sent_at__lt=stale), status=BoutWhatIf.Status.PENDING
            )
            .order_by("pk")[:100]
        )
        BoutWhatIf.objects.filter(pk__in=[r.pk for r in lost]).update(sent_at=now)
        for row in lost:
            transaction.on_commit(lambda pk=row.pk: enqueue_what_if(pk))
    return len(lost)
