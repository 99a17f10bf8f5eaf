from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Paginator
from django.db.models import Count, F, QuerySet, Sum
from django.http import Http404

from arena.bouts.ratings import START_ORDINAL, ordinal_expression, rating_history, rating_of
from campaign.charts import Chart, time_chart, turns_chart
from campaign.lore.models import BIOGRAPHY_LIMIT
from campaign.lore.selectors import biography_text
from campaign.models import Campaign
from campaign.selectors import campaign_is_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import parse_id

from .career import RESOLVED, RecordPoint, ledger_series, record_series
from .catalogue import (
    adapter,
    advances_of,
    armoury,
    equipment_problems,
    gladiator_kinds,
    gladiator_type,
    issued_kit,
    pays_experience,
    sheet_lines,
    tactics_settings,
)
from .models import Gladiator, Holding, LedgerLine
from .permissions import gladiator_can_act
from .shop import item_sell_price

# Standings column -> the fields that order it (the first decides, the next break ties).
STANDINGS_ORDER = {
    "wins": ("wins", "opponents_defeated"),
    "rating": ("rating", "wins"),
    "defeated": ("opponents_defeated", "wins"),
    "gold": ("gold",),
    "level": ("level", "xp"),
    "bouts": ("bouts_fought",),
    "name": ("name",),
    "player": ("owner__username",),
}
# A column's first click: the most first for numbers, A to Z for names.
ASCENDING_FIRST = {"name", "player"}


def standings_direction(sort: str, order: str) -> str:
    """The direction to sort in: the one asked for (asc, desc), else the column's natural one."""
    if order in {"asc", "desc"}:
        return order
    return "asc" if sort in ASCENDING_FIRST else "desc"


def gladiators_of_campaign(*, campaign: Campaign) -> QuerySet[Gladiator]:
    return campaign.gladiators.select_related("owner").order_by("name")


def gladiators_of_ids(*, campaign: Campaign, ids: list[int]) -> list[Gladiator]:
    """The campaign's gladiators with these ids, in the order asked; a refusal in words naming
    the first id that is not one of them."""
    found = {g.pk: g for g in Gladiator.objects.filter(campaign=campaign, pk__in=ids)}
    missing = [i for i in ids if i not in found]
    if missing:
        raise LudusError(f"No gladiator with id {missing[0]} in this campaign.", field="gladiators")
    return [found[i] for i in ids]


def gladiators_active(*, campaign: Campaign) -> QuerySet[Gladiator]:
    return gladiators_of_campaign(campaign=campaign).filter(status=Gladiator.Status.ACTIVE)


def gladiators_of_owner(
    *, campaign: Campaign, user: AbstractBaseUser | AnonymousUser
) -> QuerySet[Gladiator]:
    if not user.is_authenticated:
        return Gladiator.objects.none()
    return gladiators_of_campaign(campaign=campaign).filter(owner=user)


def gladiator_get(*, campaign: Campaign, pk: int) -> Gladiator:
    gladiator = (
        Gladiator.objects.select_related("owner", "campaign", "died_in")
        .defer("died_in__log", "died_in__engine_input", "died_in__state")  # only its title
        .filter(campaign=campaign, pk=pk)
        .first()
    )
    if gladiator is None:
        raise Http404("No such gladiator.")
    return gladiator


def standings(
    *, campaign: Campaign, sort: str = "wins", order: str = "", status: str = "", owner: str = ""
) -> QuerySet[Gladiator]:
    """The standings table: every gladiator, sorted either way on any column; ties by name.
    Each row carries its rating under the campaign's rule set (`rating`, an ordinal)."""
    sort = sort if sort in STANDINGS_ORDER else "wins"
    sign = "-" if standings_direction(sort, order) == "desc" else ""
    fields = [sign + f for f in STANDINGS_ORDER[sort]]
    rows = (
        gladiators_of_campaign(campaign=campaign)
        .annotate(rating=ordinal_expression(campaign.ruleset))
        .order_by(*fields, "name", "pk")
    )
    if status in Gladiator.Status.values:
        rows = rows.filter(status=status)
    if owner:
        rows = rows.filter(owner__username=owner)
    return rows


