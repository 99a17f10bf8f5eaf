"""Groups then knockout as plain numbers: the snake draw, the group stage's length, and the
knockout's seeding by group place, then rating, then group order."""

from __future__ import annotations

import pytest

from arena.seasons.groups import group_stage_rounds, knockout_order, snake_groups


def test_the_snake_deals_the_seeds_evenly():
    assert snake_groups(8, 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert snake_groups(12, 4) == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]
    assert snake_groups(7, 2) == [[1, 4, 5], [2, 3, 6, 7]]


@pytest.mark.parametrize(("entrants", "groups"), [(4, 3), (5, 3), (6, 1)])
def test_a_group_of_one_is_refused(entrants, groups):
    with pytest.raises(ValueError, match="at least two"):
        snake_groups(entrants, groups)


def test_the_group_stage_lasts_as_its_largest_group():
    assert group_stage_rounds([3, 4]) == 3  # three plays three rounds (a bye each), four too
    assert group_stage_rounds([4, 5]) == 5
    assert group_stage_rounds([2, 2, 2]) == 1


def test_the_knockout_seeds_by_place_then_rating_then_group():
    places = [[11, 12, 13], [21, 22, 23], [31, 32, 33]]
    rating = {11: 5.0, 21: 9.0, 31: 5.0, 12: 1.0, 22: 2.0, 32: 3.0}
    assert knockout_order(places, 2, rating) == [21, 11, 31, 32, 22, 12]
    assert knockout_order(places, 1, {}) == [11, 21, 31]
