"""The season table: points by the season's rule, wins, draws, losses, byes as wins, form of
the last five, and ties broken by Median-Buchholz, then Buchholz, then seed."""

from __future__ import annotations

from arena.seasons.table import Points, Result, season_table


def rows_by_entry(rows):
    return {r.entry: r for r in rows}


def test_points_record_and_form():
    results = [
        Result(1, 1, 2, "first"),
        Result(1, 3, None, "bye", fought=False),
        Result(2, 1, 3, "draw"),
        Result(2, 2, None, "bye", fought=False),
        Result(3, 2, 3, "second"),
        Result(3, 1, None, "bye", fought=False),
        Result(4, 1, 2, "none"),  # a voided bout: counts for nobody
        Result(5, 1, 2, ""),  # still to be fought
    ]
    rows = season_table({1: 1, 2: 2, 3: 3}, results, Points(3, 1, 0))
    by = rows_by_entry(rows)
    assert (by[1].played, by[1].won, by[1].drawn, by[1].lost, by[1].points) == (3, 2, 1, 0, 7)
    assert (by[3].played, by[3].won, by[3].drawn, by[3].lost, by[3].points) == (3, 2, 1, 0, 7)
    assert (by[2].played, by[2].won, by[2].drawn, by[2].lost, by[2].points) == (3, 1, 0, 2, 3)
    assert by[1].form == ["W", "D", "B"] and by[2].form == ["L", "B", "L"]
    # 1 met 2 (3) and 3 (7); 3 met 1 (7) and 2 (3): equal Buchholz, so the seed decides.
    assert [r.entry for r in rows] == [1, 3, 2] and [r.rank for r in rows] == [1, 2, 3]
    assert by[1].buchholz == by[3].buchholz == 10


def test_form_keeps_the_last_five():
    results = [Result(n, 1, 2, "first" if n % 2 else "second") for n in range(1, 8)]
    by = rows_by_entry(season_table({1: 1, 2: 2}, results, Points()))
    assert by[1].form == ["W", "L", "W", "L", "W"] and by[1].played == 7


def test_a_forfeit_scores_but_its_opponent_counts_nothing_for_buchholz():
    results = [
        Result(1, 1, 2, "first", fought=False),  # 2 forfeited
        Result(1, 3, 4, "first"),
        Result(2, 1, 3, "second"),
        Result(2, 2, 4, "first"),
    ]
    by = rows_by_entry(season_table({1: 1, 2: 2, 3: 3, 4: 4}, results, Points(1, 0, 0)))
    assert by[1].points == 1 and by[1].buchholz == by[3].points == 2
    assert by[2].buchholz == by[4].points  # its forfeit loss to 1 counts 0


def test_median_buchholz_breaks_a_tie_before_buchholz():
    # 1 and 2 both on 2 points. 1 beat 5 (ends on 0) and 6 (1), lost to 7 (3); 2 beat 8 (0)
    # and 9 (2), lost to 10 (2): Buchholz 4 each, Median-Buchholz 1 against 2, so 2 ranks
    # above 1 despite its seed. 11 to 16 only lose, to give the others their scores.
    seeds = {e: e for e in range(1, 17)}
    results = [
        Result(1, 1, 5, "first"), Result(2, 1, 6, "first"), Result(3, 7, 1, "first"),
        Result(1, 2, 8, "first"), Result(2, 2, 9, "first"), Result(3, 10, 2, "first"),
        Result(1, 6, 13, "first"), Result(1, 7, 11, "first"), Result(2, 7, 12, "first"),
        Result(1, 9, 14, "first"), Result(2, 9, 15, "first"), Result(1, 10, 16, "first"),
    ]  # fmt: skip
    rows = season_table(seeds, results, Points(1, 0, 0))
    by = rows_by_entry(rows)
    assert by[1].points == by[2].points == 2
    assert (by[1].median_buchholz, by[1].buchholz) == (1, 4)
    assert (by[2].median_buchholz, by[2].buchholz) == (2, 4)
    order = [r.entry for r in rows]
    assert order.index(2) < order.index(1)
