"""VII and VIII: what a resolved bout does to the stables. Every bout here is fought by the
real engine through arena.bouts.services.bout_resolve; expectations are read from the stored log
(the seeds were picked so that the scenario happens; each test first checks that it did)."""

from __future__ import annotations

import math
from collections import Counter
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.engine.rulesets.gladiatorquest import GLADIATOR_TYPES
from arena.engine.rulesets.gladiatorquest.campaign import GOLD_PER_DEFEATED
from arena.models import Bout
from campaign.shared.errors import LudusError
from characters.models import Gladiator, Holding, LedgerLine
from characters.rewards import bout_payout
from characters.services import gladiator_advance, gladiator_create
from characters.shop import item_buy, item_unequip

from .conftest import assert_ledger_balances, standing

pytestmark = pytest.mark.django_db

DEFEATED = {"killed", "mercy"}

GLADIATOR_TYPES_BY_SLUG = {t["slug"]: t for t in GLADIATOR_TYPES}


@pytest.fixture
def recruit(campaign, owner):
    def recruit(name: str, kind: str) -> Gladiator:
        return gladiator_create(campaign=campaign, by=owner, name=name, kind=kind)

    return recruit


def side(row: dict) -> str:
    return row["team"] or row["name"]


def defeated_opponents(bout: Bout) -> list[dict]:
    """Rows of the stored result on another side than the winner, killed or spared."""
    result = bout.log["result"]
    return [
        row
        for row in result["standings"]
        if row["fate"] in DEFEATED and side(row) != result["winner"]
    ]


def surviving_winners(bout: Bout) -> list[dict]:
    result = bout.log["result"]
    return [
        row
        for row in result["standings"]
        if side(row) == result["winner"] and row["fate"] == "survived"
    ]


def bout_lines(gladiator: Gladiator, bout: Bout) -> dict[str, int]:
    return dict(
        LedgerLine.objects.filter(gladiator=gladiator, bout=bout, cause="bout").values_list(
            "currency", "amount"
        )
    )


# Gold and experience ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [7, 8], ids=["loser-killed", "loser-spared"])
def test_the_winner_gets_100_gold_and_1_xp_per_defeated_opponent_the_loser_nothing(
    brutus, nox, fight, seed
):
    """VII.A: '100 gold points is awarded to the Gladiator ... for each defeated opponent.'
    VII.B: 'One Experience Point is awarded to Gladiators for each defeated opponent.'
    VI: 'The losers are the Gladiators that are killed in combat or appeal to the Emperor.'"""
    bout = fight([brutus, nox], seed=seed)
    winner_name = bout.log["result"]["winner"]
    assert winner_name in {"Brutus", "Nox"}, "this seed should give a winner"
    by_name = {"Brutus": brutus, "Nox": nox}
    winner = by_name[winner_name]
    loser = by_name[({"Brutus", "Nox"} - {winner_name}).pop()]
    beaten = defeated_opponents(bout)
    assert [row["name"] for row in beaten] == [loser.name]

    assert bout_lines(winner, bout) == {"gold": GOLD_PER_DEFEATED * 1, "xp": 1}
    assert (winner.gold, winner.xp) == (100, 1)
    assert bout_lines(loser, bout) == {}
    assert (loser.gold, loser.xp) == (0, 0)
    line = winner.ledger.get(currency="gold")
    assert (line.cause, line.bout_id, line.actor) == ("bout", bout.pk, None)
    assert_ledger_balances(winner)
    assert_ledger_balances(loser)


def test_a_free_for_all_winner_is_paid_for_every_opponent_defeated(brutus, nox, recruit, fight):
    """VII.A: 'for each defeated opponent': in a free-for-all everyone else is an opponent,
    whoever struck the last blow."""
    crixus = recruit("Crixus", "goblin")
    bout = fight([brutus, crixus, nox], seed=1)
    assert bout.log["result"]["winner"] == "Brutus", "seed 1 should give Brutus the win"
    beaten = defeated_opponents(bout)
    assert len(beaten) == 2
    assert bout_lines(brutus, bout) == {"gold": 100 * len(beaten), "xp": len(beaten)}
    for other in (crixus, nox):
        assert bout_lines(other, bout) == {}
        assert_ledger_balances(other)
    assert_ledger_balances(brutus)


