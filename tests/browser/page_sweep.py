"""Every page of Ludus, on the demo campaigns, for the accessibility and reflow sweeps.

The demo (four campaigns, one per rule set, fought through the real services) has a page in
every state: bouts scheduled, by web open and running, resolved with a replay, gladiators
alive and dead. `every_page()` lists one address per page and state, with the person who sees
it; `test_every_page_of_the_urlconf_is_swept` keeps the list complete as pages are added.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from arena.chronicle.models import Chronicle
from arena.models import Bout, BoutEntrant, BoutWhatIf, Division, LabRun, Season, Tournament
from arena.play.services import bout_open
from arena.play.turns import turn_rules
from campaign.accounts import confirm_token
from campaign.content import content_kinds
from campaign.models import Campaign, CampaignContent
from characters.models import Gladiator, PackEvent
from characters.pack_events import offers_packs
from tests.browser.sweep_world import sweep_world_add

# URL names that are not pages a person reads: form posts, downloads, the htmx fragment the
# dashboard polls, the API (its docs page is swept) and Django's admin.
NOT_PAGES = {
    "logout",
    "invite-reset",
    "campaign-options",
    "inbox-read-all",
    "notification-read",
    "webhook-delete",
    "orders-needed",  # a fragment of the dashboard, swept there
    "bout-download",
    "bout-log-download",
    *(f"gladiator-{action}" for action in ("buy", "sell", "equip", "advance", "tactics")),
    *(f"gladiator-{action}" for action in ("retire", "adjust")),
    *(f"bout-{action}" for action in ("cancel", "verify", "enter", "start", "force", "finish")),
    "bout-mercy",  # a thumb's POST: the vote itself is on the page of a bout awaiting its verdict
    "bout-odds-preview",  # a fragment of the schedule form; the same odds are on a bout's page
    "member-invite",  # the settings page's form posts here
    *(f"lab-{action}" for action in ("cancel", "rerun", "csv", "json")),  # posts and downloads
    "pack-pick",  # posts a pick from the event page
    "pack-move-on",  # the GM's post to go on without the seats that have not picked
    "healthz",  # JSON for a supervisor (tests/ops/test_health.py)
    "manifest",  # JSON for the browser (tests/browser/test_manifest_browser.py)
    "standings-csv",  # downloads (CSV, JSON) linked from the standings, history, campaign pages
    "bout-history-csv",
    "campaign-export",
    "time-zone",  # the browser's zone, posted once by ludus.js
    "calendar-link",  # the account page's post for a new calendar link
    "calendar-feed",  # an iCalendar download (tests/seasons/test_calendar_feed.py)
    "service-worker",  # script for the browser (tests/notifications/test_push.py)
    "push-subscription",  # the settings page's script posts a device's subscription here
    "bout-press",  # the bout page's press section (htmx), swept on the bout's page
    "bout-press-option",  # the GM's post of "press only after the turn"
    "press-hide",  # the GM's post hiding a press post
    "chronicle-draft",  # the GM's posts from the chronicle's pages, and the publish confirmation
    "chronicle-schedule",
    "chronicle-publish",
    "missed-turn-policy",  # the GM's post from the campaign page's missed-turn form
    "bout-deadline-extend",  # the GM's post from the bout page's "more time" form
    "vacation-set",  # a player's posts from the campaign page's vacation form
    "vacation-end",
    "bout-pause",  # the GM's "are you sure?" and posts from the bout page, like bout-cancel
    "bout-resume",
    "seat-hand-over",  # the GM's "are you sure?" and post from the settings page's hand-over form
    "gladiator-biography",  # the sheet's story form posts here
    "gladiator-fallback",  # the sheet's fallback orders form posts here (its owner's alone)
    "lore-note",  # the GM's posts from the lore page: edit, delete, reveal
    "lore-note-delete",
    "lore-note-reveal",
    "division-delete",  # the GM's post from a division's page
}


@dataclass(frozen=True)
class SweptPage:
    label: str
    url_name: str
    url: str
    user: str | None  # a demo user name, or None for a visitor who is not signed in
    exclude: tuple[str, ...] = ()  # CSS selectors axe leaves out
    status: int = 200  # the answer expected: the not-found page is a page too


def demo_world() -> None:
    """The demo campaigns, a bout by web still open for entries (the demo has none), and what
    the demo lacks for the pages of later work (tests/browser/sweep_world.py)."""
    call_command("demo_load", verbosity=0)
    arena = Campaign.objects.get(slug="the-forum-arena")
    gm = get_user_model().objects.get(username="gm")
    bout_open(campaign=arena, by=gm, title="Entries wanted", deadline_hours=24)
    sweep_world_add()


def demo_user(name: str):
    return get_user_model().objects.get(username=name)


def every_page() -> list[SweptPage]:
    pages = [
        SweptPage("login", "login", reverse("login"), None),
        SweptPage("signup", "signup", reverse("signup"), None),
        SweptPage("front page", "dashboard", reverse("dashboard"), None),
        SweptPage("API docs", "api-docs", reverse("api-docs"), None),
        SweptPage("dashboard", "dashboard", reverse("dashboard"), "marcus"),
        SweptPage("new campaign", "campaign-new", reverse("campaign-new"), "marcus"),
        SweptPage("inbox", "inbox", reverse("inbox"), "marcus"),
        SweptPage(
            "notification settings",
            "notification-settings",
            reverse("notification-settings"),
            "marcus",
        ),
        SweptPage("join", "join", reverse("join"), "marcus"),
        SweptPage("account", "account", reverse("account"), "marcus"),
        SweptPage("password reset", "password_reset", reverse("password_reset"), None),
        SweptPage(
            "password reset sent", "password_reset_done", reverse("password_reset_done"), None
        ),
        SweptPage(
            "password reset link not valid",
            "password_reset_confirm",
            reverse("password_reset_confirm", args=["MQ", "not-a-token"]),
            None,
        ),
        SweptPage(
            "password set", "password_reset_complete", reverse("password_reset_complete"), None
        ),
        SweptPage(
            "e-mail confirmation",
            "email-confirm",
            reverse(
                "email-confirm",
                args=[confirm_token(user=demo_user("marcus"), address="marcus@example.net")],
            ),
            None,
        ),
        SweptPage(
            "not found",
            "campaign",
            reverse("campaign", args=["no-such-campaign"]),
            "marcus",
            status=404,
        ),
    ]
    first = True
    for campaign in Campaign.objects.order_by("pk"):
        pages += _campaign_pages(campaign) + _gm_pages(campaign)
        if first:  # the confirmations share one template: one campaign's are enough
            pages += _confirmations(campaign)
            first = False
    return pages + _content_confirmations()


def _gm_pages(campaign: Campaign) -> list[SweptPage]:
    """The GM's tools, knockouts, the lab, packs and content of one campaign."""
    slug, name = campaign.slug, campaign.name
    pages = [
        SweptPage(f"{name} settings", "campaign-settings", _url("campaign-settings", slug), "gm"),
        SweptPage(f"{name} house rules", "house-rules", _url("house-rules", slug), "gm"),
        SweptPage(f"{name} knockouts", "tournaments", _url("tournaments", slug), "marcus"),
        SweptPage(f"{name} new knockout", "tournament-new", _url("tournament-new", slug), "gm"),
        SweptPage(f"{name} balance lab", "lab", _url("lab", slug), "gm"),
        SweptPage(f"{name} press", "press", _url("press", slug), "marcus"),
        SweptPage(f"{name} lore", "lore", _url("lore", slug), "marcus"),
        SweptPage(f"{name} lore, the GM's", "lore", _url("lore", slug), "gm"),
        SweptPage(
            f"{name} private messages", "press-messages", _url("press-messages", slug), "marcus"
        ),
    ]
    for tournament in Tournament.objects.filter(campaign=campaign).order_by("pk")[:1]:
        url = _url("tournament", slug, tournament.pk)
        pages.append(SweptPage(f"{name}: {tournament.title}", "tournament", url, "marcus"))
        cancel = _url("tournament-cancel", slug, tournament.pk)
        pages.append(SweptPage(f"{name}: cancel a knockout?", "tournament-cancel", cancel, "gm"))
    pages += [
        SweptPage(f"{name} seasons", "seasons", _url("seasons", slug), "marcus"),
        SweptPage(f"{name} new season", "season-new", _url("season-new", slug), "gm"),
        SweptPage(f"{name} divisions", "divisions", _url("divisions", slug), "marcus"),
        SweptPage(f"{name} divisions, the GM's", "divisions", _url("divisions", slug), "gm"),
        SweptPage(f"{name} the next seasons", "divisions-next", _url("divisions-next", slug), "gm"),
    ]
    for division in Division.objects.filter(campaign=campaign).order_by("rank")[:1]:
        url = _url("division", slug, division.pk)
        pages.append(SweptPage(f"{name}: {division.name}, the GM's", "division", url, "gm"))
    for season in Season.objects.filter(campaign=campaign).order_by("pk")[:1]:
        pages.append(
            SweptPage(
                f"{name}: {season.title}", "season", _url("season", slug, season.pk), "marcus"
            )
        )
        for action in ("pause", "resume", "extend", "cancel"):
            url = _url(f"season-{action}", slug, season.pk) + "?rounds=1"
            pages.append(SweptPage(f"{name}: {action} a season?", f"season-{action}", url, "gm"))
        entry = season.entries.select_related("gladiator__owner").first()
        url = _url("season-withdraw", slug, season.pk) + f"?gladiator={entry.gladiator_id}"
        owner = entry.gladiator.owner.username
        pages.append(SweptPage(f"{name}: withdraw from a season?", "season-withdraw", url, owner))
    for run in LabRun.objects.filter(campaign=campaign).order_by("pk")[:1]:
        url = _url("lab-run", slug, run.pk)
        pages.append(SweptPage(f"{name}: a lab run {run.status}", "lab-run", url, "gm"))
    if content_kinds(campaign):
        url = _url("campaign-content", slug)
        pages.append(SweptPage(f"{name} GM content", "campaign-content", url, "gm"))
    if offers_packs(campaign.ruleset):
        pages += [
            SweptPage(f"{name} packs", "pack-events", _url("pack-events", slug), "marcus"),
            SweptPage(
                f"{name} new pack event", "pack-event-new", _url("pack-event-new", slug), "gm"
            ),
        ]
        for event in PackEvent.objects.filter(campaign=campaign).order_by("pk"):
            url = _url("pack-event", slug, event.pk)
            pages.append(SweptPage(f"{name}: a {event.kind} event", "pack-event", url, "marcus"))
    for bout in Bout.objects.filter(campaign=campaign, status=Bout.Status.OPEN).order_by("pk"):
        if bout.options.get("picks"):
            url = _url("bout-picks", slug, bout.pk)
            pages.append(SweptPage(f"{name}: champions' picks", "bout-picks", url, "marcus"))
            # The GM's Start while a team is still to pick asks first.
            url = _url("bout-start", slug, bout.pk)
            pages.append(SweptPage(f"{name}: start before the picks?", "bout-start", url, "gm"))
    verdict = Bout.objects.filter(campaign=campaign, status=Bout.Status.VERDICT).first()
    if verdict is not None:  # the mercy vote, to a player who may cast a thumb
        url = _url("bout", slug, verdict.pk)
        pages.append(SweptPage(f"{name}: the mercy vote", "bout", url, "quintus"))
    return pages


