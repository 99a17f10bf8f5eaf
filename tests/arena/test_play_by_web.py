"""Play-by-web Gladiator Arena bouts: entries, secret orders, turn resolution, deadlines."""

from __future__ import annotations

import math
from datetime import timedelta
from fractions import Fraction

import pytest
from django.utils import timezone

from arena.engine import play
from arena.models import Bout, TurnOrder
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_turn_force,
    bout_turn_resolve,
    bout_turn_waiting,
    bouts_sweep_deadlines,
    order_check,
    order_submit,
)
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator, LedgerLine

pytestmark = pytest.mark.django_db


def test_new_gladiators_start_with_a_sword_their_race_may_use(kaunisto):
    assert list(kaunisto.holdings.values_list("item", "equipped")) == [("sword", True)]


def test_only_the_gm_opens_a_bout(arena_campaign, owner):
    with pytest.raises(NotAllowed):
        bout_open(campaign=arena_campaign, by=owner, title="mine")


def test_a_gladiatorquest_campaign_cannot_open_a_turn_by_turn_bout(campaign, gm):
    with pytest.raises(LudusError, match="not played turn by turn"):
        bout_open(campaign=campaign, by=gm, title="x")


def test_only_the_owner_enters_a_gladiator(arena_campaign, gm, rival, kaunisto):
    bout = bout_open(campaign=arena_campaign, by=gm, title="x")
    with pytest.raises(NotAllowed):
        bout_enter(bout=bout, gladiator=kaunisto, by=rival, square="A1")
    assert not bout.entrants.exists()


@pytest.mark.parametrize(
    ("square", "message"), [("Z9", "off the 8x8 board"), ("middle", "not a square")]
)
def test_a_bad_starting_square_is_refused(arena_campaign, gm, owner, kaunisto, square, message):
    bout = bout_open(campaign=arena_campaign, by=gm, title="x")
    with pytest.raises(LudusError, match=message):
        bout_enter(bout=bout, gladiator=kaunisto, by=owner, square=square)


def test_starting_the_bout_begins_turn_one(running):
    bout, _, _ = running
    assert (bout.status, bout.turn) == (Bout.Status.RUNNING, 1)
    assert bout.turn_deadline is not None
    assert bout_turn_waiting(bout=bout) == ["Kaunisto", "Justbec"]


def test_an_order_is_checked_against_the_board(running, owner):
    _bout, mine, _ = running
    problems = order_check(entrant=mine, order={"move": "F4"})
    assert problems and "F4" in problems[0]
    with pytest.raises(LudusError, match="F4"):
        order_submit(entrant=mine, by=owner, order={"move": "F4"})
    assert not TurnOrder.objects.exists()


def test_only_the_owner_gives_orders_not_even_the_gm(running, gm, rival):
    _bout, mine, _ = running
    for intruder in (gm, rival):
        with pytest.raises(NotAllowed):
            order_submit(entrant=mine, by=intruder, order={"move": "D5"})


def test_an_order_can_be_changed_until_the_turn_resolves(running, owner):
    _bout, mine, _ = running
    order_submit(entrant=mine, by=owner, order={"move": "D5"})
    order_submit(entrant=mine, by=owner, order={"move": "C4"})
    assert TurnOrder.objects.get(entrant=mine, turn=1).order == {"move": "C4"}


def test_forum_format_orders_are_read(running, owner):
    _bout, mine, _ = running
    saved = order_submit(entrant=mine, by=owner, text="Move: D5\nStrike: D6, D7")
    assert saved.order == {"move": "D5", "strike": ["D6", "D7"]}


def test_forum_format_errors_say_what_is_wrong(running, owner):
    _bout, mine, _ = running
    with pytest.raises(LudusError, match="line 1"):
        order_submit(entrant=mine, by=owner, text="Walk: D5")


def test_the_turn_resolves_when_the_last_order_comes_in(running, owner, rival):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={"move": "D5", "strike": ["D6"]})
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is None  # still waiting for Justbec
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]})
    resolved = bout_turn_resolve(bout_id=bout.pk, turn=1)
    assert resolved.turn == 2
    assert resolved.engine_input["turns"] == [
        {"Kaunisto": {"move": "D5", "strike": ["D6"]}, "Justbec": {"strike": ["D5"]}}
    ]
    assert play(resolved.engine_input) == resolved.log
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is None  # once only


