"""Balance lab addresses: a campaign's lab runs and their downloads."""

from __future__ import annotations

from django.urls import path

from . import views

page_patterns = [
    path("c/<slug:slug>/lab/", views.lab_view, name="lab"),
    path("c/<slug:slug>/lab/<int:pk>/", views.lab_run_view, name="lab-run"),
    path("c/<slug:slug>/lab/<int:pk>/cancel/", views.lab_run_cancel_view, name="lab-cancel"),
    path("c/<slug:slug>/lab/<int:pk>/rerun/", views.lab_run_rerun_view, name="lab-rerun"),
    path(
        "c/<slug:slug>/lab/<int:pk>/lab.csv",
        views.lab_run_download,
        {"fmt": "csv"},
        name="lab-csv",
    ),
    path(
        "c/<slug:slug>/lab/<int:pk>/lab.json",
        views.lab_run_download,
        {"fmt": "json"},
        name="lab-json",
    ),
]
