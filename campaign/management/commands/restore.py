"""manage.py restore FILE: a backup of `manage.py backup` into an empty database."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaign.backup import BackupError, restore


class Command(BaseCommand):
    help = "Restore a backup written by `manage.py backup` into the (empty) database."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            restore(file)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Restored {file}. Run `manage.py migrate` if it came from an older release, "
            "then `manage.py verify_history`."
        )
