"""VII.C Increasing in levels: experience spent for +1 to a stat of the owner's choice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_schedule
from arena.engine.rulesets.gladiatorquest import GLADIATOR_TYPES
from arena.engine.rulesets.gladiatorquest.campaign import STATS, level_up_cost
from arena.engine_io import bout_engine_input
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_advance, gladiator_retire

from .conftest import assert_ledger_balances

pytestmark = pytest.mark.django_db

GLADIATOR_TYPES_BY_SLUG = {t["slug"]: t for t in GLADIATOR_TYPES}


def state(gladiator: Gladiator) -> tuple:
    g = Gladiator.objects.get(pk=gladiator.pk)
    return (g.level, g.xp, g.build.get("bonuses", {}), g.ledger.count())


def test_the_nth_level_costs_2n_experience_points():
    """VII.C: 'A Gladiator may increase in level for the first time by spending TWO
    Experience Points. He may increase in level a second time by spending FOUR ..., a third
    time by spending SIX ..., a fourth time by spending EIGHT ..., and so on.'"""
    assert [level_up_cost(level) for level in (1, 2, 3, 4, 5)] == [2, 4, 6, 8, 10]


def test_three_level_ups_spend_two_then_four_then_six(brutus, owner, give):
    """VII.C: '... TWO ... FOUR ... SIX Experience Points. Mark any spent Experience Points
    off the Gladiator's sheet.'"""
    give(brutus, 2 + 4 + 6, "xp")
    for stat in ("attack", "body", "attack"):
        gladiator_advance(gladiator=brutus, key=stat, by=owner)

    brutus.refresh_from_db()
    assert brutus.level == 4
    assert brutus.xp == 0
    assert (brutus.build["bonuses"].get("attack", 0), brutus.build["bonuses"].get("body", 0)) == (
        2,
        1,
    )
    spent = brutus.ledger.filter(cause=LedgerLine.Cause.LEVEL_UP).order_by("id")
    assert [line.amount for line in spent] == [-2, -4, -6]
    assert all(line.currency == "xp" and line.actor == owner for line in spent)
    assert [line.note for line in spent] == [
        "level 2: +1 attack die",
        "level 3: +1 body point",
        "level 4: +1 attack die",
    ]
    assert_ledger_balances(brutus)


@pytest.mark.parametrize("stat", STATS)
def test_a_level_adds_one_to_the_chosen_stat_only(brutus, owner, give, stat):
    """VII.C: 'A Gladiator may add an extra die to his Attack or Defend rolls, or an extra
    point to his movement rolls, Body Points, or Mind Points.'"""
    give(brutus, 2, "xp")
    returned = gladiator_advance(gladiator=brutus, key=stat, by=owner)
    brutus.refresh_from_db()
    assert brutus.build == {"bonuses": {stat: 1}}
    assert brutus.level == 2
    assert (returned.level, returned.build) == (brutus.level, brutus.build)


def test_spare_experience_stays_after_a_level_up(brutus, owner, give):
    give(brutus, 3, "xp")
    gladiator_advance(gladiator=brutus, key="mind", by=owner)
    brutus.refresh_from_db()
    assert (brutus.level, brutus.xp) == (2, 1)


def test_not_enough_experience_is_refused_and_changes_nothing(brutus, owner, give):
    """The second level costs FOUR: three points are not enough."""
    give(brutus, 5, "xp")
    gladiator_advance(gladiator=brutus, key="attack", by=owner)
    before = state(brutus)
    with pytest.raises(LudusError) as refused:
        gladiator_advance(gladiator=brutus, key="attack", by=owner)
    assert "Level 3 costs 4 experience points" in refused.value.message
    assert "has 3" in refused.value.message
    assert state(brutus) == before


def test_a_new_gladiator_cannot_level_up_without_experience(brutus, owner):
    before = state(brutus)
    with pytest.raises(LudusError, match="costs 2 experience points"):
        gladiator_advance(gladiator=brutus, key="body", by=owner)
    assert state(brutus) == before


