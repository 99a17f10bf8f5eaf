"""The GM calls a knockout off: its bouts not yet fought are cancelled, nothing more is
scheduled, nobody is crowned; bouts already fought stand. Refused in words, changing nothing,
for a knockout that is over and for anyone but the GM; on the page and by API."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from arena.bouts.services import bout_resolve
from arena.models import Bout, Tournament
from arena.tournaments.services import (
    tournament_cancel,
    tournament_schedule_ready,
    tournaments_sweep,
)
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError, NotAllowed

from .conftest import fight_due, fight_to_the_end

pytestmark = pytest.mark.django_db


def bouts_of(tournament: Tournament):
    return Bout.objects.filter(tournament_match__tournament=tournament)


def test_cancelling_calls_off_the_bouts_not_fought_and_keeps_those_fought(knockout, eight, gm):
    tournament = knockout(eight)
    first = bouts_of(tournament).order_by("pk").first()
    bout_resolve(bout_id=first.pk)  # one quarter-final fought before the GM calls it off
    first.refresh_from_db()
    fought = first.status
    cancelled = tournament_cancel(tournament=tournament, by=gm, reason="The arena burned")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.champion is None
    assert cancelled == 3
    statuses = sorted(bouts_of(tournament).values_list("status", flat=True))
    assert statuses == sorted([fought, *[Bout.Status.CANCELLED] * 3])
    first.refresh_from_db()
    assert first.status == fought  # what was fought stays fought
    entry = AuditEntry.objects.get(action="tournament.cancel")
    assert entry.detail == {"tournament": tournament.pk, "bouts": 3, "reason": "The arena burned"}
    # Each bout says why it was called off in the audit trail.
    reasons = AuditEntry.objects.filter(action="bout.cancel").values_list("detail", flat=True)
    assert {r["reason"] for r in reasons} == {
        f"The knockout {tournament.title} was cancelled: The arena burned"
    }


def at_the_final(knockout, eight) -> tuple[Tournament, Bout]:
    """A four-gladiator knockout whose two semi-finals are fought and whose final is scheduled.
    The bouts' seeds are random: on a few in a hundred a semi-final's winner falls too and
    the final goes by walkover, with no bout; then a second knockout of the other four."""
    for four in (eight[:4], eight[4:]):
        tournament = knockout(four)
        fight_due(tournament)
        final = bouts_of(tournament).filter(status=Bout.Status.SCHEDULED).first()
        if final is not None:
            return tournament, final
    raise AssertionError("both knockouts' finals went by walkover")


def test_nothing_is_scheduled_nor_crowned_after_a_cancel(knockout, eight, gm):
    tournament, final = at_the_final(knockout, eight)
    tournament_cancel(tournament=tournament, by=gm)
    # A cancelled match's bout is normally fought again; not in a cancelled knockout.
    assert tournament_schedule_ready(tournament_id=tournament.pk) == 0
    assert tournaments_sweep() == 0
    assert bouts_of(tournament).filter(status=Bout.Status.SCHEDULED).count() == 0
    final.refresh_from_db()
    assert final.status == Bout.Status.CANCELLED
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.champion is None


def test_a_bout_settled_after_the_cancel_moves_nothing_on(knockout, eight, gm):
    """The worker was settling the final when the GM cancelled (its row was locked, so the
    cancel skipped it): it is fought, and the knockout stays cancelled with nobody crowned."""
    tournament, final = at_the_final(knockout, eight)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.CANCELLED)
    bout_resolve(bout_id=final.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.champion is None
    assert tournament.matches.get(bout=final).winner is None


@pytest.mark.parametrize("who", ["owner", "outsider"])
def test_only_the_gm_cancels_a_knockout(knockout, eight, request, who):
    tournament = knockout(eight[:4])
    with pytest.raises(NotAllowed):
        tournament_cancel(tournament=tournament, by=request.getfixturevalue(who))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert not bouts_of(tournament).filter(status=Bout.Status.CANCELLED).exists()


def test_a_finished_knockout_cannot_be_cancelled(knockout, eight, gm):
    tournament = knockout(eight[:4])
    fight_to_the_end(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    with pytest.raises(LudusError, match="Only a knockout still running can be cancelled"):
        tournament_cancel(tournament=tournament, by=gm)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion is not None


def test_the_gm_cancels_from_the_bracket_page_after_a_question(knockout, eight, gm, client_as):
    tournament = knockout(eight[:4])
    client = client_as(gm)
    page = client.get(reverse("tournament", args=[tournament.campaign.slug, tournament.pk]))
    url = reverse("tournament-cancel", args=[tournament.campaign.slug, tournament.pk])
    assert f'href="{url}"' in page.content.decode()
    question = client.get(url).content.decode()
    assert f"Cancel {tournament.title}?" in question and "Yes, cancel the knockout" in question
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # asking changes nothing
    response = client.post(url, {"reason": ""}, follow=True)
    body = response.content.decode()
    assert f"{tournament.title} is cancelled (2 bouts called off)." in body
    assert 'id="tournament-cancelled"' in body and "Cancel the knockout" not in body
    again = client.post(url)
    assert again.status_code == 400
    assert "Only a knockout still running can be cancelled" in again.content.decode()


def test_players_see_no_cancel_button_and_are_refused(knockout, eight, owner, client_as):
    tournament = knockout(eight[:4])
    page = client_as(owner).get(
        reverse("tournament", args=[tournament.campaign.slug, tournament.pk])
    )
    assert "Cancel the knockout" not in page.content.decode()
    url = reverse("tournament-cancel", args=[tournament.campaign.slug, tournament.pk])
    assert client_as(owner).post(url).status_code == 403
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_the_api_cancels_a_knockout_and_says_why_it_will_not(knockout, eight, gm, owner):
    tournament = knockout(eight[:4])
    url = reverse("api-tournament-cancel", args=[tournament.campaign.slug, tournament.pk])
    client = APIClient()
    client.force_authenticate(owner)
    assert client.post(url, {"reason": "mine"}, format="json").status_code == 403
    client.force_authenticate(gm)
    refused = client.post(url, {"reason": 7 * "x" * 100}, format="json")
    assert refused.status_code == 400 and "reason" in refused.json()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    done = client.post(url, {"reason": "Rain"}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "cancelled"
    assert client.post(url, {}, format="json").status_code == 400
