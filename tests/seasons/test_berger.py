"""Round robin by Berger tables: FIDE's published tables (Handbook C.05, Annex 1) for 4 and 6,
every pair once for 4, 5 and 6, one bye a round for an odd count, and the double round robin."""

from __future__ import annotations

import itertools

import pytest

from arena.seasons.berger import berger_rounds, double_berger_rounds

# FIDE Handbook C.05 (General regulations for competitions), Annex 1: Berger tables.
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def test_four_and_six_are_fides_tables():
    assert berger_rounds(4) == FIDE_4
    assert berger_rounds(6) == FIDE_6


def test_five_is_six_with_the_sixth_as_the_bye():
    expected = [[(a, b) if 6 not in (a, b) else (a if b == 6 else b, None) for a, b in r]
                for r in FIDE_6]  # fmt: skip
    assert berger_rounds(5) == expected


@pytest.mark.parametrize("entrants", [4, 5, 6])
def test_every_pair_meets_once_and_everyone_plays_each_round(entrants):
    rounds = berger_rounds(entrants)
    assert len(rounds) == entrants - 1 + entrants % 2
    met = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(range(1, entrants + 1), 2)), key=sorted
    )
    for r in rounds:
        seen = [s for p in r for s in p if s is not None]
        assert sorted(seen) == list(range(1, entrants + 1))
        byes = [p for p in r if p[1] is None]
        assert len(byes) == entrants % 2


def test_an_odd_count_gives_everyone_one_bye():
    byes = [p[0] for r in berger_rounds(5) for p in r if p[1] is None]
    assert sorted(byes) == [1, 2, 3, 4, 5]


def test_the_double_round_robin_repeats_with_sides_swapped():
    rounds = double_berger_rounds(4)
    assert rounds[:3] == FIDE_4
    assert rounds[3:] == [[(4, 1), (3, 2)], [(3, 4), (2, 1)], [(4, 2), (1, 3)]]


def test_fewer_than_two_is_refused():
    with pytest.raises(ValueError, match="at least two"):
        berger_rounds(1)
