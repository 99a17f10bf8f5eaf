"""Lab runs through the services and pages: reproducible, bounded, cancellable, GM only. The
chunks run in this process here (lab_chunk_run, as the worker calls it); the real worker runs
them in tests/integration/test_lab_live.py."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from arena.lab.services import (
    lab_chunk_run,
    lab_progress,
    lab_run_cancel,
    lab_run_rerun,
    lab_run_start,
)
from arena.models import LabChunk, LabRun
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db

GA_BUILDS = ["elf-bow", "halfling-catapult", "giant-sword"]  # in the rule set's order


def fight_all(run: LabRun) -> LabRun:
    """Every chunk of the run, as the worker's group would (in reverse: order must not matter)."""
    chunks = -(-run.cells_total // run.chunk_cells)
    for index in reversed(range(chunks)):
        lab_chunk_run(run_id=run.pk, index=index)
    run.refresh_from_db()
    return run


@pytest.fixture
def ga_run(arena_campaign, gm) -> LabRun:
    return lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=GA_BUILDS, bouts=400, seed=1234,
    )  # fmt: skip


def test_a_run_is_fought_in_chunks_and_gathered_in_matrix_order(ga_run):
    assert ga_run.status == LabRun.Status.QUEUED
    assert ga_run.cells_total == 9 and ga_run.chunk_cells == 5  # 2,000 bouts a chunk: 2 chunks
    run = fight_all(ga_run)
    assert run.status == LabRun.Status.DONE and run.cells_done == 9
    assert [(c["a"], c["b"]) for c in run.cells] == [(a, b) for a in GA_BUILDS for b in GA_BUILDS]
    assert all(c["bouts"] == 400 for c in run.cells)
    assert not LabChunk.objects.filter(run=run).exists()
    assert lab_progress(run).percent == 100
    # A redelivered chunk changes nothing.
    assert lab_chunk_run(run_id=run.pk, index=0) is False
    run.refresh_from_db()
    assert run.cells_done == 9


def test_a_matrix_cell_reads_the_same_in_another_selection_of_builds(arena_campaign, gm, ga_run):
    """Seeds follow the builds' keys, not their places: a cell of a smaller run is the same."""
    two = lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=["elf-bow", "giant-sword"], bouts=400, seed=1234,
    )  # fmt: skip
    small = {(c["a"], c["b"]): c for c in fight_all(two).cells}
    large = {(c["a"], c["b"]): c for c in fight_all(ga_run).cells}
    assert small[("elf-bow", "giant-sword")] == large[("elf-bow", "giant-sword")]


def test_a_rerun_reproduces_a_run_exactly_and_so_does_the_command(ga_run, gm, capsys):
    first = fight_all(ga_run)
    again = fight_all(lab_run_rerun(run=first, by=gm))
    assert again.rerun_of == first and again.seed == first.seed == 1234
    assert again.cells == first.cells
    assert again.version == first.version
    call_command(
        "lab", "gladiator-arena", "--bouts", "400", "--seed", "1234", "--format", "json",
        "--jobs", "1", "--builds", *GA_BUILDS,
    )  # fmt: skip
    printed = json.loads(capsys.readouterr().out)
    assert [{k: c[k] for k in first.cells[0]} for c in printed["cells"]] == first.cells
    assert printed["seed"] == 1234 and printed["version"] == first.version