def test_a_winning_pair_splits_the_gold_evenly(campaign, brutus, nox, recruit, fight):
    """VII.A: 'The gold is evenly divided between members of Gladiator teams.' VII.B: each
    member gains the experience."""
    crixus = recruit("Crixus", "dwarf")
    bout = fight([brutus, crixus, nox], seed=1, teams=["red", "red", "blue"])
    assert bout.log["result"]["winner"] == "red", "seed 1 should give the pair the win"
    winners = surviving_winners(bout)
    assert {row["name"] for row in winners} == {"Brutus", "Crixus"}
    beaten = defeated_opponents(bout)
    share = math.ceil(100 * len(beaten) / len(winners))
    for member in (brutus, crixus):
        member.refresh_from_db()
        assert bout_lines(member, bout) == {"gold": share, "xp": len(beaten)}
        assert_ledger_balances(member)
    assert bout_lines(nox, bout) == {}
    assert share == 50


def test_an_uneven_split_is_rounded_up_for_every_member(brutus, nox, recruit, fight):
    """VII.A: 'The Emperor graciously awards teams any extra gold needed to make the amount
    come out evenly for all team members.' 100 gold for three: 34 each."""
    crixus = recruit("Crixus", "dwarf")
    spartacus = recruit("Spartacus", "elf")
    bout = fight([brutus, crixus, spartacus, nox], seed=1, teams=["red", "red", "red", "blue"])
    assert bout.log["result"]["winner"] == "red"
    assert len(surviving_winners(bout)) == 3
    assert len(defeated_opponents(bout)) == 1
    for member in (brutus, crixus, spartacus):
        assert bout_lines(member, bout) == {"gold": 34, "xp": 1}
        assert_ledger_balances(member)


def test_a_fallen_teammate_is_not_a_defeated_opponent(brutus, nox, recruit, fight):
    """VII.A pays 'for each defeated opponent'. Brutus and Crixus beat Nox, but Nox killed
    Crixus first: the team beat ONE opponent, so Brutus, the only survivor, gets 100 gold
    and 1 experience point - not 200 and 2 for his own teammate's death."""
    crixus = recruit("Crixus", "goblin")
    bout = fight([brutus, crixus, nox], seed=1, teams=["red", "red", "blue"])
    assert bout.log["result"]["winner"] == "red"
    assert standing(bout, "Crixus")["fate"] == "killed", "seed 1 should cost red Crixus"
    assert standing(bout, "Brutus")["fate"] == "survived"
    beaten = defeated_opponents(bout)
    assert [row["name"] for row in beaten] == ["Nox"]

    assert bout_lines(brutus, bout) == {"gold": 100, "xp": 1}
    assert bout_lines(crixus, bout) == {}, "the dead share nothing (RULINGS: 'still alive')"
    assert_ledger_balances(brutus)


def test_a_bout_the_emperor_stops_has_no_winner_and_pays_nobody(brutus, nox, recruit, fight):
    """docs/engine.md: 'options.max_turns ... the Emperor stops the bout with no winner.'
    VII: gold and experience are 'awarded to the victors'; without victors nobody is paid,
    and nobody is credited with a win, even the gladiator listed first."""
    crixus = recruit("Crixus", "dwarf")
    bout = fight([brutus, crixus, nox], seed=1, options={"max_turns": 20})
    result = bout.log["result"]
    assert result["finished"] and result["winner"] is None, "seed 1 should time out"
    assert "stops the bout" in result["reason"]
    assert any(row["fate"] in DEFEATED for row in result["standings"])
    assert bout.winner == ""
    for g in (brutus, crixus, nox):
        assert bout_lines(g, bout) == {}, f"{g.name} was paid for a bout nobody won"
        assert g.wins == 0, f"{g.name} was credited a win in a bout nobody won"
        assert_ledger_balances(g)


def test_a_special_contest_pays_double_gold(brutus, nox, owner, give, fight):
    """VIII.H.5: 'Contests where only daggers may be used ... The Emperor rewards
    Gladiators with double the amount of gold for these special contests!'"""
    give(brutus, 25)
    item_unequip(holding=brutus.holdings.get(item="broadsword"), by=owner)
    item_buy(gladiator=brutus, item="dagger", by=owner)
    bout = fight([brutus, nox], seed=1, options={"contest": "daggers_only"})
    assert bout.log["contest"] == "daggers_only"
    winner_name = bout.log["result"]["winner"]
    assert winner_name in {"Brutus", "Nox"}
    winner = {"Brutus": brutus, "Nox": nox}[winner_name]
    beaten = defeated_opponents(bout)
    assert bout_lines(winner, bout) == {"gold": 2 * 100 * len(beaten), "xp": len(beaten)}
    assert_ledger_balances(winner)


