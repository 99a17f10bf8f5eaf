"""Bout addresses: a campaign's bouts, one bout's page and its downloads, and the bout API."""

from __future__ import annotations

from django.urls import path

from . import api, views

api_patterns = [
    path("campaigns/<slug:slug>/bouts/", api.BoutListApi.as_view(), name="api-bouts"),
    path("campaigns/<slug:slug>/bouts/<int:pk>/", api.BoutDetailApi.as_view(), name="api-bout"),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/cancel/",
        api.BoutCancelApi.as_view(),
        name="api-bout-cancel",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/void/",
        api.BoutVoidApi.as_view(),
        name="api-bout-void",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/verify/",
        api.BoutVerifyApi.as_view(),
        name="api-bout-verify",
    ),
]

page_patterns = [
    path("c/<slug:slug>/export/", views.campaign_export_download, name="campaign-export"),
    path("c/<slug:slug>/bouts/", views.bout_history, name="bout-history"),
    path("c/<slug:slug>/bouts/csv/", views.bout_history_csv, name="bout-history-csv"),
    path("c/<slug:slug>/bouts/new/", views.bout_new, name="bout-new"),
    path("c/<slug:slug>/bouts/odds/", views.bout_odds_preview_view, name="bout-odds-preview"),
    path("c/<slug:slug>/bouts/<int:pk>/", views.bout_detail, name="bout"),
    path("c/<slug:slug>/bouts/<int:pk>/cancel/", views.bout_cancel_view, name="bout-cancel"),
    path("c/<slug:slug>/bouts/<int:pk>/verify/", views.bout_verify_view, name="bout-verify"),
    path("c/<slug:slug>/bouts/<int:pk>/void/", views.bout_void_view, name="bout-void"),
    path(
        "c/<slug:slug>/bouts/<int:pk>/bout.json",
        views.bout_download,
        {"part": "input"},
        name="bout-download",
    ),
    path(
        "c/<slug:slug>/bouts/<int:pk>/log.json",
        views.bout_download,
        {"part": "log"},
        name="bout-log-download",
    ),
]
