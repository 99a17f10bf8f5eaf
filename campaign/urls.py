from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.authtoken.views import obtain_auth_token

from arena import api as arena_api
from arena import views as arena_views
from characters import api as characters_api
from characters import views as characters_views

from . import api, views

api_patterns = [
    path("rulesets/", api.RulesetListApi.as_view(), name="api-rulesets"),
    path("campaigns/", api.CampaignListApi.as_view(), name="api-campaigns"),
    path("campaigns/<slug:slug>/", api.CampaignDetailApi.as_view(), name="api-campaign"),
    path("campaigns/<slug:slug>/join/", api.CampaignJoinApi.as_view(), name="api-campaign-join"),
    path(
        "campaigns/<slug:slug>/gladiators/",
        characters_api.GladiatorListApi.as_view(),
        name="api-gladiators",
    ),
    path("campaigns/<slug:slug>/bouts/", arena_api.BoutListApi.as_view(), name="api-bouts"),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/",
        arena_api.BoutDetailApi.as_view(),
        name="api-bout",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/cancel/",
        arena_api.BoutCancelApi.as_view(),
        name="api-bout-cancel",
    ),
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("campaigns/new/", views.campaign_new, name="campaign-new"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("c/<slug:slug>/", views.campaign_detail, name="campaign"),
    path("c/<slug:slug>/invite/reset/", views.invite_reset, name="invite-reset"),
    path("c/<slug:slug>/gladiators/new/", characters_views.gladiator_new, name="gladiator-new"),
    path("c/<slug:slug>/bouts/", arena_views.bout_history, name="bout-history"),
    path("c/<slug:slug>/bouts/new/", arena_views.bout_new, name="bout-new"),
    path("c/<slug:slug>/bouts/<int:pk>/", arena_views.bout_detail, name="bout"),
    path("c/<slug:slug>/bouts/<int:pk>/cancel/", arena_views.bout_cancel_view, name="bout-cancel"),
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
]