# Fates and the record --------------------------------------------------------------------


def test_a_killed_gladiator_is_dead_for_good(campaign, gm, due_bout, brutus, nox, owner, give):
    """VI.A: 'he has been killed. That Gladiator may not fight in the Arena any more.'"""
    bout = bout_resolve(bout_id=due_bout.pk)
    killed = [row for row in bout.log["result"]["standings"] if row["fate"] == "killed"]
    assert len(killed) == 1, "seed 7 should end in a death"
    row = killed[0]
    dead = Gladiator.objects.get(campaign=campaign, name=row["name"])

    assert dead.status == Gladiator.Status.DEAD
    assert dead.died_in_id == bout.pk
    assert dead.killed_by == (row["killed_by"] or "")
    assert dead.killed_by, "the log names who killed him"
    assert dead.ended_at is not None
    with pytest.raises(LudusError, match="dead and cannot fight"):
        bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=[brutus, nox],
            scheduled_at=timezone.now() + timedelta(hours=1),
        )
    give(dead, 10, "xp")
    with pytest.raises(LudusError, match="dead"):
        gladiator_advance(gladiator=dead, key="body", by=dead.owner)


def test_a_dead_gladiator_in_an_already_scheduled_bout_makes_it_fail(
    campaign, gm, due_bout, brutus, nox
):
    """Scheduled before the death, fought after it: the bout fails with the reason."""
    later = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=7,
    )
    bout = bout_resolve(bout_id=due_bout.pk)
    assert any(row["fate"] == "killed" for row in bout.log["result"]["standings"])
    failed = bout_resolve(bout_id=later.pk)
    assert failed.status == Bout.Status.FAILED
    assert "dead and cannot fight" in failed.failure
    assert not LedgerLine.objects.filter(bout=later).exists()


def test_a_spared_gladiator_counts_the_mercy_and_stays_active(brutus, nox, fight):
    """VI.B: 'the Emperor ... grants him mercy. While the Emperor has granted him his life,
    the Gladiator is still considered defeated.'"""
    bout = fight([brutus, nox], seed=8)
    spared = [row for row in bout.log["result"]["standings"] if row["fate"] == "mercy"]
    assert len(spared) == 1, "seed 8 should end in mercy"
    g = {"Brutus": brutus, "Nox": nox}[spared[0]["name"]]
    assert g.mercy_granted == 1
    assert g.status == Gladiator.Status.ACTIVE
    assert g.died_in is None and g.killed_by == ""
    assert (g.defeats, g.wins) == (1, 0)


def test_the_record_counts_bouts_wins_defeats_and_opponents_defeated(brutus, nox, fight):
    """Two bouts in a row (both survive the first): every counter is the sum over the logs."""
    bouts = [fight([brutus, nox], seed=8), fight([brutus, nox], seed=3)]
    for g in (brutus, nox):
        rows = [standing(b, g.name) for b in bouts]
        expected = {
            "bouts_fought": 2,
            "wins": sum(b.log["result"]["winner"] == g.name for b in bouts),
            "defeats": sum(row["fate"] in DEFEATED for row in rows),
            "opponents_defeated": sum(len(row["defeated"]) for row in rows),
            "mercy_granted": sum(row["fate"] == "mercy" for row in rows),
        }
        assert {field: getattr(g, field) for field in expected} == expected
    assert brutus.wins + nox.wins == 2


# Inventory after the bout -----------------------------------------------------------------