@pytest.mark.parametrize("stat", ["luck", "Attack", "", "bonus_attack"])
def test_an_unknown_stat_is_refused_and_changes_nothing(brutus, owner, give, stat):
    give(brutus, 2, "xp")
    before = state(brutus)
    with pytest.raises(LudusError) as refused:
        gladiator_advance(gladiator=brutus, key=stat, by=owner)
    assert refused.value.field == "advance"
    assert "attack, defend, movement, body, mind" in refused.value.message
    assert state(brutus) == before


@pytest.mark.parametrize("end", ["retired", "dead"])
def test_a_dead_or_retired_gladiator_cannot_level_up(brutus, owner, give, end):
    give(brutus, 10, "xp")
    if end == "retired":
        gladiator_retire(gladiator=brutus, by=owner)
    else:
        Gladiator.objects.filter(pk=brutus.pk).update(status=Gladiator.Status.DEAD)
    before = state(brutus)
    with pytest.raises(LudusError, match=f"{end}: a dead or retired gladiator cannot"):
        gladiator_advance(gladiator=Gladiator.objects.get(pk=brutus.pk), key="body", by=owner)
    assert state(brutus) == before


@pytest.mark.parametrize("intruder", ["rival", "outsider"])
def test_only_the_owner_or_the_gm_may_level_a_gladiator(request, brutus, give, intruder):
    give(brutus, 2, "xp")
    before = state(brutus)
    with pytest.raises(NotAllowed):
        gladiator_advance(gladiator=brutus, key="attack", by=request.getfixturevalue(intruder))
    assert state(brutus) == before


def test_the_gm_may_level_a_gladiator(brutus, gm, give):
    give(brutus, 2, "xp")
    gladiator_advance(gladiator=brutus, key="defend", by=gm)
    brutus.refresh_from_db()
    assert brutus.build["bonuses"].get("defend", 0) == 1
    assert brutus.ledger.latest("id").actor == gm


def test_the_bonuses_reach_the_engine_input(campaign, gm, brutus, nox, owner, give):
    """Only stats that were raised are sent, under 'bonuses' (docs/engine.md)."""
    give(brutus, 2 + 4, "xp")
    gladiator_advance(gladiator=brutus, key="attack", by=owner)
    gladiator_advance(gladiator=brutus, key="body", by=owner)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(hours=1),
    )
    entries = {e["name"]: e for e in bout_engine_input(bout=bout)["gladiators"]}
    assert entries["Brutus"]["bonuses"] == {"attack": 1, "body": 1}
    assert "bonuses" not in entries["Nox"]


def test_the_engine_fights_with_the_raised_stats(brutus, nox, owner, give, fight):
    """A body point and a movement point bought with experience show in the bout's log: the
    first blow against Brutus starts from base body + 1, every movement roll adds 1."""
    give(brutus, 2 + 4, "xp")
    gladiator_advance(gladiator=brutus, key="body", by=owner)
    gladiator_advance(gladiator=brutus, key="movement", by=owner)
    bout = fight([brutus, nox], seed=8)

    entry = next(e for e in bout.engine_input["gladiators"] if e["name"] == "Brutus")
    assert entry["bonuses"] == {"movement": 1, "body": 1}
    events = [e for turn in bout.log["turns"] for e in turn["events"]]
    rolls = [e for e in events if e["type"] == "movement_roll" and e["name"] == "Brutus"]
    assert rolls and all(e["points"] == sum(e["dice"]) + 1 for e in rolls)
    blows = [e for e in events if e["type"] == "attack" and e["target"] == "Brutus"]
    first_hit = next(e for e in blows if e["damage"])
    assert (
        first_hit["body_after"] + first_hit["damage"]
        == GLADIATOR_TYPES_BY_SLUG["barbarian"]["body"] + 1
    )
