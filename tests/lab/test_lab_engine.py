"""The engine's balance lab (arena/engine/lab/): builds, seeded cells, the Wilson interval and
the files, without Django."""

from __future__ import annotations

import csv
import io

import pytest

from arena.engine import campaign_rulesets, ruleset
from arena.engine.core.protocol import Fate
from arena.engine.core.ruleset import play_with
from arena.engine.lab import (
    Cell,
    LabSpec,
    bout_seed,
    cell_fight,
    fight,
    to_csv,
    to_json,
    to_markdown,
    wilson,
)
from arena.engine.lab.duel import bout_input
from arena.engine.lab.pool import fight_matrix


def spec(slug: str, bouts: int = 20, seed: int = 3) -> LabSpec:
    rules = ruleset(slug)
    return LabSpec(rules, rules.campaign.clean_options({}, by_tactics=True), bouts, seed)


def builds(slug: str) -> dict:
    return {b.key: b for b in ruleset(slug).campaign.lab_builds()}


@pytest.mark.parametrize("rules", campaign_rulesets(), ids=lambda r: r.slug)
def test_every_rule_sets_lab_builds_are_legal_gladiators(rules):
    adapter = rules.campaign
    listed = adapter.lab_builds()
    assert listed, "every rule set with a campaign adapter joins the lab"
    assert len({b.key for b in listed}) == len(listed)
    for b in listed:
        assert adapter.build_problems(b.kind, b.build) == [], b
        assert adapter.equipment_problems(b.kind, b.build, b.equipment) == [], b


@pytest.mark.parametrize("rules", campaign_rulesets(), ids=lambda r: r.slug)
def test_every_rule_set_offers_at_least_two_lab_builds_and_a_small_run_completes(rules):
    """A matrix compares builds: with fewer than two, the lab has nothing to compare. Each
    build fights the next in the list (the last the first), as A and as B, so every build
    is fought both ways; a cell counts every bout it was given."""
    listed = rules.campaign.lab_builds()
    assert len(listed) >= 2, f"{rules.slug} offers {len(listed)} lab builds"
    s = spec(rules.slug, bouts=2, seed=11)
    cells = [cell_fight(s, a, b) for a, b in zip(listed, listed[1:] + listed[:1], strict=True)]
    assert [(c.a, c.b) for c in cells] == [
        (a.key, b.key) for a, b in zip(listed, listed[1:] + listed[:1], strict=True)
    ]
    for c in cells:
        assert c.bouts == 2 and c.wins + c.draws + c.losses == 2
        assert 0 <= c.a_died <= 2 and 0 <= c.b_died <= 2


def test_gladiator_101_and_sudden_destruction_lab_builds_differ_in_what_they_fight_with():
    g101 = builds("gladiator-101")
    assert len({(tuple(sorted(b.build["scores"].items())), tuple(b.build["feats"]))
                for b in g101.values()}) == len(g101)  # fmt: skip
    assert g101["recruit"].build["feats"] == []
    sd = builds("sudden-destruction")
    assert len({tuple(sorted(b.build["levels"].items())) for b in sd.values()}) == len(sd)
    assert sd["war-machine"].build == ruleset("sudden-destruction").campaign.new_build(
        "war-machine"
    )


def test_gladiator_arena_lists_every_race_with_every_weapon_it_may_use():
    keys = set(builds("gladiator-arena"))
    assert len(keys) == 19  # 19 x 19 = the 361 pairings of the issue
    assert {"halfling-catapult", "giant-catapult", "elf-bow", "dwarf-axe"} <= keys
    assert "dwarf-bow" not in keys and "elf-spear" not in keys


def test_without_its_own_hook_a_rule_set_offers_each_type_with_its_starting_kit():
    adapter = ruleset("gladiatorquest").campaign
    assert "lab_builds" not in vars(type(adapter))  # the base class's default serves
    assert [b.key for b in adapter.lab_builds()] == [t.slug for t in adapter.types()]
    barbarian = next(b for b in adapter.lab_builds() if b.key == "barbarian")
    assert barbarian.equipment == ("broadsword",)
    assert barbarian.label == "Barbarian (broadsword)"


@pytest.mark.parametrize(
    "slug", ["gladiator-arena", "gladiatorquest", "sudden-destruction", "gladiator-101"]
)
def test_the_lab_fight_ends_as_the_bout_driver_does(slug):
    """The lab skips the log's turn records, nothing else: the same standings as play_with."""
    s = spec(slug)
    listed = list(builds(slug).values())
    a, b = listed[0], listed[-1]
    for n in range(10):
        seed = bout_seed(s.seed, a.key, b.key, n)
        bout = bout_input(s, a, b, seed, ["A1", "C5", "H8", "E2", "B7"])
        standings = fight(s.ruleset, bout)
        log = play_with(s.ruleset, bout)
        assert log["result"]["finished"] == (standings is not None)
        if standings is not None:
            shared = [(r["name"], r["place"], r["fate"]) for r in log["result"]["standings"]]
            assert [(r.name, r.place, r.fate.value) for r in standings] == shared


