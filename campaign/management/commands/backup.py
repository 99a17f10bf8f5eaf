"""manage.py backup: a compressed dump of the database, the oldest beyond the kept count
deleted (campaign/backup.py)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from campaign.backup import BackupError, backup_write


class Command(BaseCommand):
    help = "Write a compressed dump of the database into LUDUS_BACKUP_DIR and keep the newest."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir", type=Path, default=None, help="where to write it (LUDUS_BACKUP_DIR)"
        )
        parser.add_argument(
            "--keep", type=int, default=None, help="backups to keep (LUDUS_BACKUP_KEEP)"
        )

    def handle(self, *args, dir: Path | None, keep: int | None, **options):
        directory = dir or Path(settings.LUDUS_BACKUP_DIR)
        try:
            keep = settings.LUDUS_BACKUP_KEEP if keep is None else keep
            path = backup_write(directory, keep=keep)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{path} ({path.stat().st_size:,} bytes)")
