"""A campaign export read into a Ludus (`manage.py campaign_import`): every decided bout
replays to its log byte for byte, the ledgers sum to the balances, and a file that does not
hold is refused in words with nothing written."""

from __future__ import annotations

import copy
import io
import json
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.campaign_export import campaign_export_json
from arena.campaign_import import CANCELLED_NOTE, campaign_import
from arena.chronicle.services import chronicle_draft, chronicle_publish
from arena.engine.core.canonical import canonical
from arena.models import Bout
from arena.verification.history import Tally, ledgers_verify
from arena.verification.services import replay_check
from campaign.models import Campaign
from campaign.press.models import Post
from campaign.press.services import message_send, post_create
from campaign.shared.errors import LudusError
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(due_bout):
    """The campaign after a real bout, paid through the ledger, as its export (parsed)."""
    bout_resolve(bout_id=due_bout.pk)
    return json.loads(campaign_export_json(due_bout.campaign))


def imported_copy(doc, slug="copy"):
    return campaign_import(copy.deepcopy(doc), slug=slug).campaign


def test_every_imported_bout_replays_to_its_log_byte_for_byte(exported):
    campaign = imported_copy(exported)
    bouts = list(Bout.objects.filter(campaign=campaign).order_by("scheduled_at", "id"))
    assert len(bouts) == len(exported["bouts"]) == 1
    for bout, source in zip(bouts, exported["bouts"], strict=True):
        assert replay_check(bout.engine_input, bout.log)["ok"]
        assert canonical(bout.log) == canonical(source["log"])
        assert (bout.input_digest, bout.log_digest) == (
            source["input_digest"],
            source["log_digest"],
        )
        assert (bout.seed, bout.status, bout.winner) == (
            source["seed"],
            "resolved",
            source["winner"],
        )


def test_the_imported_ledgers_sum_to_the_balances_and_match_the_export(exported):
    campaign = imported_copy(exported)
    assert list(ledgers_verify(Tally())) == []
    by_name = {g["name"]: g for g in exported["gladiators"]}
    for gladiator in Gladiator.objects.filter(campaign=campaign):
        source = by_name[gladiator.name]
        assert (gladiator.gold, gladiator.xp, gladiator.wins, gladiator.owner.username) == (
            source["gold"], source["xp"], source["wins"], source["owner"]
        )  # fmt: skip
    lines = LedgerLine.objects.filter(gladiator__campaign=campaign).order_by("id")
    assert [(x.amount, x.balance, x.cause, x.note) for x in lines] == [
        (x["amount"], x["balance"], x["cause"], x["note"]) for x in exported["ledger"]
    ]
    assert {x.bout.campaign_id for x in lines if x.bout_id} == {campaign.pk}


def test_an_export_of_the_import_is_the_export_again(exported):
    """Ids are this Ludus's own; everything else comes back as it went out."""
    campaign = imported_copy(exported)
    again = json.loads(campaign_export_json(campaign))

    def without_ids(doc):
        doc = copy.deepcopy(doc)
        for key in ("exported_at",):
            doc.pop(key)
        doc["campaign"].pop("slug")
        names = {g["id"]: g["name"] for g in doc["gladiators"]}
        for g in doc["gladiators"]:
            g.pop("id")
            g["died_in"] = g["died_in"] is not None
        for b in doc["bouts"]:
            b.pop("id")
            for e in b["entrants"]:
                e["gladiator"] = names[e["gladiator"]]
        for x in doc["ledger"]:
            x["gladiator"] = names[x["gladiator"]]
            x["bout"] = x["bout"] is not None
        return doc

    assert without_ids(again) == without_ids(exported)


def test_a_bout_not_decided_comes_over_cancelled(exported, campaign, gm, owner, rival):
    # Fresh fighters: the first bout may have killed one of its two.
    a = gladiator_create(campaign=campaign, by=owner, name="Aulus", kind="barbarian")
    b = gladiator_create(campaign=campaign, by=rival, name="Bibulus", kind="wizard")
    later = bout_schedule(
        campaign=campaign, by=gm, gladiators=[a, b],
        scheduled_at=timezone.now() + timedelta(days=1), seed=99,
    )  # fmt: skip
    doc = json.loads(campaign_export_json(campaign))
    copy_ = imported_copy(doc)
    bout = Bout.objects.get(campaign=copy_, title=later.title, status=Bout.Status.CANCELLED)
    assert bout.failure == CANCELLED_NOTE
    assert bout.seed != 99 and bout.engine_input is None and bout.log is None


