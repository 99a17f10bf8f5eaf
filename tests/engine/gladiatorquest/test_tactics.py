"""The GladiatorQuest tactics: the move and free pivot a step writes, a gladiator's weapons
(worked out once per kit), and whom he picks: what the rules they stand for give."""

from __future__ import annotations

import dataclasses

import pytest

from arena.engine.core.board import Facing
from arena.engine.core.records import replace
from arena.engine.rulesets.gladiatorquest import ITEMS
from arena.engine.rulesets.gladiatorquest.data import FISTS, Tactics
from arena.engine.rulesets.gladiatorquest.orders import STEP_VECTORS, Move, StepOrder, pivoted
from arena.engine.rulesets.gladiatorquest.ruleset import GladiatorQuest
from arena.engine.rulesets.gladiatorquest.state import arms_of, loadout_of
from arena.engine.rulesets.gladiatorquest.tactics import Plan, _walk, pick_target, plan_of
from tests.engine.gladiatorquest.helpers import bout, gladiator

STEPS = [(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)]


@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("target", [(0, 3), (2, -1), (-4, 4), (-1, 0), (5, 2), (0, -2)])
def test_a_walk_steps_by_its_vector_and_pivots_towards_the_target(facing, step, target):
    order = _walk(facing, step, *target, True)
    if step == (0, 0):
        assert order.move is Move.STAND
    else:
        assert STEP_VECTORS[facing, order.move] == step
    want = Facing.towards(*target)
    if want is facing:
        assert order.pivot is None
    elif want is facing.reversed():
        assert order.pivot == "right"  # a half turn starts to the right
    else:
        assert pivoted(facing, order.pivot) is want
    assert order.pivot_after is (order.pivot is not None)
    # Without the free pivot (used this phase) he steps the same way and does not turn.
    assert _walk(facing, step, *target, False) == StepOrder(order.move)


def _fighter(contest: str = "standard", **extra):
    """A gladiator as setup makes him, facing one like him (the contest's rules hold)."""
    state = GladiatorQuest().setup(
        bout(gladiator("A", **extra), gladiator("B", **extra), contest=contest)
    )
    return state.fighters[0]


def test_arms_are_the_loadout_the_weapon_and_the_passing_weapon():
    whip = _fighter(equipment=["shortsword", "whip"])
    kit, weapon, passing = arms_of(whip, "standard")
    assert kit == loadout_of(whip.carried)
    assert weapon == ITEMS["shortsword"]  # the most attack dice (the first of equals)
    assert passing == ITEMS["shortsword"]  # it does not reach, and he has no bow
    whip_first = replace(
        whip, gladiator=dataclasses.replace(whip.gladiator, tactics=Tactics(weapon="whip"))
    )
    assert arms_of(whip_first, "standard")[1:] == (ITEMS["whip"], ITEMS["whip"])


def test_a_crossbow_is_the_passing_weapon_but_never_the_hand_to_hand_one():
    archer = _fighter("bows_only", equipment=["crossbow"])
    _, weapon, passing = arms_of(archer, "bows_only")
    assert (weapon, passing) == (FISTS, ITEMS["crossbow"])


def test_a_caster_with_spells_left_has_only_fists_in_a_magic_only_contest():
    wizard = _fighter("magic_only", type_="wizard", equipment=["dagger"])
    assert wizard.spells
    assert arms_of(wizard, "magic_only")[1:] == (FISTS, FISTS)
    spent = replace(wizard, spells=())
    assert arms_of(spent, "magic_only")[1:] == (ITEMS["dagger"], ITEMS["dagger"])


def _plan(
    carried: list[str],
    spells: tuple[str, ...] = (),
    *,
    throw: str = "spare",
    approach: str = "close",
    casting: str = "attack_first",
) -> Plan:
    return plan_of(tuple(carried), spells, None, throw, approach, casting, "standard")


def test_a_plan_fights_with_the_weapons_his_arms_are():
    whip = _fighter(equipment=["shortsword", "whip"])
    t = whip.gladiator.tactics
    plan = plan_of(whip.carried, whip.spells, t.weapon, t.throw, t.approach, t.spells, "standard")
    assert (plan.kit, plan.weapon, plan.passing) == tuple(arms_of(whip, "standard"))


def test_a_plan_throws_only_a_weapon_the_tactics_let_go():
    assert _plan(["dagger", "shortsword"]).throws  # "spare": the shortsword stays in hand
    assert not _plan(["dagger"]).throws
    assert _plan(["dagger"], throw="always").throws
    assert not _plan(["dagger", "handaxe"], throw="never").throws
    assert not _plan(["shortsword", "broadsword"]).throws  # nothing to throw


def test_a_plan_keeps_away_with_a_crossbow_or_with_ranged_means_and_tactics_to():
    assert _plan(["crossbow"]).keeps_away  # whatever his approach
    assert not _plan(["dagger", "handaxe"]).keeps_away  # he closes in
    assert _plan(["dagger", "handaxe"], approach="keep_distance").keeps_away
    assert not _plan(["dagger"], approach="keep_distance").keeps_away  # his one weapon stays
    assert _plan(["dagger"], ("ball_of_flame",), approach="keep_distance").keeps_away
    never = _plan(["dagger"], ("ball_of_flame",), approach="keep_distance", casting="never")
    assert not never.keeps_away
    assert not _plan(["dagger"], ("courage",), approach="keep_distance").keeps_away


def test_pick_target_ranks_by_the_tactics_and_breaks_ties_by_input_order():
    state = GladiatorQuest().setup(
        bout(
            gladiator("Me"),
            gladiator("Near"),
            gladiator("Far"),
            gladiator("Twin"),
        )
    )
    me, near, far, twin = state.fighters
    near = replace(near, square=me.square._replace(col=me.square.col + 2), body=5)
    far = replace(far, square=me.square._replace(col=me.square.col + 6), body=3)
    twin = replace(twin, square=me.square._replace(row=me.square.row + 2), body=5)
    ranked = [near, far, twin]

    def with_target(how):
        return replace(me, gladiator=dataclasses.replace(me.gladiator, tactics=Tactics(target=how)))

    assert pick_target(with_target("nearest"), ranked) is near  # Twin is as near: later
    assert pick_target(with_target("weakest"), ranked) is far
    assert (
        pick_target(with_target("strongest"), ranked) is near
    )  # as strong and as near as Twin: first in input order
    assert pick_target(with_target("strongest"), [twin, near]) is near  # whatever the order given
