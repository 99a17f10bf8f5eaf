from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, F, QuerySet, Sum
from django.http import Http404

from arena.ratings import ordinal_expression
from campaign.errors import LudusError
from campaign.inputs import parse_id
from campaign.models import Campaign

from .models import Gladiator, Holding, LedgerLine

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
    """Gold balance and level over time, from the ledger (for the career plots)."""
    gold: list[tuple[Any, int]] = [(gladiator.created_at, 0)]
    level: list[tuple[Any, int]] = [(gladiator.created_at, 1)]
    current = 1
    # Plain tuples: model instances with deferred fields cost a query each (gladiator_id).
    lines = gladiator.ledger.order_by("created_at", "id").values_list(
        "created_at", "currency", "balance", "cause"
    )
    for created_at, currency, balance, cause in lines:
        if currency == LedgerLine.Currency.GOLD:
            gold.append((created_at, balance))
        elif cause == LedgerLine.Cause.LEVEL_UP:
            current += 1
            level.append((created_at, current))
    return {"gold": gold, "level": level}


def holding_of(*, gladiator: Gladiator, holding_id: object) -> Holding:
    """One of the gladiator's items by id (as sent by a form or the API), or LudusError."""
    pk = parse_id(holding_id)
    holding = gladiator.holdings.filter(pk=pk).first() if pk is not None else None
    if holding is None:
        shown = str(holding_id)[:20] if holding_id not in (None, "") else "(none)"
        raise LudusError(f"{gladiator.name} has no item with id {shown}.", field="holding")
    return holding
