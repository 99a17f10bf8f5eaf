"""Stable, gladiator sheet, shop, standings and graveyard pages; thin wrappers over services."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from arena.ratings import START_ORDINAL, rating_history, rating_of
from campaign.charts import time_chart
from campaign.confirm import confirm_page
from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_member
from campaign.views import form_error, form_status, refused

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
from .crumbs import sheet_crumb
from .forms import AdjustForm, AdvanceForm, GladiatorForm, TacticsForm
from .models import Gladiator
from .permissions import check_gladiator_control, gladiator_can_act
from .selectors import (
    STANDINGS_ORDER,
    career_series,
    gladiator_get,
    gladiators_of_owner,
    graveyard,
    holding_of,
    ledger_statement,
    standings,
    standings_by_player,
    standings_direction,
)
from .services import (
    gladiator_adjust,
    gladiator_advance,
    gladiator_create,
    gladiator_retire,
    gladiator_tactics_set,
)
from .shop import item_buy, item_equip, item_sell, item_sell_price, item_unequip


@login_required
@require_http_methods(["GET", "POST"])
def gladiator_new(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_member(campaign=campaign, user=request.user)
    data = request.POST or None
    form = GladiatorForm(data, kinds=gladiator_kinds(campaign.ruleset, campaign=campaign))
    tactics = TacticsForm(data, settings=tactics_settings(campaign.ruleset), prefix="tactics")
    if request.method == "POST" and form.is_valid() and tactics.is_valid():
        try:
            gladiator = gladiator_create(
                campaign=campaign,
                by=request.user,
                tactics=tactics.chosen(),
                **form.cleaned_data,
            )
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{gladiator.name} joins your stable.")
            return redirect("gladiator", slug=campaign.slug, pk=gladiator.pk)
    context = {
        "form": form,
        "tactics_form": tactics,
        "campaign": campaign,
        "entry_note": getattr(adapter(campaign.ruleset), "entry_note", ""),
    }
    return render(request, "characters/gladiator_new.html", context, status=form_status(request))


@login_required
def stable(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    mine = gladiators_of_owner(campaign=campaign, user=request.user)
    return render(request, "characters/stable.html", {"campaign": campaign, "gladiators": mine})


STATEMENT_LINES = 25  # a page of the sheet's statement; the pager reaches the first line
RECENT_BOUTS = 20  # the sheet's latest bouts; the rest are in the fight history, filtered


def _sheet_context(request: HttpRequest, gladiator: Gladiator) -> dict:
    campaign = gladiator.campaign
    is_gm = campaign_is_gm(campaign=campaign, user=request.user)
    can_act = gladiator_can_act(gladiator=gladiator, user=request.user)
    series = career_series(gladiator=gladiator)
    rating = rating_of(gladiator_id=gladiator.pk, ruleset=campaign.ruleset)
    changes = list(rating_history(gladiator_id=gladiator.pk, ruleset=campaign.ruleset))
    items = armoury(campaign.ruleset)
    holdings = [
        (h, items.get(h.item, {"name": h.item, "kind": "?"})) for h in gladiator.holdings.all()
    ]
    tactics = tactics_settings(campaign.ruleset)
    advances = advances_of(gladiator)
    has_levels = adapter(campaign.ruleset).has_levels
    return {
        "campaign": campaign,
        "gladiator": gladiator,
        "base": gladiator_type(campaign.ruleset, gladiator.kind, campaign=campaign),
        "stat_lines": sheet_lines(gladiator),
        "has_levels": has_levels,
        "pays_experience": pays_experience(campaign.ruleset),
        "advances": advances,
        "has_tactics": bool(tactics),
        "holdings": holdings,
        "issued": issued_kit(gladiator),
        "ledger": Paginator(ledger_statement(gladiator=gladiator), STATEMENT_LINES).get_page(
            request.GET.get("statement")
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
        "can_act": can_act and gladiator.is_active,
        "is_gm": is_gm,
        "advance_form": AdvanceForm(advances=advances),
        "tactics_form": TacticsForm(settings=tactics, initial=gladiator.tactics),
        "adjust_form": AdjustForm(),
    }


def gladiator_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    template = "characters/gladiator_detail.html"
    if request.htmx:
        return render(request, template + "#sheet", _sheet_context(request, gladiator))
    context = _sheet_context(request, gladiator)
    context["back"] = sheet_crumb(request, slug, gladiator.pk)
    return render(request, template, context)


def shop(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    template = "characters/shop.html"
    if request.htmx:
        template += "#shop"
    items = armoury(campaign.ruleset)
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
    context = {
        "campaign": campaign,
        "gladiator": gladiator,
        "wares": wares,
        "holdings": holdings,
        "can_act": gladiator.is_active
        and gladiator_can_act(gladiator=gladiator, user=request.user),
    }
    return render(request, template, context)


def _act(
    request: HttpRequest, slug: str, pk: int, action: Callable[[Gladiator], str]
) -> HttpResponse:
    """Run one POSTed action for a gladiator and come back to the page it was sent from; a
    refusal shows that page again with the reason and a 400."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    back = request.POST.get("back")
    try:
        messages.success(request, action(gladiator))
    except LudusError as error:
        messages.error(request, error.message)
        if back == "shop":
            return refused(request, lambda: shop(request, slug, pk))
        return refused(request, lambda: gladiator_detail(request, slug, pk))
    if back == "shop":
        return shop(request, slug, pk) if request.htmx else redirect("shop", slug=slug, pk=pk)
    if request.htmx:
        return gladiator_detail(request, slug, pk)
    return redirect(reverse("gladiator", args=[slug, pk]))


