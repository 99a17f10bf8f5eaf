"""Bouts anyone can verify (docs/verification.md): the commitment published before the fight,
the terms revealed after it, the worker's check, and sealed orders with their receipts."""

from __future__ import annotations

import hashlib
import html
import json
import re
import subprocess
import sys

import pytest
from django.urls import reverse

from arena.engine import ruleset
from arena.engine.core.canonical import canonical, digest
from arena.models import Bout, BoutVerification, TurnOrder
from arena.play_by_web import bout_turn_resolve, order_submit
from arena.services import bout_resolve, verification_request, verification_run
from arena.verification import bout_checks
from characters.services import gladiator_tactics_set
from tests.arena.test_play_by_web_pages import LEAK, SECRET, api

pytestmark = pytest.mark.django_db


def checked(bout: Bout, by=None) -> BoutVerification:
    """Ask for a check and run it as the worker would."""
    request = verification_request(bout=bout, by=by)
    return verification_run(verification_id=request.pk)


def failed_checks(verification: BoutVerification) -> set[str]:
    return {c["check"] for c in verification.checks if c["ok"] is False}


def test_the_commitment_published_before_the_fight_matches_the_terms_revealed_after(
    due_bout, owner, client_as
):
    slug, pk = due_bout.campaign.slug, due_bout.pk
    before = api(owner).get(reverse("api-bout", args=[slug, pk])).json()
    page = client_as(owner).get(reverse("bout", args=[slug, pk])).content.decode()
    commitment = before["proof"]["commitment"]
    assert len(commitment) == 64 and commitment in page
    assert before["proof"]["terms"] is None and before["seed"] is None
    assert due_bout.terms["nonce"] not in page

    bout_resolve(bout_id=pk)
    after = api(owner).get(reverse("api-bout", args=[slug, pk])).json()
    terms = after["proof"]["terms"]
    assert after["proof"]["commitment"] == commitment
    # By hand, as docs/verification.md says: the standard library only.
    text = json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == commitment
    assert terms["seed"] == after["seed"] == 7
    assert terms["version"] == after["log"]["version"] == ruleset("gladiatorquest").version
    page = client_as(owner).get(reverse("bout", args=[slug, pk])).content.decode()
    assert terms["nonce"] in page and commitment in page


def test_an_untampered_bout_is_verified_and_every_check_holds(due_bout, rival):
    bout = bout_resolve(bout_id=due_bout.pk)
    verification = checked(bout, by=rival)
    assert verification.outcome == BoutVerification.Outcome.MATCH, verification.checks
    assert {c["check"] for c in verification.checks} >= {
        "commitment", "terms", "input", "log", "replay",
    }  # fmt: skip
    assert all(c["ok"] for c in verification.checks)


def test_a_tampered_stored_log_fails_verification(due_bout):
    bout = bout_resolve(bout_id=due_bout.pk)
    log = bout.log
    log["result"]["winner"] = "Nobody"
    Bout.objects.filter(pk=bout.pk).update(log=log)
    verification = checked(bout)
    assert verification.outcome == BoutVerification.Outcome.MISMATCH
    assert failed_checks(verification) == {"log", "replay"}


def test_a_log_tampered_with_its_digest_still_fails_the_replay(due_bout):
    bout = bout_resolve(bout_id=due_bout.pk)
    log = bout.log
    log["turns"] = log["turns"][:-1]
    Bout.objects.filter(pk=bout.pk).update(log=log, log_digest=digest(log))
    assert failed_checks(checked(bout)) == {"replay"}


def test_a_bout_fought_under_an_earlier_version_is_sent_to_that_versions_engine(due_bout):
    """A version bump changes stored logs (Arena of the Elders 1.3 changed the tactics'
    choices): the replay check says which version the bout needs instead of only "another
    log"."""
    bout = bout_resolve(bout_id=due_bout.pk)
    terms = {**bout.terms, "version": "0.9"}
    log = {**bout.log, "version": "0.9"}
    Bout.objects.filter(pk=bout.pk).update(
        terms=terms, commitment=digest(terms), log=log, log_digest=digest(log)
    )
    verification = checked(bout)
    assert failed_checks(verification) == {"replay"}
    (replay,) = [c for c in verification.checks if c["check"] == "replay"]
    now = ruleset(bout.ruleset).version
    assert f"fought under version 0.9 of the rules and the engine is at {now}" in replay["detail"]