def test_at_the_deadline_a_missing_order_falls_back_to_tactics(running, owner):
    bout, mine, _ = running
    order_submit(entrant=mine, by=owner, order={"move": "C4"})
    Bout.objects.filter(pk=bout.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert bouts_sweep_deadlines() == 1
    bout.refresh_from_db()
    used = bout.engine_input["turns"][0]
    assert used["Kaunisto"] == {"move": "C4"}
    assert "Justbec" in used  # tactics gave Justbec an order


def test_a_standing_order_is_repeated_while_it_stays_legal(running, owner, rival, gm):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={}, standing=True)  # stand still, every turn
    order_submit(entrant=theirs, by=rival, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    order_submit(entrant=theirs, by=rival, order={})
    bout = bout_turn_force(bout=bout, by=gm, turn=2, reason="Test: resolve now")
    assert bout.engine_input["turns"][1]["Kaunisto"] == {}


def test_a_finished_bout_pays_its_kills_and_buries_its_dead(running, owner, rival, gm):
    bout, _, _ = running
    bout = bout_finish_by_tactics(bout=bout, by=gm, turn=1)
    assert bout.status == Bout.Status.RESOLVED
    standings = {row["name"]: row for row in bout.log["result"]["standings"]}
    for gladiator in Gladiator.objects.filter(campaign=bout.campaign):
        row = standings[gladiator.name]
        lines = LedgerLine.objects.filter(gladiator=gladiator, currency="gold")
        gold = sum(lines.values_list("amount", flat=True))
        assert gold == max(0, math.ceil(100 * Fraction(row["kills"])))
        assert gladiator.status == ("active" if row["alive"] else "dead")
    assert play(bout.engine_input) == bout.log


def test_orders_after_the_bout_are_refused(running, owner, gm):
    bout, mine, _ = running
    bout_finish_by_tactics(bout=bout, by=gm, turn=1)
    with pytest.raises(LudusError, match="not taking orders"):
        order_submit(entrant=mine, by=owner, order={})


def test_a_gladiator_arena_bout_can_be_fought_by_tactics_at_its_time(
    arena_campaign, gm, kaunisto, justbec
):
    from arena.bouts.services import bout_resolve, bout_schedule

    bout = bout_schedule(
        campaign=arena_campaign,
        by=gm,
        gladiators=[kaunisto, justbec],
        scheduled_at=timezone.now() - timedelta(seconds=1),
    )
    bout = bout_resolve(bout_id=bout.pk)
    assert bout.status == Bout.Status.RESOLVED
    assert bout.engine_input["options"]["tactics"] is True
    squares = [g["square"] for g in bout.engine_input["gladiators"]]
    assert len(set(squares)) == 2  # the arena placed them apart
    assert bout.log["result"]["finished"] is True
    assert play(bout.engine_input) == bout.log
    winner = bout.entrants.get(place=1).gladiator
    winner.refresh_from_db()
    row = next(r for r in bout.log["result"]["standings"] if r["name"] == winner.name)
    assert winner.wins == 1
    assert winner.gold == max(0, math.ceil(100 * Fraction(row["kills"])))


def test_gladiator_arena_has_no_levels_and_its_sheet_shows_race_stats(
    kaunisto, owner, gm, client_as
):
    from characters.services import gladiator_adjust, gladiator_advance

    gladiator_adjust(gladiator=kaunisto, currency="xp", amount=5, reason="test", by=gm)
    with pytest.raises(LudusError, match="offers no advances"):
        gladiator_advance(gladiator=kaunisto, key="body", by=owner)
    page = client_as(owner).get(f"/c/{kaunisto.campaign.slug}/g/{kaunisto.pk}/").content.decode()
    assert "<dt>Hit points</dt><dd>8</dd>" in page and "<dt>Moves per turn</dt><dd>3</dd>" in page
    assert 'id="advance"' not in page and 'id="tactics"' not in page


def test_a_gladiator_arena_result_shows_kills_and_how_places_are_decided(
    running, owner, rival, gm, client_as
):
    """Section 8: places go by kills, then survival, then HP, then damage. The result table
    shows those columns and says so, so a winner with a kill beside a survivor reads right."""
    bout, a, b = running
    order_submit(entrant=b, by=rival, order={"concede": True})
    order_submit(entrant=a, by=owner, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    page = client_as(gm).get(f"/c/{bout.campaign.slug}/bouts/{bout.pk}/").content.decode()
    table = page[
        page.index('id="standings"') : page.index("</table>", page.index('id="standings"'))
    ]
    for header in ("Place", "Fate", "Kills", "Fell on turn", "HP", "Damage dealt"):
        assert f">{header}</th>" in table
    assert "Withdrew" in table and "Survived" in table
    # the concession gave him the kill
    assert '<td data-label="Place">1</td><td data-label="Gladiator">Kaunisto</td>' in table
    assert "most kills" in page[page.index('id="placing"') :]
