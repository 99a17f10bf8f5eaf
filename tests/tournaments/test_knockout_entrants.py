"""Each rule set's own limits on a knockout's entrants. Gladiator 101: "4-8 players compete in
tournament with only survivor" (gladiator-101.txt, its first line); the others take 4 to 64."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout, Tournament
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db

REFUSED = "A knockout of Gladiator 101 takes 4 to 8 gladiators; 9 were given."


@pytest.fixture
def schola(gm, owner, rival):
    return campaign_with(gm, (owner, rival), name="Schola", ruleset="gladiator-101")


@pytest.fixture
def nine(schola, owner, rival):
    return [
        gladiator_create(
            campaign=schola, by=(owner, rival)[n % 2], name=f"Pugil {n}", kind="gladiator"
        )
        for n in range(9)
    ]


def form_data(gladiators) -> dict:
    return {
        "title": "Ludi Plebeii",
        "starts_at": (timezone.now() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
        "seeding": "random",
        "gladiators": [str(g.pk) for g in gladiators],
    }


def test_the_form_says_a_gladiator_101_knockout_takes_4_to_8(schola, gm, client_as):
    page = client_as(gm).get(reverse("tournament-new", args=[schola.slug]))
    assert page.status_code == 200
    assert b"4 to 8. When the count is not a power of two" in page.content


def test_eight_gladiators_fight_a_gladiator_101_knockout(schola, gm, nine, client_as):
    """'4-8 players compete in tournament': eight, the most, are drawn in three rounds."""
    response = client_as(gm).post(
        reverse("tournament-new", args=[schola.slug]), form_data(nine[:8])
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.entries.count() == 8
    assert Bout.objects.filter(tournament_match__tournament=tournament).count() == 4


def test_nine_are_refused_in_words_on_the_page(schola, gm, nine, client_as):
    """'4-8 players compete in tournament': a ninth is one too many, and nothing is drawn."""
    response = client_as(gm).post(reverse("tournament-new", args=[schola.slug]), form_data(nine))
    assert response.status_code == 400
    assert REFUSED.encode() in response.content
    assert not Tournament.objects.exists() and not Bout.objects.exists()


def test_nine_are_refused_in_words_by_the_api(schola, gm, nine, api_as):
    body = {"starts_at": timezone.now().isoformat(), "gladiators": [g.pk for g in nine]}
    response = api_as(gm).post(reverse("api-tournaments", args=[schola.slug]), body, format="json")
    assert response.status_code == 400
    assert REFUSED in str(response.json()["gladiators"])
    assert not Tournament.objects.exists() and not Bout.objects.exists()


def test_three_are_refused_too(schola, gm, nine, api_as):
    body = {"starts_at": timezone.now().isoformat(), "gladiators": [g.pk for g in nine[:3]]}
    response = api_as(gm).post(reverse("api-tournaments", args=[schola.slug]), body, format="json")
    assert response.status_code == 400
    assert "gladiators" in response.json()
    assert not Tournament.objects.exists()


def test_a_rule_set_without_limits_of_its_own_still_takes_nine(campaign, gm, client_as, owner):
    """GladiatorQuest names no limits: its knockout takes 4 to 64, nine among them."""
    gladiators = [
        gladiator_create(campaign=campaign, by=owner, name=f"Miles {n}", kind="barbarian")
        for n in range(9)
    ]
    response = client_as(gm).post(
        reverse("tournament-new", args=[campaign.slug]), form_data(gladiators)
    )
    assert response.status_code == 302
    assert Tournament.objects.get().entries.count() == 9
