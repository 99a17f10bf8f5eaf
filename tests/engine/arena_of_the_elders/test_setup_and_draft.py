"""Game preparation and setup: 'each team must decide which characters they will use, no
character can be used more than once total by either team'; 'each team rolls a d6 the team
with a higher roll will go first'."""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import (
    CHAMPIONS,
    draft_next,
    draft_open,
    draft_order,
    draft_problems,
)
from arena.engine.rulesets.arena_of_the_elders.events import RolledOff
from arena.engine.rulesets.arena_of_the_elders.state import PLAY
from tests.engine.arena_of_the_elders.helpers import RULES, resolve

KEYS = list(CHAMPIONS)


def bout(**options):
    return {
        "options": options,
        "gladiators": [
            {"name": k.title(), "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(KEYS)
        ],
    }


def test_two_teams_of_four_start_in_their_start_zones():
    state = RULES.setup(bout())
    red = [str(f.square) for f in state.team(0)]
    assert red == ["A1", "B1", "C1", "D1"]
    assert [str(f.square) for f in state.team(1)] == ["L12", "K12", "J12", "I12"]
    assert all(f.level == 1 and f.hp == f.hero.health for f in state.fighters)


def test_a_champion_is_used_once_in_total():
    raw = bout()
    raw["gladiators"][7]["champion"] = KEYS[0]
    with pytest.raises(EngineInputError, match="each champion fights once"):
        RULES.setup(raw)


def test_a_team_has_four():
    raw = bout()
    raw["gladiators"][4]["team"] = "Red"
    with pytest.raises(EngineInputError, match="Red already has 4"):
        RULES.setup(raw)


def test_the_higher_roll_goes_first_and_a_tie_rolls_again():
    state = RULES.setup(bout())
    after, events = resolve(state, [3, 3, 2, 5])
    rolls = [e for e in events if isinstance(e, RolledOff)]
    assert [e.first for e in rolls] == ["", "Blue"]
    assert rolls[0].text() == "Roll-off: Red 3, Blue 3: a tie, rolled again."
    assert after.phase == PLAY and after.acting == 1 and after.first == 1


def test_the_preparation_waits_for_every_players_character():
    state = RULES.setup(bout())
    assert RULES.pending(state).who == tuple(f.name for f in state.fighters)
    raw = bout()
    for g in raw["gladiators"][1:]:
        g["house"] = True
    assert RULES.pending(RULES.setup(raw)).who == ("Ignis",)


def test_the_sheet_chooses_the_ability_at_level_three():
    state = RULES.setup(bout())
    after, _ = resolve(state, [6, 1], Ignis={"choice": "Blaze Step"})
    assert after.get("Ignis").choice == 4
    assert RULES.validate(state, "Ignis", {"choice": "Meteor"}) == [
        "choice: one of Flame Lash, Searing, Blaze Step"
    ]


def test_the_draft_alternates_and_takes_each_champion_once():
    assert draft_order(1) == (1, 0, 1, 0, 1, 0, 1, 0)
    picks = [(1, "vorn"), (0, "mira")]
    assert draft_next(picks, 1) == 1
    assert "vorn" not in draft_open(picks)
    assert draft_problems(picks, 1) == []
    assert draft_problems([(1, "vorn"), (0, "vorn")], 1) == ["pick 2: Vorn is already picked"]
    assert draft_problems([(0, "vorn")], 1) == ["pick 1: it is Blue's pick"]
    full = [(t, k) for t, k in zip(draft_order(0), KEYS, strict=True)]
    assert draft_next(full, 0) is None and draft_problems(full, 0) == []
