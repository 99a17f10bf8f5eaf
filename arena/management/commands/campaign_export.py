"""Write a whole campaign as JSON (arena/campaign_export.py): its schema version, members by
user name, gladiators, bouts with their engine input, log and rule set version, ledger, press,
chronicles and lore (the GM's secrets too: the file is the GM's).

    manage.py campaign_export SLUG [--output FILE]

Without --output it writes to standard output. `manage.py campaign_import FILE` reads it."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.campaign_export import campaign_export_json
from campaign.models import Campaign


class Command(BaseCommand):
    help = (
        "Write a campaign as JSON: members, gladiators, bouts with input and log, ledger, "
        "press, chronicles and lore."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the campaign's slug, as in its address /c/SLUG/")
        parser.add_argument("--output", "-o", help="a file to write (standard output without)")

    def handle(self, *args, slug: str, output: str | None, **options) -> None:
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"No campaign has the slug {slug!r}.")
        text = campaign_export_json(campaign)
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {campaign.name} to {output}.")
        else:
            self.stdout.write(text, ending="")
