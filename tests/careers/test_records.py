"""Who beat whom, from the places alone (arena/careers/records.py): plain data, no database."""

from __future__ import annotations

from datetime import UTC, datetime

from arena.careers.records import (
    Seat,
    by_bout,
    career_days,
    head_to_head,
    longest_streaks,
    outcome,
    won_bout,
)


def bout(n: int, *places: tuple[int, int | None], teams: dict[int, str] | None = None):
    """Seats of bout `n`: (gladiator id, place) pairs, each on its own side unless `teams`."""
    teams = teams or {}
    return [Seat(n, gid, teams.get(gid, ""), place) for gid, place in places]


def test_a_better_place_wins_the_same_place_draws_no_place_loses():
    first, second, unplaced = Seat(1, 1, "", 1), Seat(1, 2, "", 2), Seat(1, 3, "", None)
    assert outcome(first, second) == "won"
    assert outcome(second, first) == "lost"
    assert outcome(second, unplaced) == "won"
    assert outcome(unplaced, first) == "lost"
    assert outcome(Seat(1, 4, "", 2), second) == "drawn"
    assert outcome(unplaced, Seat(1, 5, "", None)) == "drawn"


def test_head_to_head_counts_each_opponent_most_met_first():
    bouts = [
        bout(1, (10, 1), (20, 2)),
        bout(2, (10, 2), (20, 1)),
        bout(3, (10, 1), (30, 2)),
        bout(4, (10, 1), (20, 1)),  # a draw at the top
        bout(5, (20, 1), (30, 2)),  # 10 was not there
    ]
    rows = head_to_head(10, bouts)
    assert [(m.opponent_id, m.met, m.won, m.drawn, m.lost, m.last_bout_id) for m in rows] == [
        (20, 3, 1, 1, 1, 4),
        (30, 1, 1, 0, 0, 3),
    ]


def test_team_mates_are_not_opponents():
    seats = bout(
        1, (1, 1), (2, 1), (3, 2), (4, 2), teams={1: "red", 2: "red", 3: "blue", 4: "blue"}
    )
    rows = head_to_head(1, [seats])
    assert sorted(m.opponent_id for m in rows) == [3, 4]
    assert all(m.won == 1 for m in rows)


def test_a_draw_at_the_top_is_no_win():
    drawn = bout(1, (1, 1), (2, 1))
    assert not won_bout(drawn[0], drawn)
    won = bout(2, (1, 1), (2, 2))
    assert won_bout(won[0], won) and not won_bout(won[1], won)


def test_the_longest_streak_is_kept_after_it_ends_and_marked_while_it_runs():
    bouts = [
        bout(1, (1, 1), (2, 2)),
        bout(2, (1, 1), (3, 2)),
        bout(3, (1, 1), (2, 2)),
        bout(4, (1, 2), (2, 1)),  # 1's run of three ends; 2 starts one
        bout(5, (2, 1), (3, 2)),
        bout(6, (1, 1), (3, 1)),  # a draw: no win for either
    ]
    streaks = {s.gladiator_id: s for s in longest_streaks(bouts)}
    assert (streaks[1].length, streaks[1].running) == (3, False)
    assert (streaks[2].length, streaks[2].running) == (2, True)
    assert 3 not in streaks
    assert [s.gladiator_id for s in longest_streaks(bouts)] == [1, 2]


def test_seats_are_grouped_by_bout_in_order():
    seats = [Seat(7, 1, "", 1), Seat(7, 2, "", 2), Seat(3, 1, "", 2), Seat(3, 2, "", 1)]
    assert [[s.bout_id for s in group] for group in by_bout(seats)] == [[7, 7], [3, 3]]


def test_career_days_run_to_the_end_or_to_now():
    born = datetime(2026, 1, 1, tzinfo=UTC)
    assert (
        career_days(born, datetime(2026, 1, 11, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)) == 10
    )
    assert career_days(born, None, datetime(2026, 2, 1, tzinfo=UTC)) == 31