def test_another_seed_gives_other_figures(arena_campaign, gm, ga_run):
    other = lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=GA_BUILDS, bouts=400, seed=99,
    )  # fmt: skip
    assert fight_all(other).cells != fight_all(ga_run).cells


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"builds": ["elf-bow", "orc-laser"]}, "builds", "Unknown build 'orc-laser'"),
        ({"builds": []}, "builds", "at least one build"),
        ({"bouts": 0}, "bouts", "between 1 and 10,000"),
        ({"bouts": 10_001}, "bouts", "between 1 and 10,000"),
        ({"bouts": 10**12}, "bouts", "between 1 and 10,000"),
        ({"builds": "all", "bouts": 5000}, "bouts", "at most 1,000,000"),
        ({"ruleset_slug": "chess"}, "ruleset", "Unknown rule set 'chess'"),
        ({"seed": -1}, "seed", "from 0 to"),
        ({"seed": 2**48}, "seed", "from 0 to"),
    ],
)
def test_bad_requests_are_refused_in_words_and_store_nothing(
    arena_campaign, gm, changes, field, words
):
    from arena.lab.services import lab_builds

    args = {"ruleset_slug": "gladiator-arena", "builds": GA_BUILDS, "bouts": 10, **changes}
    if args["builds"] == "all":
        args["builds"] = [b.key for b in lab_builds("gladiator-arena")]
    with pytest.raises(LudusError) as refused:
        lab_run_start(campaign=arena_campaign, by=gm, **args)
    assert refused.value.field == field and words in refused.value.message
    assert not LabRun.objects.exists()


def test_only_the_gm_starts_a_run(arena_campaign, owner):
    with pytest.raises(NotAllowed):
        lab_run_start(
            campaign=arena_campaign, by=owner, ruleset_slug="gladiator-arena",
            builds=GA_BUILDS, bouts=10,
        )  # fmt: skip
    assert not LabRun.objects.exists()


def test_a_cancelled_run_fights_no_more(ga_run, gm):
    lab_chunk_run(run_id=ga_run.pk, index=0)
    run = lab_run_cancel(run=ga_run, by=gm)
    assert run.status == LabRun.Status.CANCELLED
    assert lab_chunk_run(run_id=run.pk, index=1) is False
    run.refresh_from_db()
    assert run.cells_done == 5 and run.cells == []  # the first chunk of two
    with pytest.raises(LudusError, match="already finished"):
        lab_run_cancel(run=run, by=gm)


def test_the_form_refuses_bad_bouts_in_words(arena_campaign, gm, client_as):
    client = client_as(gm)
    url = reverse("lab", args=[arena_campaign.slug])
    form = {"ruleset": "gladiator-arena", "builds": GA_BUILDS, "bouts": "0"}
    response = client.post(url, form)
    assert response.status_code == 400
    assert "greater than or equal to 1" in response.content.decode()
    response = client.post(url, {**form, "bouts": "999999999"})
    assert response.status_code == 400
    response = client.post(url, {**form, "bouts": "10", "builds": ["elf-bow", "elf-laser"]})
    assert response.status_code == 400 and "elf-laser" in response.content.decode()
    assert not LabRun.objects.exists()