def standings_by_player(*, campaign: Campaign) -> list[dict[str, Any]]:
    """Each player's stable as one line: how many gladiators, and their wins, opponents
    defeated, bouts and gold summed (in a team game, a player's lasting team is their
    stable: the teams of a bout last one bout). The most wins first, ties by name."""
    return list(
        gladiators_of_campaign(campaign=campaign)
        .values("owner__username")
        .annotate(
            gladiators=Count("pk"),
            wins=Sum("wins"),
            defeated=Sum("opponents_defeated"),
            bouts=Sum("bouts_fought"),
            gold=Sum("gold"),
        )
        .order_by("-wins", "-defeated", "owner__username")
    )


def graveyard(*, campaign: Campaign, owner: str = "", kind: str = "") -> QuerySet[Gladiator]:
    """The dead, the latest first; only one player's, or one type's, when asked. The bout each
    died in is named by its title alone (`died_in_title`): the bout's row holds its whole log,
    which a page of graves has no use for (it was most of the page's time)."""
    dead = (
        gladiators_of_campaign(campaign=campaign)
        .filter(status=Gladiator.Status.DEAD)
        .annotate(died_in_title=F("died_in__title"))
        .order_by("-ended_at", "name", "pk")
    )
    if owner:
        dead = dead.filter(owner__username=owner)
    if kind:
        dead = dead.filter(kind=kind)
    return dead


def ledger_statement(*, gladiator: Gladiator) -> QuerySet[LedgerLine]:
    # A line links its bout by id: the bout's row (and its big JSON) is left unread.
    return gladiator.ledger.select_related("actor").order_by("-created_at", "-id")


def career_series(*, gladiator: Gladiator) -> dict[str, list[tuple[Any, int]]]:
    """Gold, experience and level over time, from the ledger (for the career plots)."""
    # Plain tuples: model instances with deferred fields cost a query each (gladiator_id).
    lines = gladiator.ledger.order_by("created_at", "id").values_list(
        "created_at", "currency", "balance", "cause"
    )
    return ledger_series(gladiator.created_at, lines)


# The record chart's lines: a win's green and a defeat's red, each readable on the chart's paper.
RECORD_COLOURS = {"wins": "#2e7d32", "defeats": "#b3261e"}


def record_chart(name: str, record: list[RecordPoint]) -> Chart | None:
    """Wins and defeats so far after each bout, from 0 before the first: None before any."""
    if not record:
        return None
    last = record[-1]
    return turns_chart(
        {
            "wins": [0] + [p.wins for p in record],
            "defeats": [0] + [p.defeats for p in record],
        },
        RECORD_COLOURS,
        title=f"{name}'s record over time: {last.wins} won and {last.defeats} lost "
        f"in {len(record)} bout{'' if len(record) == 1 else 's'}",
        y_label="bouts",
        x_label="bouts fought",
        width=320,
        height=120,
        first=0,
    )


def career_record(*, gladiator: Gladiator) -> list[RecordPoint]:
    """The record after each of the gladiator's resolved bouts, in one query: its entries
    joined to every entrant of the same bout (places and sides only, never a log)."""
    rows = (
        gladiator.entries.filter(bout__status=RESOLVED)
        .order_by("bout__resolved_at", "bout_id", "bout__entrants__id")
        .values_list(
            "bout_id",
            "bout__resolved_at",
            "bout__title",
            "bout__entrants__gladiator_id",
            "bout__entrants__team",
            "bout__entrants__place",
        )
    )
    return record_series(gladiator.pk, rows)


def holding_of(*, gladiator: Gladiator, holding_id: object) -> Holding:
    """One of the gladiator's items by id (as sent by a form or the API), or LudusError."""
    pk = parse_id(holding_id)
    holding = gladiator.holdings.filter(pk=pk).first() if pk is not None else None
    if holding is None:
        shown = str(holding_id)[:20] if holding_id not in (None, "") else "(none)"
        raise LudusError(f"{gladiator.name} has no item with id {shown}.", field="holding")
    return holding


