"""Ratings (issue 26): an OpenSkill rating per gladiator per rule set, moved by each decided
bout (duels, uneven teams, free-for-alls) and moved back exactly when a bout is voided. The
bouts are fought by the real engine; the seeds were picked for their results, which each test
checks first."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from arena.models import Rating, RatingChange
from arena.ratings import (
    MODEL,
    START,
    START_MU,
    START_SIGMA,
    Seat,
    Skill,
    rate,
    ratings_rebuild,
    ratings_update,
    sides_of,
)
from arena.void import bout_void
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def crixus(campaign, owner):
    return gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")


@pytest.fixture
def spartacus(campaign, rival):
    return gladiator_create(campaign=campaign, by=rival, name="Spartacus", kind="elf")


def skills() -> dict[str, tuple[float, float, float, int]]:
    """Every stored rating, by gladiator name: mu, sigma, ordinal, bouts."""
    return {
        r.gladiator.name: (r.mu, r.sigma, r.ordinal, r.bouts)
        for r in Rating.objects.select_related("gladiator")
    }


def history() -> list[tuple[int, str, float, float, float, float]]:
    return list(
        RatingChange.objects.order_by("id").values_list(
            "bout_id", "gladiator__name", "mu_before", "sigma_before", "mu", "sigma"
        )
    )


def places(bout) -> dict[str, int]:
    return {e.gladiator.name: e.place for e in bout.entrants.select_related("gladiator")}


def test_a_duel_moves_the_winner_up_and_the_loser_down_by_openskill(brutus, nox, fight):
    bout = fight([brutus, nox], seed=8)
    assert places(bout) == {"Brutus": 1, "Nox": 2}, "seed 8 should give Brutus the win"
    [[won], [lost]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert skills() == {
        "Brutus": (won.mu, won.sigma, won.ordinal(), 1),
        "Nox": (lost.mu, lost.sigma, lost.ordinal(), 1),
    }
    assert won.mu > START_MU > lost.mu and won.sigma < START_SIGMA
    assert history() == [
        (bout.pk, "Brutus", START_MU, START_SIGMA, won.mu, won.sigma),
        (bout.pk, "Nox", START_MU, START_SIGMA, lost.mu, lost.sigma),
    ]
    assert RatingChange.objects.get(gladiator=brutus).at == bout.resolved_at


def test_a_bout_rated_once_is_not_rated_again(brutus, nox, fight):
    bout = fight([brutus, nox], seed=8)
    before = (skills(), history())
    ratings_update(bout=bout)  # a second delivery of the same result
    assert (skills(), history()) == before


def test_an_uneven_team_bout_rates_the_pair_as_one_side(brutus, nox, crixus, fight):
    bout = fight([brutus, crixus, nox], seed=1, teams=["red", "red", "blue"])
    assert places(bout) == {"Brutus": 1, "Crixus": 1, "Nox": 3}, "seed 1: the pair wins"
    [[b, c], [n]] = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating()]], ranks=[1, 3])
    got = skills()
    assert got["Brutus"][:2] == (b.mu, b.sigma) and got["Crixus"][:2] == (c.mu, c.sigma)
    assert got["Nox"][:2] == (n.mu, n.sigma)
    assert n.mu < START_MU < b.mu


def test_a_free_for_all_orders_the_ratings_by_place(brutus, nox, crixus, spartacus, fight):
    bout = fight([brutus, crixus, spartacus, nox], seed=11)
    assert places(bout) == {"Brutus": 1, "Crixus": 2, "Spartacus": 3, "Nox": 4}
    got = skills()
    ordinals = [got[name][2] for name in ("Brutus", "Crixus", "Spartacus", "Nox")]
    assert ordinals == sorted(ordinals, reverse=True) and len(set(ordinals)) == 4
    assert RatingChange.objects.filter(bout=bout).count() == 4


def test_equal_places_are_a_tie_and_a_lone_side_rates_nothing():
    seats = [Seat(1, "", 1), Seat(2, "", 1), Seat(3, "red", 2), Seat(4, "red", 3)]
    assert sides_of(seats) == ([[1], [2], [3, 4]], [1, 1, 2])
    after = rate([[1], [2]], [1, 1], {1: START, 2: START})
    assert after[1] == after[2]  # a draw between equals moves neither apart
    assert after[1].mu == pytest.approx(START_MU) and after[1].sigma < START_SIGMA
    assert sides_of([Seat(1, "red", 1), Seat(2, "red", 2)]) == ([], [])
    assert sides_of([Seat(1, "", None), Seat(2, "", 1)]) == ([], [])


def test_voiding_the_last_bout_puts_the_ratings_back_exactly(brutus, nox, fight, gm):
    fight([brutus, nox], seed=8)
    before = (skills(), history())
    second = fight([brutus, nox], seed=10)
    assert places(second) == {"Brutus": 1, "Nox": 2}
    assert skills() != before[0]
    bout_void(bout=second, by=gm, reason="Fought in the wrong arena")
    assert (skills(), history()) == before


def test_voiding_an_earlier_bout_rates_the_later_ones_again(brutus, nox, crixus, fight, gm):
    """Crixus never met the voided bout, but his team bout was rated against the ratings it
    left behind: after the void he stands as if it had never been fought."""
    first = fight([brutus, nox], seed=8)
    second = fight([brutus, crixus, nox], seed=1, teams=["red", "red", "blue"])
    assert places(first) == {"Brutus": 1, "Nox": 2}
    assert places(second) == {"Brutus": 1, "Crixus": 1, "Nox": 3}
    crixus_before = skills()["Crixus"]

    bout_void(bout=first, by=gm, reason="The wrong arena was used")

    [[b, c], [n]] = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating()]], ranks=[1, 3])
    assert skills() == {
        "Brutus": (b.mu, b.sigma, b.ordinal(), 1),
        "Crixus": (c.mu, c.sigma, c.ordinal(), 1),
        "Nox": (n.mu, n.sigma, n.ordinal(), 1),
    }
    assert skills()["Crixus"] != crixus_before
    assert [row[:2] for row in history()] == [
        (second.pk, "Brutus"), (second.pk, "Crixus"), (second.pk, "Nox"),
    ]  # fmt: skip
    assert all(row[2:4] == (START_MU, START_SIGMA) for row in history())


def test_voiding_twice_undoes_once(brutus, nox, fight, gm):
    fight([brutus, nox], seed=8)
    second = fight([brutus, nox], seed=10)
    bout_void(bout=second, by=gm, reason="Fought in the wrong arena")
    after = (skills(), history())
    bout_void(bout=second, by=gm, reason="Fought in the wrong arena")
    assert (skills(), history()) == after


def test_a_rebuild_rates_the_stored_bouts_as_they_were_rated(
    campaign, brutus, nox, crixus, spartacus, fight, gm
):
    fight([brutus, nox], seed=8)
    voided = fight([brutus, nox], seed=10)
    fight([brutus, crixus, nox], seed=1, teams=["red", "red", "blue"])
    fight([brutus, crixus, spartacus, nox], seed=11)
    bout_void(bout=voided, by=gm, reason="Fought in the wrong arena")
    live = (skills(), [row[1:] for row in history()])

    assert ratings_rebuild(campaign_id=campaign.pk) == 3
    assert (skills(), [row[1:] for row in history()]) == live


def test_skill_ordinal_is_mu_less_three_sigma():
    assert Skill(30.0, 2.0).ordinal == 24.0
    assert START.ordinal == pytest.approx(0.0)


def test_the_command_rates_bouts_stored_before_ratings(campaign, brutus, nox, crixus, fight):
    fight([brutus, nox], seed=8)
    fight([brutus, crixus, nox], seed=1, teams=["red", "red", "blue"])
    live = (skills(), [row[1:] for row in history()])
    RatingChange.objects.all().delete()  # as if fought before ratings existed
    Rating.objects.all().delete()

    out = io.StringIO()
    call_command("ratings_rebuild", "--campaign", campaign.slug, stdout=out)

    assert out.getvalue() == f"{campaign.slug}: 2 bouts rated\n"
    assert (skills(), [row[1:] for row in history()]) == live


def test_the_command_names_a_campaign_it_does_not_know():
    with pytest.raises(CommandError, match="No campaign with the slug 'nowhere'"):
        call_command("ratings_rebuild", "--campaign", "nowhere")
