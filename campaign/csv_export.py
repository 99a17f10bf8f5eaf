"""CSV downloads of a campaign's tables (standings, fight history): the rows the page shows,
under the same filters, every page at once.

Written through defusedcsv: a text cell that a spreadsheet would take for a formula (one that
starts with =, +, -, @, | or %) is prefixed with a quote, so a gladiator named "=HYPERLINK(...)"
reads as its name. Numbers are written as they are (-3 stays a number).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from defusedcsv import csv
from django.http import HttpResponse


def csv_response(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[Any]]
) -> HttpResponse:
    """A CSV attachment named `filename`: the header row, then one line per row."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    out = csv.writer(response, lineterminator="\r\n")
    out.writerow(header)
    out.writerows(rows)
    return response
