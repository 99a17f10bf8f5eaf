"""Read a campaign export into this Ludus (arena/campaign_import.py), whole or not at all.

    manage.py campaign_import FILE [--slug SLUG]

--slug imports it under another address when its own is taken here."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.campaign_import import campaign_import
from campaign.shared.errors import LudusError
from campaign.templatetags.words import counted


class Command(BaseCommand):
    help = (
        "Import a campaign export (JSON): members, gladiators, bouts, ledger, press, chronicles "
        "and lore; ratings again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the export, as campaign_export wrote it")
        parser.add_argument("--slug", default="", help="the address to import it under")

    def handle(self, *args, file: str, slug: str, **options) -> None:
        try:
            document = json.loads(Path(file).read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"{file} is not JSON: {error}.") from None
        try:
            done = campaign_import(document, slug=slug)
        except LudusError as error:
            raise CommandError(f"Nothing was imported: {error.message}") from None
        self.stdout.write(
            f"Imported {done.campaign.name} as /c/{done.campaign.slug}/: "
            f"{counted(done.gladiators, 'gladiator')}, {counted(done.bouts, 'bout')} "
            f"({done.cancelled} not decided, now cancelled), "
            f"{counted(done.ledger_lines, 'ledger line')}, "
            f"{counted(done.lore_notes, 'lore note')} "
            f"({counted(done.secrets_waiting, 'secret')} not yet revealed, still the GM's)."
        )
        if done.users_created:
            self.stdout.write(
                "New accounts, with no password yet: " + ", ".join(done.users_created) + "."
            )
