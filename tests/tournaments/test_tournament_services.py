"""Knockouts through the real services: the draw, byes, bouts scheduled round by round and
fought by the engine, winners carried forward by the settle path, the no-winner rule, and
repeats that change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.results import bout_fail
from arena.bouts.services import bout_cancel, bout_resolve
from arena.models import Bout, Tournament, TournamentMatch
from arena.tournaments.progress import tournament_bout_decided
from arena.tournaments.services import (
    tournament_create,
    tournament_schedule_ready,
    tournaments_sweep,
)
from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import adapter
from characters.models import Gladiator
from characters.services import gladiator_create, gladiator_retire
from tests.conftest import campaign_with

from .conftest import fight_due, fight_to_the_end

pytestmark = pytest.mark.django_db


def bouts_of(tournament: Tournament):
    return Bout.objects.filter(tournament_match__tournament=tournament)


def seeds_of(tournament: Tournament) -> list[str]:
    return [e.gladiator.name for e in tournament.entries.select_related("gladiator")]


def match(tournament: Tournament, round_number: int, slot: int) -> TournamentMatch:
    return TournamentMatch.objects.select_related(
        "first__gladiator", "second__gladiator", "winner__gladiator", "bout"
    ).get(tournament=tournament, round=round_number, slot=slot)


def test_eight_gladiators_fight_four_bouts_in_round_one(eight, knockout):
    tournament = knockout(eight)
    assert tournament.matches.count() == 7
    seeds = seeds_of(tournament)
    assert sorted(seeds) == sorted(g.name for g in eight)
    pairs = [
        {m.first.gladiator.name, m.second.gladiator.name}
        for m in tournament.matches.filter(round=1).select_related(
            "first__gladiator", "second__gladiator"
        )
    ]
    # 1 v 8, 4 v 5, 2 v 7, 3 v 6
    expected = [{seeds[a - 1], seeds[b - 1]} for a, b in [(1, 8), (4, 5), (2, 7), (3, 6)]]
    assert pairs == expected
    bouts = bouts_of(tournament)
    assert bouts.count() == 4
    assert set(bouts.values_list("status", flat=True)) == {Bout.Status.SCHEDULED}
    assert all(b.title.startswith(tournament.title + ": Quarter-final") for b in bouts)


def test_five_gladiators_give_three_byes_to_the_top_seeds(eight, knockout):
    tournament = knockout(eight[:5], round_minutes=30)
    seeds = seeds_of(tournament)
    byes = tournament.matches.filter(decided_by=TournamentMatch.Decided.BYE)
    assert sorted(m.winner.seed for m in byes) == [1, 2, 3]
    # Seed 1 waits for the winner of 4 v 5; seeds 2 and 3 meet at once in round two.
    assert match(tournament, 2, 0).first.gladiator.name == seeds[0]
    assert match(tournament, 2, 0).second is None
    second_round = match(tournament, 2, 1)
    assert {second_round.first.seed, second_round.second.seed} == {2, 3}
    assert second_round.bout is not None
    assert second_round.bout.scheduled_at == tournament.starts_at + timedelta(minutes=30)
    assert bouts_of(tournament).count() == 2


def test_a_knockout_is_fought_to_its_champion(eight, knockout):
    tournament = knockout(eight[:6])
    fight_to_the_end(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.finished_at is not None
    final = match(tournament, 3, 0)
    assert tournament.champion == final.winner.gladiator
    for m in tournament.matches.select_related("bout", "winner__gladiator", "first", "second"):
        assert m.winner is not None
        if m.decided_by == TournamentMatch.Decided.BOUT:
            assert m.bout.status == Bout.Status.RESOLVED
            # The rule set's placing decides (docs/tournaments.md): the named winner, or when
            # both fell and none is named, the one it placed better.
            places = dict(m.bout.entrants.values_list("gladiator__name", "place"))
            loser = next(e for e in m.sides if e != m.winner)
            assert places[m.winner.gladiator.name] < places[loser.gladiator.name]
            assert m.bout.winner in {m.winner.gladiator.name, ""}
        elif m.decided_by == TournamentMatch.Decided.NO_WINNER:  # a draw: rare in a duel
            assert m.winner.seed == min(m.first.seed, m.second.seed)
        elif m.decided_by == TournamentMatch.Decided.WALKOVER:  # a finalist who went on dead
            assert m.bout is None and not all(e.gladiator.is_active for e in m.sides)
        else:
            assert m.decided_by == TournamentMatch.Decided.BYE
    # Six entrants: seeds 1 and 2 have byes, 3 to 6 fight in round one; every match but the
    # byes had its bout or a walkover (one bout fewer than entrants, less the walkovers).
    assert tournament.matches.filter(decided_by=TournamentMatch.Decided.BYE).count() == 2
    walkovers = tournament.matches.filter(decided_by=TournamentMatch.Decided.WALKOVER).count()
    assert bouts_of(tournament).count() + walkovers == 5


def test_each_winner_meets_the_next_as_soon_as_both_are_known(eight, knockout):
    tournament = knockout(eight[:4])
    first, second = match(tournament, 1, 0), match(tournament, 1, 1)
    bout_resolve(bout_id=first.bout.pk)
    final = match(tournament, 2, 0)
    first.refresh_from_db()
    assert final.first == first.winner and final.second is None and final.bout is None
    bout_resolve(bout_id=second.bout.pk)
    tournament_schedule_ready(tournament_id=tournament.pk)
    final = match(tournament, 2, 0)
    assert final.second is not None
    finalists = [final.first.gladiator, final.second.gladiator]
    if not all(g.is_active for g in finalists):
        # A few bout seeds in a hundred: a semi-final where both fell sent its higher seed on
        # dead, and it loses the final by walkover, without a bout.
        assert final.bout is None and final.decided_by == TournamentMatch.Decided.WALKOVER
        return
    assert final.bout.status == Bout.Status.SCHEDULED
    assert {e.gladiator for e in final.bout.entrants.all()} == set(finalists)


def test_the_same_seed_draws_the_same_bracket(eight, knockout, campaign, gm):
    one = knockout(eight, seed=5)
    again = seeds_of(one)
    Tournament.objects.all().delete()
    Bout.objects.all().delete()
    assert seeds_of(knockout(eight, seed=5)) == again
    assert any(seeds_of(knockout(eight, seed=s)) != again for s in range(6, 10))


def test_seeding_by_standings_puts_the_most_wins_first(eight, knockout):
    for wins, gladiator in enumerate(eight):
        Gladiator.objects.filter(pk=gladiator.pk).update(wins=wins)
    tournament = knockout(eight, seeding=Tournament.Seeding.STANDINGS)
    assert seeds_of(tournament) == [g.name for g in reversed(eight)]


def test_settling_a_bout_twice_advances_its_winner_once(eight, knockout):
    tournament = knockout(eight[:4])
    bout = match(tournament, 1, 0).bout
    bout_resolve(bout_id=bout.pk)
    assert bout_resolve(bout_id=bout.pk) is None  # a duplicate message finds nothing to do
    bout.refresh_from_db()
    before = list(TournamentMatch.objects.values_list("pk", "first", "second", "winner", "bout"))
    tournament_bout_decided(bout=bout)  # the hook itself, run again
    tournament_schedule_ready(tournament_id=tournament.pk)
    tournament_schedule_ready(tournament_id=tournament.pk)
    after = list(TournamentMatch.objects.values_list("pk", "first", "second", "winner", "bout"))
    assert after == before
    assert bouts_of(tournament).count() == 2


def test_a_failed_bout_is_a_walkover_for_the_one_still_able_to_fight(eight, knockout):
    tournament = knockout(eight[:4])
    first = match(tournament, 1, 0)
    loser = first.first.gladiator  # the higher seed retires before the bout
    gladiator_retire(gladiator=loser, by=loser.owner)
    bout_resolve(bout_id=first.bout.pk)
    first = match(tournament, 1, 0)
    assert first.bout.status == Bout.Status.FAILED
    assert first.decided_by == TournamentMatch.Decided.WALKOVER
    assert first.winner == first.second


def test_a_failed_bout_with_both_fit_sends_the_higher_seed_on(eight, knockout):
    tournament = knockout(eight[:4])
    first = match(tournament, 1, 0)
    bout = Bout.objects.select_for_update().get(pk=first.bout.pk)
    bout_fail(bout=bout, engine_input=None, reason="the engine refused it")
    first = match(tournament, 1, 0)
    assert first.decided_by == TournamentMatch.Decided.NO_WINNER
    assert first.winner.seed == 1


def test_a_bout_with_no_winner_sends_the_higher_seed_on(gm, owner, rival):
    """Sudden Destruction for one round on a wide board: nobody is destroyed, the machines
    share first place, nobody wins; the higher seed goes on each time."""
    campaign = campaign_with(gm, (owner, rival), name="Alesia", ruleset="sudden-destruction")
    kinds = [t.slug for t in adapter(campaign.ruleset).types()]
    four = [
        gladiator_create(
            campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kinds[n % len(kinds)]
        )
        for n, name in enumerate(["Onager", "Ballista", "Scorpio", "Aries"])
    ]
    tournament = tournament_create(
        campaign=campaign,
        by=gm,
        gladiators=four,
        starts_at=timezone.now() - timedelta(seconds=1),
        options={"board": [26, 26], "max_rounds": 1},
        seed=3,
    )
    fight_to_the_end(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    for m in tournament.matches.select_related("bout", "winner", "first", "second"):
        assert m.bout.status == Bout.Status.RESOLVED and m.bout.winner == ""
        assert m.decided_by == TournamentMatch.Decided.NO_WINNER
        assert m.winner.seed == min(m.first.seed, m.second.seed)
    assert tournament.champion == tournament.entries.get(seed=1).gladiator


def test_the_better_placed_goes_on_when_the_winner_is_a_team(gm, owner, rival):
    """Arena of the Elders names the winning team, not a gladiator: the placing decides."""
    campaign = campaign_with(gm, (owner, rival), name="Pompeii", ruleset="arena-of-the-elders")
    kinds = [t.slug for t in adapter(campaign.ruleset).types()]
    four = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kinds[n])
        for n, name in enumerate(["Igni", "Aqua", "Terra", "Ventus"])
    ]
    tournament = tournament_create(
        campaign=campaign,
        by=gm,
        gladiators=four,
        starts_at=timezone.now() - timedelta(seconds=1),
        seed=3,
    )
    fight_to_the_end(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    for m in tournament.matches.select_related("bout", "winner__gladiator"):
        places = dict(m.bout.entrants.values_list("gladiator__name", "place"))
        if m.decided_by == TournamentMatch.Decided.BOUT:
            assert places[m.winner.gladiator.name] == min(places.values())
            assert m.bout.winner not in places  # a team's name
            assert len(set(places.values())) == 2
        else:
            assert m.decided_by == TournamentMatch.Decided.NO_WINNER
            assert len(set(places.values())) == 1


def test_a_cancelled_bout_is_scheduled_again(eight, knockout, gm):
    tournament = knockout(eight[:4])
    first = match(tournament, 1, 0)
    bout_cancel(bout=first.bout, by=gm, reason="rain")
    assert tournaments_sweep() == 1
    again = match(tournament, 1, 0)
    assert again.bout.pk != first.bout.pk
    assert again.bout.status == Bout.Status.SCHEDULED
    assert fight_due(tournament) >= 1


def test_a_gladiator_killed_before_its_next_round_loses_by_walkover(eight, knockout, owner):
    tournament = knockout(eight[:4])
    bout_resolve(bout_id=match(tournament, 1, 0).bout.pk)
    through = match(tournament, 2, 0).first.gladiator
    Gladiator.objects.filter(pk=through.pk).update(status=Gladiator.Status.DEAD)
    # The other semi-final ends without a fight (a fought one could kill its winner too, and
    # a final of two dead has no walkover): both are fit, so the higher seed goes through.
    semi = match(tournament, 1, 1).bout
    bout_fail(bout=semi, engine_input=None, reason="the arena flooded")
    tournament_schedule_ready(tournament_id=tournament.pk)
    final = match(tournament, 2, 0)
    tournament.refresh_from_db()
    assert final.bout is None
    assert final.decided_by == TournamentMatch.Decided.WALKOVER
    assert tournament.champion == final.second.gladiator
    assert tournament.status == Tournament.Status.FINISHED


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: {"gladiators": g[:3]}, "gladiators"),
        (lambda g: {"gladiators": [g[0], g[0], g[1], g[2]]}, "gladiators"),
        (lambda g: {"gladiators": g[:4], "seeding": "alphabetical"}, "seeding"),
        (lambda g: {"gladiators": g[:4], "round_minutes": -1}, "round_minutes"),
        (lambda g: {"gladiators": g[:4], "options": {"crowd": 3}}, "options"),
        (lambda g: {"gladiators": g[:4], "title": "x" * 500}, "title"),
        (
            lambda g: {"gladiators": g[:4], "starts_at": timezone.now() + timedelta(days=900)},
            "starts_at",
        ),
    ],
)
def test_bad_input_is_refused_in_words_and_changes_nothing(eight, knockout, change, field):
    with pytest.raises(LudusError) as refused:
        knockout(**change(eight))
    assert refused.value.field == field
    assert refused.value.message
    assert not Tournament.objects.exists() and not Bout.objects.exists()


def test_a_dead_gladiator_cannot_enter(eight, knockout):
    Gladiator.objects.filter(pk=eight[0].pk).update(status=Gladiator.Status.DEAD)
    with pytest.raises(LudusError, match="Aulus is dead"):
        knockout(eight[:4])


def test_only_the_gm_creates_a_knockout(eight, campaign, owner):
    with pytest.raises(NotAllowed):
        tournament_create(
            campaign=campaign, by=owner, gladiators=eight[:4], starts_at=timezone.now()
        )
    assert not Tournament.objects.exists()


def test_two_who_can_never_meet_leave_the_match_to_the_higher_seed(gm, owner, rival):
    """Two gladiators of one Elders champion cannot fight each other (each champion fights
    once): their match is decided at once by the no-winner rule, not retried for ever."""
    campaign = campaign_with(gm, (owner, rival), name="Pompeii", ruleset="arena-of-the-elders")
    kinds = {"Aulus": "ignis", "Brutus": "nyx", "Cassius": "brann", "Decimus": "ignis"}
    four = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kind)
        for n, (name, kind) in enumerate(kinds.items())
    ]
    tournament = tournament_create(
        campaign=campaign,
        by=gm,
        gladiators=four,
        seeding=Tournament.Seeding.STANDINGS,  # no wins yet: by name, Aulus first
        starts_at=timezone.now() - timedelta(seconds=1),
    )
    first = tournament.matches.get(round=1, first__gladiator__name="Aulus")
    assert first.second.gladiator.name == "Decimus" and first.bout is None
    assert first.decided_by == TournamentMatch.Decided.NO_WINNER
    assert first.winner.gladiator.name == "Aulus"
