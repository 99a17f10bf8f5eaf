"""The chronicle's addresses."""

from __future__ import annotations

from django.urls import path

from . import api, views

page_patterns = [
    path("c/<slug:slug>/chronicle/", views.chronicle_list, name="chronicles"),
    path("c/<slug:slug>/chronicle/draft/", views.chronicle_draft_view, name="chronicle-draft"),
    path(
        "c/<slug:slug>/chronicle/schedule/",
        views.chronicle_schedule_view,
        name="chronicle-schedule",
    ),
    path("c/<slug:slug>/chronicle/<int:pk>/", views.chronicle_detail, name="chronicle"),
    path(
        "c/<slug:slug>/chronicle/<int:pk>/publish/",
        views.chronicle_publish_view,
        name="chronicle-publish",
    ),
]
api_patterns = [
    path(
        "campaigns/<slug:slug>/chronicles/", api.ChronicleListApi.as_view(), name="api-chronicles"
    ),
    path(
        "campaigns/<slug:slug>/chronicles/<int:pk>/",
        api.ChronicleDetailApi.as_view(),
        name="api-chronicle",
    ),
]
