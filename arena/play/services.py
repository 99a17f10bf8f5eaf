"""Play-by-web bouts: the GM opens a bout, players enter gladiators and give secret orders each
turn; a turn resolves when every living gladiator has an order, or at its deadline.

The orders actually used for each resolved turn (submitted, standing, or the gladiator's tactics
for a missing order) are appended to the bout's engine input, so the stored input replays to the
stored log like any other bout. Each turn resolves from the state stored after the one before
(arena/play/turns.py), never by replaying the bout. Until its turn resolves an order is
visible to its owner only.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, Max, OuterRef
from django.utils import timezone

from arena.bouts.results import (
    LOG_FIELDS,
    bout_apply_result,
    bout_fail,
    bout_settle,
    bout_store_log,
)
from arena.bouts.selectors import bout_of_gladiator_in_play
from arena.bouts.services import TURN_BY_TURN_LIVE, entrants_lock, entrants_locked, unfit_reason
from arena.engine_io import bout_engine_input, bout_fight_problem, bout_options_clean
from arena.gateway import EngineInputError, Ruleset, play, read_orders
from arena.models import Bout, BoutEntrant, TurnOrder
from arena.notices import notice_orders_needed, notice_turn_resolved
from arena.odds.services import odds_cancel
from arena.play.turns import (
    dice_loaded,
    state_loaded,
    state_start,
    state_stored,
    step_of,
    turn_rules,
)
from arena.queue import enqueue_turn_resolve
from arena.verification.services import bout_commit, order_seal, terms_broken
from campaign.house_rules import house_rules_of
from campaign.models import Campaign
from campaign.press.services import press_release
from campaign.reliability.fallback import fallback_plans
from campaign.reliability.models import BoutPause
from campaign.reliability.services import gladiators_in_disorder, turn_attendance_record
from campaign.reliability.text import reason_clean
from campaign.reliability.vacations import bout_wait_for_vacation
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import adapter, check_gladiator_can_fight, rules_of
from characters.models import Gladiator
from characters.permissions import check_gladiator_active

log = logging.getLogger(__name__)


@transaction.atomic
def bout_open(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    title: str,
    options: dict[str, Any] | None = None,
    deadline_hours: int | None = 24,
) -> Bout:
    """The GM opens a turn-by-turn bout for entries."""
    check_campaign_gm(campaign=campaign, user=by)
    turn_rules(campaign.ruleset)  # a clear error for a rule set not played turn by turn
    options = bout_options_clean(campaign=campaign, options=options or {}, by_tactics=False)
    if deadline_hours is not None and not 1 <= deadline_hours <= 24 * 14:
        raise LudusError(
            f"A {step_of(campaign.ruleset)} deadline is 1 to 336 hours, or none.",
            field="deadline_hours",
        )
    bout = Bout.objects.create(
        campaign=campaign,
        title=title.strip() or "An open bout",
        ruleset=campaign.ruleset,
        mode=Bout.Mode.ORDERS,
        status=Bout.Status.OPEN,
        options=options,
        deadline_hours=deadline_hours,
        seed=secrets.randbits(48),  # Sudden Destruction rolls dice: a fixed seed would be known
        scheduled_at=timezone.now(),
        created_by=by,
    )
    bout_commit(bout)
    bout.save(update_fields=["terms", "commitment"])
    audit_record(campaign=campaign, actor=by, action="bout.open", bout=bout.pk, title=bout.title)
    return bout


def _locked_bout(bout_id: int, *, without: tuple[str, ...] = ()) -> Bout:
    # of=("self",): without it PostgreSQL locks the joined campaign row too, and every bout of
    # the campaign would wait on this one (lock order: docs/architecture.md).
    bouts = Bout.objects.select_for_update(of=("self",)).select_related("campaign")
    return bouts.defer(*without).get(pk=bout_id)


def bout_enter(
    *, bout: Bout, gladiator: Gladiator, by: AbstractBaseUser, square: str = "", team: str = ""
) -> BoutEntrant:
    """A player enters one of their gladiators, choosing a starting square (or leaving it to
    the arena) and, where the rule set has teams, a team with room (or leaving it to the
    arena). Clashing squares are settled by the rules when the bout starts."""
    if gladiator.owner_id != by.pk:
        raise NotAllowed(f"Only {gladiator.name}'s owner may enter it in a bout.")
    with transaction.atomic():
        bout = _locked_bout(bout.pk)
        if bout.status != Bout.Status.OPEN:
            raise LudusError("This bout is not open for entries.")
        if gladiator.campaign_id != bout.campaign_id:
            raise LudusError("The gladiator belongs to another campaign.", field="gladiator")
        gladiator = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
        check_gladiator_active(gladiator=gladiator)
        check_gladiator_can_fight(gladiator, campaign=bout.campaign, field="gladiator")
        busy = bout_of_gladiator_in_play(
            gladiator_id=gladiator.pk, statuses=(*TURN_BY_TURN_LIVE, Bout.Status.SCHEDULED)
        )
        if busy is not None:
            raise LudusError(
                f"{gladiator.name} is already in {busy}: a gladiator fights one bout at a time.",
                field="gladiator",
            )
        if bout.entrants.count() >= Bout.MAX_ENTRANTS:
            raise LudusError(f"A bout takes at most {Bout.MAX_ENTRANTS} gladiators.")
        square = square.strip().upper()
        if square:
            _check_square(bout, square)
        team = _team_with_room(bout, team.strip()) if team.strip() else ""
        if not house_rules_of(bout.campaign.options).both_teams:
            team = _players_side(bout, by, team)
        try:
            with transaction.atomic():
                entrant = BoutEntrant.objects.create(
                    bout=bout, gladiator=gladiator, start_square=square, team=team
                )
        except IntegrityError:
            raise LudusError(f"{gladiator.name} is already entered.", field="gladiator") from None
        audit_record(
            campaign=bout.campaign, actor=by, action="bout.enter", bout=bout.pk,
            gladiator=gladiator.name, square=square, team=team,
        )  # fmt: skip
    return entrant


def _players_side(bout: Bout, player: AbstractBaseUser, team: str) -> str:
    """The team a player's new entrant joins when a player fights for one side of a bout
    (the house rule `both_teams` off): the team of their entrants already in, or refused in
    words for the other one; an entry that leaves the team to the arena joins theirs."""
    theirs = bout.entrants.filter(gladiator__owner_id=player.pk).exclude(team="")
    sides = {e.team: e.gladiator.name for e in theirs.select_related("gladiator")}
    if not sides:
        return team
    side, name = next(iter(sides.items()))
    if team and team != side:
        raise LudusError(
            f"Your {name} fights for {side} in this bout: a player's gladiators fight on one "
            f"team, so enter this one for {side} too (the GM may allow both teams as a house "
            "rule).",
            field="team",
        )
    return team or _team_with_room(bout, side)


def _team_with_room(bout: Bout, team: str) -> str:
    """The team as the rule set names it, if it has room (the bout row is locked)."""
    teams = rules_of(bout.campaign).entry_teams(bout.options)
    if not teams:
        raise LudusError("This rule set has no teams to choose.", field="team")
    found = next(((name, most) for name, most in teams if name.lower() == team.lower()), None)
    if found is None:
        names = " or ".join(name for name, _ in teams)
        raise LudusError(f"The team is {names}, not {team!r}.", field="team")
    name, most = found
    if bout.entrants.filter(team=name).count() >= most:
        raise LudusError(f"{name} already has {most}: choose another team.", field="team")
    return name


def _check_square(bout: Bout, square: str) -> None:
    problems = adapter(bout.ruleset).start_problems(bout.options, square)
    if problems:
        raise LudusError(f"{problems[0]}.", field="square")


def bout_start(*, bout: Bout, by: AbstractBaseUser) -> Bout:
    """The GM closes entries: the setup is checked by the engine and turn 1 begins."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    with transaction.atomic():
        bout = _locked_bout(bout.pk)
        if bout.status != Bout.Status.OPEN:
            raise LudusError("Only a bout open for entries can start.")
        if bout.entrants.count() < 2:
            raise LudusError("A bout needs at least two gladiators.")
        unfit = entrants_lock(bout=bout) or terms_broken(bout) or bout_fight_problem(bout=bout)
        if unfit:
            raise LudusError(unfit)
        engine_input = {**bout_engine_input(bout=bout), "turns": []}
        rules = turn_rules(bout.ruleset)
        try:
            state, dice = state_start(rules, engine_input)
        except EngineInputError as error:
            raise LudusError(f"The arena refuses this setup: {error.message}") from None
        output = {"ruleset": rules.slug, "version": rules.version, "turns": []}
        output["result"] = rules.result(state)
        bout_store_log(bout=bout, engine_input=engine_input, output=output)
        bout.state = state_stored(rules, state, dice)
        bout.status = Bout.Status.RUNNING
        bout.turn = 1
        bout.scheduled_at = timezone.now()
        bout.turn_deadline = _deadline(bout)
        bout.save(
            update_fields=[*LOG_FIELDS, "state", "status", "turn", "scheduled_at", "turn_deadline"]
        )
        audit_record(campaign=bout.campaign, actor=by, action="bout.start", bout=bout.pk)
        odds_cancel(bouts=[bout.pk])
        notice_orders_needed(bout=bout, living=rules.pending(state).who)
    return bout


