"""The "What if" pages of a finished bout: the form where an entrant's owner (or the GM) asks
for one change, with their what-ifs of the bout, and each what-if's page, which htmx asks
again every two seconds while the worker fights it. Anyone else is told it is not found."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from arena.bouts.selectors import bout_get_visible
from arena.gateway import ruleset
from arena.models import BoutEntrant, BoutWhatIf
from arena.odds.services import TooManyPreviews
from arena.whatif.selectors import (
    what_if_change_words,
    what_if_entrants,
    what_if_get,
    what_if_page,
    what_ifs_mine,
)
from arena.whatif.services import what_if_ask, what_if_open
from campaign.selectors import campaign_is_gm
from campaign.shared.errors import LudusError, NotAllowed
from campaign.shared.inputs import parse_id, parse_int
from characters.catalogue import rules_of, tactics_settings

MINE_SHOWN = 50  # the newest of one's what-ifs of a bout on its form (the API pages them all)


def change_posted(post: QueryDict, kind: str, tactics: dict[str, Any]) -> dict[str, Any]:
    """The change a form posted, in the shape what_if_ask takes (it checks every part)."""
    if kind == BoutWhatIf.Kind.ORDER:
        turn = post.get("turn", "").strip()
        # A number as a number; anything else as given, for the service to refuse in words.
        number = parse_int(turn, low=0)
        return {"turn": turn if number is None else number, "words": post.get("words", "")}
    if kind == BoutWhatIf.Kind.TACTICS:
        return {"tactics": {name: post[name] for name in tactics if post.get(name)}}
    return {"add": post.get("add", ""), "remove": post.get("remove", "")}


def _context(request: HttpRequest, bout: Any, entrants: list[BoutEntrant]) -> dict[str, Any]:
    rules = ruleset(bout.ruleset)
    shop = rules_of(bout.campaign).armoury()
    mine = list(what_ifs_mine(bout=bout, user=request.user)[:MINE_SHOWN])
    return {
        "campaign": bout.campaign,
        "bout": bout,
        "entrants": entrants,
        "closed": what_if_open(bout=bout),
        "steps": len((bout.log or {}).get("turns") or []),
        "orders_in_words": rules.web is not None,
        "tactics": tactics_settings(bout.ruleset),
        "shop": sorted(
            ((slug, item["name"]) for slug, item in shop.items() if item.get("price") is not None),
            key=lambda pair: pair[1],
        ),
        "carried": sorted({h.item for e in entrants for h in e.gladiator.holdings.all()}),
        "mine": [(row, what_if_change_words(row)) for row in mine],
    }


@login_required
@require_http_methods(["GET", "POST"])
def bout_what_if_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    is_gm = campaign_is_gm(campaign=bout.campaign, user=request.user)
    entrants = what_if_entrants(bout=bout, user=request.user, is_gm=is_gm)
    if not entrants:
        raise NotAllowed("Only an entrant's owner or the game master asks what if of a bout.")
    context = _context(request, bout, entrants)
    status = 200
    if request.method == "POST":
        kind = request.POST.get("kind", "")
        chosen = parse_id(request.POST.get("entrant"))
        # Any entrant of the bout: another's is refused by what_if_ask (403), as in the API.
        entrant = bout.entrants.select_related("gladiator").filter(pk=chosen).first()
        context["posted"] = request.POST
        try:
            if entrant is None:
                raise LudusError("Choose one of your gladiators in this bout.", field="entrant")
            row = what_if_ask(
                entrant=entrant,
                by=request.user,
                kind=kind,
                change=change_posted(request.POST, kind, context["tactics"]),
            )
        except TooManyPreviews as refused:
            context["problem"], status = refused.message, 429
        except LudusError as refused:
            context["problem"], status = refused.message, 400
        else:
            return redirect("bout-what-if-result", slug=bout.campaign.slug, pk=bout.pk, wid=row.pk)
    return render(request, "arena/what_if.html", context, status=status)


@login_required
@require_GET
def bout_what_if_result_view(request: HttpRequest, slug: str, pk: int, wid: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    row = what_if_get(bout=bout, pk=wid, user=request.user)
    context = {
        "campaign": bout.campaign,
        "bout": bout,
        "row": row,
        "waiting": row.status in BoutWhatIf.IN_FLIGHT,
        "page": what_if_page(row),
    }
    template = "arena/what_if_result.html"
    if request.htmx:
        template += "#result"
    return render(request, template, context)