def test_a_different_seed_fought_in_secret_breaks_the_promise(due_bout):
    """Fighting the bout with another seed (and storing a consistent log) is caught by the
    commitment: the revealed terms name the promised seed."""
    from arena.engine import play

    bout = bout_resolve(bout_id=due_bout.pk)
    engine_input = {**bout.engine_input, "seed": 8}
    log = play(engine_input)
    Bout.objects.filter(pk=bout.pk).update(
        engine_input=engine_input, log=log, input_digest=digest(engine_input),
        log_digest=digest(log), seed=8,
    )  # fmt: skip
    assert failed_checks(checked(bout)) == {"terms"}


def test_a_bout_is_fought_only_under_the_rules_version_it_promised(due_bout):
    terms = {**due_bout.terms, "version": "0.1"}
    Bout.objects.filter(pk=due_bout.pk).update(terms=terms, commitment=digest(terms))
    bout = bout_resolve(bout_id=due_bout.pk)
    assert bout.status == Bout.Status.FAILED
    assert "The rules changed since the bout was scheduled" in bout.failure


def test_anyone_signed_in_who_sees_the_bout_may_ask_and_a_fresh_check_is_not_repeated(
    due_bout, outsider, rival, api_as
):
    bout = bout_resolve(bout_id=due_bout.pk)
    url = reverse("api-bout-verify", args=[bout.campaign.slug, bout.pk])
    assert api_as(outsider).post(url).status_code == 404  # a private campaign: no such bout
    bout.campaign.visibility = "public"
    bout.campaign.save(update_fields=["visibility"])
    first = api_as(outsider).post(url)
    assert first.status_code == 202 and first.json()["outcome"] == "pending"
    again = api_as(rival).post(url)
    assert again.json()["id"] == first.json()["id"]  # still pending: the same check
    verification_run(verification_id=first.json()["id"])
    assert api_as(None).get(url).json()["outcome"] == "match"


def test_a_bout_not_fought_yet_cannot_be_verified(due_bout, gm, api_as):
    url = reverse("api-bout-verify", args=[due_bout.campaign.slug, due_bout.pk])
    response = api_as(gm).post(url)
    assert response.status_code == 400 and "fought to its end" in response.content.decode()