def _deadline(bout: Bout) -> datetime | None:
    if bout.deadline_hours is None:
        return None
    return timezone.now() + timedelta(hours=bout.deadline_hours)


def _order_given(rules: Ruleset, order: dict[str, Any] | None, text: str) -> dict[str, Any]:
    """The order as the engine reads it: typed forum lines win over a drawn order."""
    if text.strip():
        try:
            return rules.web.parse_text(text)
        except EngineInputError as error:
            raise LudusError(error.message, field="text") from None
    if order is None:
        raise LudusError("Give an order (a move, strikes, or concede).", field="order")
    return order


def order_check(
    *, entrant: BoutEntrant, order: dict[str, Any] | None = None, text: str = ""
) -> list[str]:
    """Problems with a (draft) order for the current turn, in words; [] when it is legal."""
    bout = Bout.objects.get(pk=entrant.bout_id)  # as it stands now, not as the caller loaded it
    if bout.status != Bout.Status.RUNNING:
        raise LudusError("This bout is not taking orders.")
    rules = turn_rules(bout.ruleset)
    order = _order_given(rules, order, text)
    state = state_loaded(rules, bout.state)
    return rules.validate(state, entrant.gladiator.name, order)


def turn_stale(*, bout: Bout, turn: int) -> LudusError | None:
    """The refusal, in words, of a request drawn for turn `turn` of a running bout that has
    moved on (or never got there); None when `turn` is the current turn or the bout is not
    running (the caller says why that is refused). A request names its turn so that a page
    left open, a double click or a retry never acts on the next one."""
    if bout.status != Bout.Status.RUNNING or bout.turn == turn:
        return None
    step = bout.step
    if turn < bout.turn:
        return LudusError(
            f"{step.title} {turn} has resolved; here is {step} {bout.turn}.", field="turn"
        )
    return LudusError(f"There is no {step} {turn} yet; here is {step} {bout.turn}.", field="turn")


