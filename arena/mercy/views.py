"""A thumb in a mercy vote from the bout page (htmx swaps the result section; without
JavaScript the page reloads)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from arena.bouts.selectors import bout_get_visible
from arena.mercy.services import mercy_vote_cast, mercy_vote_current
from campaign.shared.errors import LudusError

THUMBS = {"up": True, "down": False}


@require_POST
def mercy_vote_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    vote = mercy_vote_current(bout=bout)
    thumbs = request.POST.get("thumbs")
    if thumbs not in THUMBS:
        raise LudusError("Vote thumbs up (spare him) or thumbs down (kill him).", field="thumbs")
    if vote is None:
        raise Http404("This bout is not waiting for a mercy verdict.")
    mercy_vote_cast(vote=vote, by=request.user, spare=THUMBS[thumbs])
    messages.success(request, f"Your thumb is {thumbs}.")
    # htmx follows the redirect and swaps in the page's result section (hx-select).
    return redirect("bout", slug=slug, pk=pk)
