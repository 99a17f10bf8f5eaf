"""The calendar feed's address: a private link, one per user."""

from __future__ import annotations

from django.urls import path

from . import views

page_patterns = [
    path("calendar/<str:token>.ics", views.calendar_feed_view, name="calendar-feed"),
]