# The page selectors: each page's whole context, read once; its view parses the request,
# picks the template part and renders what one of these returns.

STATEMENT_LINES = 25  # a page of the sheet's statement; the pager reaches the first line
RECENT_BOUTS = 20  # the sheet's latest bouts; the rest are in the fight history, filtered
STANDINGS_PER_PAGE = 50
GRAVES_PER_PAGE = 30


def gladiator_sheet(
    *, gladiator: Gladiator, user: AbstractBaseUser | AnonymousUser, statement_page: str | None
) -> dict[str, Any]:
    """The gladiator sheet's context: its stats, kit, advances, statement (one page of it),
    latest bouts, the career charts and rating, and what `user` may do with it. `tactics` is
    the rule set's tactics settings, for the view's form."""
    campaign = gladiator.campaign
    series = career_series(gladiator=gladiator)
    record = career_record(gladiator=gladiator)
    rating = rating_of(gladiator_id=gladiator.pk, ruleset=campaign.ruleset)
    changes = list(rating_history(gladiator_id=gladiator.pk, ruleset=campaign.ruleset))
    items = armoury(campaign.ruleset)
    tactics = tactics_settings(campaign.ruleset)
    has_levels = adapter(campaign.ruleset).has_levels
    return {
        "campaign": campaign,
        "gladiator": gladiator,
        "base": gladiator_type(campaign.ruleset, gladiator.kind, campaign=campaign),
        "stat_lines": sheet_lines(gladiator),
        "has_levels": has_levels,
        "pays_experience": pays_experience(campaign.ruleset),
        "advances": advances_of(gladiator),
        "tactics": tactics,
        "has_tactics": bool(tactics),
        "holdings": [
            (h, items.get(h.item, {"name": h.item, "kind": "?"})) for h in gladiator.holdings.all()
        ],
        "issued": issued_kit(gladiator),
        "ledger": Paginator(ledger_statement(gladiator=gladiator), STATEMENT_LINES).get_page(
            statement_page
        ),
        "entries": gladiator.entries.select_related("bout")
        .defer("bout__log", "bout__engine_input")
        .order_by("-bout__scheduled_at")[:RECENT_BOUTS],
        "gold_chart": time_chart(
            series["gold"],
            title=f"{gladiator.name}'s gold over time: now {gladiator.gold}",
            y_label="gold",
            css_class="gold",
        ),
        "level_chart": has_levels
        and time_chart(
            series["level"],
            title=f"{gladiator.name}'s level over time: now {gladiator.level}",
            y_label="level",
            css_class="level",
        ),
        "gold_series": series["gold"],
        "level_series": series["level"],
        "xp_series": series["xp"],
        "xp_chart": time_chart(
            series["xp"],
            title=f"{gladiator.name}'s experience over time: now {gladiator.xp}",
            y_label="experience",
            css_class="xp",
        ),
        "record": record[::-1],  # the latest first, as the bouts
        "record_chart": record_chart(gladiator.name, record),
        "rating": rating,
        "rating_changes": changes[::-1][:RECENT_BOUTS],  # the latest first, as the bouts
        "rating_chart": time_chart(
            [(gladiator.created_at, round(START_ORDINAL, 1))]
            + [(c.at, round(c.ordinal, 1)) for c in changes],
            title=f"{gladiator.name}'s rating over time: now {rating.ordinal:.1f}",
            y_label="rating",
            css_class="rating",
        )
        if changes
        else None,
        "can_act": gladiator_can_act(gladiator=gladiator, user=user) and gladiator.is_active,
        "is_gm": campaign_is_gm(campaign=campaign, user=user),
        # The story is anyone's to read who reads the sheet; its owner or the GM writes it, the
        # dead's too (campaign/lore).
        "biography": biography_text(gladiator=gladiator),
        "biography_limit": BIOGRAPHY_LIMIT,
        "can_write_biography": gladiator_can_act(gladiator=gladiator, user=user),
    }


