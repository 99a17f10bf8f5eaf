"""What-if addresses: a finished bout's what-ifs, on their pages and in the API."""

from __future__ import annotations

from django.urls import path

from . import api, views

api_patterns = [
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/what-ifs/",
        api.BoutWhatIfListApi.as_view(),
        name="api-bout-what-ifs",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/what-ifs/<int:wid>/",
        api.BoutWhatIfApi.as_view(),
        name="api-bout-what-if",
    ),
]

page_patterns = [
    path("c/<slug:slug>/bouts/<int:pk>/what-if/", views.bout_what_if_view, name="bout-what-if"),
    path(
        "c/<slug:slug>/bouts/<int:pk>/what-if/<int:wid>/",
        views.bout_what_if_result_view,
        name="bout-what-if-result",
    ),
]
