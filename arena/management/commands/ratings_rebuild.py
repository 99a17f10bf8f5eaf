"""Rate the stored bouts again from the start, in the order they were decided: for bouts
fought before ratings existed, or to check the stored ratings against a fresh count.

    python manage.py ratings_rebuild [--campaign SLUG ...]
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from arena.ratings import ratings_rebuild
from campaign.models import Campaign


class Command(BaseCommand):
    help = "Compute every gladiator's rating again from the campaign's decided bouts, in order."

    def add_arguments(self, parser):
        parser.add_argument(
            "--campaign", action="append", metavar="SLUG", help="only these (default: all)"
        )

    def handle(self, *args, **opts):
        campaigns = Campaign.objects.order_by("pk")
        if opts["campaign"]:
            campaigns = campaigns.filter(slug__in=opts["campaign"])
            missing = set(opts["campaign"]) - set(campaigns.values_list("slug", flat=True))
            if missing:
                raise CommandError(f"No campaign with the slug {sorted(missing)[0]!r}.")
        for campaign in campaigns:
            with transaction.atomic():  # one campaign at a time, under its ratings lock
                rated = ratings_rebuild(campaign_id=campaign.pk)
            self.stdout.write(f"{campaign.slug}: {rated} bouts rated\n")
