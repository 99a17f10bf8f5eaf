"""Mercy vote addresses: a bout's vote as a page and as API."""

from __future__ import annotations

from django.urls import path

from . import api, views

api_patterns = [
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/mercy/",
        api.MercyVoteApi.as_view(),
        name="api-bout-mercy",
    ),
]

page_patterns = [
    path("c/<slug:slug>/bouts/<int:pk>/mercy/", views.mercy_vote_view, name="bout-mercy"),
]
