"""Stable, gladiator sheet, shop, standings and graveyard pages; thin wrappers over services."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from campaign.confirm import confirm_page
from campaign.csv_export import csv_response
from campaign.lore.services import biography_set
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_member
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, form_status, refused

from .catalogue import (
    adapter,
    advances_of,
    armoury,
    gladiator_kinds,
    tactics_settings,
)
from .crumbs import sheet_crumb
from .forms import AdjustForm, AdvanceForm, GladiatorForm, TacticsForm
from .models import Gladiator
from .permissions import check_gladiator_control
from .selectors import (
    STANDINGS_ORDER,
    gladiator_get,
    gladiator_sheet,
    gladiators_of_owner,
    graveyard_page,
    holding_of,
    shop_page,
    standings,
    standings_direction,
    standings_page,
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
        "entry_note": adapter(campaign.ruleset).entry_note,
    }
    return render(request, "characters/gladiator_new.html", context, status=form_status(request))


@login_required
def stable(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    mine = gladiators_of_owner(campaign=campaign, user=request.user)
    return render(request, "characters/stable.html", {"campaign": campaign, "gladiators": mine})


def _sheet_context(request: HttpRequest, gladiator: Gladiator) -> dict:
    context = gladiator_sheet(
        gladiator=gladiator, user=request.user, statement_page=request.GET.get("statement")
    )
    context.update(
        advance_form=AdvanceForm(advances=context["advances"]),
        tactics_form=TacticsForm(settings=context["tactics"], initial=gladiator.tactics),
        adjust_form=AdjustForm(),
    )
    return context


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
    context = shop_page(gladiator=gladiator, user=request.user)
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
        packs = adapter(g.campaign.ruleset).packs
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
@require_POST
def biography(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(g: Gladiator) -> str:
        written = biography_set(gladiator=g, by=request.user, text=request.POST.get("text", ""))
        return f"{g.name}'s story is saved." if written else f"{g.name}'s story is removed."

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


def _standings_filters(request: HttpRequest) -> dict[str, str]:
    """The standings page's sort, order, status and player, from its query (the page and its
    CSV read the same)."""
    sort = request.GET.get("sort", "wins")
    sort = sort if sort in STANDINGS_ORDER else "wins"
    return {
        "sort": sort,
        "order": standings_direction(sort, request.GET.get("order", "")),
        "status": request.GET.get("status", ""),
        "owner": request.GET.get("owner", ""),
    }


def standings_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    context = standings_page(
        campaign=campaign,
        **_standings_filters(request),
        page=request.GET.get("page"),
        by_player=not request.htmx,
    )
    template = "characters/standings.html"
    if request.htmx:
        template += "#standings"
    return render(request, template, context)


def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings as the page filters and sorts them, every row, as CSV."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    rows = standings(campaign=campaign, **_standings_filters(request))
    record = adapter(campaign.ruleset).record
    header = ["place", "gladiator", "kind", "player", "status", record.wins, record.defeated,
              "gold", "level", "bouts", "rating"]  # fmt: skip
    lines = (
        [
            n,
            g.name,
            g.kind,
            g.owner.username,
            g.get_status_display(),
            g.wins,
            g.opponents_defeated,
            g.gold,
            g.level,
            g.bouts_fought,
            round(g.rating, 1),
        ]
        for n, g in enumerate(rows.select_related("owner"), start=1)
    )
    return csv_response(f"{campaign.slug}-standings.csv", header, lines)


def graveyard_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    context = graveyard_page(
        campaign=campaign,
        owner=request.GET.get("owner", ""),
        kind=request.GET.get("kind", ""),
        page=request.GET.get("page"),
    )
    template = "characters/graveyard.html"
    if request.htmx:
        template += "#graves"
    return render(request, template, context)