def order_submit(
    *,
    entrant: BoutEntrant,
    by: AbstractBaseUser,
    order: dict[str, Any] | None = None,
    text: str = "",
    standing: bool = False,
    turn: int | None = None,
    bout_locked: bool = False,
) -> TurnOrder:
    """Give (or change) a gladiator's secret order for turn `turn`, which must be the current
    one (the page and the API always say which turn the order was drawn for; None, for the
    demo loader and tests, means whatever turn is current). `bout_locked`: the caller read
    `entrant` in its own transaction with the bout's row locked and ORDER_CHECK_READS
    (entrant_of_owner's `lock_bout`, as the order PUT does): the bout and the gladiator are
    taken as read, not read again."""
    gladiator = entrant.gladiator
    if gladiator.owner_id != by.pk:
        raise NotAllowed(f"Only {gladiator.name}'s owner gives its orders.")
    rules = turn_rules(entrant.bout.ruleset)
    order = _order_given(rules, order, text)
    # With the bout locked, the caller's transaction is this order's own: a refusal ends it,
    # so no savepoint (two statements) is kept to roll back to.
    with transaction.atomic(savepoint=not bout_locked):
        if bout_locked:
            bout = entrant.bout
        else:
            bout, gladiator = _bout_locked_with_gladiator(entrant.pk)
        if turn is not None and (stale := turn_stale(bout=bout, turn=turn)):
            raise stale
        if bout.status != Bout.Status.RUNNING:
            raise LudusError("This bout is not taking orders.")
        check_gladiator_active(gladiator=gladiator)
        state = state_loaded(rules, bout.state)
        waiting_on = rules.pending(state).who
        if gladiator.name not in waiting_on:
            raise LudusError(
                f"{gladiator.name} gives no order for {bout.step} {bout.turn}: it is out of the "
                f"bout, or the {bout.step} is {', '.join(waiting_on)}'s."
            )
        problems = rules.validate(state, gladiator.name, order)
        if problems:
            raise LudusError("; ".join(problems), field="order")
        # One read of the turn's orders, after the lock (a statement of its own, so that it
        # sees every order committed before the lock was granted): this gladiator's order to
        # change, if any, and who else has given one.
        given = list(
            TurnOrder.objects.filter(bout=bout, turn=bout.turn).annotate(
                name=F("entrant__gladiator__name")
            )
        )
        saved = next((o for o in given if o.entrant_id == entrant.pk), None) or TurnOrder(
            entrant=entrant, turn=bout.turn
        )
        saved.bout, saved.order, saved.standing, saved.submitted_by = bout, order, standing, by
        order_seal(saved, gladiator=gladiator.name)  # a changed order is sealed afresh
        saved.save()
        names = {o.name for o in given} | {gladiator.name}
        if all(name in names for name in waiting_on):
            turn = bout.turn
            transaction.on_commit(lambda: enqueue_turn_resolve(bout.pk, turn))
    return saved


