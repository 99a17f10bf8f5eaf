"""VI.A Killed in combat, with teams: a fallen gladiator may be saved by a teammate's healing
potion or healing spell during the next movement phase; otherwise he is killed. VI and II.G:
the team left standing wins (result.standings: place, fate).

The scenario: Cato (wizard, 4 body, 2 defend dice) stands at E1 beside his teammate at D1;
Vex (Blue wizard, far away) fells him with a Genie (5 skulls, 2 black shields: 4 damage).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.engine import EngineInputError
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W, B = "skull", "white", "black"
GOLDEN = Path(__file__).parent / "golden"
STAND = {"move": "stand"}
GENIE_ON_CATO = {"spell": {"spell": "genie", "target": "Cato"}}
GIVE = {"potion": {"potion": "healing_potion", "give_to": "Cato"}}
TURN = {"move": "turn_around"}  # spends a point: a phase ends when all are spent (IV.B.6)
BUMP = {"move": "back"}  # from rank 1: into the edge, spending a point, keeping the facing
P2 = 3  # the first turn of phase 2 (phase 1: Vex's Genie, then two steps to spend points)


def _fall(rescuer, phase2_points, *steps, rescuer_square="D1", extra_dice=(), vex=STAND):
    """Phase 1: Vex fells Cato, then the rescuer (bumping into the edge) and Vex (turning
    around) spend their points, so the phase ends. Phase 2: the rescuer (heavy: 1 movement
    die, showing `phase2_points`; or a wizard: 3 dice) writes `steps` (one order a step; Vex
    writes `vex`). Dice: movement (rescuer, Cato, Vex); Genie 5 skulls; Cato's 2 black shields;
    phase 2 movement (rescuer, Vex; Cato is down); then `extra_dice` (a potion's roll)."""
    name = rescuer["name"]
    heavy = rescuer.get("type", "barbarian") != "wizard"
    first = [1] if heavy else [1, 1, 1]
    second = [phase2_points] if heavy else [1, 1, 1]
    spending = [{"Vex": TURN} | ({} if heavy else {name: BUMP}) for _ in range(2)]
    g = bout(
        {**rescuer, "team": "Red", "square": rescuer_square, "facing": "N"},
        gladiator("Cato", "wizard", team="Red", square="E1", facing="N"),
        gladiator("Vex", "wizard", team="Blue", square="L12", facing="S"),
        dice=[*first, 1, 1, 1, 1, 1, 1, S, S, S, S, S, B, B, *second, 1, 1, 1, *extra_dice],
        turns=orders(
            {name: BUMP, "Cato": STAND, "Vex": {**GENIE_ON_CATO, **TURN}},
            *spending,
            *({name: step, "Vex": vex} for step in steps),
        ),
    )
    return g


AJAX = gladiator("Ajax", equipment=["broadsword", "plate_mail", "healing_potion"])


def _snap(result, turn, name="Cato"):
    return result["turns"][turn]["gladiators"][name]


def test_a_fallen_gladiator_with_a_healer_on_his_team_is_down_not_dead():
    """VI.A: 'If he is on a team of Gladiators and if a teammate can make it to an adjacent
    square during the next Movement Phase, he may give the stricken Gladiator a Healing
    Potion to drink.' Until then Cato is `down` (docs/engine.md snapshot statuses)."""
    result = play(_fall(AJAX, 1, STAND))
    (fallen, *_) = events(result, "fallen")
    assert fallen["name"] == "Cato" and fallen["outcome"] == "down" and fallen["by"] == "Vex"
    assert _snap(result, 0)["status"] == "down" and _snap(result, 0)["body"] == 0


def test_an_adjacent_teammate_gives_the_fallen_a_healing_potion():
    """VI.A: '... he may give the stricken Gladiator a Healing Potion to drink.'"""
    result = play(_fall(AJAX, 1, GIVE, extra_dice=[3]))
    (potion,) = events(result, "potion")
    assert potion["name"] == "Cato" and potion["given_by"] == "Ajax" and potion["roll"] == 3
    assert _snap(result, P2)["status"] == "fighting" and _snap(result, P2)["body"] == 3
    assert standing(result, "Cato")["fate"] == "survived"


def test_a_teammate_who_walks_up_in_the_next_phase_gives_the_potion():
    """VI.A: 'if a teammate can make it to an adjacent square during the next Movement
    Phase, he may give ...'. Ajax starts two squares away, rolls 2, steps right (to D1) and
    gives the potion in the following step."""
    result = play(
        _fall(AJAX, 2, {"move": "right"}, GIVE, rescuer_square="C1", extra_dice=[5]),
    )
    assert _snap(result, P2, "Ajax")["square"] == "D1"
    assert _snap(result, P2 + 1)["status"] == "fighting" and _snap(result, P2 + 1)["body"] == 4


def test_a_teammate_who_arrives_with_his_last_movement_point_may_still_give_the_potion():
    """VI.A: 'if a teammate can make it to an adjacent square during the next Movement
    Phase, he may give the stricken Gladiator a Healing Potion'. Ajax rolls 1: the step that
    brings him next to Cato is his last, so he writes the potion on that same paper."""
    result = play(
        _fall(AJAX, 1, {"move": "right", **GIVE}, rescuer_square="C1", extra_dice=[5]),
    )
    assert _snap(result, P2)["status"] == "fighting" and _snap(result, P2)["body"] == 4


def test_a_give_written_with_a_move_that_does_not_lead_next_to_the_fallen_is_refused():
    """IV.C.4 '... the two players must be in adjacent square' (docs/engine.md, giving on
    arrival): from C1 a step forward leads to C2, two squares from Cato at E1."""
    g = _fall(AJAX, 1, {"move": "forward", **GIVE}, rescuer_square="C1", extra_dice=[5])
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == f"turns[{P2}].orders.Ajax.potion.give_to"
    assert "adjacent" in info.value.message


def test_a_teammate_may_cast_a_healing_spell_on_the_fallen():
    """VI.A: 'Likewise a teammate may cast a healing spell on the stricken Gladiator.' Nox's
    Heal Body gives Cato back 4 (his full body)."""
    nox = gladiator("Nox", "wizard")
    result = play(_fall(nox, 1, {"spell": {"spell": "heal_body", "target": "Cato"}}))
    (heal,) = [e for e in events(result, "spell") if e["spell"] == "Heal Body"]
    assert heal["target"] == "Cato" and heal["healed"] == 4
    assert _snap(result, P2)["status"] == "fighting" and _snap(result, P2)["body"] == 4
    assert standing(result, "Nox")["spells_left"].count("heal_body") == 0


def test_the_fallen_is_killed_when_the_next_movement_phase_ends_without_help():
    """VI.A: 'If a Gladiator loses all his Body Points, and he has neither Healing Potion nor
    a teammate that can heal him, he has been killed.' docs/engine.md: 'not healed by then
    ... he is killed. The last gladiator to wound him is credited'."""
    g = _fall(AJAX, 1, TURN, vex=TURN)
    g["turns"] += orders({"Vex": TURN}, {"Vex": TURN})  # Vex spends his last points
    result = play(g)
    assert _snap(result, P2 + 1)["status"] == "down"
    assert _snap(result, P2 + 2)["status"] == "dead"
    cato = standing(result, "Cato")
    assert cato["fate"] == "killed" and cato["killed_by"] == "Vex"
    assert standing(result, "Vex")["defeated"] == ["Cato"]


def test_a_fallen_gladiator_without_a_healing_teammate_is_killed_at_once():
    """VI.A: '... and he has neither Healing Potion nor a teammate that can heal him, he has
    been killed.' Ajax carries no potion and casts no spell."""
    no_potion = gladiator("Ajax", equipment=["broadsword", "plate_mail"])
    result = play(_fall(no_potion, 1))
    (fallen,) = events(result, "fallen")
    assert fallen["outcome"] == "killed" and fallen["by"] == "Vex"
    assert _snap(result, 0)["status"] == "dead"


def test_a_fallen_teammate_is_not_given_orders():
    """VI.A: the stricken gladiator lies at 0 body; he cannot act until healed."""
    g = _fall(AJAX, 1, STAND)
    g["turns"][1]["orders"]["Cato"] = STAND
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[1].orders.Cato"


def test_the_last_team_standing_wins_and_shares_first_place():
    """II.G 'Play continues until there is only one Gladiator or team of Gladiators left
    standing'; VI: 'This Gladiator or team of Gladiators is the winners.' docs/engine.md:
    'winner is the team name'; 'the winning side shares place 1'."""
    g = bout(
        gladiator("Ajax", team="Red", equipment=["broadsword", "plate_mail"], square="E5"),
        gladiator("Cato", "wizard", team="Red", square="A1"),
        gladiator("Vex", "wizard", team="Blue", square="E6", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, 1, S, S, S, S, W, W, S, S],
        turns=orders(
            {"Ajax": STAND, "Cato": STAND, "Vex": STAND},
            {"Ajax": {"attack": "swing", "target": "Vex"}, "Vex": {"attack": "thrust"}},
        ),
    )
    result = play(g)["result"]
    assert result["finished"] and result["winner"] == "Red"
    rows = {s["name"]: s for s in result["standings"]}
    assert [(rows[n]["place"], rows[n]["fate"]) for n in ("Ajax", "Cato", "Vex")] == [
        (1, "survived"),
        (1, "survived"),
        (3, "killed"),
    ]
    assert rows["Vex"]["team"] == "Blue" and rows["Vex"]["killed_by"] == "Ajax"
    assert rows["Ajax"]["defeated"] == ["Vex"] and rows["Cato"]["defeated"] == []


def test_golden_two_against_two_a_spared_winner_keeps_his_fate():
    """Golden replay golden/teams_rescue_potions (seed 5, replayed byte for byte
    by test_golden_bouts). VI.B: 'While the Emperor has granted him his life, the Gladiator is
    still considered defeated': Brutus is spared though Blue wins; his fate says so."""
    out = json.loads((GOLDEN / "teams_rescue_potions.json").read_text())["log"]
    assert out["result"]["winner"] == "Blue"
    fates = {s["name"]: (s["team"], s["fate"]) for s in out["result"]["standings"]}
    assert fates["Kael"] == ("Blue", "survived") and fates["Brutus"] == ("Blue", "mercy")
    assert fates["Nox"] == ("Red", "killed")
