"""A campaign export read into a Ludus (`manage.py campaign_import`): every decided bout
replays to its log byte for byte, the ledgers sum to the balances, and a file that does not
hold is refused in words with nothing written."""

from __future__ import annotations

import copy
import io
import json
from datetime import UTC, datetime, timedelta

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
from campaign.lore.models import Biography, Note
from campaign.lore.selectors import notes_of
from campaign.lore.services import biography_set, note_create, note_reveal
from campaign.models import AuditEntry, Campaign
from campaign.notifications.models import Event
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


def without_ids(doc):
    """An export without what is this Ludus's own: ids (references as names), the slug and
    the time of the export."""
    doc = copy.deepcopy(doc)
    doc.pop("exported_at")
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


def test_an_export_of_the_import_is_the_export_again(exported):
    """Ids are this Ludus's own; everything else comes back as it went out."""
    campaign = imported_copy(exported)
    again = json.loads(campaign_export_json(campaign))
    assert without_ids(again) == without_ids(exported)


@pytest.mark.parametrize("microsecond", [0, 500, 976_000])
def test_every_time_is_written_to_the_millisecond_in_one_form(due_bout, brutus, microsecond):
    """A time on the second, less than a millisecond past it, or more: the same form, so that
    it reads back to what is written again."""
    at = datetime(2026, 11, 28, 7, 28, 57, microsecond, tzinfo=UTC)
    Gladiator.objects.filter(pk=brutus.pk).update(created_at=at)
    bout_resolve(bout_id=due_bout.pk)  # (an undecided bout comes over cancelled)
    exported = json.loads(campaign_export_json(due_bout.campaign))
    written = next(g["created_at"] for g in exported["gladiators"] if g["name"] == "Brutus")
    assert written == f"2026-11-28T07:28:57.{microsecond // 1000:03d}Z"
    again = json.loads(campaign_export_json(imported_copy(exported)))
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


# --- lore ---------------------------------------------------------------------------------

SECRET = "Aulus is the lost son of the Emperor."


@pytest.fixture
def lore_exported(exported, campaign, gm, owner, rival):
    """The campaign with lore in every state: a biography, a secret waiting on a bout not yet
    decided, one waiting on a death, one on the GM's word, and one revealed."""
    aulus = gladiator_create(campaign=campaign, by=owner, name="Aulus", kind="barbarian")
    bibulus = gladiator_create(campaign=campaign, by=rival, name="Bibulus", kind="wizard")
    later = bout_schedule(
        campaign=campaign, by=gm, gladiators=[aulus, bibulus],
        scheduled_at=timezone.now() + timedelta(days=1), seed=99,
    )  # fmt: skip
    biography_set(gladiator=aulus, by=owner, text="Born in Thrace.\n\nSold young.")
    note_create(campaign=campaign, by=gm, title="The stranger", text="A man came.",
                secret=SECRET, trigger="bout_end", bout=later)  # fmt: skip
    note_create(campaign=campaign, by=gm, title="The last words", secret="Bibulus forgives.",
                trigger="death", gladiator=bibulus)  # fmt: skip
    note_create(campaign=campaign, by=gm, title="The debt", secret="Owed to Crassus.",
                trigger="gm")  # fmt: skip
    told = note_create(campaign=campaign, by=gm, title="The oath", secret="Sworn.", trigger="gm")
    note_reveal(note=told, by=gm)
    return json.loads(campaign_export_json(campaign))


def _lore_state(campaign):
    return [
        (n.title, n.text, n.secret, n.trigger, n.revealed_at is not None,
         n.trigger_bout.title if n.trigger_bout else None,
         n.trigger_gladiator.name if n.trigger_gladiator else None)
        for n in Note.objects.filter(campaign=campaign)
    ]  # fmt: skip


def test_lore_comes_over_and_an_unrevealed_secret_stays_secret(
    lore_exported, campaign, owner, gm, api_as
):
    copy_ = imported_copy(lore_exported)
    assert _lore_state(copy_) == _lore_state(campaign)
    waiting = Note.objects.get(campaign=copy_, title="The stranger")
    assert waiting.revealed_at is None and waiting.trigger_bout.campaign == copy_
    assert waiting.trigger_bout.status == Bout.Status.CANCELLED  # its secret waits for the GM
    dying = Note.objects.get(campaign=copy_, title="The last words")
    assert dying.trigger_gladiator.campaign == copy_ and dying.revealed_at is None
    biography = Biography.objects.get(gladiator__campaign=copy_)
    assert (biography.gladiator.name, biography.text, biography.updated_by) == (
        "Aulus", "Born in Thrace.\n\nSold young.", owner
    )  # fmt: skip
    # A player reads no waiting secret in the copy; its GM reads them all.
    seen = {v.note.title: v.secret for v in notes_of(campaign=copy_, user=owner)}
    assert seen == {"The stranger": "", "The last words": "", "The debt": "", "The oath": "Sworn."}
    listed = api_as(owner).get(f"/api/campaigns/{copy_.slug}/lore/")
    assert listed.status_code == 200 and SECRET not in listed.content.decode()
    searched = api_as(owner).get(f"/api/campaigns/{copy_.slug}/search/", {"q": "Emperor"})
    assert searched.status_code == 200 and searched.json()["lore"] == []
    gm_seen = {v.note.title: v.secret for v in notes_of(campaign=copy_, user=gm)}
    assert gm_seen["The stranger"] == SECRET
    # The import reveals nothing and announces nothing; the audit trail stayed behind.
    assert not AuditEntry.objects.filter(campaign=copy_, action__startswith="lore")
    assert not Event.objects.filter(campaign=copy_)
    # The GM's word still reveals it here.
    note_reveal(note=waiting, by=gm)
    assert {v.note.title: v.secret for v in notes_of(campaign=copy_, user=owner)}[
        "The stranger"
    ] == SECRET