def shop_page(*, gladiator: Gladiator, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """The shop page's context: the wares on sale (cheapest first in each kind), each saying
    whether the gladiator may use it and afford it, and what its own items sell for."""
    items = armoury(gladiator.campaign.ruleset)
    wares = []
    for item in items.values():
        if item["price"] is None:
            continue
        problems = equipment_problems(gladiator, [item["slug"]])
        wares.append(
            {
                **item,
                "unusable": problems[0] if problems else "",
                "affordable": item["price"] <= gladiator.gold,
            }
        )
    wares.sort(key=lambda i: (i["kind"], i["price"]))
    holdings = [
        (h, items.get(h.item, {}), item_sell_price(gladiator=gladiator, item=items[h.item]))
        for h in gladiator.holdings.all()
        if h.item in items
    ]
    return {
        "campaign": gladiator.campaign,
        "gladiator": gladiator,
        "wares": wares,
        "holdings": holdings,
        "can_act": gladiator.is_active and gladiator_can_act(gladiator=gladiator, user=user),
    }


def campaign_players(*, campaign: Campaign) -> list[str]:
    """The campaign's members' names, A to Z: the player filter of its lists."""
    return sorted(campaign.memberships.values_list("user__username", flat=True))


def standings_page(
    *,
    campaign: Campaign,
    sort: str,
    order: str,
    status: str,
    owner: str,
    page: str | None,
    by_player: bool,
) -> dict[str, Any]:
    """The standings page's context: one page of the table as sorted and filtered, its
    sortable headers in the rule set's words, the filters' choices and, when `by_player`,
    each player's stable summed."""
    rows = standings(campaign=campaign, sort=sort, order=order, status=status, owner=owner)
    shown = Paginator(rows, STANDINGS_PER_PAGE).get_page(page)
    record = adapter(campaign.ruleset).record
    return {
        "campaign": campaign,
        "rows": shown.object_list,
        "page": shown,
        "query": urlencode({"sort": sort, "order": order, "status": status, "owner": owner}),
        "sort": sort,
        "order": order,
        "status": status,
        "owner": owner,
        "headers": _standings_headers(record, sort, order, status, owner),
        "record": record,
        "statuses": Gladiator.Status.choices,
        "owners": campaign_players(campaign=campaign),
        "players": standings_by_player(campaign=campaign) if by_player else [],
    }


def _standings_headers(
    record: Any, sort: str, direction: str, status: str, owner: str
) -> list[dict[str, Any]]:
    """The sortable columns in table order: label, link, and how it sorts now if it does."""
    labels = {
        "name": "Gladiator",
        "player": "Player",
        "status": "Status",  # a filter above the table, not a sort
        "wins": record.wins,
        "defeated": record.defeated,
        "gold": "Gold",
        "level": "Level",
        "bouts": "Bouts",
        "rating": "Rating",
    }
    headers = []
    for key, label in labels.items():
        if key not in STANDINGS_ORDER:
            headers.append(
                {"key": key, "label": label, "query": "", "sorted": "", "numeric": False}
            )
            continue
        active = key == sort
        flip = "asc" if direction == "desc" else "desc"
        next_order = flip if active else standings_direction(key, "")
        query = urlencode({"sort": key, "order": next_order, "status": status, "owner": owner})
        headers.append(
            {
                "key": key,
                "label": label,
                "query": query,
                "sorted": ("ascending" if direction == "asc" else "descending") if active else "",
                "numeric": key not in {"name", "player"},
            }
        )
    return headers


def graveyard_page(
    *, campaign: Campaign, owner: str, kind: str, page: str | None
) -> dict[str, Any]:
    """The graveyard page's context: one page of the dead, filtered by player and type."""
    dead = graveyard(campaign=campaign, owner=owner, kind=kind).select_related("owner")
    shown = Paginator(dead, GRAVES_PER_PAGE).get_page(page)
    return {
        "campaign": campaign,
        "page": shown,
        "dead": shown.object_list,
        "query": urlencode({"owner": owner, "kind": kind}),
        "owner": owner,
        "kind": kind,
        "owners": campaign_players(campaign=campaign),
        "kinds": gladiator_kinds(campaign.ruleset),
        "filtered": bool(owner or kind),
    }
