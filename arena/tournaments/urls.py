"""The knockouts' old addresses: the pages under /c/<campaign>/tournaments/ and the API paths."""

from __future__ import annotations

from django.urls import path

from . import api, views

api_patterns = [
    path(
        "campaigns/<slug:slug>/tournaments/",
        api.TournamentListApi.as_view(),
        name="api-tournaments",
    ),
    path(
        "campaigns/<slug:slug>/tournaments/<int:pk>/",
        api.TournamentDetailApi.as_view(),
        name="api-tournament",
    ),
    path(
        "campaigns/<slug:slug>/tournaments/<int:pk>/cancel/",
        api.TournamentCancelApi.as_view(),
        name="api-tournament-cancel",
    ),
]

page_patterns = [
    path("c/<slug:slug>/tournaments/", views.tournament_list, name="tournaments"),
    path("c/<slug:slug>/tournaments/new/", views.tournament_new, name="tournament-new"),
    path("c/<slug:slug>/tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path(
        "c/<slug:slug>/tournaments/<int:pk>/cancel/",
        views.tournament_cancel_view,
        name="tournament-cancel",
    ),
]
