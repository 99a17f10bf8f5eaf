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

from arena.models import Bout, BoutEntrant
from arena.play_by_web import bout_open
from campaign.models import Campaign
from characters.models import Gladiator

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
    "bout-forum-post",
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
    """The demo campaigns, and a bout by web still open for entries (the demo has none)."""
    call_command("demo_load", verbosity=0)
    arena = Campaign.objects.get(slug="the-forum-arena")
    gm = get_user_model().objects.get(username="gm")
    bout_open(campaign=arena, by=gm, title="Entries wanted", deadline_hours=24)


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
        SweptPage(
            "not found",
            "campaign",
            reverse("campaign", args=["no-such-campaign"]),
            "marcus",
            status=404,
        ),
    ]
    for campaign in Campaign.objects.order_by("pk"):
        pages += _campaign_pages(campaign)
    return pages


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
        if status == Bout.Status.RUNNING:
            entrant = BoutEntrant.objects.filter(
                bout=bout, gladiator__owner__username="marcus"
            ).first()
            if entrant is not None:
                url = reverse("bout-orders", args=[slug, bout.pk, entrant.pk])
                pages.append(SweptPage(f"{name}: orders", "bout-orders", url, "marcus"))
    return pages