def test_users_the_ludus_does_not_know_get_accounts_without_a_password(exported, django_user_model):
    doc = copy.deepcopy(exported)
    for g in doc["gladiators"]:
        if g["owner"] == "rival":
            g["owner"] = "newcomer"
    for m in doc["members"]:
        if m["user"] == "rival":
            m["user"] = "newcomer"
    done = campaign_import(doc, slug="copy")
    assert done.users_created == ["newcomer"]
    assert not django_user_model.objects.get(username="newcomer").has_usable_password()


def _broken(doc, change):
    doc = copy.deepcopy(doc)
    change(doc)
    return doc


BROKEN = {
    "not an export": (lambda d: d.update(schema="something-else"), "not a Ludus campaign export"),
    "a newer schema": (lambda d: d.update(schema_version=99), "schema version 99"),
    "an unknown rule set": (
        lambda d: d["campaign"].update(ruleset="chess"),
        "does not play the rule set 'chess'",
    ),
    "a ledger that does not sum": (
        lambda d: d["ledger"][0].update(balance=d["ledger"][0]["balance"] + 1),
        "ledger line 0: it says balance",
    ),
    "a field that does not fit": (lambda d: d["gladiators"][0].update(level="high"), "level"),
    "a name too long": (lambda d: d["gladiators"][0].update(name="x" * 61), "name"),
    "an entrant nobody holds": (
        lambda d: d["bouts"][0]["entrants"][0].update(gladiator=10**9),
        "which the file does not hold",
    ),
    "no GM": (lambda d: [m.update(role="player") for m in d["members"]], "no GM"),
    "gladiators not a list": (lambda d: d.update(gladiators={}), "gladiators should be"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_a_broken_file_is_refused_in_words_and_writes_nothing(exported, case):
    change, words = BROKEN[case]
    counts = (Campaign.objects.count(), Gladiator.objects.count(), Bout.objects.count(),
              LedgerLine.objects.count())  # fmt: skip
    with pytest.raises(LudusError, match=words):
        campaign_import(_broken(exported, change), slug="copy")
    assert counts == (Campaign.objects.count(), Gladiator.objects.count(), Bout.objects.count(),
                      LedgerLine.objects.count())  # fmt: skip


def test_a_slug_taken_here_is_refused(exported):
    with pytest.raises(LudusError, match="exists here: import with --slug"):
        campaign_import(exported)


def test_the_command_imports_a_file_and_refuses_one_that_is_not_json(exported, tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    out = io.StringIO()
    call_command("campaign_import", str(path), slug="copy", stdout=out)
    assert "Imported Ludus Magnus as /c/copy/: 2 gladiators, 1 bout " in out.getvalue()
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="is not JSON"):
        call_command("campaign_import", str(path), slug="other")
    assert not Campaign.objects.filter(slug="other").exists()


def test_public_press_and_chronicles_come_over_and_private_messages_stay(
    exported, campaign, gm, owner, rival
):
    post_create(campaign=campaign, by=owner, text="Ave, Capua!")
    message_send(campaign=campaign, by=owner, to=rival, text="Just between the two of us")
    chronicle_publish(chronicle=chronicle_draft(campaign=campaign, by=gm), by=gm)
    doc = json.loads(campaign_export_json(campaign))
    assert [p["text"] for p in doc["press"]] == ["Ave, Capua!"]
    assert "Just between the two of us" not in json.dumps(doc)
    copy_ = imported_copy(doc)
    posts = Post.objects.filter(campaign=copy_).values_list("text", "author__username")
    assert list(posts) == [("Ave, Capua!", "owner")]
    again = json.loads(campaign_export_json(copy_))
    assert again["press"] == doc["press"]
    assert again["chronicles"] == doc["chronicles"]
    assert [c["published_at"] is not None for c in again["chronicles"]] == [True]
