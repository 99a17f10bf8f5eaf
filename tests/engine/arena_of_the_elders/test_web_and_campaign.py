"""Play by web (the forum format, the squares offered, the post) and the campaign adapter
(teams filled with house champions, what a bout pays)."""

from __future__ import annotations

import pytest

from arena.engine import play
from arena.engine.core.campaign import Entrant
from arena.engine.core.dice import Dice
from arena.engine.errors import EngineInputError
from tests.engine.arena_of_the_elders.helpers import RULES, place

WEB = RULES.web
CAMPAIGN = RULES.campaign


def test_an_activation_reads_back_from_its_forum_text():
    text = "Move: B2, B3\nAbility: Firebolt at e5\nFirst: ability\nLevel: yes\nOrder: 2"
    order = WEB.parse_text(text)
    assert order == {"path": ["B2", "B3"], "ability": "Firebolt", "target": "E5",
                     "first": "ability", "level_up": True, "at": 2}  # fmt: skip
    assert WEB.parse_text(WEB.order_text(order)) == order
    sheet = WEB.parse_text("Learn: Flame Lash\nKing: yes\nLevels: 3")
    assert sheet == {"choice": "Flame Lash", "king": True, "levels": 3}
    with pytest.raises(EngineInputError, match="not an order line"):
        WEB.parse_text("Charge: now")


def test_the_order_page_offers_the_next_steps_and_the_targets():
    state = place("Red ignis A1", "Blue vorn A4")
    offered = WEB.choices(state, "Ignis", {"path": ["A2"]})
    assert offered["path"] == ["A1", "A3", "B2"]  # back is a step too
    assert offered["target"] == ["A4"]
    assert (
        RULES.validate(state, "Ignis", {"path": ["A2"], "ability": "first", "target": "A4"}) == []
    )


def test_the_snapshot_and_the_post_show_the_board():
    state = place("Red ignis A1", "Blue vorn A4")
    snap = WEB.snapshot(state)
    assert snap["Ignis"] == {"square": "A1", "hp": 7, "alive": True, "team": "Red", "level": 1,
                             "status": "Red, level 1"}  # fmt: skip
    after, events = RULES.apply(state, {"Ignis": RULES.tactics(state, "Ignis")}, Dice.seeded(1))
    post = WEB.forum_post(state, after, events, "markdown")
    assert "Ignis" in post and "```" in post


def entrant(name, kind, team=""):
    return Entrant(name, kind, CAMPAIGN.new_build(kind), 1, (), {}, team=team)


def test_a_two_gladiator_bout_is_filled_with_house_champions():
    raw = CAMPAIGN.bout_input(
        [entrant("Primus", "ignis"), entrant("Secundus", "ossa")], {}, seed=3, by_tactics=True
    )
    gladiators = raw["gladiators"]
    assert [g["team"] for g in gladiators].count("Red") == 4
    assert {g["champion"] for g in gladiators} == {
        "ignis", "nyx", "brann", "mira", "kestrel", "marew", "vorn", "ossa"
    }  # fmt: skip
    assert sum(1 for g in gladiators if g.get("house")) == 6
    log = play(raw)
    outcomes = CAMPAIGN.outcomes(log, {})
    assert set(outcomes) == {"Primus", "Secundus"}
    assert outcomes["Primus"].won != outcomes["Secundus"].won or log["result"]["winner"] == "draw"


def test_the_same_champion_twice_is_refused():
    with pytest.raises(EngineInputError, match="each champion fights once"):
        CAMPAIGN.bout_input(
            [entrant("A", "vorn"), entrant("B", "vorn")], {}, seed=1, by_tactics=True
        )


def test_unlocking_and_choosing_the_level_three_ability():
    build = CAMPAIGN.new_build("vorn")
    assert build == {"unlocked": ["lunge"], "choice": "lunge"}
    keys = [a.key for a in CAMPAIGN.advances("vorn", build, 1)]
    assert keys == ["unlock:keen-edge", "unlock:second-wind"]
    build = CAMPAIGN.advance("vorn", build, 1, "unlock:keen-edge")
    build = CAMPAIGN.advance("vorn", build, 2, "choose:keen-edge")
    assert build["choice"] == "keen-edge" and CAMPAIGN.build_problems("vorn", build) == []