def _what_if_pages(name: str, bout: Bout) -> list[SweptPage]:
    """A resolved bout's "What if" form for marcus where he has a gladiator in it, and each
    what-if he asked of it."""
    slug = bout.campaign.slug
    if not BoutEntrant.objects.filter(bout=bout, gladiator__owner__username="marcus").exists():
        return []
    pages = [
        SweptPage(
            f"{name}: what if, the form",
            "bout-what-if",
            reverse("bout-what-if", args=[slug, bout.pk]),
            "marcus",
        )
    ]
    for row in BoutWhatIf.objects.filter(bout=bout, asker__username="marcus"):
        url = reverse("bout-what-if-result", args=[slug, bout.pk, row.pk])
        pages.append(SweptPage(f"{name}: a what-if", "bout-what-if-result", url, "marcus"))
    return pages


def _confirmations(campaign: Campaign) -> list[SweptPage]:
    """The "are you sure?" pages that a GET of an irreversible action answers."""
    slug, name = campaign.slug, campaign.name
    resolved = Bout.objects.filter(campaign=campaign, status=Bout.Status.RESOLVED).first()
    return [
        SweptPage(f"{name}: archive?", "campaign-archive", _url("campaign-archive", slug), "gm"),
        SweptPage(
            f"{name}: remove a member?",
            "member-remove",
            _url("member-remove", slug) + "?username=quintus",
            "gm",
        ),
        SweptPage(
            f"{name}: hand over?",
            "campaign-hand-over",
            _url("campaign-hand-over", slug) + "?username=livia",
            "gm",
        ),
        SweptPage(f"{name}: void a bout?", "bout-void", _url("bout-void", slug, resolved.pk), "gm"),
    ]