def test_the_pages_show_progress_then_the_heatmap_and_the_downloads(arena_campaign, gm, client_as):
    client = client_as(gm)
    response = client.post(
        reverse("lab", args=[arena_campaign.slug]),
        {"ruleset": "gladiator-arena", "builds": GA_BUILDS, "bouts": "50", "seed": "7",
         "random_starts": "on"},
    )  # fmt: skip
    run = LabRun.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/lab/{run.pk}/")
    page = client.get(response["Location"]).content.decode()
    assert 'id="lab-bar"' in page and "every 1s" in page and "Waiting for the worker" in page
    fight_all(run)
    partial = client.get(
        reverse("lab-run", args=[arena_campaign.slug, run.pk]) + "?partial=progress",
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "every 1s" not in partial  # done: the polling stops
    assert partial.count("<rect") == 9 and "Elf with a bow vs Giant with a sword: " in partial
    assert "(95%: " in partial and "style=" not in partial
    rows = list(csv.DictReader(io.StringIO(
        client.get(reverse("lab-csv", args=[arena_campaign.slug, run.pk])).content.decode()
    )))  # fmt: skip
    assert len(rows) == 9 and rows[2]["a"] == "elf-bow" and rows[2]["b"] == "giant-sword"
    doc = client.get(reverse("lab-json", args=[arena_campaign.slug, run.pk])).json()
    assert doc["seed"] == 7 and doc["ruleset"] == "gladiator-arena" and len(doc["cells"]) == 9
    assert doc["version"] == run.version


def test_downloads_of_an_unfinished_run_are_refused_in_words(ga_run, gm, client_as):
    response = client_as(gm).get(reverse("lab-csv", args=[ga_run.campaign.slug, ga_run.pk]))
    assert response.status_code == 400 and "no results yet" in response.content.decode()


def test_the_lab_offers_every_rule_set(campaign, gm, client_as):
    page = client_as(gm).get(reverse("lab", args=[campaign.slug]) + "?ruleset=sudden-destruction")
    text = page.content.decode()
    assert page.status_code == 200 and 'value="war-machine"' in text
    assert 'value="gunner"' in text and 'value="bunker"' in text  # its own lab builds
    assert 'value="gladiator-arena"' in text and 'value="arena-of-the-elders"' in text
    unknown = client_as(gm).get(reverse("lab", args=[campaign.slug]) + "?ruleset=chess")
    assert unknown.status_code == 200 and "Unknown rule set" in unknown.content.decode()


def test_a_chunk_of_a_deleted_run_stops(ga_run):
    """A campaign deleted while its run is fought takes the run along; its chunks stop."""
    LabRun.objects.filter(pk=ga_run.pk).update(status=LabRun.Status.RUNNING)
    from arena.lab.services import _stopped

    assert _stopped(ga_run.pk) is False
    ga_run.delete()
    assert _stopped(ga_run.pk) is True
    assert lab_chunk_run(run_id=ga_run.pk, index=0) is False


def test_each_pairings_interval_is_in_plain_sight_and_no_label_names_a_hidden_input(
    arena_campaign, gm, client_as
):
    """Issue 29: the intervals were only in the squares' hover titles, and a "Ruleset" label
    was tied to the form's hidden input."""
    client = client_as(gm)
    form = client.get(reverse("lab", args=[arena_campaign.slug])).content.decode()
    assert 'type="hidden" name="ruleset"' in form
    assert 'for="id_ruleset"' not in form and ">Ruleset<" not in form
    run = fight_all(
        lab_run_start(
            campaign=arena_campaign,
            by=gm,
            ruleset_slug="gladiator-arena",
            builds=GA_BUILDS,
            bouts=1,
            seed=5,
        )
    )
    page = client.get(reverse("lab-run", args=[arena_campaign.slug, run.pk])).content.decode()
    table = page.split('id="lab-pairings"')[1].split("</table>")[0]
    rows = table.split("<tr>")[2:]  # after the head's row
    assert len(rows) == 9
    for row in rows:
        assert re.search(r'data-label="95% interval">\d+\.\d%-\d+\.\d%<', row)
        assert ">1 bout<" in row  # one bout a pairing: "1 bout", not "1 bouts"


def test_a_rule_set_whose_types_never_meet_themselves_has_no_mirror_cells(gm, owner, rival):
    """Arena of the Elders fields each champion once: its lab fights every pair of two
    champions, never a champion against itself (which the rule set refuses as input)."""
    from tests.conftest import campaign_with

    elders = campaign_with(gm, (owner, rival), name="Elders Lab", ruleset="arena-of-the-elders")
    champions = ["ignis", "nyx", "brann"]
    run = lab_run_start(
        campaign=elders, by=gm, ruleset_slug="arena-of-the-elders",
        builds=champions, bouts=2, seed=7,
    )  # fmt: skip
    assert run.cells_total == 6
    run = fight_all(run)
    assert run.status == LabRun.Status.DONE and run.cells_done == 6
    pairs = [(c["a"], c["b"]) for c in run.cells]
    assert pairs == [(a, b) for a in champions for b in champions if a != b]
    assert lab_progress(run).percent == 100


def test_one_build_of_a_rule_set_without_mirror_cells_is_refused_in_words(gm, owner, rival):
    from tests.conftest import campaign_with

    elders = campaign_with(gm, (owner, rival), name="Elders Lab", ruleset="arena-of-the-elders")
    with pytest.raises(LudusError, match="at least two builds: in Arena of the Elders"):
        lab_run_start(
            campaign=elders, by=gm, ruleset_slug="arena-of-the-elders",
            builds=["ignis"], bouts=2, seed=7,
        )  # fmt: skip
    assert not LabRun.objects.filter(campaign=elders).exists()
