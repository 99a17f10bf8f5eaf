"""The campaign's search: a page and its API."""

from __future__ import annotations

from django.urls import path

from . import api, views

page_patterns = [path("c/<slug:slug>/search/", views.search_view, name="campaign-search")]

api_patterns = [
    path("campaigns/<slug:slug>/search/", api.SearchApi.as_view(), name="api-campaign-search")
]