def _content_confirmations() -> list[SweptPage]:
    """Taking an item of GM content out, on the first campaign that has some."""
    item = CampaignContent.objects.select_related("campaign").order_by("pk").first()
    if item is None:
        return []
    url = _url("campaign-content-remove", item.campaign.slug, item.pk)
    return [SweptPage(f"{item.campaign.name}: take content out?", "campaign-content-remove",
                      url, "gm")]  # fmt: skip


def _url(name: str, *args) -> str:
    return reverse(name, args=list(args))


def _campaign_pages(campaign: Campaign) -> list[SweptPage]:
    slug, name = campaign.slug, campaign.name
    pages = [
        SweptPage(f"{name}", "campaign", reverse("campaign", args=[slug]), "gm"),
        SweptPage(f"{name}, a player", "campaign", reverse("campaign", args=[slug]), "marcus"),
        SweptPage(f"{name}, a visitor", "campaign", reverse("campaign", args=[slug]), None),
        SweptPage(
            f"{name} join link",
            "join-code",
            reverse("join-code", args=[campaign.invite_code]),
            "marcus",
        ),
        SweptPage(f"{name} audit", "audit", reverse("audit", args=[slug]), "gm"),
        SweptPage(f"{name} webhooks", "webhooks", reverse("webhooks", args=[slug]), "gm"),
        SweptPage(
            f"{name} new gladiator",
            "gladiator-new",
            reverse("gladiator-new", args=[slug]),
            "marcus",
        ),
        SweptPage(f"{name} stable", "stable", reverse("stable", args=[slug]), "marcus"),
        SweptPage(f"{name} standings", "standings", reverse("standings", args=[slug]), "marcus"),
        SweptPage(f"{name} graveyard", "graveyard", reverse("graveyard", args=[slug]), "marcus"),
        SweptPage(
            f"{name} hall of fame", "hall-of-fame", reverse("hall-of-fame", args=[slug]), "marcus"
        ),
        SweptPage(f"{name} chronicle", "chronicles", reverse("chronicles", args=[slug]), "gm"),
        SweptPage(
            f"{name} search",
            "campaign-search",
            reverse("campaign-search", args=[slug]) + "?q=a",
            "marcus",
        ),
        SweptPage(
            f"{name} fight history", "bout-history", reverse("bout-history", args=[slug]), "marcus"
        ),
        SweptPage(f"{name} schedule a bout", "bout-new", reverse("bout-new", args=[slug]), "gm"),
    ]
    if Bout.objects.filter(campaign=campaign, mode=Bout.Mode.ORDERS).exists():
        # Only a rule set played by web opens bouts by web; elsewhere the page refuses (400).
        url = reverse("bout-open", args=[slug])
        pages.append(SweptPage(f"{name} open a bout by web", "bout-open", url, "gm"))
    mine = Gladiator.objects.filter(campaign=campaign, owner__username="marcus").order_by("pk")
    for gladiator in (mine.filter(status="active").first(), mine.exclude(status="active").first()):
        if gladiator is not None:
            args = [slug, gladiator.pk]
            pages += [
                SweptPage(
                    f"{gladiator.name}'s sheet",
                    "gladiator",
                    reverse("gladiator", args=args),
                    "marcus",
                ),
                SweptPage(f"{gladiator.name}'s shop", "shop", reverse("shop", args=args), "marcus"),
                SweptPage(
                    f"{gladiator.name}'s head to head",
                    "head-to-head",
                    reverse("head-to-head", args=args),
                    "marcus",
                ),
            ]
            if gladiator.status == "active":  # only a living gladiator looks for a fight
                url = reverse("fair-fight", args=args)
                pages.append(
                    SweptPage(f"{gladiator.name}'s fair fight", "fair-fight", url, "marcus")
                )
    chronicle = Chronicle.objects.filter(campaign=campaign).order_by("pk").first()
    if chronicle is not None:
        url = reverse("chronicle", args=[slug, chronicle.pk])
        pages += [
            SweptPage(f"{name} chronicle, a player", "chronicle", url, "marcus"),
            SweptPage(f"{name} chronicle, the GM", "chronicle", url, "gm"),
        ]
    for status in Bout.Status:
        bout = Bout.objects.filter(campaign=campaign, status=status).order_by("pk").first()
        if bout is None:
            continue
        pages.append(
            SweptPage(
                f"{name}: a {status.value} bout",
                "bout",
                reverse("bout", args=[slug, bout.pk]),
                "gm",
            )
        )
        if status == Bout.Status.OPEN:  # a player's view: the entry form and its board
            url = reverse("bout", args=[slug, bout.pk])
            pages.append(SweptPage(f"{name}: an open bout, to enter", "bout", url, "marcus"))
        turns = (bout.engine_input or {}).get("turns") or []
        if bout.mode == Bout.Mode.ORDERS and turns:
            url = reverse("bout-forum-post", args=[slug, bout.pk, len(turns)])
            label = f"{name}: a {status.value} bout's last turn as a forum post"
            pages.append(SweptPage(label, "bout-forum-post", url, "marcus"))
        if status == Bout.Status.RESOLVED:
            pages += _what_if_pages(name, bout)
        if status == Bout.Status.RUNNING:
            entrant = BoutEntrant.objects.filter(
                bout=bout, gladiator__owner__username="marcus"
            ).first()
            if entrant is not None:
                url = reverse("bout-orders", args=[slug, bout.pk, entrant.pk])
                pages.append(SweptPage(f"{name}: orders", "bout-orders", url, "marcus"))
                if "what_if" in turn_rules(bout.ruleset).web.previews:
                    # The preview's own page (without JavaScript), of staying put this turn.
                    url = reverse("bout-order-preview", args=[slug, bout.pk, entrant.pk])
                    label = f"{name}: what if"
                    pages.append(SweptPage(label, "bout-order-preview", url, "marcus"))
    return pages
