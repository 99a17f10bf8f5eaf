"""Odds and fair-fight addresses: a bout's odds, a preview's, and a gladiator's fair fights."""

from __future__ import annotations

from django.urls import path

from . import api, views

api_patterns = [
    path(
        "campaigns/<slug:slug>/bouts/odds/",
        api.OddsPreviewApi.as_view(),
        name="api-bout-odds-preview",
    ),
    path(
        "campaigns/<slug:slug>/gladiators/<int:pk>/fair-fight/",
        api.FairFightApi.as_view(),
        name="api-gladiator-fair-fight",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/odds/",
        api.BoutOddsApi.as_view(),
        name="api-bout-odds",
    ),
]

page_patterns = [
    path("c/<slug:slug>/g/<int:pk>/fair-fight/", views.fair_fight_view, name="fair-fight"),
]
