"""Play by web (the forum format, the board's offers, the replay's snapshot) and the campaign
adapter (docs/rules/gladiator-101.md, "Play by web" and "In a campaign")."""

from __future__ import annotations

import pytest

from arena.engine.core.campaign import Entrant
from arena.engine.core.protocol import Fate
from arena.engine.errors import EngineInputError
from tests.engine.gladiator_101.helpers import RULES, place, resolve

WEB, CAMPAIGN = RULES.web, RULES.campaign


def test_the_forum_format_reads_back_to_the_same_order():
    text = "Fast: Battle Cry\nAttack: Gladius mid, foot LOW"
    order = WEB.parse_text(text)
    assert order == {"fast": "battle-cry", "attack": ["gladius mid", "foot low"]}
    assert WEB.parse_text(WEB.order_text(order)) == order
    with pytest.raises(EngineInputError, match="not an order line"):
        WEB.parse_text("Charge: now")


def test_the_board_offers_moves_and_the_opponent_in_reach():
    state = place("Red E5", "Blue E6")
    offered = WEB.choices(state, "Red", {})
    assert offered["strike"] == ["E6"] and "E6" not in offered["move"]
    assert RULES.validate(state, "Red", {"strike": ["E6"]}) == []
    assert WEB.choices(state, "Blue", {}) == {"move": [], "then": [], "strike": []}


def test_the_snapshot_has_the_replays_shape():
    after, events = resolve(place("Red E5", "Blue E6"), {})
    snap = RULES.record(after, events)["gladiators"]
    assert set(snap["Red"]) >= {"square", "hp", "alive"} and snap["Blue"]["alive"]
    post = WEB.forum_post(place("Red E5", "Blue E6"), after, events, "markdown")
    assert post.startswith("**Turn 1: Red**")


def test_a_bout_of_the_campaign_pays_the_winner_and_the_loser_who_lives():
    build = CAMPAIGN.new_build("gladiator")
    entrants = [Entrant(n, "gladiator", build, 1, (), {}) for n in ("Red", "Blue")]
    bout = CAMPAIGN.bout_input(entrants, {}, seed=3, by_tactics=True)
    log = RULES.play(bout)
    outcomes = CAMPAIGN.outcomes(log, {})
    winner = log["result"]["winner"]
    assert outcomes[winner].won and outcomes[winner].gold == 100
    loser = next(o for n, o in outcomes.items() if n != winner)
    assert loser.lost and (loser.gold, loser.xp) == ((0, 0) if loser.fate is Fate.DEAD else (20, 1))


def test_advances_keep_the_build_valid():
    build = CAMPAIGN.new_build("gladiator")
    keys = [a.key for a in CAMPAIGN.advances("gladiator", build, 1)]
    assert keys[0] == "level" and "learn:keen-eye" in keys
    build = CAMPAIGN.advance("gladiator", build, 1, "level")
    build = CAMPAIGN.advance("gladiator", build, 2, "score:accuracy")
    build = CAMPAIGN.advance("gladiator", build, 2, "learn:keen-eye")
    assert build["scores"]["accuracy"] == 11 and build["feats"] == ["keen-eye"]
    assert CAMPAIGN.build_problems("gladiator", build) == []
