"""Find a fair fight: the opponents closest in rating, each pairing simulated by the worker as
an odds preview (never a bout's seed), ranked closest to even; a player for their own
gladiators only, and the asker's previews a minute bounding it."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from arena.models import BoutOdds, Rating
from arena.odds.fair_fight import (
    FAIR_FIGHT_CANDIDATES,
    FAIR_MARGIN,
    fair_fight_candidates,
    fair_fight_find,
)
from arena.odds.services import odds_compute, odds_seed
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def dwalin(campaign, owner):
    return gladiator_create(campaign=campaign, by=owner, name="Dwalin", kind="dwarf")


@pytest.fixture
def rivals(campaign, rival):
    """A dwarf as strong as Dwalin, and an orc a dwarf beats nearly every time."""
    thorin = gladiator_create(campaign=campaign, by=rival, name="Thorin", kind="dwarf")
    gruk = gladiator_create(campaign=campaign, by=rival, name="Gruk", kind="orc")
    return thorin, gruk


def simulate_all() -> None:
    """The worker's part, in the test's process: every question asked, simulated."""
    for row in BoutOdds.objects.filter(status=BoutOdds.Status.PENDING):
        assert odds_compute(odds_id=row.pk).status == BoutOdds.Status.DONE


def test_an_even_pair_ranks_above_a_lopsided_one(
    dwalin, rivals, owner, client_as, django_capture_on_commit_callbacks
):
    thorin, gruk = rivals
    client = client_as(owner)
    url = reverse("fair-fight", args=[dwalin.campaign.slug, dwalin.pk])
    with django_capture_on_commit_callbacks() as sent:
        asked = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    assert len(sent) == 2  # one question each to the simulations queue
    assert asked.count("being simulated") == 2 and 'hx-trigger="every 2s"' in asked
    for row in BoutOdds.objects.all():
        # The questions are the asker's own, seeded from their terms, with no bout behind them.
        assert row.asker == owner and row.bout is None and "seed" not in row.terms
        assert odds_seed(row.key) == int(row.key[:12], 16)
    simulate_all()

    even, lopsided = fair_fight_find(gladiator=dwalin, by=owner)
    assert (even.opponent, lopsided.opponent) == (thorin, gruk)
    assert even.gap <= FAIR_MARGIN and even.fair, (even.mine, even.theirs)
    print(
        f"Dwalin v Thorin {even.mine}%/{even.theirs}%, v Gruk {lopsided.mine}%/{lopsided.theirs}%"
    )
    assert lopsided.gap > FAIR_MARGIN and not lopsided.fair and lopsided.mine > lopsided.theirs
    with django_capture_on_commit_callbacks() as again:
        page = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    assert again == []  # known questions: nothing simulated twice
    assert "every 2s" not in page  # nothing left to wait for
    assert page.index("Thorin") < page.index("Gruk")
    assert f'<td data-label="Dwalin wins">{even.mine}%</td>' in page.replace('class="num" ', "")


def test_candidates_are_the_living_closest_in_rating_and_at_most_eight(campaign, owner, dwalin):
    others = [
        gladiator_create(campaign=campaign, by=owner, name=f"Rival {i}", kind="elf")
        for i in range(FAIR_FIGHT_CANDIDATES + 3)
    ]
    Rating.objects.create(gladiator=dwalin, ruleset=campaign.ruleset, mu=30, sigma=2, ordinal=24)
    for i, other in enumerate(others):  # Rival 0 is the closest, Rival 10 the farthest
        ordinal = 24 + (i + 1) * (-1 if i % 2 else 1)
        Rating.objects.create(
            gladiator=other, ruleset=campaign.ruleset, mu=ordinal + 6, sigma=2, ordinal=ordinal
        )
    Gladiator.objects.filter(pk=others[0].pk).update(status=Gladiator.Status.DEAD)
    chosen = fair_fight_candidates(gladiator=dwalin)
    assert chosen == others[1 : FAIR_FIGHT_CANDIDATES + 1]


def test_a_player_asks_for_their_own_gladiator_only(dwalin, rivals, gm, rival, outsider, client_as):
    url = reverse("fair-fight", args=[dwalin.campaign.slug, dwalin.pk])
    refused = client_as(rival).post(url)
    assert refused.status_code == 403
    assert "Only Dwalin's owner or the game master may do this." in html.unescape(
        refused.content.decode()
    )
    assert client_as(outsider).post(url).status_code == 404  # a private campaign
    assert not BoutOdds.objects.exists()
    assert client_as(gm).post(url).status_code == 200  # the GM, for anyone's
    assert BoutOdds.objects.filter(asker=gm).count() == 2


def test_too_many_questions_at_once_are_refused_in_words_and_none_sent(
    dwalin, rivals, owner, client_as, settings
):
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "odds_previews_per_minute": 1}
    url = reverse("fair-fight", args=[dwalin.campaign.slug, dwalin.pk])
    refused = client_as(owner).post(url, HTTP_HX_REQUEST="true")
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "These are 2 new line-ups to simulate, and the worker simulates 1 a minute" in text
    assert "Try again in" in text
    assert not BoutOdds.objects.exists()


def test_a_dead_gladiator_looks_for_no_fight(dwalin, rivals, owner, client_as):
    Gladiator.objects.filter(pk=dwalin.pk).update(status=Gladiator.Status.DEAD)
    url = reverse("fair-fight", args=[dwalin.campaign.slug, dwalin.pk])
    refused = client_as(owner).post(url)
    assert refused.status_code == 400
    assert "a dead or retired gladiator cannot fight" in refused.content.decode()
    assert not BoutOdds.objects.exists()


def test_the_api_proposes_the_same_and_says_when_to_ask_again(
    dwalin, rivals, owner, rival, api_as, settings
):
    thorin, _ = rivals
    url = reverse("api-gladiator-fair-fight", args=[dwalin.campaign.slug, dwalin.pk])
    client = api_as(owner)
    waiting = client.post(url)
    assert waiting.status_code == 202
    assert [p["status"] for p in waiting.json()["proposals"]] == ["pending", "pending"]
    simulate_all()
    done = client.post(url).json()
    assert done["margin"] == FAIR_MARGIN
    assert [(p["name"], p["fair"]) for p in done["proposals"]] == [
        ("Thorin", True),
        ("Gruk", False),
    ]
    assert api_as(rival).post(url).status_code == 403
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "odds_previews_per_minute": 1}
    refused = api_as(rival).post(
        reverse("api-gladiator-fair-fight", args=[thorin.campaign.slug, thorin.pk])
    )
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "These are 2 new line-ups to simulate" in refused.json()["detail"]
