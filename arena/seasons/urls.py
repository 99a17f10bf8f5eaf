"""Season addresses: the pages under /c/<campaign>/seasons/ and the API under
/api/campaigns/<campaign>/seasons/ (campaign/urls.py includes both)."""

from __future__ import annotations

from django.urls import path

from . import api, division_api, division_views, views

api_patterns = [
    path(
        "campaigns/<slug:slug>/divisions/",
        division_api.DivisionListApi.as_view(),
        name="api-divisions",
    ),
    path(
        "campaigns/<slug:slug>/divisions/<int:pk>/",
        division_api.DivisionApi.as_view(),
        name="api-division",
    ),
    path(
        "campaigns/<slug:slug>/divisions/next/",
        division_api.PromotionApi.as_view(),
        name="api-divisions-next",
    ),
    path("campaigns/<slug:slug>/seasons/", api.SeasonListApi.as_view(), name="api-seasons"),
    path(
        "campaigns/<slug:slug>/seasons/<int:pk>/",
        api.SeasonDetailApi.as_view(),
        name="api-season",
    ),
    path(
        "campaigns/<slug:slug>/seasons/<int:pk>/pause/",
        api.SeasonPauseApi.as_view(),
        name="api-season-pause",
    ),
    path(
        "campaigns/<slug:slug>/seasons/<int:pk>/resume/",
        api.SeasonResumeApi.as_view(),
        name="api-season-resume",
    ),
    path(
        "campaigns/<slug:slug>/seasons/<int:pk>/extend/",
        api.SeasonExtendApi.as_view(),
        name="api-season-extend",
    ),
    path(
        "campaigns/<slug:slug>/seasons/<int:pk>/cancel/",
        api.SeasonCancelApi.as_view(),
        name="api-season-cancel",
    ),
    path(
        "campaigns/<slug:slug>/seasons/<int:pk>/withdraw/",
        api.SeasonWithdrawApi.as_view(),
        name="api-season-withdraw",
    ),
]

page_patterns = [
    path("c/<slug:slug>/divisions/", division_views.division_list, name="divisions"),
    path("c/<slug:slug>/divisions/next/", division_views.divisions_next, name="divisions-next"),
    path("c/<slug:slug>/divisions/<int:pk>/", division_views.division_detail, name="division"),
    path(
        "c/<slug:slug>/divisions/<int:pk>/delete/",
        division_views.division_remove,
        name="division-delete",
    ),
    path("c/<slug:slug>/seasons/", views.season_list, name="seasons"),
    path("c/<slug:slug>/seasons/new/", views.season_new, name="season-new"),
    path("c/<slug:slug>/seasons/<int:pk>/", views.season_detail, name="season"),
    path(
        "c/<slug:slug>/seasons/<int:pk>/withdraw/",
        views.season_withdraw_view,
        name="season-withdraw",
    ),
    *(
        path(
            f"c/<slug:slug>/seasons/<int:pk>/{action}/",
            views.season_control,
            {"action": action},
            name=f"season-{action}",
        )
        for action in views.CONTROLS
    ),
]
