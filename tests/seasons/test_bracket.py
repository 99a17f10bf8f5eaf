"""The bracket's arithmetic: sizes, the seed order, byes and where winners go."""

from __future__ import annotations

import pytest

from arena.seasons import bracket


@pytest.mark.parametrize(
    ("entrants", "size", "rounds"), [(2, 2, 1), (4, 4, 2), (5, 8, 3), (8, 8, 3), (9, 16, 4)]
)
def test_the_bracket_is_the_next_power_of_two(entrants, size, rounds):
    assert bracket.bracket_size(entrants) == size
    assert bracket.rounds_of(entrants) == rounds


def test_seed_order_keeps_the_top_two_apart_until_the_final():
    assert bracket.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = bracket.seed_order(16)
    assert sorted(order) == list(range(1, 17))
    assert 1 in order[:8] and 2 in order[8:]  # opposite halves
    # Every first-round pair adds up to the size plus one.
    assert {a + b for a, b in zip(order[::2], order[1::2], strict=True)} == {17}


@pytest.mark.parametrize("entrants", range(4, 33))
def test_byes_go_to_the_top_seeds_and_never_meet_each_other(entrants):
    pairs = bracket.first_round(entrants)
    byes = [top for top, bottom in pairs if bottom is None]
    size = bracket.bracket_size(entrants)
    assert sorted(byes) == list(range(1, size - entrants + 1))
    seeded = [s for pair in pairs for s in pair if s is not None]
    assert sorted(seeded) == list(range(1, entrants + 1))
    assert all(top is not None for top, _ in pairs)


def test_seven_entrants_give_the_top_seed_the_one_bye():
    assert bracket.first_round(7) == [(1, None), (4, 5), (2, 7), (3, 6)]


def test_a_winner_goes_to_half_its_slot_in_the_next_round():
    assert [bracket.next_match(s) for s in range(4)] == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_rounds_are_named_from_the_end():
    assert [bracket.round_name(r, 4) for r in (1, 2, 3, 4)] == [
        "Round 1", "Quarter-final", "Semi-final", "Final",
    ]  # fmt: skip


def test_the_random_seeding_is_the_seeds_alone():
    names = ["a", "b", "c", "d", "e", "f"]
    assert bracket.seeded_at_random(names, 5) == bracket.seeded_at_random(names, 5)
    draws = {tuple(bracket.seeded_at_random(names, seed)) for seed in range(50)}
    assert len(draws) > 20  # it does shuffle
    assert names == ["a", "b", "c", "d", "e", "f"]  # and leaves its input alone
