"""Swiss pairing and its tie-breaks: FIDE's first-round rule (top half against bottom half),
score groups, no rematch over a whole season, the bye to the lowest ranked without one, and
Median-Buchholz and Buchholz against a published worked example."""

from __future__ import annotations

import random

from arena.seasons.swiss import swiss_pair
from arena.seasons.table import Points, Result, buchholz, season_table


def test_round_one_pairs_the_top_half_with_the_bottom_half():
    # FIDE Handbook C.04.3 (Dutch system), round one: S1 against S2 in rank order.
    ranked = list(range(1, 9))
    pairing = swiss_pair(ranked, dict.fromkeys(ranked, 0), set(), set())
    assert pairing.pairs == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert pairing.bye is None and pairing.unpaired == []


def test_round_two_pairs_within_score_groups():
    # After 1-5, 2-6, 3-7, 4-8 all won by the top half: {1,2,3,4} on 1, {5,6,7,8} on 0.
    ranked = list(range(1, 9))
    scores = {e: int(e <= 4) for e in ranked}
    met = {frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}
    pairing = swiss_pair(ranked, scores, met, set())
    assert pairing.pairs == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_an_odd_group_floats_its_lowest_down():
    ranked = [1, 2, 3, 4, 5, 6]
    scores = {1: 2, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}
    pairing = swiss_pair(ranked, scores, set(), set())
    # 1 and 2 meet in the top group... of three, one must float down to meet a 0 scorer.
    pairs = {frozenset(p) for p in pairing.pairs}
    assert sum(scores[a] != scores[b] for a, b in pairing.pairs) == 1
    assert len(pairs) == 3


def test_the_bye_goes_to_the_lowest_ranked_without_one():
    ranked = [1, 2, 3, 4, 5]
    scores = dict.fromkeys(ranked, 0)
    assert swiss_pair(ranked, scores, set(), set()).bye == 5
    assert swiss_pair(ranked, scores, set(), {5}).bye == 4
    assert swiss_pair(ranked, scores, set(), {5, 4, 3, 2, 1}).bye == 5


def test_the_bye_skips_one_whose_absence_would_force_a_rematch():
    # 5 had the bye; 4 is next, but without 4 entrant 1 (who met 2, 3 and 5) has nobody
    # left: the bye goes up to 3, the lowest ranked whose absence leaves a complete pairing.
    ranked = [1, 2, 3, 4, 5]
    met = {frozenset(p) for p in [(1, 2), (1, 3), (1, 5)]}
    pairing = swiss_pair(ranked, dict.fromkeys(ranked, 0), met, {5})
    assert pairing.bye == 3 and pairing.unpaired == []
    assert pairing.pairs == [(1, 4), (2, 5)]
    assert not {frozenset(p) for p in pairing.pairs} & met


def test_a_whole_season_has_no_rematch_and_each_bye_once():
    """Nine entrants, eight rounds, results at random (a fixed seed): every round paired
    completely, never a rematch, never a second bye while someone has none."""
    rng = random.Random(26)
    entrants = list(range(1, 10))
    seeds = {e: e for e in entrants}
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, 9):
        table = season_table(seeds, results, Points(2, 1, 0))
        ranked = [row.entry for row in table]
        pairing = swiss_pair(ranked, {r.entry: r.points for r in table}, met, set(byes))
        assert pairing.unpaired == []
        assert pairing.bye not in byes
        byes.append(pairing.bye)
        results.append(Result(number, pairing.bye, None, "bye", fought=False))
        for a, b in pairing.pairs:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            results.append(Result(number, a, b, rng.choice(["first", "second", "draw"])))
    assert len(met) == 8 * 4 and len(set(byes)) == 8


def test_median_buchholz_and_buchholz_of_the_published_example():
    # The worked example of Median-Buchholz, as Challonge ranks Swiss ties (its blog, February
    # 2010: "the best and worst scores discarded"; gist Rapptz/197c80162358d1196145): P1's six
    # opponents scored 4, 2, 3, 4, 5, 6 -> 16 (without the 6 and the 2); P2's 5, 4, 2, 6, 4, 5.
    assert buchholz([4, 2, 3, 4, 5, 6]) == (16, 24)
    assert buchholz([5, 4, 2, 6, 4, 5]) == (18, 26)
    assert buchholz([3, 1]) == (0, 4)
    assert buchholz([]) == (0, 0)