ORDER_CHECK_READS = (
    "bout", "gladiator", "bout__status", "bout__turn", "bout__ruleset", "bout__state",
    "gladiator__name", "gladiator__status",
)  # fmt: skip


def _bout_locked_with_gladiator(entrant_id: int) -> tuple[Bout, Gladiator]:
    """The entrant's bout, locked (FOR UPDATE of the bout's row only, as _locked_bout), and
    its gladiator as it stands now, in one query, with only what an order's checks read: the
    stored state, never the log or the input."""
    entrant = (
        BoutEntrant.objects.select_related("bout", "gladiator")
        .select_for_update(of=("bout",))
        .only(*ORDER_CHECK_READS)
        .get(pk=entrant_id)
    )
    return entrant.bout, entrant.gladiator


def _orders_given(bout: Bout) -> dict[str, dict[str, Any]]:
    """Each order given for the bout's current turn, by its gladiator's name (one query)."""
    return dict(
        TurnOrder.objects.filter(bout=bout, turn=bout.turn).values_list(
            "entrant__gladiator__name", "order"
        )
    )


def _waiting_for(given: Collection[str], living: tuple[str, ...]) -> list[str]:
    return [name for name in living if name not in given]


def bout_turn_waiting(*, bout: Bout) -> list[str]:
    """Names of the living gladiators whose order for the current turn is still missing."""
    if bout.status != Bout.Status.RUNNING:
        return []
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    return _waiting_for(_orders_given(bout), rules.pending(state).who)


def _fallback_orders(
    bout: Bout, rules: Ruleset, state: Any, names: list[str]
) -> dict[str, dict[str, Any]]:
    """The order each of these gladiators' conditional fallback orders give this turn (those
    whose plan gives one), judged against the bout's starting snapshot (record 0088)."""
    if not names:
        return {}
    ids = dict(
        BoutEntrant.objects.filter(bout=bout, gladiator__name__in=names).values_list(
            "gladiator_id", "gladiator__name"
        )
    )
    plans = fallback_plans(gladiator_ids=ids)
    if not plans:
        return {}
    start = rules.snapshot(rules.setup(bout.engine_input))
    orders = {}
    for gladiator_id, plan in plans.items():
        name = ids[gladiator_id]
        order = rules.fallback_order(state, name, plan, start=start, turn=bout.turn)
        if order is not None:
            orders[name] = order
    return orders