def _confirm(
    request: HttpRequest, slug: str, pk: int, question: Callable[[Gladiator], str], yes: str
) -> HttpResponse:
    """Are you sure? (campaign/confirm.py), asked of those who may act for the gladiator."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    check_gladiator_control(gladiator=gladiator, user=request.user)
    page = "shop" if request.GET.get("back") == "shop" else "gladiator"
    return confirm_page(
        request,
        question=question(gladiator),
        yes=yes,
        back=reverse(page, args=[slug, pk]),
        campaign=campaign,
    )


def _item_name(gladiator: Gladiator, slug: str) -> str:
    return armoury(gladiator.campaign.ruleset).get(slug, {}).get("name", slug)


@login_required
@require_POST
def buy(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(g: Gladiator) -> str:
        holding = item_buy(gladiator=g, item=request.POST.get("item", ""), by=request.user)
        # The armoury's name for it (never its slug), and what became of it in plain words.
        packs = getattr(adapter(g.campaign.ruleset), "packs", None)
        if packs is not None and holding.item == packs.item:
            where = "keeps it for the next draft or sealed event"  # opened there, not carried
        elif holding.equipped:
            where = "carries it into its next bout"
        else:
            where = "keeps it in its pack"
        return f"{g.name} bought the {_item_name(g, holding.item)} and {where}; {g.gold} gold left."

    return _act(request, slug, pk, action)


@login_required
@require_http_methods(["GET", "POST"])
def sell(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "GET":

        def question(g: Gladiator) -> str:
            holding = holding_of(gladiator=g, holding_id=request.GET.get("holding"))
            price = item_sell_price(
                gladiator=g, item=armoury(g.campaign.ruleset).get(holding.item, {"price": 0})
            )
            return f"Sell {g.name}'s {_item_name(g, holding.item)} for {price} gold?"

        return _confirm(request, slug, pk, question, "Yes, sell it")

    def action(g: Gladiator) -> str:
        holding = holding_of(gladiator=g, holding_id=request.POST.get("holding"))
        price = item_sell(holding=holding, by=request.user)
        return f"Sold: {_item_name(g, holding.item)}, for {price} gold."

    return _act(request, slug, pk, action)


@login_required
@require_POST
def equip(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(g: Gladiator) -> str:
        holding = holding_of(gladiator=g, holding_id=request.POST.get("holding"))
        if request.POST.get("equip") == "0":
            item_unequip(holding=holding, by=request.user)
            return f"{_item_name(g, holding.item)}: back to the pack."
        item_equip(holding=holding, by=request.user)  # may put one of its kind in the pack
        carried = g.holdings.filter(equipped=True).order_by("pk").values_list("item", flat=True)
        return f"{g.name} now carries: {', '.join(_item_name(g, i) for i in carried)}."

    return _act(request, slug, pk, action)


@login_required
@require_POST
def advance(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(g: Gladiator) -> str:
        key = request.POST.get("advance", "")
        label = next((a.label for a in advances_of(g) if a.key == key), key)
        before = g.level
        advanced = gladiator_advance(gladiator=g, key=key, by=request.user)
        if advanced.level != before:
            return f"{g.name} reaches level {advanced.level}: {label}."
        return f"{g.name}: {label}."

    return _act(request, slug, pk, action)


@login_required
@require_POST
def tactics(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(g: Gladiator) -> str:
        settings = tactics_settings(g.campaign.ruleset)
        chosen = {name: request.POST[name] for name in settings if name in request.POST}
        gladiator_tactics_set(gladiator=g, tactics=chosen, by=request.user)
        return f"{g.name}'s tactics are set."

    return _act(request, slug, pk, action)


@login_required
@require_http_methods(["GET", "POST"])
def retire(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "GET":
        return _confirm(
            request, slug, pk,
            lambda g: f"Retire {g.name} for good? A retired gladiator never fights again.",
            "Yes, retire",
        )  # fmt: skip

    def action(g: Gladiator) -> str:
        gladiator_retire(gladiator=g, by=request.user)
        return f"{g.name} retires from the arena."

    return _act(request, slug, pk, action)


@login_required
@require_POST
def adjust(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(g: Gladiator) -> str:
        form = AdjustForm(request.POST)
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise LudusError(f"{field}: {errors[0]}", field=field)
        line = gladiator_adjust(gladiator=g, by=request.user, **form.cleaned_data)
        return f"Adjusted {g.name}: {line.amount:+d} {line.currency} ({line.note})."

    return _act(request, slug, pk, action)


def _standings_headers(
    record, sort: str, direction: str, status: str, owner: str
) -> list[dict[str, str]]:
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


def standings_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    sort = request.GET.get("sort", "wins")
    sort = sort if sort in STANDINGS_ORDER else "wins"
    direction = standings_direction(sort, request.GET.get("order", ""))
    status = request.GET.get("status", "")
    owner = request.GET.get("owner", "")
    rows = standings(campaign=campaign, sort=sort, order=direction, status=status, owner=owner)
    page = Paginator(rows, 50).get_page(request.GET.get("page"))
    template = "characters/standings.html"
    if request.htmx:
        template += "#standings"
    record = adapter(campaign.ruleset).record
    context = {
        "campaign": campaign,
        "rows": page.object_list,
        "page": page,
        "query": urlencode({"sort": sort, "order": direction, "status": status, "owner": owner}),
        "sort": sort,
        "order": direction,
        "status": status,
        "owner": owner,
        "headers": _standings_headers(record, sort, direction, status, owner),
        "record": record,
        "statuses": Gladiator.Status.choices,
        "owners": sorted({m.user.username for m in campaign.memberships.select_related("user")}),
        "players": [] if request.htmx else standings_by_player(campaign=campaign),
    }
    return render(request, template, context)


GRAVES_PER_PAGE = 30


def graveyard_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    owner = request.GET.get("owner", "")
    kind = request.GET.get("kind", "")
    dead = graveyard(campaign=campaign, owner=owner, kind=kind).select_related("owner")
    page = Paginator(dead, GRAVES_PER_PAGE).get_page(request.GET.get("page"))
    template = "characters/graveyard.html"
    if request.htmx:
        template += "#graves"
    context = {
        "campaign": campaign,
        "page": page,
        "dead": page.object_list,
        "query": urlencode({"owner": owner, "kind": kind}),
        "owner": owner,
        "kind": kind,
        "owners": sorted({m.user.username for m in campaign.memberships.select_related("user")}),
        "kinds": gladiator_kinds(campaign.ruleset),
        "filtered": bool(owner or kind),
    }
    return render(request, template, context)
