""" "Are you sure?" before an irreversible action (sell, cancel, resolve now, let tactics
fight, void, retire, remove, hand over, archive), as the server's own page: the action's
address answers a GET with the question and a form that POSTs the action itself. The button on
the page is a link to that GET, so it works without JavaScript (a confirmation page), and htmx
swaps the question in place of the button (hx-get) without leaving the page. No browser
confirm() dialog, no inline script: nothing for the Content-Security-Policy to refuse."""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# The fields a confirmation carries over from the button's link into the POST it makes.
CARRIED = ("holding", "back", "turn", "username")


def confirm_page(
    request: HttpRequest,
    *,
    question: str,
    yes: str,
    back: str,
    campaign=None,
    reason: str = "",
    fields: Iterable[str] = CARRIED,
) -> HttpResponse:
    """The confirmation of the action at request.path. `reason` labels a required text field
    (a void says why); `back` is where "No" leads."""
    carried = [(name, request.GET[name]) for name in fields if name in request.GET]
    context = {
        "campaign": campaign,
        "question": question,
        "yes": yes,
        "back": back,
        "action": request.path,
        "carried": carried,
        "reason_label": reason,
    }
    template = "confirm.html#confirm" if request.htmx else "confirm.html"
    return render(request, template, context)
