from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from arena import urls as arena_urls
from campaign.lore import api as lore_api
from campaign.lore import views as lore_views
from campaign.notifications import views as notification_views
from campaign.press import api as press_api
from campaign.press import views as press_views
from campaign.reliability import api as reliability_api
from campaign.reliability import views as reliability_views
from characters import api as characters_api
from characters import pack_api, pack_views
from characters import views as characters_views

from . import (
    account_views,
    api,
    api_docs,
    api_schema,
    content_api,
    gm_api,
    gm_views,
    health_views,
    house_rules_api,
    house_rules_views,
    manifest_views,
    views,
)

api_patterns = [
    *[
        path(
            f"campaigns/<slug:slug>/bouts/<int:pk>/{action}/",
            view.as_view(),
            name=f"api-bout-{action}",
        )
        for action, view in [
            ("extend", reliability_api.BoutExtendApi),
            ("pause", reliability_api.BoutPauseApi),
            ("resume", reliability_api.BoutResumeApi),
        ]
    ],
    path(
        "campaigns/<slug:slug>/seats/hand-over/",
        reliability_api.SeatHandOverApi.as_view(),
        name="api-seat-hand-over",
    ),
    path("campaigns/<slug:slug>/press/", press_api.CampaignPressApi.as_view(), name="api-press"),
    path("campaigns/<slug:slug>/lore/", lore_api.NotesApi.as_view(), name="api-lore"),
    path("campaigns/<slug:slug>/lore/<int:pk>/", lore_api.NoteApi.as_view(), name="api-lore-note"),
    path(
        "campaigns/<slug:slug>/lore/<int:pk>/reveal/",
        lore_api.NoteRevealApi.as_view(),
        name="api-lore-reveal",
    ),
    path(
        "campaigns/<slug:slug>/gladiators/<int:pk>/biography/",
        lore_api.BiographyApi.as_view(),
        name="api-gladiator-biography",
    ),
    path(
        "campaigns/<slug:slug>/press/messages/",
        press_api.MessagesApi.as_view(),
        name="api-press-messages",
    ),
    path(
        "campaigns/<slug:slug>/press/<int:pk>/hide/",
        press_api.PostHideApi.as_view(),
        name="api-press-hide",
    ),
    path(
        "campaigns/<slug:slug>/bouts/<int:pk>/press/",
        press_api.BoutPressApi.as_view(),
        name="api-bout-press",
    ),
    path("rulesets/", api.RulesetListApi.as_view(), name="api-rulesets"),
    path("campaigns/", api.CampaignListApi.as_view(), name="api-campaigns"),
    path("campaigns/<slug:slug>/", api.CampaignDetailApi.as_view(), name="api-campaign"),
    path("campaigns/<slug:slug>/join/", api.CampaignJoinApi.as_view(), name="api-campaign-join"),
    path("campaigns/<slug:slug>/members/", gm_api.MemberListApi.as_view(), name="api-members"),
    path(
        "campaigns/<slug:slug>/members/remove/",
        gm_api.MemberRemoveApi.as_view(),
        name="api-member-remove",
    ),
    path(
        "campaigns/<slug:slug>/hand-over/",
        gm_api.HandOverApi.as_view(),
        name="api-campaign-hand-over",
    ),
    path(
        "campaigns/<slug:slug>/archive/",
        gm_api.ArchiveApi.as_view(),
        name="api-campaign-archive",
    ),
    path(
        "campaigns/<slug:slug>/house-rules/",
        house_rules_api.HouseRulesApi.as_view(),
        name="api-house-rules",
    ),
    path(
        "campaigns/<slug:slug>/gladiators/",
        characters_api.GladiatorListApi.as_view(),
        name="api-gladiators",
    ),
    path(
        "campaigns/<slug:slug>/gladiators/<int:pk>/",
        characters_api.GladiatorDetailApi.as_view(),
        name="api-gladiator",
    ),
    path(
        "campaigns/<slug:slug>/gladiators/<int:pk>/fallback/",
        reliability_api.FallbackOrdersApi.as_view(),
        name="api-gladiator-fallback",
    ),
    *[
        path(
            f"campaigns/<slug:slug>/gladiators/<int:pk>/{action}/",
            view.as_view(),
            name=f"api-gladiator-{action}",
        )
        for action, view in [
            ("ledger", characters_api.LedgerApi),
            ("ratings", characters_api.RatingHistoryApi),
            ("buy", characters_api.BuyApi),
            ("sell", characters_api.SellApi),
            ("equip", characters_api.EquipApi),
            ("advance", characters_api.AdvanceApi),
            ("tactics", characters_api.TacticsApi),
            ("retire", characters_api.RetireApi),
            ("adjust", characters_api.AdjustApi),
        ]
    ],
    path(
        "campaigns/<slug:slug>/standings/",
        characters_api.StandingsApi.as_view(),
        name="api-standings",
    ),
    path(
        "campaigns/<slug:slug>/standings/players/",
        characters_api.PlayerStandingsApi.as_view(),
        name="api-standings-players",
    ),
    path(
        "campaigns/<slug:slug>/graveyard/",
        characters_api.GraveyardApi.as_view(),
        name="api-graveyard",
    ),
    path("campaigns/<slug:slug>/armoury/", characters_api.ArmouryApi.as_view(), name="api-armoury"),
    path("campaigns/<slug:slug>/audit/", api.AuditApi.as_view(), name="api-audit"),
    path(
        "campaigns/<slug:slug>/content/",
        content_api.ContentListApi.as_view(),
        name="api-content",
    ),
    path(
        "campaigns/<slug:slug>/content/<int:pk>/",
        content_api.ContentDeleteApi.as_view(),
        name="api-content-delete",
    ),
    path("campaigns/<slug:slug>/packs/", pack_api.PackEventListApi.as_view(), name="api-packs"),
    path(
        "campaigns/<slug:slug>/packs/<int:pk>/",
        pack_api.PackEventDetailApi.as_view(),
        name="api-pack",
    ),
    path(
        "campaigns/<slug:slug>/packs/<int:pk>/pick/",
        pack_api.PackPickApi.as_view(),
        name="api-pack-pick",
    ),
    path(
        "campaigns/<slug:slug>/packs/<int:pk>/move-on/",
        pack_api.PackMoveOnApi.as_view(),
        name="api-pack-move-on",
    ),
    path("auth/token/", api.TokenApi.as_view(), name="api-token"),
    path("schema/", api_schema.SchemaApi.as_view(), name="api-schema"),
    path("docs/", api_docs.api_docs, name="api-docs"),
]

