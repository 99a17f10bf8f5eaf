"""Play-by-web addresses: open bouts, entries, picks, orders and their previews, the turn
forum, and the orders-needed list, as pages and as API."""

from __future__ import annotations

from django.urls import path

from . import api, picks_api, preview_views, views

api_patterns = [
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/picks/",
        picks_api.BoutPicksApi.as_view(),
        name="api-bout-picks",
    ),
    path("campaigns/<slug:slug>/bouts/open/", api.BoutOpenApi.as_view(), name="api-bout-open"),
    *[
        path(
            f"campaigns/<slug:slug>/bouts/<int:pk>/{action}/",
            view.as_view(),
            name=f"api-bout-{action}",
        )
        for action, view in [
            ("entries", api.BoutEnterApi),
            ("start", api.BoutStartApi),
            ("force", api.BoutForceApi),
            ("finish", api.BoutFinishApi),
        ]
    ],
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/orders/<int:entrant_pk>/",
        api.OrderApi.as_view(),
        name="api-bout-order",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/orders/<int:entrant_pk>/check/",
        api.OrderCheckApi.as_view(),
        name="api-bout-order-check",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/orders/<int:entrant_pk>/preview/",
        api.OrderPreviewApi.as_view(),
        name="api-bout-order-preview",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/turns/<int:turn>/post/",
        api.ForumPostApi.as_view(),
        name="api-bout-forum-post",
    ),
]

page_patterns = [
    path("orders-needed/", views.orders_needed_view, name="orders-needed"),
    path("c/<slug:slug>/bouts/open/", views.bout_open_view, name="bout-open"),
    path("c/<slug:slug>/bouts/<int:pk>/enter/", views.bout_enter_view, name="bout-enter"),
    path("c/<slug:slug>/bouts/<int:pk>/start/", views.bout_start_view, name="bout-start"),
    path("c/<slug:slug>/bouts/<int:pk>/picks/", views.bout_picks_view, name="bout-picks"),
    path("c/<slug:slug>/bouts/<int:pk>/force/", views.bout_force_view, name="bout-force"),
    path("c/<slug:slug>/bouts/<int:pk>/finish/", views.bout_finish_view, name="bout-finish"),
    path(
        "c/<slug:slug>/bouts/<int:pk>/orders/<int:entrant_pk>/",
        views.orders_view,
        name="bout-orders",
    ),
    path(
        "c/<slug:slug>/bouts/<int:pk>/orders/<int:entrant_pk>/preview/",
        preview_views.order_preview_view,
        name="bout-order-preview",
    ),
    path(
        "c/<slug:slug>/bouts/<int:pk>/turns/<int:turn>/post/",
        views.forum_post_view,
        name="bout-forum-post",
    ),
]
