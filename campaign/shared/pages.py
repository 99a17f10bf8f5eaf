"""How every app's pages answer a refused form or action: the error on the field it names,
and a 400 with the page, so nothing looks like it worked (docs/architecture.md, "Input")."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from campaign.shared.errors import LudusError


def form_error(form, error: LudusError) -> None:
    """Show a service's error on the form field it names (or on the whole form)."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def refused(request: HttpRequest, page: Callable[[], HttpResponse]) -> HttpResponse:
    """A POSTed action refused (its reason is in the messages): the page it came from, or the
    part of it htmx swaps, with a 400, so nothing looks like it worked. htmx swaps a 400
    (templates/base.html's htmx-config): the reason shows where a success would have."""
    response = page()
    response.status_code = 400
    return response


def form_status(request: HttpRequest) -> int:
    """A form page shown again after a POST was refused: 400, with the errors in words."""
    return 400 if request.method == "POST" else 200
