"""The campaign's JSON export: `manage.py campaign_export SLUG` and the GM's download."""

from __future__ import annotations

import io
import json
from collections import defaultdict

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from arena.bouts.services import bout_resolve
from arena.campaign_export import SCHEMA, SCHEMA_VERSION
from arena.engine import play, ruleset
from arena.engine.core.canonical import canonical
from arena.play.services import bout_turn_resolve, order_submit
from campaign.lore.services import biography_set, note_create, note_reveal
from characters.models import Gladiator

pytestmark = pytest.mark.django_db


def _export(slug: str) -> dict:
    out = io.StringIO()
    call_command("campaign_export", slug, stdout=out)
    return json.loads(out.getvalue())


def test_the_export_holds_the_campaign_its_members_gladiators_bouts_and_ledger(due_bout):
    bout = bout_resolve(bout_id=due_bout.pk)
    doc = _export(bout.campaign.slug)
    assert (doc["schema"], doc["schema_version"]) == (SCHEMA, SCHEMA_VERSION)
    assert doc["campaign"]["slug"] == bout.campaign.slug
    assert doc["campaign"]["ruleset_version"] == ruleset("gladiatorquest").version
    assert sorted((m["user"], m["role"]) for m in doc["members"]) == [
        ("gm", "gm"), ("owner", "player"), ("rival", "player")
    ]  # fmt: skip
    assert sorted((g["name"], g["owner"]) for g in doc["gladiators"]) == [
        ("Brutus", "owner"), ("Nox", "rival")
    ]  # fmt: skip
    [fought] = doc["bouts"]
    assert fought["ruleset_version"] == bout.ruleset_version != ""
    assert fought["seed"] == bout.seed and fought["log"] == bout.log
    assert {e["gladiator"] for e in fought["entrants"]} == {g["id"] for g in doc["gladiators"]}


def test_each_exported_bout_replays_to_its_log(due_bout):
    bout_resolve(bout_id=due_bout.pk)
    [fought] = _export(due_bout.campaign.slug)["bouts"]
    assert canonical(play(fought["engine_input"])) == canonical(fought["log"])


def test_the_ledger_lines_sum_to_the_balances(due_bout):
    bout_resolve(bout_id=due_bout.pk)
    doc = _export(due_bout.campaign.slug)
    assert doc["ledger"], "a fought bout pays its entrants"
    sums: dict[tuple[int, str], int] = defaultdict(int)
    for line in doc["ledger"]:
        sums[line["gladiator"], line["currency"]] += line["amount"]
        assert line["balance"] == sums[line["gladiator"], line["currency"]]
    for g in doc["gladiators"]:
        assert sums[g["id"], "gold"] == g["gold"] == Gladiator.objects.get(pk=g["id"]).gold


def test_a_bout_still_being_fought_keeps_its_seed_and_orders_out(running, owner, rival):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={"move": "D5", "strike": ["D6"]})
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    order_submit(entrant=mine, by=owner, order={"move": "C5", "strike": ["C6"]})
    doc = _export(bout.campaign.slug)
    [live] = doc["bouts"]
    assert live["status"] == "running"
    assert [live[k] for k in ("seed", "engine_input", "log", "terms", "picks")] == [None] * 5
    text = json.dumps(doc)
    assert "C6" not in text and str(bout.seed) not in text


def test_an_unknown_slug_is_a_clear_error():
    with pytest.raises(CommandError, match="No campaign has the slug 'nowhere'"):
        call_command("campaign_export", "nowhere")


def test_the_command_writes_a_file(due_bout, tmp_path):
    target = tmp_path / "export.json"
    call_command(
        "campaign_export", due_bout.campaign.slug, output=str(target), stderr=io.StringIO()
    )
    assert json.loads(target.read_text())["campaign"]["slug"] == due_bout.campaign.slug


def test_only_the_gm_downloads_the_export(client_as, campaign, gm, owner, outsider):
    url = reverse("campaign-export", args=[campaign.slug])
    response = client_as(gm).get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{campaign.slug}-export.json"'
    assert json.loads(response.content)["campaign"]["slug"] == campaign.slug
    assert client_as(owner).get(url).status_code == 403
    assert client_as(outsider).get(url).status_code == 404
    page = client_as(gm).get(reverse("campaign", args=[campaign.slug])).content.decode()
    assert f'href="{url}"' in page
    assert (
        f'href="{url}"'
        not in client_as(owner).get(reverse("campaign", args=[campaign.slug])).content.decode()
    )


def test_the_export_carries_lore_and_the_gms_secrets_with_their_reveal_state(due_bout, gm, owner):
    """The export is the GM's: a secret not yet revealed goes out, marked as not revealed."""
    campaign, brutus = due_bout.campaign, due_bout.entrants.get(gladiator__name="Brutus").gladiator
    biography_set(gladiator=brutus, by=owner, text="Born in Thrace.")
    waiting = note_create(
        campaign=campaign, by=gm, title="The stranger", text="A man came.",
        secret="He is the Emperor's son.", trigger="bout_end", bout=due_bout,
    )  # fmt: skip
    told = note_create(campaign=campaign, by=gm, title="The oath", secret="Sworn.", trigger="gm")
    note_reveal(note=told, by=gm)
    doc = _export(campaign.slug)
    assert doc["schema_version"] == SCHEMA_VERSION == 2
    assert doc["lore"]["biographies"] == [
        {"gladiator": brutus.pk, "text": "Born in Thrace.", "updated_by": "owner",
         "updated_at": doc["lore"]["biographies"][0]["updated_at"]}
    ]  # fmt: skip
    first, second = doc["lore"]["notes"]
    assert (first["title"], first["secret"], first["trigger"], first["bout"]) == (
        "The stranger", "He is the Emperor's son.", "bout_end", due_bout.pk
    )  # fmt: skip
    assert first["revealed_at"] is None and first["gladiator"] is None
    assert waiting.revealed_at is None
    assert (second["trigger"], second["revealed_at"] is not None) == ("gm", True)
