"""The careers' addresses: the campaign's hall of fame and each gladiator's head to head."""

from __future__ import annotations

from django.urls import path

from . import api, views

page_patterns = [
    path("c/<slug:slug>/hall-of-fame/", views.hall_of_fame_view, name="hall-of-fame"),
    path(
        "c/<slug:slug>/g/<int:pk>/head-to-head/",
        views.head_to_head_view,
        name="head-to-head",
    ),
]

api_patterns = [
    path(
        "campaigns/<slug:slug>/hall-of-fame/",
        api.HallOfFameApi.as_view(),
        name="api-hall-of-fame",
    ),
    path(
        "campaigns/<slug:slug>/gladiators/<int:pk>/head-to-head/",
        api.HeadToHeadApi.as_view(),
        name="api-gladiator-head-to-head",
    ),
]
