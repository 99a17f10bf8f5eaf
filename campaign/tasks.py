"""Celery tasks of the campaign app: the daily backup beat sends (campaign/backup.py)."""

from __future__ import annotations

import logging
from pathlib import Path

from celery import shared_task
from django.conf import settings

from .backup import backup_write

log = logging.getLogger(__name__)


@shared_task
def backup_task() -> None:
    path = backup_write(Path(settings.LUDUS_BACKUP_DIR), keep=settings.LUDUS_BACKUP_KEEP)
    log.info("backup written: %s (%d bytes)", path, path.stat().st_size)
