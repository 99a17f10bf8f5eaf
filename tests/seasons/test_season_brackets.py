"""Knockout and double elimination seasons through the real services: the bracket's matches
paired round by round from the results before, byes never fought, a dead gladiator forfeiting,
the grand final reset only after an upset, and the champion named when the season ends.
Outcomes the test needs are forced by forfeits (a gladiator killed before its round), never
read from the dice."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Season, SeasonFixture
from arena.seasons.elimination import GRAND_FINAL, RESET
from arena.seasons.results import season_fixtures, season_standings
from arena.seasons.services import season_open, season_round_play, season_winner
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.conftest import campaign_with

from .conftest import make_due, play_round

pytestmark = pytest.mark.django_db
Outcome = SeasonFixture.Outcome


def went_on(fixture: SeasonFixture) -> tuple[int, int]:
    """(winner's seed, loser's seed) by the bracket's rule: the side that won, else the
    higher seed."""
    a, b = fixture.first.seed, fixture.second.seed
    if fixture.result_outcome == Outcome.FIRST:
        return a, b
    if fixture.result_outcome == Outcome.SECOND:
        return b, a
    return min(a, b), max(a, b)


def kill(season: Season, seed: int) -> None:
    """Seed `seed` dies; every other entrant is fit, whatever its bouts did to it, so that who
    goes on depends on this death alone, not on the dice's."""
    entrants = Gladiator.objects.filter(season_entries__season=season)
    entrants.update(status=Gladiator.Status.ACTIVE)
    entrants.filter(season_entries__seed=seed).update(status=Gladiator.Status.DEAD)


def test_a_knockout_season_byes_the_top_seeds_and_crowns_a_champion(stable, open_season):
    season = open_season(stable(5), format=Season.Format.KNOCKOUT, round_days=1)
    assert season.rounds == 3
    assert play_round(season) == 1  # 4 against 5; seeds 1, 2 and 3 have byes, no fixture
    (first,) = season_fixtures(season)
    assert (first.match, first.first.seed, first.second.seed) == ("W1.2", 4, 5)
    assert play_round(season) == 2
    semis = season_fixtures(season)[1:]
    assert [(f.match, f.first.seed, f.second.seed) for f in semis] == [
        ("W2.1", 1, went_on(first)[0]),
        ("W2.2", 2, 3),
    ]
    assert play_round(season) == 1
    final = season_fixtures(season)[-1]
    assert (final.match, final.first.seed, final.second.seed) == (
        "W3.1",
        went_on(semis[0])[0],
        went_on(semis[1])[0],
    )
    assert season.status == Season.Status.FINISHED
    champion = season_winner(season)
    assert champion.seed == went_on(final)[0]
    audit = AuditEntry.objects.get(action="season.finish")
    assert audit.detail["winner"] == champion.gladiator.name


def test_a_double_elimination_season_puts_everyone_out_after_two_losses(stable, open_season):
    season = open_season(stable(4), format=Season.Format.DOUBLE_ELIMINATION, round_days=1)
    assert season.rounds == 5  # the reset's round counted
    for _ in range(5):
        play_round(season)
        if season.status == Season.Status.FINISHED:
            break
    assert season.status == Season.Status.FINISHED
    fixtures = season_fixtures(season)
    keys = [f.match for f in fixtures]
    assert keys[:6] == ["W1.1", "W1.2", "W2.1", "L1.1", "L2.1", GRAND_FINAL]
    losses = Counter(went_on(f)[1] for f in fixtures)
    champion = season_winner(season).seed
    assert champion not in losses or losses[champion] == 1
    assert sorted(s for s, n in losses.items() if n == 2) == sorted({1, 2, 3, 4} - {champion})
    assert len(fixtures) in (6, 7) and (len(fixtures) == 7) == (RESET in keys)


def test_the_grand_final_is_reset_after_an_upset(stable, open_season):
    season = open_season(stable(4), format=Season.Format.DOUBLE_ELIMINATION, round_days=1)
    for _ in range(3):
        play_round(season)
    finalists = {f.match: went_on(f)[0] for f in season_fixtures(season)}
    kill(season, finalists["W2.1"])  # the winners' champion forfeits the grand final
    play_round(season)
    (final,) = [f for f in season_fixtures(season) if f.match == GRAND_FINAL]
    assert (final.outcome, final.result_outcome) == (Outcome.SECOND, Outcome.SECOND)
    assert "is dead." in final.forfeit
    assert season.status == Season.Status.RUNNING  # the reset is still to come
    play_round(season)
    (reset,) = [f for f in season_fixtures(season) if f.match == RESET]
    assert (reset.first.seed, reset.second.seed) == (finalists["L2.1"], finalists["W2.1"])
    assert reset.outcome == Outcome.FIRST
    assert season.status == Season.Status.FINISHED
    assert season_winner(season).seed == finalists["L2.1"]


