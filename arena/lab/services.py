"""The balance lab's services (docs/lab.md): a GM starts a run, the worker fights it as a group
of chunk tasks, the page follows its progress, a GM cancels or reruns it.

A run fights every ordered pair of the chosen builds (a cell), `bouts_per_pairing` bouts each,
with the engine's lab (arena/engine/lab/): the same functions the `lab` management command and
bench/lab_bench.py call, so all three give the same figures for the same seed.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils import timezone

from arena.gateway import (
    Cell,
    EngineInputError,
    LabBuild,
    LabSpec,
    campaign_rulesets,
    cell_fight,
    lab_pairs,
    ruleset,
)
from arena.models import LabChunk, LabRun
from arena.queue import enqueue_lab_chunks, simulations_waiting
from campaign.models import Campaign
from campaign.selectors import campaign_get_visible
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError

log = logging.getLogger(__name__)

BOUTS_PER_CHUNK = 2_000  # a chunk is a few seconds of work: progress moves, cancel bites
SEED_MAX = 2**48 - 1
FINISHED = (LabRun.Status.DONE, LabRun.Status.CANCELLED, LabRun.Status.FAILED)
# A fighting chunk says it is alive at most this often (when it asks whether to stop, every
# 100 bouts): far below LUDUS_LAB_STALE_SECONDS, without a write every 100 bouts.
HEARTBEAT_SECONDS = 5.0


def lab_rulesets() -> list[tuple[str, str]]:
    """The rule sets the lab offers: every one with a campaign adapter (its builds)."""
    return [(r.slug, r.title) for r in campaign_rulesets()]


def lab_builds(slug: str) -> list[LabBuild]:
    """The rule set's lab builds (LudusError for an unknown rule set)."""
    if slug not in dict(lab_rulesets()):
        known = ", ".join(s for s, _ in lab_rulesets())
        raise LudusError(f"Unknown rule set {slug!r} (the lab has {known}).", field="ruleset")
    return ruleset(slug).campaign.lab_builds()


def lab_builds_chosen(slug: str, keys: Sequence[str]) -> list[LabBuild]:
    """The builds named by `keys`, in the rule set's order (the matrix's order)."""
    available = lab_builds(slug)
    known = {b.key for b in available}
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise LudusError(
            f"Unknown build {unknown[0]!r} for {slug} (its builds: "
            f"{', '.join(b.key for b in available)}).",
            field="builds",
        )
    wanted = set(keys)
    chosen = [b for b in available if b.key in wanted]
    if not chosen:
        raise LudusError("Pick at least one build to compare.", field="builds")
    if len(chosen) < 2 and not ruleset(slug).campaign.mirror_matches:
        raise LudusError(
            f"Pick at least two builds: in {ruleset(slug).title} a build never meets itself.",
            field="builds",
        )
    return chosen


def lab_size_check(bouts: int, builds: int) -> None:
    if not 1 <= bouts <= LabRun.MAX_BOUTS_PER_PAIRING:
        raise LudusError(
            f"Bouts per pairing must be between 1 and {LabRun.MAX_BOUTS_PER_PAIRING:,}.",
            field="bouts",
        )
    total = bouts * builds * builds
    if total > LabRun.MAX_BOUTS:
        raise LudusError(
            f"{builds} builds x {builds} x {bouts:,} bouts is {total:,} bouts: a run fights at "
            f"most {LabRun.MAX_BOUTS:,}. Pick fewer builds or fewer bouts per pairing.",
            field="bouts",
        )


def lab_run_start(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    ruleset_slug: str,
    builds: Sequence[str],
    bouts: int,
    seed: int | None = None,
    random_starts: bool = True,
) -> LabRun:
    """Check the request, store the run and send its chunks to the worker (GM only)."""
    check_campaign_gm(campaign=campaign, user=by)
    chosen = lab_builds_chosen(ruleset_slug, builds)
    lab_size_check(bouts, len(chosen))
    if seed is None:
        seed = secrets.randbits(48)
    elif not 0 <= seed <= SEED_MAX:
        raise LudusError(f"The seed must be a whole number from 0 to {SEED_MAX:,}.", field="seed")
    rules = ruleset(ruleset_slug)
    return _run_create(
        campaign=campaign,
        by=by,
        rules=rules,
        builds=[b.to_dict() for b in chosen],
        options=rules.campaign.clean_options({}, by_tactics=True),
        bouts=bouts,
        seed=seed,
        random_starts=random_starts,
    )


def lab_run_rerun(*, run: LabRun, by: AbstractBaseUser) -> LabRun:
    """The same run again: same builds, options, bouts and seed, so the same figures (unless the
    rule set's version changed since: the page says so)."""
    check_campaign_gm(campaign=run.campaign, user=by)
    return _run_create(
        campaign=run.campaign,
        by=by,
        rules=ruleset(run.ruleset),
        builds=run.builds,
        options=run.options,
        bouts=run.bouts_per_pairing,
        seed=run.seed,
        random_starts=run.random_starts,
        rerun_of=run,
    )


