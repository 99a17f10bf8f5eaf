"""Promotion and relegation as plain data: who goes up and down between divisions, ties
broken by the season's own tie-breaks, fewer entrants than the moves, an empty division, the
dead dropping out and newcomers entering the lowest division."""

from __future__ import annotations

from arena.seasons.promotion import Standing, Tier, propose, swaps
from arena.seasons.table import Points, Result, season_table


def table(*names: str, dead: tuple[str, ...] = ()) -> tuple[Standing, ...]:
    """A final table, best first; ids are the names' positions in the alphabet of the test."""
    return tuple(Standing(gladiator=ID[n], name=n, active=n not in dead) for n in names)


ID = {name: n for n, name in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ", start=1)}


def names(tier) -> list[tuple[str, str]]:
    return [(p.name, p.came) for p in tier.entrants]


def test_the_top_of_the_lower_go_up_and_the_bottom_of_the_upper_go_down():
    one = Tier(1, "Division I", moves=2, table=table("A", "B", "C", "D"))
    two = Tier(2, "Division II", moves=2, table=table("E", "F", "G", "H"))
    first, second = propose([one, two], newcomers=[])
    assert names(first) == [("A", ""), ("B", ""), ("E", "up"), ("F", "up")]
    assert names(second) == [("C", "down"), ("D", "down"), ("G", ""), ("H", "")]
    assert first.marks == {ID["A"]: "", ID["B"]: "", ID["C"]: "down", ID["D"]: "down"}
    assert second.marks == {ID["E"]: "up", ID["F"]: "up", ID["G"]: "", ID["H"]: ""}


def test_each_boundary_moves_its_upper_divisions_number():
    tiers = [
        Tier(1, "I", moves=1, table=table("A", "B", "C")),
        Tier(2, "II", moves=2, table=table("D", "E", "F", "G")),
        Tier(3, "III", moves=5, table=table("H", "I", "J", "K")),  # the lowest: moves nobody
    ]
    assert swaps(tiers) == [1, 2]
    one, two, three = propose(tiers, newcomers=[])
    assert names(one) == [("A", ""), ("B", ""), ("D", "up")]
    assert names(two) == [("C", "down"), ("E", ""), ("H", "up"), ("I", "up")]
    assert names(three) == [("F", "down"), ("G", "down"), ("J", ""), ("K", "")]


def test_ties_go_by_the_seasons_tie_breaks():
    """B and C finish level on points and Median-Buchholz; C won a forfeit, which counts 0
    to its Buchholz: B stays up, C goes down, although C was the higher seed."""
    seeds = {10: 1, 11: 3, 12: 2, 13: 4}  # A=10, B=11, C=12, D=13
    results = [
        Result(1, 10, 11, "first"),  # A beats B
        Result(1, 12, 13, "first", fought=False),  # D forfeits to C
        Result(2, 10, 12, "first"),  # A beats C
        Result(2, 11, 13, "first"),  # B beats D
        Result(3, 10, 13, "draw"),
        Result(3, 11, 12, "draw"),
    ]
    rows = season_table(seeds, results, Points())
    by_entry = {10: "A", 11: "B", 12: "C", 13: "D"}
    ranked = [by_entry[r.entry] for r in rows]
    assert ranked == ["A", "B", "C", "D"]
    assert [(r.points, r.median_buchholz, r.buchholz) for r in rows[1:3]] == [
        (4, 4, 12),
        (4, 4, 11),
    ]
    upper = Tier(1, "I", moves=2, table=table(*ranked))
    lower = Tier(2, "II", moves=2, table=table("E", "F", "G"))
    first, _ = propose([upper, lower], newcomers=[])
    assert first.marks[ID["B"]] == "" and first.marks[ID["C"]] == "down"


def test_fewer_entrants_than_the_moves_move_fewer_both_ways():
    one = Tier(1, "I", moves=3, table=table("A", "B", "C", "D", "E"))
    two = Tier(2, "II", moves=3, table=table("F", "G"))
    assert swaps([one, two]) == [2]
    first, second = propose([one, two], newcomers=[])
    assert names(first) == [("A", ""), ("B", ""), ("C", ""), ("F", "up"), ("G", "up")]
    assert names(second) == [("D", "down"), ("E", "down")]


def test_a_small_middle_division_never_sends_one_gladiator_both_ways():
    tiers = [
        Tier(1, "I", moves=2, table=table("A", "B", "C")),
        Tier(2, "II", moves=2, table=table("D", "E", "F")),  # two go up: one is left to go down
        Tier(3, "III", moves=2, table=table("G", "H", "I")),
    ]
    assert swaps(tiers) == [2, 1]
    _, two, three = propose(tiers, newcomers=[])
    assert two.marks == {ID["D"]: "up", ID["E"]: "up", ID["F"]: "down"}
    assert names(two) == [("B", "down"), ("C", "down"), ("G", "up")]
    assert names(three) == [("F", "down"), ("H", ""), ("I", "")]


def test_an_empty_division_moves_nobody_and_newcomers_enter_the_lowest():
    tiers = [
        Tier(1, "I", moves=2, table=table("A", "B")),
        Tier(2, "II", moves=2, table=()),  # no season yet
    ]
    assert swaps(tiers) == [0]
    newcomer = Standing(gladiator=ID["N"], name="N")
    first, second = propose(tiers, newcomers=[newcomer])
    assert names(first) == [("A", ""), ("B", "")]
    assert names(second) == [("N", "new")]
    assert second.marks == {}


def test_the_dead_drop_out_before_anyone_is_counted():
    one = Tier(1, "I", moves=1, table=table("A", "B", "C", dead=("C",)))  # last but dead
    two = Tier(2, "II", moves=1, table=table("D", "E", "F", dead=("D",)))  # first but dead
    first, second = propose([one, two], newcomers=[Standing(ID["N"], "N")])
    assert first.marks == {ID["A"]: "", ID["B"]: "down", ID["C"]: "out"}
    assert second.marks == {ID["D"]: "out", ID["E"]: "up", ID["F"]: ""}
    assert names(first) == [("A", ""), ("E", "up")]
    assert names(second) == [("B", "down"), ("F", ""), ("N", "new")]


def test_a_division_whose_every_gladiator_died_moves_nobody():
    one = Tier(1, "I", moves=2, table=table("A", "B", dead=("A", "B")))
    two = Tier(2, "II", moves=2, table=table("C", "D"))
    first, second = propose([one, two], newcomers=[])
    assert names(first) == [] and first.marks == {ID["A"]: "out", ID["B"]: "out"}
    assert names(second) == [("C", ""), ("D", "")]


def test_no_moves_keeps_everyone_where_they_are():
    one = Tier(1, "I", moves=0, table=table("A", "B"))
    two = Tier(2, "II", moves=0, table=table("C", "D"))
    first, second = propose([one, two], newcomers=[])
    assert names(first) == [("A", ""), ("B", "")] and names(second) == [("C", ""), ("D", "")]