def test_the_page_verifies_by_htmx_and_shows_the_outcome(due_bout, rival, client_as):
    bout = bout_resolve(bout_id=due_bout.pk)
    client = client_as(rival)
    slug = bout.campaign.slug
    response = client.post(reverse("bout-verify", args=[slug, bout.pk]), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and 'id="bout-verify"' in body
    assert "Checking" in body and "every 2s" in body  # it follows the check by itself
    verification_run(verification_id=BoutVerification.objects.get(bout=bout).pk)
    body = client.get(
        reverse("bout", args=[slug, bout.pk]) + "?partial=verify", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Everything matches" in body and "every 2s" not in body


def test_the_download_replays_with_the_one_line_command(due_bout, gm, client_as, tmp_path):
    bout = bout_resolve(bout_id=due_bout.pk)
    client = client_as(gm)  # the GM reads every gladiator's tactics
    slug = bout.campaign.slug
    page = client.get(reverse("bout", args=[slug, bout.pk])).content.decode()
    assert f"python -m arena.engine play bout-{bout.pk}.json" in page
    downloaded = client.get(reverse("bout-download", args=[slug, bout.pk]))
    assert downloaded["Content-Disposition"] == f'attachment; filename="bout-{bout.pk}.json"'
    (tmp_path / f"bout-{bout.pk}.json").write_bytes(downloaded.content)
    stored = client.get(reverse("bout-log-download", args=[slug, bout.pk])).content
    replayed = subprocess.run(
        [sys.executable, "-m", "arena.engine", "play", f"bout-{bout.pk}.json"],
        cwd=tmp_path, capture_output=True, check=True, env={"PYTHONPATH": str(_root())},
    ).stdout  # fmt: skip
    assert canonical(json.loads(replayed)) + b"\n" == stored
    assert hashlib.sha256(downloaded.content.rstrip(b"\n")).hexdigest() == bout.input_digest


def test_a_player_is_told_their_download_lacks_the_others_tactics(
    due_bout, brutus, nox, owner, rival, client_as
):
    gladiator_tactics_set(gladiator=brutus, tactics={"approach": "keep_distance"}, by=owner)
    gladiator_tactics_set(gladiator=nox, tactics={"approach": "keep_distance"}, by=rival)
    bout = bout_resolve(bout_id=due_bout.pk)
    slug = bout.campaign.slug
    page = client_as(owner).get(reverse("bout", args=[slug, bout.pk])).content.decode()
    assert 'id="tactics-hidden"' in page
    download = client_as(owner).get(reverse("bout-download", args=[slug, bout.pk]))
    gladiators = json.loads(download.content)["gladiators"]
    assert [("tactics" in g) for g in gladiators] == [True, False]


def test_nothing_is_downloaded_before_the_bout_is_decided(due_bout, gm, client_as):
    slug = due_bout.campaign.slug
    for name in ("bout-download", "bout-log-download"):
        assert client_as(gm).get(reverse(name, args=[slug, due_bout.pk])).status_code == 404


def _root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]


# Sealed orders (play by web).


def test_an_order_gets_a_receipt_at_once_and_only_its_owner_sees_the_order(
    running, owner, rival, client_as
):
    bout, mine, _ = running
    saved = order_submit(entrant=mine, by=owner, order=SECRET)
    assert len(saved.receipt) == 64 and len(saved.salt) == 32
    slug = bout.campaign.slug
    orders_page = client_as(owner).get(reverse("bout-orders", args=[slug, bout.pk, mine.pk]))
    assert saved.receipt in orders_page.content.decode()
    for user in (owner, rival):
        public = api(user).get(reverse("api-bout", args=[slug, bout.pk])).json()["sealed_orders"]
        assert public == [
            {"turn": 1, "gladiator": "Kaunisto", "receipt": saved.receipt, "revealed": False}
        ]
        page = client_as(user).get(reverse("bout", args=[slug, bout.pk])).content.decode()
        assert saved.receipt in page and saved.salt not in page and not LEAK.search(page)


def test_a_receipt_tells_nothing_about_the_order(running, owner):
    """A receipt is salted: the same order given twice gets two unrelated receipts, and hashing
    a guessed order without the salt finds neither."""
    bout, mine, _ = running
    first = order_submit(entrant=mine, by=owner, order=SECRET).receipt
    second = order_submit(entrant=mine, by=owner, order=SECRET).receipt
    assert first != second
    guess = {"bout": bout.pk, "gladiator": "Kaunisto", "order": SECRET, "salt": "",
             "standing": False, "turn": 1}  # fmt: skip
    assert digest(guess) not in {first, second}


def test_the_turn_reveals_each_order_with_the_salt_that_hashes_to_its_receipt(
    running, owner, rival, outsider
):
    bout, mine, theirs = running
    receipts = {
        "Kaunisto": order_submit(entrant=mine, by=owner, order=SECRET).receipt,
        "Justbec": order_submit(entrant=theirs, by=rival, order={}).receipt,
    }
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    detail = api(rival).get(reverse("api-bout", args=[bout.campaign.slug, bout.pk])).json()
    for row in detail["sealed_orders"]:
        assert row["revealed"]
        doc = {k: row[k] for k in ("gladiator", "order", "salt", "standing", "turn")}
        text = json.dumps({**doc, "bout": bout.pk}, sort_keys=True, separators=(",", ":"))
        assert hashlib.sha256(text.encode()).hexdigest() == receipts[row["gladiator"]]
        assert detail["engine_input"]["turns"][0][row["gladiator"]] == row["order"]


def test_the_page_shows_the_text_that_hashes_to_each_receipt(running, owner, rival, client_as):
    """Issue 29: the table showed orders as Python dicts ({'move': 'D3'}); it shows the canonical
    JSON the receipt hashes, which a player copies and hashes by hand."""
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order=SECRET)
    order_submit(entrant=theirs, by=rival, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    page = client_as(rival).get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
    table = page.content.decode().split('id="sealed-orders"')[1].split("</table>")[0]
    rows = re.findall(
        r'data-label="Gladiator">(.*?)</td>.*?<code class="receipt">(.*?)</code>.*?'
        r'<code class="sealed-text">(.*?)</code>',
        table,
        re.S,
    )
    assert len(rows) == 2
    for gladiator, receipt, text in rows:
        shown = html.unescape(text)  # the text as the browser shows it
        assert hashlib.sha256(shown.encode("utf-8")).hexdigest() == receipt
        assert json.loads(shown)["gladiator"] == gladiator
        assert "'" not in shown  # JSON, not a Python dict


def test_a_tampered_stored_order_fails_its_receipt_check(running, owner, rival, gm):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order=SECRET)
    order_submit(entrant=theirs, by=rival, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    assert not any(c["ok"] is False for c in bout_checks(bout))
    TurnOrder.objects.filter(entrant=mine, turn=1).update(order={"move": "C3"})
    checks = {c["check"]: c for c in bout_checks(bout)}
    assert checks["orders"]["ok"] is False
    assert "turn 1, Kaunisto: the order does not hash to its receipt" in checks["orders"]["detail"]


def test_an_order_changed_in_the_engine_input_is_not_the_order_given(running, owner, rival):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order=SECRET)
    order_submit(entrant=theirs, by=rival, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    engine_input = bout.engine_input
    engine_input["turns"][0]["Kaunisto"] = {}
    Bout.objects.filter(pk=bout.pk).update(engine_input=engine_input)
    bout.refresh_from_db()
    checks = {c["check"]: c for c in bout_checks(bout)}
    assert checks["orders"]["ok"] is False and "not the order given" in checks["orders"]["detail"]
    assert checks["input"]["ok"] is False


def test_a_bout_opened_for_play_by_web_commits_to_a_random_seed(running):
    bout, _, _ = running
    assert bout.commitment == digest(bout.terms)
    assert bout.terms["seed"] == bout.seed and bout.terms["mode"] == "orders"
    assert len(bout.terms["nonce"]) == 64


def test_the_migration_gives_existing_bouts_what_can_still_be_computed(due_bout, running):
    """Bouts not fought yet commit now; decided ones get digests and no commitment."""
    from importlib import import_module

    from django.apps import apps

    fill = import_module("arena.migrations.0005_verification").fill
    fought = bout_resolve(bout_id=due_bout.pk)
    bout, mine, _ = running
    order = order_submit(entrant=mine, by=mine.gladiator.owner, order=SECRET)
    Bout.objects.update(terms=None, commitment="", input_digest="", log_digest="")
    TurnOrder.objects.update(salt="", receipt="")
    fill(apps, None)
    fought.refresh_from_db()
    bout.refresh_from_db()
    assert fought.commitment == "" and fought.log_digest == digest(fought.log)
    assert fought.input_digest == digest(fought.engine_input)
    assert bout.commitment == "" and bout.input_digest == digest(bout.engine_input)
    assert all(c["ok"] is not False for c in bout_checks(fought))
    order.refresh_from_db()  # the pending order is sealed before it is revealed
    doc = {"bout": bout.pk, "gladiator": "Kaunisto", "order": SECRET, "salt": order.salt,
           "standing": False, "turn": 1}  # fmt: skip
    assert len(order.salt) == 32 and order.receipt == digest(doc)


def _digests(client, bout) -> str:
    page = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    return page.split('id="digests"')[1].split("</p>")[0]


def test_the_digest_line_says_how_far_the_bout_was_fought(
    running, due_bout, owner, rival, client_as
):
    """Issue 29: a bout still at its first turn said "the engine input hashed to ..." as if
    fought. Each state says what the digests cover."""
    bout, mine, theirs = running
    client = client_as(rival)
    first = _digests(client, bout)
    assert "No turn has been fought yet" in first and "input-digest" not in first

    order_submit(entrant=mine, by=owner, order={})
    order_submit(entrant=theirs, by=rival, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RUNNING
    after_one = _digests(client, bout)
    assert "So far, after turn 1" in after_one and bout.input_digest in after_one
    assert "When it was fought" not in after_one

    fought = bout_resolve(bout_id=due_bout.pk)
    decided = _digests(client, fought)
    assert "When it was fought" in decided and fought.log_digest in decided