def _run_create(*, campaign, by, rules, builds, options, bouts, seed, random_starts, rerun_of=None):
    # Every ordered pair, less the mirror cells of a rule set whose types never meet themselves.
    mirrors = rules.campaign.mirror_matches
    cells = len(builds) ** 2 - (0 if mirrors else len(builds))
    chunk_cells = max(1, BOUTS_PER_CHUNK // bouts)
    with transaction.atomic():
        run = LabRun.objects.create(
            campaign=campaign,
            requested_by=by,
            rerun_of=rerun_of,
            ruleset=rules.slug,
            version=rules.version,
            builds=builds,
            options=options,
            bouts_per_pairing=bouts,
            seed=seed,
            random_starts=random_starts,
            chunk_cells=chunk_cells,
            cells_total=cells,
        )
        audit_record(
            campaign=campaign,
            actor=by,
            action="lab.start",
            run=run.pk,
            ruleset=rules.slug,
            builds=len(builds),
            bouts=bouts,
        )
        transaction.on_commit(lambda: enqueue_lab_chunks(run.pk, range(run_chunks(run))))
    return run


def run_chunks(run: LabRun) -> int:
    """How many chunk tasks fight the run."""
    return math.ceil(run.cells_total / run.chunk_cells)


def lab_run_cancel(*, run: LabRun, by: AbstractBaseUser) -> LabRun:
    """Stop a run: chunks not started do nothing, running ones stop within 100 bouts."""
    check_campaign_gm(campaign=run.campaign, user=by)
    stopped = LabRun.objects.filter(
        pk=run.pk, status__in=[LabRun.Status.QUEUED, LabRun.Status.RUNNING]
    ).update(status=LabRun.Status.CANCELLED, finished_at=timezone.now())
    if not stopped:
        raise LudusError("This run has already finished.")
    audit_record(campaign=run.campaign, actor=by, action="lab.cancel", run=run.pk)
    run.refresh_from_db()
    return run


def lab_run_get(*, slug: str, pk: int, user: Any) -> LabRun:
    """A run of a campaign the user is the GM of: 404 where the campaign is hidden from the
    user or has no such run, NotAllowed for anyone else who sees the campaign."""
    campaign = campaign_get_visible(slug=slug, user=user)
    check_campaign_gm(campaign=campaign, user=user)
    run = LabRun.objects.filter(campaign=campaign, pk=pk).select_related("campaign").first()
    if run is None:
        raise Http404("No such lab run.")
    return run


def _spec(run: LabRun) -> LabSpec:
    return LabSpec(
        ruleset=ruleset(run.ruleset),
        options=run.options,
        bouts=run.bouts_per_pairing,
        seed=run.seed,
        random_starts=run.random_starts,
    )


def run_builds(run: LabRun) -> list[LabBuild]:
    return [
        LabBuild(b["key"], b["label"], b["kind"], tuple(b["equipment"]), b["build"])
        for b in run.builds
    ]


def chunk_pairs(run: LabRun, index: int) -> list[tuple[LabBuild, LabBuild]]:
    """The cells of chunk `index`, in matrix order (row by row)."""
    pairs = lab_pairs(ruleset(run.ruleset).campaign, run_builds(run))
    return pairs[index * run.chunk_cells : (index + 1) * run.chunk_cells]


def _stopped(run_id: int) -> bool:
    """Cancelled, failed, or gone (a deleted campaign takes its runs)."""
    return not LabRun.objects.filter(pk=run_id, status=LabRun.Status.RUNNING).exists()


def _heard(run_id: int) -> bool:
    """Note that the run is alive; False when it is no longer running (it was stopped)."""
    running = LabRun.objects.filter(pk=run_id, status=LabRun.Status.RUNNING)
    return bool(running.update(heard_at=timezone.now()))


class _StopOrPulse:
    """cell_fight's `stop`: whether the run was stopped, and every HEARTBEAT_SECONDS a sign of
    life for the sweeper in the same query."""

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id
        self.last = time.monotonic()

    def __call__(self) -> bool:
        if time.monotonic() - self.last < HEARTBEAT_SECONDS:
            return _stopped(self.run_id)
        self.last = time.monotonic()
        return not _heard(self.run_id)


def lab_chunk_run(*, run_id: int, index: int) -> bool:
    """Fight one chunk of a run and store it; the chunk that completes the run gathers every
    cell. A chunk already stored (a redelivered message) or a run stopped does nothing.
    Returns whether the chunk's cells were stored."""
    LabRun.objects.filter(pk=run_id, status=LabRun.Status.QUEUED).update(
        status=LabRun.Status.RUNNING, started_at=timezone.now()
    )
    run = LabRun.objects.filter(pk=run_id).first()
    if run is None or run.status != LabRun.Status.RUNNING:
        return False
    if LabChunk.objects.filter(run_id=run_id, index=index).exists() or not _heard(run_id):
        return False
    try:
        cells = []
        spec = _spec(run)
        stop = _StopOrPulse(run_id)
        for a, b in chunk_pairs(run, index):
            cell = cell_fight(spec, a, b, stop=stop)
            if cell is None:
                return False  # cancelled
            cells.append(cell.to_dict())
    except EngineInputError as error:
        _fail(run_id, f"The engine refused a bout: {error}")
        return False
    except Exception as error:  # report it on the page rather than leave the run running
        log.exception("lab run %s chunk %s", run_id, index)
        _fail(run_id, f"A chunk failed: {error or repr(error)}")
        return False
    return _store(run_id, index, cells)


def _fail(run_id: int, message: str) -> None:
    LabRun.objects.filter(pk=run_id, status=LabRun.Status.RUNNING).update(
        status=LabRun.Status.FAILED, message=message, finished_at=timezone.now()
    )


def _store(run_id: int, index: int, cells: list[dict[str, Any]]) -> bool:
    with transaction.atomic():
        # The run row serialises the chunks' counting, so exactly one of them sees the end.
        run = LabRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.status != LabRun.Status.RUNNING:
            return False
        _, created = LabChunk.objects.get_or_create(run=run, index=index, defaults={"cells": cells})
        if not created:
            return False
        LabRun.objects.filter(pk=run_id).update(
            cells_done=F("cells_done") + len(cells), heard_at=timezone.now()
        )
        run.refresh_from_db(fields=["cells_done"])
        if run.cells_done >= run.cells_total:
            gathered = [
                cell
                for chunk in LabChunk.objects.filter(run=run).order_by("index")
                for cell in chunk.cells
            ]
            run.cells = gathered
            run.status = LabRun.Status.DONE
            run.finished_at = timezone.now()
            run.save(update_fields=["cells", "status", "finished_at"])
            LabChunk.objects.filter(run=run).delete()  # the run holds them all now
    return True


def lab_runs_sweep(*, now: datetime | None = None) -> int:
    """Send again the chunks not stored of every run that was not heard from for
    LUDUS_LAB_STALE_SECONDS (beat's sweeper calls this): their worker was killed (its message
    comes back only after the broker's visibility timeout, an hour) or their message was lost
    (a broker restart). Only when the simulations queue is empty: a chunk still waiting there
    is not lost, and sending it again would only lengthen the queue. A chunk fought twice is
    stored once (one row per run and index). Returns how many chunks were sent."""
    now = now or timezone.now()
    silent_since = now - timedelta(seconds=settings.LUDUS_LAB_STALE_SECONDS)
    stale = LabRun.objects.annotate(heard=Coalesce("heard_at", "created_at")).filter(
        status__in=[LabRun.Status.QUEUED, LabRun.Status.RUNNING], heard__lte=silent_since
    )
    runs = list(stale.only("pk", "status", "cells_total", "chunk_cells"))
    if not runs or simulations_waiting():
        return 0
    sent = 0
    for run in runs:
        # Claimed by the same condition, so two sweepers never send a run's chunks twice.
        if not stale.filter(pk=run.pk).update(heard_at=now):
            continue
        stored = set(LabChunk.objects.filter(run=run).values_list("index", flat=True))
        missing = [i for i in range(run_chunks(run)) if i not in stored]
        enqueue_lab_chunks(run.pk, missing)
        sent += len(missing)
        log.info("lab run %s: sent again %d chunks not heard from", run.pk, len(missing))
    return sent


@dataclass(frozen=True)
class Progress:
    bouts_done: int
    bouts_total: int
    percent: int
    eta_seconds: int | None  # None until a chunk has finished


def lab_progress(run: LabRun) -> Progress:
    total = run.cells_total * run.bouts_per_pairing
    done = run.cells_done * run.bouts_per_pairing
    eta = None
    if run.status == LabRun.Status.RUNNING and run.started_at and done:
        elapsed = (timezone.now() - run.started_at).total_seconds()
        eta = math.ceil(elapsed / done * (total - done))
    return Progress(done, total, math.floor(100 * done / total) if total else 0, eta)


def lab_cells(run: LabRun) -> list[Cell]:
    return [Cell.from_dict(c) for c in run.cells]


def lab_header(run: LabRun) -> dict[str, Any]:
    """What the downloads say about the run: enough to fight it again."""
    return {
        "ruleset": run.ruleset,
        "version": run.version,
        "options": run.options,
        "bouts_per_pairing": run.bouts_per_pairing,
        "seed": run.seed,
        "random_starts": run.random_starts,
    }


def lab_runs_of(campaign: Campaign) -> list[LabRun]:
    return list(LabRun.objects.filter(campaign=campaign)[:20])
