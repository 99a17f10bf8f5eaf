"""The balance lab seen by a GM in Chromium, with the real worker fighting the chunks: the
progress bar and its ETA move without a reload, a run is cancelled, another finishes with the
heatmap (each cell's interval on hover), the summary, and the CSV and JSON downloads."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from arena.models import LabRun
from arena.queue import LAB_CHUNK
from tests.integration.conftest import wait_tasks_done

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SMALL = ["elf-bow", "halfling-catapult", "giant-sword"]


def start(page, slug: str, builds: list[str] | None, bouts: int, seed: int) -> None:
    page.goto(f"/c/{slug}/lab/?ruleset=gladiator-arena")
    if builds is not None:
        for box in page.locator('input[name="builds"]').all():
            box.uncheck()
        for key in builds:
            page.locator(f'input[name="builds"][value="{key}"]').check()
    page.fill('input[name="bouts"]', str(bouts))
    page.fill('input[name="seed"]', str(seed))
    page.click("#lab-form button[type=submit]")
    expect(page.locator("h1")).to_contain_text("Lab run")


def test_a_gm_runs_cancels_and_reads_a_lab_run_fought_by_the_worker(
    celery_worker_process, page, login, arena_campaign, gm
):
    login(gm)
    slug = arena_campaign.slug

    # A big run (all 19 builds): the bar and its ETA move by htmx, then it is cancelled.
    start(page, slug, None, 200, 1)
    big = LabRun.objects.get()
    assert big.cells_total == 361
    page.evaluate("window.__same_document = true")  # lost if the page were reloaded
    expect(page.locator("#lab-status")).to_have_attribute("data-status", "running", timeout=30_000)
    expect(page.locator("#lab-eta")).to_be_visible(timeout=30_000)
    assert int(page.locator("#lab-bar").get_attribute("value")) > 0
    assert page.evaluate("window.__same_document") is True
    page.click("#lab-cancel")
    expect(page.locator("#lab-status")).to_have_attribute("data-status", "cancelled")
    big.refresh_from_db()
    assert big.status == LabRun.Status.CANCELLED and big.cells_done < big.cells_total
    # Every chunk still queued or in flight runs, sees the run stopped and stores nothing.
    stopped_at = LabRun.objects.get(pk=big.pk).cells_done
    wait_tasks_done("simulations", name=LAB_CHUNK, timeout=120)
    assert LabRun.objects.get(pk=big.pk).cells_done == stopped_at
    assert LabRun.objects.get(pk=big.pk).cells == []

    # A small run to the end: heatmap, summary, downloads.
    start(page, slug, SMALL, 300, 42)
    run = LabRun.objects.exclude(pk=big.pk).get()
    expect(page.locator("#lab-status")).to_have_attribute("data-status", "done", timeout=60_000)
    cells = page.locator("#lab-heatmap g.lab-cell")
    expect(cells).to_have_count(9)
    hover = cells.nth(2).locator("title").text_content()
    assert hover.startswith("Elf with a bow vs Giant with a sword: ") and "(95%: " in hover
    expect(page.locator("#lab-summary tbody tr")).to_have_count(3)

    with page.expect_download() as got:
        page.click("#lab-csv")
    rows = list(csv.DictReader(io.StringIO(Path(got.value.path()).read_text())))
    run.refresh_from_db()
    assert [(r["a"], r["b"], int(r["wins"])) for r in rows] == [
        (c["a"], c["b"], c["wins"]) for c in run.cells
    ]
    with page.expect_download() as got:
        page.click("#lab-json")
    doc = json.loads(Path(got.value.path()).read_text())
    assert doc["seed"] == 42 and doc["bouts_per_pairing"] == 300 and len(doc["cells"]) == 9

    # Run again with the same seed: the worker fights the same figures.
    page.click("#lab-rerun")
    expect(page.locator("#lab-status")).to_have_attribute("data-status", "done", timeout=60_000)
    again = LabRun.objects.get(rerun_of=run)
    assert again.cells == run.cells