def _orders_for_turn(
    bout: Bout, rules: Ruleset, state: Any, given: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Each living gladiator's order (JSON, as the turn's orders are stored): its own
    (`given`), else the first of its conditional fallback orders that holds and is legal, else
    its standing order if still legal, else its tactics. A gladiator in civil disorder
    (docs/reliability.md) has its tactics at once."""
    used: dict[str, dict[str, Any]] = {}
    living = rules.pending(state).who
    missing = [n for n in living if n not in given]
    disorder = gladiators_in_disorder(bout=bout, names=missing)
    fallback = _fallback_orders(bout, rules, state, [n for n in missing if n not in disorder])
    for name in living:
        order = given[name] if name in given else fallback.get(name)
        if order is None and name not in disorder:
            standing = (
                TurnOrder.objects.filter(
                    bout=bout, entrant__gladiator__name=name, standing=True, turn__lt=bout.turn
                )
                .order_by("-turn")
                .first()
            )
            if standing is not None and not rules.validate(state, name, standing.order):
                order = standing.order
        used[name] = order if order is not None else rules.order_json(rules.tactics(state, name))
    return used


def bout_turn_resolve(*, bout_id: int, turn: int, force: bool = False) -> Bout | None:
    """Resolve turn `turn` once: when every living gladiator has an order, at the deadline, or
    when the GM forces it. Anything else (an old message, a second worker) is a no-op."""
    with transaction.atomic():
        found = (
            Bout.objects.select_for_update(of=("self",))  # not the campaign: as _locked_bout
            .select_related("campaign")  # the notices of the turn name it
            .annotate(paused=Exists(BoutPause.objects.filter(bout=OuterRef("pk"))))
            .filter(pk=bout_id, status=Bout.Status.RUNNING, turn=turn)
            .order_by()[:1]  # one row by its key: no sort to compile (first() would add one)
        )
        bout = next(iter(found), None)
        if bout is None:
            return None
        if bout.paused:  # the GM paused it: nothing resolves
            return None
        rules = turn_rules(bout.ruleset)
        state, dice = state_loaded(rules, bout.state), dice_loaded(rules, bout.state)
        due = bout.turn_deadline is not None and bout.turn_deadline <= timezone.now()
        given = _orders_given(bout)  # read once: who waits, the orders used, the attendance
        waiting = _waiting_for(given, rules.pending(state).who)
        if not (force or due or not waiting):
            return None
        if not force and waiting and bout_wait_for_vacation(bout=bout, waiting=waiting):
            return None  # its deadline moved on: a player still to order is on vacation
        # The gladiators locked and read once: who may fight, who owns whom (the attendance),
        # whom the turn's notices go to.
        entrants = entrants_locked(bout=bout)
        unfit = unfit_reason(e.gladiator for e in entrants)
        if unfit:
            return bout_fail(bout=bout, engine_input=bout.engine_input, reason=unfit)
        orders = _orders_for_turn(bout, rules, state, given)
        engine_input = {**bout.engine_input, "turns": [*bout.engine_input["turns"], orders]}
        try:
            # The stored orders are read as a replay reads them (states_around, verify).
            state, events = rules.apply(state, read_orders(rules, state, orders), dice)
        except Exception as exc:  # never leave a turn stuck: record why, the GM decides
            log.exception("bout %s: turn %s failed in the engine", bout.pk, turn)
            return bout_fail(bout=bout, engine_input=engine_input, reason=str(exc) or repr(exc))
        turn_attendance_record(
            bout=bout,
            turn=turn,
            living=orders,
            ordered=given,
            owners={e.gladiator.name: e.gladiator.owner_id for e in entrants},
        )
        output = {
            **bout.log,
            "turns": [*bout.log["turns"], rules.record(state, events)],
            "result": rules.result(state),
        }
        if rules.is_over(state):
            bout = bout_settle(bout=bout, engine_input=engine_input, output=output)
        else:
            bout_store_log(bout=bout, engine_input=engine_input, output=output)
            bout.state = state_stored(rules, state, dice)
            bout.turn += 1
            bout.turn_deadline = _deadline(bout)
            bout.save(update_fields=[*LOG_FIELDS, "state", "turn", "turn_deadline"])
            notice_turn_resolved(
                bout=bout, turn=turn, living=rules.pending(state).who, entrants=entrants
            )
        press_release(bout=bout)  # the press "only after the turn" held for this turn
        log.info("bout %s: turn %s resolved", bout.pk, turn)
        return bout


@transaction.atomic
def bout_turn_force(*, bout: Bout, by: AbstractBaseUser, turn: int, reason: object) -> Bout:
    """The GM resolves turn `turn` now, saying why; missing orders fall back to tactics. The
    GM names the turn, so a repeated or concurrent request finds it resolved and does nothing:
    it never resolves the turn after. A paused bout is resumed first."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    why = reason_clean(reason)
    if BoutPause.objects.filter(bout=bout).exists():
        raise LudusError("This bout is paused: resume it before resolving a turn.")
    resolved = bout_turn_resolve(bout_id=bout.pk, turn=turn, force=True)
    if resolved is None:
        now = Bout.objects.only("status", "turn", "ruleset").get(pk=bout.pk)
        stale = turn_stale(bout=now, turn=turn)
        if stale is not None:
            raise LudusError(f"{stale.message} Nothing more was resolved.", field="turn")
        if now.status != Bout.Status.RUNNING:
            raise LudusError(
                f"{now.step.title} {turn} is past: the bout is {now.get_status_display().lower()}.",
                field="turn",
            )
        raise LudusError(f"This bout has no {now.step} waiting to be resolved.")
    audit_record(
        campaign=bout.campaign,
        actor=by,
        action="bout.turn_force",
        bout=bout.pk,
        turn=turn,
        reason=why,
    )
    return resolved


