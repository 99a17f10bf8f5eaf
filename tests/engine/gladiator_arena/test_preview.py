"""The order page's previews (issue 14, "Odds before the fight"): the squares each opponent can
strike next turn after any legal move, and a "what if" turn of the player's draft against the
opponents' default tactics. Positions worked out by hand from sections 2, 6 and 7."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings

from arena.engine import ruleset, rulesets_available
from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena import (
    WEAPONS,
    default_order,
    destinations,
    resolve_turn,
    strike_targets,
)
from arena.engine.rulesets.gladiator_arena.preview import reach_of, threats, what_if
from arena.engine.rulesets.gladiator_arena.state import state_to_json
from arena.engine.rulesets.gladiator_arena.web import GladiatorArenaWeb
from tests.engine.gladiator_arena.helpers import order, place, sq
from tests.engine.gladiator_arena.strategies import states

WEB = GladiatorArenaWeb()


def squares(*rows: str) -> set[Square]:
    """squares("C2 D2 E2", "B3 C3") -> the set of those squares."""
    return {sq(s) for row in rows for s in row.split()}


def box(centre: str, radius: int, board: int = 8) -> set[Square]:
    """Every square within Chebyshev distance `radius` of `centre`, on the board."""
    c = sq(centre)
    return {
        Square(col, row)
        for col in range(max(0, c.col - radius), min(board, c.col + radius + 1))
        for row in range(max(0, c.row - radius), min(board, c.row + radius + 1))
    }


def test_an_axe_threatens_what_it_reaches_from_every_square_it_may_end_on():
    # A dwarf (2 MpT) with an axe (reach 1) on D4: two strikes staying, one after a step to
    # D3, C4, E4 or D5; so the plus of squares it may end on, grown by one square all round.
    state = place("Me human sword A8", "Axe dwarf axe D4")
    assert reach_of(state, "Axe") == squares(
        "C2 D2 E2", "B3 C3 D3 E3 F3", "B4 C4 D4 E4 F4", "B5 C5 D5 E5 F5", "C6 D6 E6"
    )


def test_a_giants_spear_reaches_three_squares_but_only_if_it_stays():
    # A giant's step costs both its MpT: after moving it has none left to strike with, so
    # the spear (1 to 3 squares) reaches only from where the giant stands.
    state = place("Me human sword A8", "Big giant spear D4")
    assert reach_of(state, "Big") == box("D4", 3) - {sq("D4")}


def test_a_bow_leaves_only_the_squares_too_close_wherever_it_steps():
    # A human bow (one shot, 3 squares or more) may stay or step to D3, C4, E4, D5: only the
    # squares within two of all five are out of its reach.
    state = place("Me human sword A8", "Archer human bow D4")
    assert reach_of(state, "Archer") == box("D4", 7) - box("D4", 1)


def test_a_catapults_splash_reaches_the_squares_it_cannot_target():
    # A catapult targets 2 squares away or more, never after moving, but its splash lands on
    # the 8 squares around the target: those next to it are hit by a shot at distance 2. The
    # thrower's own square is spared.
    state = place("Me human sword A8", "Cat halfling catapult D4")
    assert reach_of(state, "Cat") == box("D4", 7) - {sq("D4")}


@settings(max_examples=150, deadline=None)
@given(states())
def test_reach_is_what_the_order_checks_allow_from_every_destination(state):
    # The definition, spelled out the slow way: every target strike_targets allows after each
    # legal move (or staying), and a catapult's splash around it but not on itself.
    for g in state.living:
        naive = set()
        for dest in (None, *destinations(state, g.name)):
            origin = g.square if dest is None else dest
            for target in strike_targets(state, g.name, dest):
                naive.add(target)
                if WEAPONS[g.weapon].splash:
                    naive |= box(str(target), 1, board=99) - {origin}
        on_board = {s for s in naive if state.board.contains(s)}
        assert reach_of(state, g.name) == on_board, g


def test_threats_name_each_opponent_in_setup_order_and_never_yourself_or_the_fallen():
    state = place("Me human axe A1", "Axe dwarf axe D4", "Spear giant spear F4", "Gone elf bow H8")
    state = replace(
        state,
        gladiators=tuple(
            replace(g, alive=False) if g.name == "Gone" else g for g in state.gladiators
        ),
    )
    found = threats(state, "Me")
    assert found[sq("E4")] == ("Axe", "Spear")
    assert found[sq("B3")] == ("Axe",)
    assert all("Me" not in names and "Gone" not in names for names in found.values())
    assert sq("A1") not in found  # nobody reaches the corner next turn
    # The web play gives the same with squares named as the board names them.
    assert WEB.threats(state, "Me")["E4"] == ("Axe", "Spear")


def test_what_if_plays_the_draft_against_default_tactics_and_changes_nothing():
    state = place("Me human axe D4", "Rival dwarf axe D6", "Other elf bow H1")
    before = copy.deepcopy(state_to_json(state))
    after, events = what_if(state, "Me", order("D5", "D6"))
    expected = resolve_turn(
        state,
        {
            "Me": order("D5", "D6"),
            "Rival": default_order(state, "Rival"),
            "Other": default_order(state, "Other"),
        },
    )
    assert (state_to_json(after), events) == (state_to_json(expected[0]), expected[1])
    assert state_to_json(state) == before  # the state given is never changed
    assert after.get("Rival").hp < 9  # the axe at D5 reaches D6 where the rival stays


def test_the_what_if_preview_says_where_everyone_ends_and_who_is_hurt():
    state = place("Me human axe D4", "Rival dwarf axe D6")
    # Whatever the rival's tactics do, the preview is the engine's turn with them, row by row.
    preview = WEB.what_if(state, "Me", {"move": "D5", "strike": ["D6", "D6"]})
    rows = {row.name: row for row in preview.rows}
    assert rows["Me"].start == "D4" and rows["Me"].end == "D5" and rows["Me"].moved
    rival_after = preview.after["Rival"]
    assert rows["Rival"].hp_before == 9 and rows["Rival"].hp_after == rival_after["hp"]
    assert rows["Rival"].hurt
    assert any("Me strikes D6: hit Rival" in line for line in preview.lines)
    # Deterministic: the same draft on the same state previews the same turn.
    assert WEB.what_if(state, "Me", {"move": "D5", "strike": ["D6", "D6"]}) == preview


def test_an_illegal_draft_is_refused_in_words():
    state = place("Me human axe D4", "Rival dwarf axe D6")
    with pytest.raises(EngineInputError, match="F6 is not adjacent to D4"):
        WEB.what_if(state, "Me", {"move": "F6"})
    with pytest.raises(EngineInputError, match="out of range for an axe"):
        WEB.what_if(state, "Me", {"strike": ["H8"]})


def test_gladiator_arena_offers_both_previews_and_the_other_rule_sets_none():
    assert ruleset("gladiator-arena").web.previews == {"threats", "what_if"}
    others = [r["slug"] for r in rulesets_available() if r["slug"] != "gladiator-arena"]
    assert len(others) >= 4
    for slug in others:
        web = ruleset(slug).web
        assert web is None or web.previews == frozenset(), slug
