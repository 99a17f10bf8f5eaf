"""A task queued while a request is answered carries the request's id to the worker: the
worker's JSON log lines of that task name the request id beside the task id, so one id
follows a click from the web process's lines to the worker's (docs/configuration.md)."""

from __future__ import annotations

import json
import time

import pytest
import structlog

from campaign.tasks import backup_task
from tests.integration.conftest import start_worker, stop_worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _backup_line(log) -> dict | None:
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("{"):
            entry = json.loads(line)
            if str(entry.get("event", "")).startswith("backup written: "):
                return entry
    return None


def test_the_worker_logs_a_queued_task_under_the_request_id(tmp_path):
    log = tmp_path / "worker.log"
    worker = start_worker(
        log,
        name="request-id",
        queue="messages",  # where backups are routed (campaign/settings.py)
        env={"LUDUS_LOG_FORMAT": "json", "LUDUS_BACKUP_DIR": str(tmp_path / "backups")},
    )
    try:
        structlog.contextvars.bind_contextvars(request_id="edge-7f3a.1")
        try:
            sent = backup_task.delay()
        finally:
            structlog.contextvars.clear_contextvars()
        deadline = time.monotonic() + 120
        while (line := _backup_line(log)) is None:
            assert worker.poll() is None, log.read_text()
            assert time.monotonic() < deadline, f"no backup line:\n{log.read_text()}"
            time.sleep(0.1)
    finally:
        stop_worker(worker)
    assert (line["request_id"], line["task_id"]) == ("edge-7f3a.1", sent.id)
    assert line["task"] == "campaign.tasks.backup_task"
