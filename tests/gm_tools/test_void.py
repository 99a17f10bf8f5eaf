"""Voiding a fought bout (issue 13, GM tools): payouts reversed by compensating ledger lines,
the gladiators it killed restored, audited, visible on the bout page and in the ledger, the
log kept; idempotent and safe under concurrency."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from arena.bouts.void import bout_void
from arena.models import Bout
from campaign.models import AuditEntry
from campaign.notifications.models import Event
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_adjust

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(brutus, nox, fight):
    """Seed 7: one of Brutus and Nox wins and is paid, the other is killed."""
    bout = fight([brutus, nox], seed=7)
    dead = Gladiator.objects.get(pk__in=[brutus.pk, nox.pk], status=Gladiator.Status.DEAD)
    winner = Gladiator.objects.get(pk__in=[brutus.pk, nox.pk], status=Gladiator.Status.ACTIVE)
    assert dead.died_in_id == bout.pk
    assert winner.gold > 0 and winner.xp > 0 and winner.wins == 1
    return bout, winner, dead


def test_a_void_takes_the_payout_back_and_brings_the_dead_back(fought, gm):
    bout, winner, dead = fought
    log_before = bout.log
    lines_before = set(LedgerLine.objects.values_list("pk", flat=True))
    paid_gold, paid_xp = winner.gold, winner.xp

    bout_void(bout=bout, by=gm, reason="The wrong arena was used")

    bout.refresh_from_db()
    winner.refresh_from_db()
    dead.refresh_from_db()
    assert bout.status == Bout.Status.VOIDED
    assert (bout.voided_by, bout.void_reason) == (gm, "The wrong arena was used")
    assert bout.log == log_before  # the fight is kept as it happened
    assert (winner.gold, winner.xp, winner.wins, winner.bouts_fought) == (0, 0, 0, 0)
    assert dead.status == Gladiator.Status.ACTIVE
    assert (dead.died_in, dead.killed_by, dead.ended_at, dead.bouts_fought) == (None, "", None, 0)
    # Nothing deleted: the reward lines stay and a compensating line answers each.
    assert lines_before <= set(LedgerLine.objects.values_list("pk", flat=True))
    reversals = LedgerLine.objects.filter(bout=bout, cause=LedgerLine.Cause.VOID)
    assert sorted(reversals.values_list("currency", "amount")) == [
        ("gold", -paid_gold),
        ("xp", -paid_xp),
    ]
    assert {line.actor for line in reversals} == {gm}
    assert all("The wrong arena was used" in line.note for line in reversals)
    entry = AuditEntry.objects.get(action="bout.void")
    assert (entry.actor, entry.detail["bout"], entry.detail["reason"]) == (
        gm,
        bout.pk,
        "The wrong arena was used",
    )
    assert Event.objects.get(kind=Event.Kind.BOUT_VOIDED).data["bout"] == bout.pk


def test_voiding_twice_reverses_once(fought, gm):
    bout, winner, _ = fought
    bout_void(bout=bout, by=gm, reason="Rigged")
    again = bout_void(bout=bout, by=gm, reason="Rigged, again")
    assert again.status == Bout.Status.VOIDED and again.void_reason == "Rigged"
    assert LedgerLine.objects.filter(bout=bout, cause=LedgerLine.Cause.VOID).count() == 2
    winner.refresh_from_db()
    assert winner.gold == 0


def test_only_the_gm_voids_and_only_a_fought_bout_with_a_reason(due_bout, fought, owner, gm):
    bout, _, _ = fought
    with pytest.raises(NotAllowed):
        bout_void(bout=bout, by=owner, reason="I lost")
    with pytest.raises(LudusError, match="Say why"):
        bout_void(bout=bout, by=gm, reason="   ")
    with pytest.raises(LudusError, match="Only a bout that was fought"):
        bout_void(bout=due_bout, by=gm, reason="Too early")
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    assert not LedgerLine.objects.filter(cause=LedgerLine.Cause.VOID).exists()


def test_gold_already_spent_refuses_the_void_in_words_and_changes_nothing(fought, gm):
    bout, winner, dead = fought
    gladiator_adjust(gladiator=winner, currency="gold", amount=-winner.gold, reason="spent", by=gm)
    with pytest.raises(LudusError, match="cannot be voided yet"):
        bout_void(bout=bout, by=gm, reason="Rigged")
    bout.refresh_from_db()
    dead.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    assert dead.status == Gladiator.Status.DEAD
    assert not LedgerLine.objects.filter(cause=LedgerLine.Cause.VOID).exists()


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_voids_reverse_the_payout_once(brutus, nox, fight, gm):
    bout = fight([brutus, nox], seed=7)
    barrier = threading.Barrier(10)
    errors: list[BaseException] = []

    def void() -> None:
        try:
            barrier.wait(timeout=30)
            bout_void(bout=Bout.objects.get(pk=bout.pk), by=gm, reason="Rigged")
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=void) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert LedgerLine.objects.filter(bout=bout, cause=LedgerLine.Cause.VOID).count() == 2
    assert AuditEntry.objects.filter(action="bout.void").count() == 1
    assert Gladiator.objects.filter(status=Gladiator.Status.DEAD).count() == 0


def test_the_bout_page_and_the_ledger_show_the_void(fought, gm, rival, client_as):
    bout, winner, _ = fought
    bout_void(bout=bout, by=gm, reason="The wrong arena was used")
    page = client_as(rival).get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
    body = page.content.decode()
    assert 'id="voided-banner"' in body and "The wrong arena was used" in body
    assert "voided: taken back" in body
    assert 'id="void-button"' not in body
    sheet = client_as(rival).get(reverse("gladiator", args=[bout.campaign.slug, winner.pk]))
    assert "Bout voided" in sheet.content.decode()


def test_the_void_page_asks_first_and_the_post_voids(fought, gm, client_as):
    bout, _, _ = fought
    url = reverse("bout-void", args=[bout.campaign.slug, bout.pk])
    client = client_as(gm)
    asked = client.get(url)
    assert asked.status_code == 200
    body = asked.content.decode()
    assert f'action="{url}"' in body and 'name="reason"' in body
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED  # asking changes nothing
    done = client.post(url, {"reason": "Rigged"})
    assert done.status_code == 302
    bout.refresh_from_db()
    assert bout.status == Bout.Status.VOIDED


def test_the_void_api(fought, gm, owner, api_as):
    bout, _, _ = fought
    url = reverse("api-bout-void", args=[bout.campaign.slug, bout.pk])
    assert api_as(owner).post(url, {"reason": "I lost"}, format="json").status_code == 403
    missing = api_as(gm).post(url, {}, format="json")
    assert missing.status_code == 400 and "reason" in missing.json()
    done = api_as(gm).post(url, {"reason": "Rigged"}, format="json")
    assert done.status_code == 200
    assert (done.json()["status"], done.json()["void_reason"]) == ("voided", "Rigged")
    assert done.json()["voided_by"] == gm.username


def test_a_void_reads_as_a_void_on_every_page_and_in_the_api(fought, gm, rival, client_as, api_as):
    """Issue 29: the page said "<winner> wins", the dead showed "Killed", each payout showed
    twice (paid and taken back), and the career table listed the bout as a result."""
    bout, winner, dead = fought
    paid = sorted(bout.ledger.values_list("gladiator__name", "currency", "amount"))
    assert bout.winner == winner.name
    bout_void(bout=bout, by=gm, reason="The wrong arena was used")
    slug, client = bout.campaign.slug, client_as(rival)

    page = client.get(reverse("bout", args=[slug, bout.pk])).content.decode()
    result = page.split('id="bout-result"')[1].split("</section>")[0]
    assert "Void:" in result and "counts in no record" in result
    assert f"{winner.name}</strong> wins" not in page and "Killed" not in result
    assert 'id="standings"' not in result  # no places, no fates
    shown = result.split('id="payouts"')[1].split("</ul>")[0]
    assert shown.count("<li>") == len(paid) == 2  # once each, not paid and then taken back
    assert shown.count("voided: taken back") == len(paid)
    assert f"+{paid[0][2]} " in shown and "-" + str(paid[0][2]) not in shown

    career = client.get(reverse("gladiator", args=[slug, dead.pk])).content.decode()
    row = career.split(f"{bout.title}</a>")[1].split("</tr>")[0]
    assert "Void: no result" in row and "Killed" not in row

    history = client.get(reverse("bout-history", args=[slug])).content.decode()
    line = history.split(f">{bout.title}</a>")[1].split("</tr>")[0]
    assert "none: void" in line and winner.name not in line.split('data-label="Winner"')[1]
    killed = client.get(reverse("bout-history", args=[slug]), {"outcome": "killed"})
    assert bout.title not in killed.content.decode()

    standings = client.get(reverse("standings", args=[slug])).content.decode()
    winner_row = standings.split(f">{winner.name}</a>")[1].split("</tr>")[0]
    assert 'data-label="Bouts">0<' in winner_row

    answer = api_as(rival).get(reverse("api-bout", args=[slug, bout.pk])).json()
    assert (answer["void"], answer["winner"], answer["status"]) == (True, "", "voided")
    assert {(e["place"], e["fate"], e["defeated"]) for e in answer["entrants"]} == {(None, "", 0)}
    assert bout.log["result"]["standings"]  # the fight itself is kept as it happened
