"""Taking GM content out of a campaign, as a page action."""

from __future__ import annotations

from django.urls import path

from . import views

page_patterns = [
    path(
        "c/<slug:slug>/content/<int:pk>/remove/",
        views.content_remove_view,
        name="campaign-content-remove",
    ),
]
