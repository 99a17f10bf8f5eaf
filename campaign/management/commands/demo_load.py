"""Load the demo campaign once. A second run changes nothing, so edits made in between survive."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from arena.services import bout_resolve, bout_schedule
from campaign.models import Campaign
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create

DEMO_SLUG = "the-games-of-capua"
DEMO_PASSWORD = "gladius"


class Command(BaseCommand):
    help = "Create the demo campaign (users gm, marcus, livia; password 'gladius') if absent."

    def handle(self, *args, **options) -> None:
        if Campaign.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write("Demo campaign already loaded; left as it is.")
            return
        with transaction.atomic():
            resolved = self._load()
        # Resolve the past bouts after commit, as the worker would.
        for bout in resolved:
            bout_resolve(bout_id=bout.pk)
        self.stdout.write(self.style.SUCCESS("Demo campaign loaded."))

    def _load(self) -> list:
        User = get_user_model()
        users = {}
        for name in ("gm", "marcus", "livia"):
            user, _ = User.objects.get_or_create(username=name)
            user.set_password(DEMO_PASSWORD)
            user.is_staff = user.is_superuser = name == "gm"
            user.save()
            users[name] = user
        campaign = campaign_create(
            by=users["gm"],
            name="The Games of Capua",
            ruleset="gladiatorquest",
            visibility=Campaign.Visibility.PUBLIC,
            description="The ludus of Batiatus sends its finest to the sands. "
            "A demo campaign: log in as gm, marcus or livia (password 'gladius').",
        )
        for player in ("marcus", "livia"):
            campaign_join(campaign=campaign, user=users[player], code=campaign.invite_code)
        roster = {
            "marcus": [("Brutus", "barbarian"), ("Felix", "dwarf"), ("Gnaeus", "orc")],
            "livia": [("Nox", "elf"), ("Aurelia", "wizard"), ("Crixus", "barbarian")],
        }
        g = {
            name: gladiator_create(campaign=campaign, by=users[owner], name=name, kind=kind)
            for owner, fighters in roster.items()
            for name, kind in fighters
        }
        now = timezone.now()
        past = [
            (("Brutus", "Nox"), now - timedelta(days=6)),
            (("Felix", "Aurelia"), now - timedelta(days=5)),
            (("Crixus", "Gnaeus"), now - timedelta(days=3)),
            (("Brutus", "Crixus"), now - timedelta(days=1)),
        ]
        resolved = [
            bout_schedule(
                campaign=campaign,
                by=users["gm"],
                gladiators=[g[a], g[b]],
                scheduled_at=when,
                seed=n,
            )
            for n, ((a, b), when) in enumerate(past, start=1)
        ]
        bout_schedule(
            campaign=campaign,
            by=users["gm"],
            gladiators=[g["Felix"], g["Nox"]],
            scheduled_at=now + timedelta(minutes=2),
            title="Felix vs Nox: the opening bout of the games",
        )
        return resolved
