from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef, Prefetch, QuerySet, Subquery
from django.http import Http404, QueryDict

from arena.bouts.filters import BoutFilter
from arena.gateway import EngineInputError, canonical, ruleset
from arena.models import (
    Bout,
    BoutEntrant,
    BoutVerification,
    Season,
    SeasonEntry,
    SeasonFixture,
    TurnOrder,
)
from arena.play.turns import state_loaded, states_around, turn_rules
from arena.seasons.results import season_fixtures
from arena.verification.services import order_receipt_doc
from campaign.archive_guard import archived_check
from campaign.models import Campaign, Membership
from campaign.selectors import campaign_get_visible, campaign_is_gm, campaign_role_remember
from campaign.shared.errors import LudusError
from characters.models import LedgerLine

_FATE_LABELS = dict(BoutEntrant.Fate.choices)


def bouts_of_campaign(*, campaign: Campaign) -> QuerySet[Bout]:
    """The campaign's bouts with their entrants, newest first (fight history)."""
    entrants = BoutEntrant.objects.select_related("gladiator", "gladiator__owner").order_by(
        "place", "id"
    )
    return (
        Bout.objects.filter(campaign=campaign)
        .select_related("voided_by")  # the API names who voided a bout
        .defer("log", "engine_input")
        .prefetch_related(Prefetch("entrants", queryset=entrants))
        .order_by("-scheduled_at", "-id")
    )


UNDECIDED = (Bout.Status.SCHEDULED, Bout.Status.OPEN, Bout.Status.RUNNING, Bout.Status.VERDICT)


def bouts_upcoming(*, campaign: Campaign) -> QuerySet[Bout]:
    """Bouts still to be decided: scheduled, open for entries or being fought turn by turn."""
    return (
        bouts_of_campaign(campaign=campaign)
        .filter(status__in=UNDECIDED)
        .order_by("scheduled_at", "id")
    )


def bouts_recent(*, campaign: Campaign) -> QuerySet[Bout]:
    return bouts_of_campaign(campaign=campaign).exclude(status__in=UNDECIDED)


def bout_get_visible(*, slug: str, pk: int, user) -> Bout:
    """The bout of a campaign the user may see, or Http404 (as for the campaign itself)."""
    bout = bout_get(campaign=campaign_get_visible(slug=slug, user=user), pk=pk)
    if bout is None:
        raise Http404("No such bout.")
    return bout


def bout_get(*, campaign: Campaign, pk: int) -> Bout | None:
    return (
        Bout.objects.filter(campaign=campaign, pk=pk)
        .select_related("voided_by")
        .prefetch_related(
            Prefetch(
                "entrants",
                queryset=BoutEntrant.objects.select_related("gladiator", "gladiator__owner"),
            )
        )
        .first()
    )


def bout_standings(*, bout: Bout) -> dict[str, Any]:
    """The result table as the rule set describes it: place, name, fate, then the rule set's
    own columns (kills, body left ...), and its one line on how places are decided."""
    rules = ruleset(bout.ruleset)
    columns = rules.columns
    rows = (bout.log or {}).get("result", {}).get("standings", [])
    fates = dict(bout.entrants.values_list("gladiator__name", "fate"))
    table = []
    for row in rows:
        fate = fates.get(row["name"]) or row.get("fate") or ""
        table.append(
            {
                "place": row.get("place"),
                "name": row["name"],
                "fate": fate,
                "fate_label": _FATE_LABELS.get(fate, fate),
                # Each cell with its column's label: a phone shows the rows as cards.
                "cells": [(c.label, _cell(row.get(c.key))) for c in columns],
            }
        )
    return {"columns": columns, "rows": table, "placing": rules.placing}


def _cell(value: Any) -> str:
    if value is None or value == []:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def bout_payouts(*, bout: Bout) -> QuerySet[LedgerLine]:
    """What the bout paid out, gladiator by gladiator. Each line once: a voided bout's page
    marks them taken back rather than listing the compensating lines beside them."""
    return (
        bout.ledger.filter(cause=LedgerLine.Cause.BOUT)
        .select_related("gladiator")
        .order_by("gladiator__name", "currency")
    )


HISTORY_PER_PAGE = 25


def bout_history_page(*, campaign: Campaign, query: QueryDict, page: str | None) -> dict[str, Any]:
    """The fight history page's context: its filters as asked in `query` (the page's query
    without its page number) and one page of the bouts they keep; filters that are not valid
    keep every bout and say why on the form."""
    filters = BoutFilter(query or None, bouts_of_campaign(campaign=campaign), campaign=campaign)
    bouts = filters.qs if filters.is_valid() else filters.queryset
    return {
        "campaign": campaign,
        "page": Paginator(bouts, HISTORY_PER_PAGE).get_page(page),
        "filters": filters.form,
        "query": query.urlencode(),
    }


