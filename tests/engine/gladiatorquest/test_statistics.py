"""Seeded statistics: the dice are fair and default tactics fight sensibly."""

from __future__ import annotations

from arena.engine import play
from arena.engine.core.dice import CombatFace, Dice


def test_the_combat_die_shows_a_skull_about_half_the_time():
    """RULINGS: 'HeroQuest's combat die has 6 faces: 3 skulls, 2 white shields, 1 black.'"""
    faces = Dice.seeded(2024).combat(60_000)
    share = {f: faces.count(f) / len(faces) for f in CombatFace}
    assert abs(share[CombatFace.SKULL] - 1 / 2) < 0.01
    assert abs(share[CombatFace.WHITE] - 1 / 3) < 0.01
    assert abs(share[CombatFace.BLACK] - 1 / 6) < 0.01


def test_the_red_die_is_fair():
    rolls = Dice.seeded(7).d6s(60_000)
    for face in range(1, 7):
        assert abs(rolls.count(face) / len(rolls) - 1 / 6) < 0.01


def test_a_barbarian_with_a_broadsword_beats_a_wizard_with_a_dagger_80_percent():
    bout = {
        "ruleset": "gladiatorquest",
        "gladiators": [
            {"name": "Brutus", "type": "barbarian", "equipment": ["broadsword"]},
            {"name": "Nox", "type": "wizard", "equipment": ["dagger"]},
        ],
    }
    wins = sum(play(bout | {"seed": seed})["result"]["winner"] == "Brutus" for seed in range(1000))
    assert wins >= 800