def test_no_reset_when_the_winners_champion_wins_the_final(stable, open_season):
    season = open_season(stable(4), format=Season.Format.DOUBLE_ELIMINATION, round_days=1)
    for _ in range(3):
        play_round(season)
    finalists = {f.match: went_on(f)[0] for f in season_fixtures(season)}
    kill(season, finalists["L2.1"])
    play_round(season)
    assert season.status == Season.Status.RUNNING and season.rounds_played == 4
    make_due(season)
    assert season_round_play(season_id=season.pk) == 0  # nothing left: the season ends
    season.refresh_from_db()
    assert (season.rounds, season.next_round_at) == (4, None)
    play_round(season)
    assert season.status == Season.Status.FINISHED
    assert RESET not in [f.match for f in season_fixtures(season)]
    assert season_winner(season).seed == finalists["W2.1"]


def test_the_rule_set_limits_a_bracket_season_in_words(stable, open_season, gm, owner, rival):
    three = stable(3)
    with pytest.raises(LudusError) as refused:
        open_season(three, format=Season.Format.KNOCKOUT)
    assert refused.value.message == (
        "A single elimination season of GladiatorQuest takes 4 to 64 gladiators, not 3."
    )
    assert refused.value.field == "gladiators"
    assert open_season(three, format=Season.Format.SWISS, rounds=2).rounds == 2
    g101 = campaign_with(gm, (owner, rival), name="Capua games", ruleset="gladiator-101")
    nine = [
        gladiator_create(
            campaign=g101, by=(owner, rival)[n % 2], name=f"Pugil {n}", kind="gladiator"
        )
        for n in range(9)
    ]
    opening = {"title": "Games", "first_round_at": timezone.now() + timedelta(hours=1)}
    with pytest.raises(LudusError, match="Gladiator 101 takes 4 to 8 gladiators, not 9"):
        season_open(campaign=g101, by=gm, gladiators=nine, format="knockout", **opening)
    with pytest.raises(LudusError) as refused:
        season_open(campaign=g101, by=gm, gladiators=nine[:8], format="double_elim", **opening)
    assert refused.value.message == "Gladiator 101 plays no double elimination season."
    with pytest.raises(LudusError, match="Gladiator 101 plays no groups then knockout season"):
        season_open(
            campaign=g101, by=gm, gladiators=nine[:8], format="groups_ko", groups=2, advance=2,
            **opening,
        )  # fmt: skip
    assert refused.value.field == "format"
    assert Season.objects.filter(campaign=g101).count() == 0
    season = season_open(campaign=g101, by=gm, gladiators=nine[:8], format="knockout", **opening)
    assert season.rounds == 3


def test_groups_then_knockout_seeds_the_bracket_by_group_place(stable, open_season):
    season = open_season(stable(8), format=Season.Format.GROUPS, groups=2, advance=2, round_days=1)
    assert season.rounds == 3 + 2  # a group of four plays three rounds; a bracket of four, two
    groups = dict(season.entries.values_list("seed", "group"))
    assert groups == {1: 1, 4: 1, 5: 1, 8: 1, 2: 2, 3: 2, 6: 2, 7: 2}  # the snake draw
    assert season.fixtures.count() == 12 and all(
        groups[f.first.seed] == groups[f.second.seed] for f in season.fixtures.all()
    )
    for _ in range(3):
        play_round(season)
    assert not season.entries.filter(knockout_seed__isnull=False).exists()
    # Only group fixtures so far: the table, read group by group, is each group's.
    table = {}
    for _, entry in season_standings(season):
        table.setdefault(entry.group, []).append(entry)  # best first within each group
    play_round(season)
    seeded = {e.knockout_seed: e for e in season.entries.filter(knockout_seed__isnull=False)}
    assert sorted(seeded) == [1, 2, 3, 4]
    assert {seeded[1].pk, seeded[2].pk} == {table[1][0].pk, table[2][0].pk}  # winners first
    assert {seeded[3].pk, seeded[4].pk} == {table[1][1].pk, table[2][1].pk}
    semis = [f for f in season_fixtures(season) if f.round == 4]
    assert [(f.match, f.first.knockout_seed, f.second.knockout_seed) for f in semis] == [
        ("W1.1", 1, 4),
        ("W1.2", 2, 3),
    ]
    play_round(season)
    assert season.status == Season.Status.FINISHED
    (final,) = [f for f in season_fixtures(season) if f.match == "W2.1"]
    champion = season_winner(season)
    assert champion.pk in (final.first_id, final.second_id)
    assert champion.knockout_seed == went_on_knockout(final)


def went_on_knockout(fixture: SeasonFixture) -> int:
    a, b = fixture.first.knockout_seed, fixture.second.knockout_seed
    if fixture.result_outcome == Outcome.FIRST:
        return a
    if fixture.result_outcome == Outcome.SECOND:
        return b
    return min(a, b)


@pytest.mark.parametrize(
    ("groups", "advance", "message"),
    [
        (None, 2, "needs its number of groups"),
        (5, 1, "8 gladiators make 2 to 4 groups of two or more, not 5."),
        (2, 4, "With groups of 4, 1 to 3 of each go through, not 4."),
    ],
)
def test_groups_then_knockout_refuses_bad_groups_in_words(
    stable, open_season, groups, advance, message
):
    with pytest.raises(LudusError, match=message):
        open_season(stable(8), format=Season.Format.GROUPS, groups=groups, advance=advance)
    assert not Season.objects.exists()