# The API first: every request walks the list in order, and the API takes the most (each order
# a player gives is a PUT); no page's address starts with "api/".
urlpatterns = [
    path("api/", include(api_patterns)),
    path("api/", include(arena_urls.api_patterns)),
    path("", views.dashboard, name="dashboard"),
    path("healthz", health_views.healthz, name="healthz"),
    path("manifest.webmanifest", manifest_views.manifest, name="manifest"),
    path("sw.js", notification_views.service_worker, name="service-worker"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("settings/account/", account_views.account_view, name="account"),
    path("settings/time-zone/", account_views.time_zone_view, name="time-zone"),
    path("settings/calendar/", account_views.calendar_link_view, name="calendar-link"),
    path(
        "account/email/confirm/<str:token>/",
        account_views.email_confirm_view,
        name="email-confirm",
    ),
    path("password-reset/", account_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        account_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("campaigns/new/", views.campaign_new, name="campaign-new"),
    path("inbox/", notification_views.inbox, name="inbox"),
    path("inbox/read/", notification_views.notifications_read_all_view, name="inbox-read-all"),
    path(
        "inbox/<int:pk>/read/", notification_views.notification_read_view, name="notification-read"
    ),
    path(
        "settings/notifications/",
        notification_views.notification_settings_view,
        name="notification-settings",
    ),
    path(
        "settings/notifications/push/",
        notification_views.push_subscription_view,
        name="push-subscription",
    ),
    path("c/<slug:slug>/webhooks/", notification_views.webhooks_view, name="webhooks"),
    path(
        "c/<slug:slug>/webhooks/<int:pk>/delete/",
        notification_views.webhook_delete_view,
        name="webhook-delete",
    ),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("c/<slug:slug>/", views.campaign_detail, name="campaign"),
    path("c/<slug:slug>/invite/reset/", views.invite_reset, name="invite-reset"),
    path("c/<slug:slug>/audit/", views.audit, name="audit"),
    path("c/<slug:slug>/options/", views.options, name="campaign-options"),
    path("c/<slug:slug>/settings/", gm_views.campaign_settings, name="campaign-settings"),
    path("c/<slug:slug>/members/invite/", gm_views.member_invite_view, name="member-invite"),
    path("c/<slug:slug>/members/remove/", gm_views.member_remove_view, name="member-remove"),
    path("c/<slug:slug>/hand-over/", gm_views.hand_over_view, name="campaign-hand-over"),
    path("c/<slug:slug>/archive/", gm_views.archive_view, name="campaign-archive"),
    path("c/<slug:slug>/content/", views.content_view, name="campaign-content"),
    path("c/<slug:slug>/house-rules/", house_rules_views.house_rules, name="house-rules"),
    path("c/<slug:slug>/gladiators/new/", characters_views.gladiator_new, name="gladiator-new"),
    path("c/<slug:slug>/stable/", characters_views.stable, name="stable"),
    path("c/<slug:slug>/standings/", characters_views.standings_view, name="standings"),
    path("c/<slug:slug>/standings/csv/", characters_views.standings_csv, name="standings-csv"),
    path("c/<slug:slug>/graveyard/", characters_views.graveyard_view, name="graveyard"),
    path("c/<slug:slug>/g/<int:pk>/", characters_views.gladiator_detail, name="gladiator"),
    path("c/<slug:slug>/g/<int:pk>/shop/", characters_views.shop, name="shop"),
    path("c/<slug:slug>/g/<int:pk>/buy/", characters_views.buy, name="gladiator-buy"),
    path("c/<slug:slug>/g/<int:pk>/sell/", characters_views.sell, name="gladiator-sell"),
    path("c/<slug:slug>/g/<int:pk>/equip/", characters_views.equip, name="gladiator-equip"),
    path("c/<slug:slug>/g/<int:pk>/advance/", characters_views.advance, name="gladiator-advance"),
    path("c/<slug:slug>/g/<int:pk>/tactics/", characters_views.tactics, name="gladiator-tactics"),
    path(
        "c/<slug:slug>/g/<int:pk>/biography/",
        characters_views.biography,
        name="gladiator-biography",
    ),
    path("c/<slug:slug>/g/<int:pk>/retire/", characters_views.retire, name="gladiator-retire"),
    path("c/<slug:slug>/g/<int:pk>/adjust/", characters_views.adjust, name="gladiator-adjust"),
    path("c/<slug:slug>/bouts/<int:pk>/press/", press_views.bout_press, name="bout-press"),
    path(
        "c/<slug:slug>/bouts/<int:pk>/press/option/",
        press_views.bout_press_option,
        name="bout-press-option",
    ),
    path("c/<slug:slug>/press/", press_views.campaign_press, name="press"),
    path("c/<slug:slug>/lore/", lore_views.lore, name="lore"),
    path("c/<slug:slug>/lore/<int:pk>/", lore_views.note_edit, name="lore-note"),
    path("c/<slug:slug>/lore/<int:pk>/delete/", lore_views.note_remove, name="lore-note-delete"),
    path(
        "c/<slug:slug>/lore/<int:pk>/reveal/",
        lore_views.note_reveal_now,
        name="lore-note-reveal",
    ),
    path(
        "c/<slug:slug>/missed-turns/",
        reliability_views.missed_turn_policy_view,
        name="missed-turn-policy",
    ),
    path(
        "c/<slug:slug>/bouts/<int:pk>/extend/",
        reliability_views.bout_deadline_extend_view,
        name="bout-deadline-extend",
    ),
    path(
        "c/<slug:slug>/bouts/<int:pk>/pause/", reliability_views.bout_pause_view, name="bout-pause"
    ),
    path(
        "c/<slug:slug>/bouts/<int:pk>/resume/",
        reliability_views.bout_resume_view,
        name="bout-resume",
    ),
    path("c/<slug:slug>/vacation/", reliability_views.vacation_set_view, name="vacation-set"),
    path(
        "c/<slug:slug>/g/<int:pk>/fallback/",
        reliability_views.fallback_orders_view,
        name="gladiator-fallback",
    ),
    path(
        "c/<slug:slug>/seats/hand-over/",
        reliability_views.seat_hand_over_view,
        name="seat-hand-over",
    ),
    path(
        "c/<slug:slug>/vacation/<int:pk>/end/",
        reliability_views.vacation_end_view,
        name="vacation-end",
    ),
    path("c/<slug:slug>/press/messages/", press_views.press_messages, name="press-messages"),
    path("c/<slug:slug>/press/<int:pk>/hide/", press_views.press_hide, name="press-hide"),
    path("c/<slug:slug>/packs/", pack_views.pack_events, name="pack-events"),
    path("c/<slug:slug>/packs/new/", pack_views.pack_event_new, name="pack-event-new"),
    path("c/<slug:slug>/packs/<int:pk>/", pack_views.pack_event_detail, name="pack-event"),
    path("c/<slug:slug>/packs/<int:pk>/pick/", pack_views.pack_pick_view, name="pack-pick"),
    path(
        "c/<slug:slug>/packs/<int:pk>/move-on/",
        pack_views.pack_move_on_view,
        name="pack-move-on",
    ),
    *arena_urls.page_patterns,
    path("admin/", admin.site.urls),
]

# JSON under /api/ for a URL no route matches, the HTML pages elsewhere.
handler404 = "campaign.api_errors.not_found"
handler500 = "campaign.api_errors.server_error"