def test_a_cell_is_the_same_for_the_same_seed_and_differs_for_another():
    ga = builds("gladiator-arena")
    first = cell_fight(spec("gladiator-arena", 60), ga["elf-sword"], ga["giant-spear"])
    again = cell_fight(spec("gladiator-arena", 60), ga["elf-sword"], ga["giant-spear"])
    other = cell_fight(spec("gladiator-arena", 60, seed=4), ga["elf-sword"], ga["giant-spear"])
    assert first == again
    assert first != other  # random starting squares: another seed, other bouts
    assert first.wins + first.draws + first.losses == 60


def test_random_starts_vary_a_rule_set_without_dice():
    """Gladiator Arena rolls no dice: with fixed starts every bout of a cell is the same."""
    ga = builds("gladiator-arena")
    rules = ruleset("gladiator-arena")
    fixed = LabSpec(rules, rules.campaign.clean_options({}, by_tactics=True), 40, 3, False)
    cell = cell_fight(fixed, ga["human-sword"], ga["dwarf-axe"])
    # Two bouts only: build A listed first, then second.
    assert cell.wins in (0, 20, 40) and cell.draws in (0, 20, 40)
    varied = cell_fight(spec("gladiator-arena", 40), ga["human-sword"], ga["dwarf-axe"])
    assert varied.wins not in (0, 20, 40) or varied.draws not in (0, 20, 40)


def test_a_mirror_match_is_fair_up_to_chance():
    gq = builds("gladiatorquest")
    cell = cell_fight(spec("gladiatorquest", 400), gq["orc"], gq["orc"])
    low, high = wilson(cell.score, cell.bouts)
    assert low < 0.5 < high


def test_deaths_are_counted_for_both_sides():
    gq = builds("gladiatorquest")
    cell = cell_fight(spec("gladiatorquest", 100), gq["barbarian"], gq["goblin"])
    assert cell.score > 0.8  # a barbarian with a broadsword beats a goblin with a dagger
    assert cell.b_died > cell.a_died
    assert Fate.DEAD.value == "killed"


def test_a_stopped_cell_returns_nothing():
    gq = builds("gladiatorquest")
    assert cell_fight(spec("gladiatorquest"), gq["orc"], gq["elf"], stop=lambda: True) is None


def test_bout_seeds_are_fixed_numbers_of_48_bits():
    assert bout_seed(1, "a", "b", 0) == bout_seed(1, "a", "b", 0)
    assert bout_seed(1, "a", "b", 0) != bout_seed(1, "b", "a", 0)
    assert all(0 <= bout_seed(9, "x", "y", n) < 2**48 for n in range(50))


def test_the_wilson_interval():
    low, high = wilson(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0.0, 10)[0] == 0.0 and 0.27 < wilson(0.0, 10)[1] < 0.28
    assert wilson(1.0, 10)[1] == pytest.approx(1.0)
    assert wilson(0.5, 0) == (0.0, 1.0)


def test_the_files_say_the_same_figures():
    ga = builds("gladiator-arena")
    chosen = [ga["elf-bow"], ga["giant-sword"]]
    cells = fight_matrix(
        "gladiator-arena", chosen, options={"board": [8, 8], "time_limit": True},
        bouts=30, seed=5, jobs=1,
    )  # fmt: skip
    assert [(c.a, c.b) for c in cells] == [
        ("elf-bow", "elf-bow"), ("elf-bow", "giant-sword"),
        ("giant-sword", "elf-bow"), ("giant-sword", "giant-sword"),
    ]  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(to_csv(cells))))
    assert [int(r["wins"]) for r in rows] == [c.wins for c in cells]
    assert float(rows[1]["low"]) <= float(rows[1]["win_rate"]) <= float(rows[1]["high"])
    doc = to_json({"seed": 5}, chosen, cells)
    assert doc["seed"] == 5 and [b["key"] for b in doc["builds"]] == ["elf-bow", "giant-sword"]
    assert [Cell.from_dict(c) for c in doc["cells"]] == cells
    assert {s["key"] for s in doc["summary"]} == {"elf-bow", "giant-sword"}
    table = to_markdown(chosen, cells)
    assert f"| elf-bow | {cells[0].score:.0%} | {cells[1].score:.0%} |" in table
    # In two processes the matrix is the same.
    assert fight_matrix(
        "gladiator-arena", chosen, options={"board": [8, 8], "time_limit": True},
        bouts=30, seed=5, jobs=2,
    ) == cells  # fmt: skip