def test_thrown_weapons_lost_and_potions_drunk_leave_the_inventory(
    brutus, nox, owner, rival, give, fight
):
    """VIII.E: 'At the end of a battle, any thrown weapons that are not picked up are lost.'
    A potion drunk (IV.C.4) is gone too. Picked-up weapons join the finder's pack."""
    give(brutus, 2 * 25 + 200)
    give(nox, 200)
    for item in ("dagger", "dagger", "healing_potion"):
        item_buy(gladiator=brutus, item=item, by=owner)
    item_buy(gladiator=nox, item="healing_potion", by=rival)
    before = {g.name: Counter(g.holdings.values_list("item", flat=True)) for g in (brutus, nox)}

    bout = fight([brutus, nox], seed=3)
    row = standing(bout, "Brutus")
    assert row["items_lost"] and row["potions_used"], "seed 3: Brutus throws and drinks"
    for g in (brutus, nox):
        row = standing(bout, g.name)
        expected = (
            before[g.name]
            - Counter(row["items_lost"])
            - Counter(row["potions_used"])
            + Counter(row["items_gained"])
        )
        assert Counter(g.holdings.values_list("item", flat=True)) == expected


def test_a_lost_item_is_taken_from_what_was_carried_not_from_the_pack(
    brutus, nox, owner, give, fight
):
    """Brutus owns three daggers but carries two into the bout; losing two leaves the one
    in the pack."""
    give(brutus, 3 * 25 + 200)
    for item in ("dagger", "dagger", "healing_potion"):
        item_buy(gladiator=brutus, item=item, by=owner)
    spare = item_buy(gladiator=brutus, item="dagger", by=owner)
    item_unequip(holding=spare, by=owner)
    bout = fight([brutus, nox], seed=3)
    lost = standing(bout, "Brutus")["items_lost"].count("dagger")
    assert lost, "seed 3: Brutus loses thrown daggers"
    assert Holding.objects.filter(pk=spare.pk).exists()
    assert brutus.holdings.filter(item="dagger").count() == 3 - lost


# Once and only once ---------------------------------------------------------------------


def test_resolving_a_bout_twice_pays_once(due_bout, brutus, nox):
    bout_resolve(bout_id=due_bout.pk)
    lines = list(LedgerLine.objects.order_by("id").values_list("id", flat=True))
    record = [
        Gladiator.objects.filter(pk=g.pk).values("bouts_fought", "wins", "gold", "xp").get()
        for g in (brutus, nox)
    ]
    assert lines, "somebody was paid"
    assert bout_resolve(bout_id=due_bout.pk) is None
    assert list(LedgerLine.objects.order_by("id").values_list("id", flat=True)) == lines
    assert [
        Gladiator.objects.filter(pk=g.pk).values("bouts_fought", "wins", "gold", "xp").get()
        for g in (brutus, nox)
    ] == record


def test_the_database_refuses_a_second_reward_line_for_the_same_bout(due_bout, brutus, nox):
    """one_bout_reward_per_currency: even a payout run twice by mistake pays once."""
    bout = bout_resolve(bout_id=due_bout.pk)
    gladiators = {g.name: g for g in (brutus, nox)}
    with pytest.raises(IntegrityError), transaction.atomic():
        bout_payout(bout=bout, output=bout.log, gladiators=gladiators)
    for g in (brutus, nox):
        assert LedgerLine.objects.filter(gladiator=g, bout=bout, currency="gold").count() <= 1
        assert_ledger_balances(g)


def test_gladiators_enter_every_bout_fully_healed(brutus, nox, fight):
    """VIII.B: 'Gladiator's enter arena battles fully healed.' Brutus ends his first bout
    wounded; in the second the first blow against him lands on a full body, and the engine
    input carries no wounds."""
    first = fight([brutus, nox], seed=8)
    full = GLADIATOR_TYPES_BY_SLUG["barbarian"]["body"]
    row = standing(first, "Brutus")
    assert row["fate"] == "survived" and row["body"] < full, "seed 8 leaves Brutus wounded"
    assert standing(first, "Nox")["fate"] != "killed"

    second = fight([brutus, nox], seed=8)
    allowed = {"name", "type", "team", "equipment", "bonuses", "tactics"}
    for entry in second.engine_input["gladiators"]:
        assert set(entry) <= allowed, f"engine input carries {set(entry) - allowed}"
    assert second.engine_input["gladiators"] == first.engine_input["gladiators"]
    blows = [
        e
        for turn in second.log["turns"]
        for e in turn["events"]
        if e["type"] == "attack" and e["target"] == "Brutus" and e["damage"]
    ]
    assert blows[0]["body_after"] + blows[0]["damage"] == full
    assert second.log["turns"] == first.log["turns"], "same seed, same healthy fighters"