def bout_finish_by_tactics(*, bout: Bout, by: AbstractBaseUser, turn: int) -> Bout:
    """The GM lets tactics fight the rest of a running bout (absent players, a quick end),
    from turn `turn`: the turn the GM saw, so a request sent after a turn resolved is refused
    rather than finishing a bout the GM has not seen."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    with transaction.atomic():
        bout = _locked_bout(bout.pk)
        if bout.status != Bout.Status.RUNNING:
            raise LudusError("Only a bout in progress can be finished by tactics.")
        if (stale := turn_stale(bout=bout, turn=turn)) is not None:
            raise LudusError(f"{stale.message} Nothing was fought.", field="turn")
        unfit = entrants_lock(bout=bout)
        if unfit:
            raise LudusError(unfit)
        engine_input = dict(bout.engine_input)
        engine_input["options"] = {**engine_input.get("options", {}), "tactics": True}
        try:
            output = play(engine_input)
        except EngineInputError as error:
            raise LudusError(f"The engine refused: {error.message}") from None
        bout_apply_result(bout=bout, engine_input=engine_input, output=output)
        audit_record(
            campaign=bout.campaign, actor=by, action="bout.finish_by_tactics", bout=bout.pk
        )
    return bout


def bouts_sweep_deadlines(*, now: datetime | None = None) -> int:
    """Resolve every running turn whose deadline has passed (beat's sweeper calls this)."""
    now = now or timezone.now()
    due = Bout.objects.filter(
        status=Bout.Status.RUNNING, turn_deadline__lte=now, campaign__archived_at__isnull=True
    ).values_list("pk", "turn")
    resolved = 0
    for pk, turn in list(due):
        try:  # one bout's trouble must not keep the others waiting
            resolved += bout_turn_resolve(bout_id=pk, turn=turn) is not None
        except Exception:
            log.exception("sweeper: bout %s turn %s", pk, turn)
    return resolved


def turns_sweep_ready(*, now: datetime | None = None) -> int:
    """Send again the resolve of every running turn whose orders are all in and whose last
    order is older than LUDUS_TURN_RESEND_SECONDS (beat's sweeper calls this): its message was
    lost (a broker restart, a worker killed) and it would otherwise wait for its deadline, or
    for ever without one. A turn resolves once however many messages arrive: the resolve
    claims the bout's row for that turn and does nothing once it has moved on. Returns how
    many were sent."""
    now = now or timezone.now()
    quiet_since = now - timedelta(seconds=settings.LUDUS_TURN_RESEND_SECONDS)
    ready = (
        Bout.objects.filter(
            status=Bout.Status.RUNNING,
            campaign__archived_at__isnull=True,
            orders__turn=F("turn"),  # the orders of its current turn only
        )
        .exclude(pk__in=BoutPause.objects.values("bout"))  # paused: resumed by the GM
        .annotate(last_order=Max("orders__submitted_at"))
        .filter(last_order__lte=quiet_since)
        .only("pk", "turn", "status", "ruleset", "state")
    )
    sent = 0
    for bout in ready:
        try:  # one bout's trouble must not keep the others waiting
            if not bout_turn_waiting(bout=bout):
                enqueue_turn_resolve(bout.pk, bout.turn)
                sent += 1
        except Exception:
            log.exception("sweeper: bout %s turn %s", bout.pk, bout.turn)
    if sent:
        log.info("sweeper: sent again the resolve of %d turns with every order in", sent)
    return sent
