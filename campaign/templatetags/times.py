"""A moment as every page shows it: the absolute date and time in the viewer's zone (the
request's current zone, campaign/time_zones.py) with the zone's name, and beside it the
relative words ("in 3 hours", "2 days ago"), in one <time> element whose datetime attribute
is the exact instant, for machines and for static/js/ludus.js (which keeps the words true
while a page stays open)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timesince import timesince, timeuntil

register = template.Library()

ABSOLUTE = "Y-m-d H:i"


def relative(moment: datetime, now: datetime | None = None) -> str:
    """The words beside it: "in 3 hours", "2 days ago", "now" (its largest unit)."""
    now = now or timezone.now()
    seconds = (moment - now).total_seconds()
    if abs(seconds) < 60:
        return "now"
    if seconds > 0:
        return f"in {timeuntil(moment, now, depth=1)}"
    return f"{timesince(moment, now, depth=1)} ago"


def absolute(moment: datetime, fmt: str = ABSOLUTE) -> str:
    """The moment in the current zone with its short name: "2026-11-26 20:00 CET"."""
    local = timezone.localtime(moment)
    return f"{date_format(local, fmt)} {date_format(local, 'T')}"


@register.filter
def at(moment: datetime | None, fmt: str = ABSOLUTE) -> str:
    """`{{ deadline|at }}`: the absolute time alone, beside words that count down by script."""
    return "" if moment is None else absolute(moment, fmt)


@register.filter
def when(moment: datetime | None, fmt: str = ABSOLUTE) -> SafeString | str:
    """`{{ bout.scheduled_at|when }}`, `{{ t|when:"Y-m-d H:i:s" }}`: the absolute time in the
    viewer's zone, then "(in 3 hours)"; nothing for no moment."""
    if moment is None:
        return ""
    return format_html(
        '<time datetime="{}">{} <span data-relative>({})</span></time>',
        moment.isoformat(),
        absolute(moment, fmt),
        relative(moment),
    )
