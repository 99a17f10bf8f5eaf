"""Packs, draft and sealed: 'Each "pack" contains 8 feats from the current "set" ... 2 of these
are !special! feats ... Another feat is guaranteed to be a *foil* ... The remaining 5 are
standard feats. Within these boundaries, the content of each pack is completely random.'"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.build import build_problems, new_build
from arena.engine.rulesets.gladiator_101.feats import FEATS, FOILS, SPECIAL_FEATS, STANDARD_FEATS
from arena.engine.rulesets.gladiator_101.packs import (
    assign,
    auto_pick,
    build_from_pool,
    draft,
    pack,
    sealed,
)

PACKS = 10_000


def test_the_set_has_forty_standard_sixteen_special_feats_at_least_and_a_foil_of_each():
    assert len(STANDARD_FEATS) >= 40 and len(SPECIAL_FEATS) >= 16
    assert len(FOILS) == len(STANDARD_FEATS) + len(SPECIAL_FEATS)
    for foil in FOILS:
        plain = FEATS[foil.base]
        assert foil.cost == plain.cost and foil.text != plain.text


def test_ten_thousand_packs_are_two_special_one_foil_five_standard_drawn_evenly():
    standard = Counter()
    special = Counter()
    foil = Counter()
    for seed in range(PACKS):
        p = pack(seed)
        assert len(p) == 8
        kinds = [
            "foil" if FEATS[s].foil else FEATS[s].rarity.value for s in p
        ]  # in the pack's order
        assert kinds == ["special"] * 2 + ["foil"] + ["standard"] * 5
        assert len(set(p[:2])) == 2 and len(set(p[3:])) == 5  # no repeat within a kind
        special.update(p[:2])
        foil.update(p[2:3])
        standard.update(p[3:])
    # Every feat of a kind is equally likely: its count is binomial around the mean; allow
    # five standard deviations (a failure by chance is far below one in a million).
    for counts, kinds, per_pack in ((special, SPECIAL_FEATS, 2), (foil, FOILS, 1),
                                    (standard, STANDARD_FEATS, 5)):  # fmt: skip
        assert set(counts) == {f.slug for f in kinds}
        p = per_pack / len(kinds)
        mean, sd = PACKS * p, math.sqrt(PACKS * p * (1 - p))
        assert all(abs(n - mean) < 5 * sd for n in counts.values()), counts.most_common(3)


def test_a_pack_is_the_same_for_the_same_seed():
    assert pack("event-1/0/0") == pack("event-1/0/0")
    assert pack(1) != pack(2)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    choices=st.integers(0, 10**6),
    absent=st.sets(st.integers(0, 7)),
)
def test_every_draft_pick_comes_from_the_pack_in_hand_and_every_feat_is_picked_once(
    players, seed, choices, absent
):
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(choices)
    seen_hands: dict[str, list[tuple[str, ...]]] = {n: [] for n in names}

    def choose(player, hand, picked):
        seen_hands[player].append(hand)
        if int(player[1:]) in absent:
            return None
        return rng.choice(hand)

    picks, log = draft(names, seed, choose)
    opened = Counter(s for i in range(players) for s in _event_pack(seed, i))
    assert Counter(s for p in picks.values() for s in p) == opened
    assert all(len(p) == 8 for p in picks.values())
    for entry in log:
        hand = seen_hands[entry.player][entry.round]
        assert entry.feat in hand
        assert entry.auto is (int(entry.player[1:]) in absent)
    # Round 2: each holds what its neighbour before it in the cycle passed on.
    first = names[0]
    assert len(seen_hands[first][1]) == 7
    assert set(seen_hands[first][1]) <= set(_event_pack(seed, players - 1))


def _event_pack(seed, i):
    from arena.engine.rulesets.gladiator_101.packs import event_pack

    return event_pack(seed, i, 0)


def test_a_pick_not_in_the_hand_is_refused():
    with pytest.raises(EngineInputError, match="not in the pack in hand"):
        draft(["A", "B"], 1, lambda player, hand, picked: "no-such-feat")


def test_the_auto_pick_takes_a_fitting_foil_before_a_costlier_plain_feat():
    assert auto_pick(["flurry", "lucky-foil", "keen-eye"], [], 10) == "lucky-foil"
    # a feat that no longer fits the points left comes last
    assert auto_pick(["flurry", "trained-kick"], ["keen-eye"] * 4, 10) == "trained-kick"


def test_sealed_gives_two_packs_each_and_a_build_from_it_is_checked():
    pools = sealed(["A", "B", "C", "D"], "spring games")
    assert all(len(p) == 16 for p in pools.values())
    owned = pools["A"]
    chosen = assign(owned, 10)
    build = build_from_pool(owned, chosen, new_build()["scores"], marks=30, feat_points=10)
    assert build_problems(build, owned=owned) == []
    foreign = next(s for s in FEATS if s not in owned and FEATS[s].cost == 1)
    cheat = build_from_pool(owned, [*chosen[:-1], foreign], new_build()["scores"], marks=30,
                            feat_points=10)  # fmt: skip
    assert any("not among the feats acquired" in p for p in build_problems(cheat, owned=owned))
