"""The Celery application. Workers run: celery -A campaign worker; beat: celery -A campaign beat."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")

app = Celery("campaign")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Connected before the worker builds its heartbeat, which sends the signal only to receivers
# known by then.
from campaign import heartbeat, logs  # noqa: E402, F401