def bout_of_gladiator_in_play(*, gladiator_id: int, statuses: tuple[str, ...]) -> Bout | None:
    """A bout with one of these statuses the gladiator is entered in, if any."""
    return Bout.objects.filter(entrants__gladiator_id=gladiator_id, status__in=statuses).first()


# Bouts whose engine input is still to be made from what their entrants carry then: scheduled
# ones (at their time) and open ones (when the GM starts them).
NOT_SET_UP = (Bout.Status.SCHEDULED, Bout.Status.OPEN)


def gladiator_fight_ahead(*, gladiator_id: int) -> str:
    """The bout or season the gladiator is still to fight in with the equipment it will carry
    then, in words ("the bout Brutus vs Nox", "the knockout Ides of March", "the season Spring
    league"); "" when none. A season counts while it runs or is paused and the gladiator is
    in it: entered, not withdrawn, and not out of its bracket."""
    bout = bout_of_gladiator_in_play(gladiator_id=gladiator_id, statuses=NOT_SET_UP)
    if bout is not None:
        return f"the bout {bout}"
    entries = (
        SeasonEntry.objects.filter(
            gladiator_id=gladiator_id,
            withdrawn_at__isnull=True,
            season__status__in=[Season.Status.RUNNING, Season.Status.PAUSED],
        )
        .select_related("season")
        .order_by("season_id")
    )
    for entry in entries:
        if not _out_of_bracket(entry):
            season = entry.season
            kind = "knockout" if season.format == Season.Format.KNOCKOUT else "season"
            return f"the {kind} {season}"
    return ""


def _out_of_bracket(entry: SeasonEntry) -> bool:
    """Whether the entry is out of its season's bracket: it lost as many bracket matches as
    the format allows (two in double elimination, else one; on a draw or no result the higher
    seed goes on), or the knockout after the groups was drawn without it."""
    season = entry.season
    if not season.has_bracket:
        return False
    field = "knockout_seed" if season.is_groups else "seed"
    seeds = dict(season.entries.values_list("pk", field))
    if season.is_groups and seeds[entry.pk] is None:
        return any(seed is not None for seed in seeds.values())
    Outcome = SeasonFixture.Outcome
    losses = 0
    for fixture in season_fixtures(season):
        sides = (fixture.first_id, fixture.second_id)
        if not fixture.match or entry.pk not in sides or fixture.result_outcome == Outcome.PENDING:
            continue
        first = fixture.first_id == entry.pk
        other = sides[1] if first else sides[0]
        if fixture.result_outcome == Outcome.FIRST:
            losses += not first
        elif fixture.result_outcome == Outcome.SECOND:
            losses += first
        else:
            losses += seeds[entry.pk] > seeds[other]
    return losses >= (2 if season.format == Season.Format.DOUBLE_ELIMINATION else 1)


def bout_engine_input_for(*, bout: Bout, user) -> dict | None:
    """The bout's engine input as this user may read it: a gladiator's tactics are a plan of
    battle, so they stay hidden from all but its owner and the GM (also after the bout); what
    the rules keep secret in the orders (the secret king) stays hidden from all but the
    order's team, the GM too, until the bout is over."""
    engine_input = bout.engine_input
    if bout.status == Bout.Status.VERDICT:
        return None  # paused at a mercy vote: it holds the seed, secret until the bout ends
    if not engine_input:
        return engine_input
    secret = order_secrets(bout)
    if secret and engine_input.get("turns"):
        team = team_of_user(bout, user)
        engine_input = {
            **engine_input,
            "turns": [
                {
                    name: order if name in team or not isinstance(order, dict)
                    else {k: v for k, v in order.items() if k not in secret}
                    for name, order in turn.items()
                } if isinstance(turn, dict) else turn
                for turn in engine_input["turns"]
            ],
        }  # fmt: skip
    if campaign_is_gm(campaign=bout.campaign, user=user):
        return engine_input
    own = {
        e.gladiator.name
        for e in bout.entrants.all()
        if user.is_authenticated and e.gladiator.owner_id == user.pk
    }
    return {
        **engine_input,
        "gladiators": [
            g if g.get("name") in own else {k: v for k, v in g.items() if k != "tactics"}
            for g in engine_input.get("gladiators", [])
        ],
    }


