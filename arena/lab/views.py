"""The balance lab's pages (GM only): the form and past runs, a run's progress and results,
cancel, rerun, and the CSV and JSON downloads."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from arena.gateway import ruleset, summaries, to_csv, to_json
from arena.lab.forms import LabRunForm
from arena.lab.heatmap import heatmap
from arena.lab.services import (
    FINISHED,
    lab_builds,
    lab_cells,
    lab_header,
    lab_progress,
    lab_rulesets,
    lab_run_cancel,
    lab_run_get,
    lab_run_rerun,
    lab_run_start,
    lab_runs_of,
    run_builds,
)
from arena.models import LabRun
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, form_status, refused


@login_required
@require_http_methods(["GET", "POST"])
def lab_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    source = request.POST if request.method == "POST" else request.GET
    chosen = source.get("ruleset") or campaign.ruleset
    rulesets = dict(lab_rulesets())
    if chosen not in rulesets:
        messages.error(request, f"Unknown rule set {chosen[:40]!r}: pick one of the list.")
        chosen = campaign.ruleset
    builds = lab_builds(chosen)
    initial = {"ruleset": chosen, "builds": [b.key for b in builds], "random_starts": True}
    form = LabRunForm(
        request.POST if request.method == "POST" else None, initial=initial, builds=builds
    )
    if request.method == "POST" and form.is_valid():
        try:
            run = lab_run_start(campaign=campaign, by=request.user, **form.service_arguments())
        except LudusError as error:
            form_error(form, error)
        else:
            return redirect("lab-run", slug=campaign.slug, pk=run.pk)
    context = {
        "campaign": campaign,
        "form": form,
        "rulesets": rulesets,
        "chosen": chosen,
        "runs": lab_runs_of(campaign),
    }
    return render(request, "arena/lab.html", context, status=form_status(request))


def _run_context(run: LabRun) -> dict:
    context: dict = {
        "campaign": run.campaign,
        "run": run,
        "progress": lab_progress(run),
        "finished": run.status in FINISHED,
        "title": dict(lab_rulesets()).get(run.ruleset, run.ruleset),
        "version_now": ruleset(run.ruleset).version,
    }
    if run.status == LabRun.Status.DONE:
        builds, cells = run_builds(run), lab_cells(run)
        context["heatmap"] = heatmap(builds, cells)
        context["summary"] = summaries(builds, cells)
    return context


@login_required
def lab_run_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    run = lab_run_get(slug=slug, pk=pk, user=request.user)
    template = "arena/lab_run.html"
    if request.htmx and request.GET.get("partial") == "progress":
        template += "#lab-progress"
    return render(request, template, _run_context(run))


@login_required
@require_POST
def lab_run_cancel_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    run = lab_run_get(slug=slug, pk=pk, user=request.user)
    try:
        run = lab_run_cancel(run=run, by=request.user)
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: render(request, "arena/lab_run.html", _run_context(run)))
    messages.success(request, "The run is cancelled.")
    return redirect("lab-run", slug=slug, pk=run.pk)


@login_required
@require_POST
def lab_run_rerun_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    run = lab_run_get(slug=slug, pk=pk, user=request.user)
    again = lab_run_rerun(run=run, by=request.user)
    messages.success(request, f"Run {run.pk} is fought again with the same seed.")
    return redirect("lab-run", slug=slug, pk=again.pk)


@login_required
def lab_run_download(request: HttpRequest, slug: str, pk: int, fmt: str) -> HttpResponse:
    run = lab_run_get(slug=slug, pk=pk, user=request.user)
    if run.status != LabRun.Status.DONE:
        messages.error(request, "The run has no results yet.")
        return refused(request, lambda: render(request, "arena/lab_run.html", _run_context(run)))
    cells = lab_cells(run)
    if fmt == "csv":
        body, kind = to_csv(cells), "text/csv"
    else:
        doc = to_json(lab_header(run), run_builds(run), cells)
        body, kind = json.dumps(doc, indent=1, sort_keys=True) + "\n", "application/json"
    response = HttpResponse(body, content_type=f"{kind}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="lab-{run.pk}.{fmt}"'
    return response