def test_the_lore_of_an_import_exports_as_it_came(lore_exported):
    again = json.loads(campaign_export_json(imported_copy(lore_exported)))

    def by_name(doc):
        gladiators = {g["id"]: g["name"] for g in doc["gladiators"]}
        bouts = {b["id"]: b["title"] for b in doc["bouts"]}
        lore = copy.deepcopy(doc["lore"])
        for b in lore["biographies"]:
            b["gladiator"] = gladiators[b["gladiator"]]
        for n in lore["notes"]:
            n["bout"], n["gladiator"] = bouts.get(n["bout"]), gladiators.get(n["gladiator"])
        return lore

    assert by_name(again) == by_name(lore_exported)
    assert len(again["lore"]["notes"]) == 4


def test_the_command_counts_the_notes_and_the_secrets_still_waiting(lore_exported, tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(lore_exported), encoding="utf-8")
    out = io.StringIO()
    call_command("campaign_import", str(path), slug="copy", stdout=out)
    assert "4 lore notes (3 secrets not yet revealed, still the GM's)." in out.getvalue()


def test_a_version_1_file_without_lore_imports_as_before(exported):
    old = copy.deepcopy(exported)
    old["schema_version"] = 1
    old.pop("lore")
    done = campaign_import(old, slug="old")
    assert (done.gladiators, done.bouts) == (2, 1)
    assert not Note.objects.filter(campaign=done.campaign)
    assert not Biography.objects.filter(gladiator__campaign=done.campaign)
    assert list(ledgers_verify(Tally())) == []


def _note(doc, title):
    return next(n for n in doc["lore"]["notes"] if n["title"] == title)


BROKEN_LORE = {
    "a version 2 file without lore": (lambda d: d.pop("lore"), "lore should be a JSON object"),
    "a biography of a gladiator the file does not hold": (
        lambda d: d["lore"]["biographies"][0].update(gladiator=10**9),
        "biography 0 names gladiator 1000000000, which the file does not hold",
    ),
    "a biography over its limit": (
        lambda d: d["lore"]["biographies"][0].update(text="x" * 4001),
        "biography 0: The biography is 4,001 characters long; at most 4,000",
    ),
    "two biographies of one gladiator": (
        lambda d: d["lore"]["biographies"].append(dict(d["lore"]["biographies"][0])),
        "biography 1: 'Aulus' has a biography earlier in the file",
    ),
    "a title over its limit": (
        lambda d: _note(d, "The debt").update(title="t" * 121),
        "at most 120",
    ),
    "a secret over its limit": (
        lambda d: _note(d, "The debt").update(secret="s" * 8001),
        "The secret is 8,001 characters long; at most 8,000",
    ),
    "a trigger Ludus does not know": (
        lambda d: _note(d, "The debt").update(trigger="whenever"),
        "'The debt'\\): A secret needs its trigger, one of",
    ),
    "a secret with no trigger": (
        lambda d: _note(d, "The debt").update(trigger=""),
        "A secret needs its trigger",
    ),
    "a trigger with no secret": (
        lambda d: _note(d, "The debt").update(secret=""),
        "A trigger reveals a secret",
    ),
    "the campaign's end naming a bout": (
        lambda d: _note(d, "The debt").update(trigger="campaign_end", bout=d["bouts"][0]["id"]),
        "Only a bout's end names a bout",
    ),
    "a trigger's bout the file does not hold": (
        lambda d: _note(d, "The stranger").update(bout=10**9),
        "names bout 1000000000, which the file does not hold",
    ),
    "a reveal with no secret": (
        lambda d: _note(d, "The oath").update(secret="", trigger=""),
        "it has no secret, so it has nothing revealed",
    ),
    "a reveal that is not a date": (
        lambda d: _note(d, "The oath").update(revealed_at="soon"),
        "revealed_at",
    ),
    "a note with no secret field": (
        lambda d: _note(d, "The oath").pop("secret"),
        "has no 'secret'",
    ),
}


@pytest.mark.parametrize("case", BROKEN_LORE, ids=list(BROKEN_LORE))
def test_bad_lore_is_refused_in_words_and_writes_nothing(lore_exported, case):
    change, words = BROKEN_LORE[case]

    def counts():
        return (Campaign.objects.count(), Gladiator.objects.count(), Bout.objects.count(),
                LedgerLine.objects.count(), Note.objects.count(), Biography.objects.count(),
                AuditEntry.objects.count())  # fmt: skip

    before = counts()
    with pytest.raises(LudusError, match=words):
        campaign_import(_broken(lore_exported, change), slug="copy")
    assert counts() == before
    assert not Campaign.objects.filter(slug="copy").exists()