def order_secrets(bout: Bout) -> frozenset[str]:
    """The keys of an order the bout's rules keep secret from the other side until the bout is
    over (a rule set says so with `secret_order_keys(options)`; none for most)."""
    if bout.status not in UNDECIDED or bout.mode != Bout.Mode.ORDERS:
        return frozenset()
    try:
        rules = ruleset(bout.ruleset)
    except EngineInputError:
        return frozenset()
    return rules.secret_order_keys(bout.options)


def team_of_user(bout: Bout, user) -> set[str]:
    """The characters on the teams the user plays in this bout (by the engine input's teams;
    in a rule set without teams, the user's own gladiators)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    entrants = bout.entrants.select_related("gladiator")
    own = {e.gladiator.name for e in entrants if e.gladiator.owner_id == user.pk}
    gladiators = (bout.engine_input or {}).get("gladiators", [])
    teams = {g.get("team") for g in gladiators if g.get("name") in own and g.get("team")}
    return own | {g.get("name") for g in gladiators if teams and g.get("team") in teams}


# What an order PUT reads of its entrant (entrant_of_owner's `only`): who owns it, what the
# gladiator is called and whether it may fight, the bout's rule set, turn, status and stored
# state (what order_submit checks, read with the bout locked), and what the campaign's checks
# need. Compiling and reading every column of four tables was a third of the web's time per
# order.
ORDER_PUT_READS = (
    "bout", "gladiator", "gladiator__owner", "gladiator__name", "gladiator__status",
    "bout__ruleset", "bout__turn", "bout__status", "bout__state",
    "bout__campaign", "bout__campaign__name", "bout__campaign__visibility",
    "bout__campaign__archived_at",
)  # fmt: skip


def entrant_of_owner(
    *,
    slug: str,
    pk: int,
    entrant_pk: int,
    user,
    refuse_archived: bool = False,
    only: Sequence[str] = (),
    lock_bout: bool = False,
) -> BoutEntrant:
    """An entrant whose orders this user gives, or Http404: another player's gladiator in a
    bout is not even shown to exist here, so its orders stay secret. `refuse_archived`: a
    LudusError naming the reason when the campaign is archived (the check NotArchived makes
    for other views, here on the campaign row read with the entrant).

    Every order goes through here: one query for the entrant with its gladiator, its bout (not
    the bout's log, which orders never read), the bout's campaign and the user's role in it;
    none for the bout's other entrants. The checks come in the order the separate reads made
    them: the campaign is visible, then not archived, then the gladiator is the user's.
    `only`: the fields to read (the others are read if asked for, one query each); else
    all but the bout's log. `lock_bout`: the bout's row is locked by the same query (FOR
    UPDATE of the bout only), for a caller in a transaction that acts on what it read (the
    order PUT: order_submit's `bout_locked`)."""
    role = Membership.objects.filter(campaign=OuterRef("bout__campaign"), user=user.pk)
    entrants = BoutEntrant.objects.select_related("gladiator", "bout__campaign")
    if lock_bout:
        entrants = entrants.select_for_update(of=("bout",))
    found = (
        (entrants.only(*only) if only else entrants.defer("bout__log"))
        .annotate(viewer_role=Subquery(role.values("role")[:1]))
        .filter(bout__campaign__slug=slug, bout_id=pk, pk=entrant_pk)
        .order_by()[:1]  # one row by its key: no sort to compile (first() would add one)
    )
    entrant = next(iter(found), None)
    if entrant is None:  # the campaign or the bout may be missing too: say which
        campaign = campaign_get_visible(slug=slug, user=user)
        if refuse_archived:
            archived_check(campaign=campaign, user=user)
        if bout_get(campaign=campaign, pk=pk) is None:
            raise Http404("No such bout.")
        raise Http404("You give no orders for this gladiator.")
    campaign = entrant.bout.campaign
    campaign_role_remember(campaign=campaign, user=user, role=entrant.viewer_role)
    if not campaign.is_public and entrant.viewer_role is None:
        raise Http404("No such campaign.")
    if refuse_archived:
        archived_check(campaign=campaign, user=user)
    if not user.is_authenticated or entrant.gladiator.owner_id != user.pk:
        raise Http404("You give no orders for this gladiator.")
    return entrant


FORUM_MARKUPS = ("bbcode", "markdown")


def bout_forum_post(*, bout: Bout, turn: int, markup: str) -> str:
    """Resolved turn `turn` of a play-by-web bout as the GM's forum post; Http404 for a turn
    not resolved (yet), LudusError for an unknown markup."""
    turns = (bout.engine_input or {}).get("turns") or []
    if bout.mode != Bout.Mode.ORDERS or not 1 <= turn <= len(turns):
        raise Http404(f"That {bout.step} has not been resolved.")
    if markup not in FORUM_MARKUPS:
        raise LudusError("Markup is 'bbcode' or 'markdown'.", field="markup")
    rules = turn_rules(bout.ruleset)
    before, after, events = states_around(rules, bout.engine_input, turn)
    return rules.web.forum_post(before, after, events, markup)


def bout_proof(*, bout: Bout) -> dict[str, Any]:
    """What the bout publishes so that anyone can check it (docs/verification.md): the
    commitment from the start, the terms behind it (seed and nonce) once it is decided, and
    the digests of the engine input and log taken when they were stored."""
    decided = bout.status not in UNDECIDED
    return {
        "commitment": bout.commitment or None,
        "terms": bout.terms if decided else None,
        "input_digest": bout.input_digest or None,
        "log_digest": bout.log_digest or None,
    }


def bout_sealed_orders(*, bout: Bout, user=None) -> list[dict[str, Any]]:
    """The public turn log of sealed orders: every order's receipt as soon as it is given, and
    the order with its salt once its turn has resolved. An order whose turn never resolved (the
    bout was cancelled, or tactics fought the rest) stays sealed; so does, until the bout is
    over, one holding what the rules keep secret (the secret king), except to its own team.
    Orders given before receipts existed are not listed (the orders used are in the engine
    input)."""
    if bout.mode != Bout.Mode.ORDERS:
        return []
    secret = order_secrets(bout)
    team = team_of_user(bout, user) if secret else set()
    resolved_turns = len((bout.engine_input or {}).get("turns") or [])
    rows = []
    sealed = (
        TurnOrder.objects.filter(bout=bout)
        .exclude(receipt="")
        .select_related("entrant__gladiator")
        .order_by("turn", "entrant_id")
    )
    for order in sealed:
        revealed = order.turn <= resolved_turns
        name = order.entrant.gladiator.name
        kept = (
            revealed
            and name not in team
            and isinstance(order.order, dict)
            and any(order.order.get(k) for k in secret)
        )
        if kept:
            revealed = False  # its salt would let anyone check a guess of the secret
        row: dict[str, Any] = {
            "turn": order.turn,
            "gladiator": order.entrant.gladiator.name,
            "receipt": order.receipt,
            "revealed": revealed,
            **({"secret": True} if kept else {}),
        }
        if revealed:
            row.update(order=order.order, standing=order.standing, salt=order.salt)
            # The exact text the receipt is the SHA-256 of (docs/verification.md), to copy.
            doc = order_receipt_doc(order, bout_id=bout.pk, gladiator=name)
            row["sealed_text"] = canonical(doc).decode()
        rows.append(row)
    return rows


def bout_verification_last(*, bout: Bout) -> BoutVerification | None:
    return BoutVerification.objects.filter(bout=bout).first()


@dataclass(frozen=True)
class OrdersNeeded:
    """A turn waiting for a player's order: one of their gladiators, alive in a running bout,
    with no order yet for the current turn."""

    bout: Bout
    entrant: BoutEntrant
    turn: int
    deadline: datetime | None


def orders_needed(*, user, campaign: Campaign | None = None) -> list[OrdersNeeded]:
    """Every turn waiting for `user`'s orders (in one campaign, or in all), the nearest deadline
    first. One query for the entrants, then each bout's stored state once, to leave out
    gladiators already out of the bout."""
    if not user.is_authenticated:
        return []
    given = TurnOrder.objects.filter(entrant=OuterRef("pk"), turn=OuterRef("bout__turn"))
    entrants = (
        BoutEntrant.objects.filter(bout__status=Bout.Status.RUNNING, gladiator__owner=user)
        .exclude(Exists(given))
        .select_related("bout", "bout__campaign", "gladiator")
        .defer("bout__log", "bout__engine_input")
        .order_by("bout__turn_deadline", "bout_id", "id")
    )
    if campaign is not None:
        entrants = entrants.filter(bout__campaign=campaign)
    living: dict[int, tuple[str, ...]] = {}
    needed = []
    for entrant in entrants:
        bout = entrant.bout
        if bout.pk not in living:
            rules = turn_rules(bout.ruleset)
            living[bout.pk] = rules.pending(state_loaded(rules, bout.state)).who
        if entrant.gladiator.name in living[bout.pk]:
            needed.append(OrdersNeeded(bout, entrant, bout.turn, bout.turn_deadline))
    return needed
