"""Balance by simulation, the cheap part: a feat the default tactics never use leaves every
seeded bout of its balance row exactly as it was, so its win rate sits at the baseline. These
feats were once in that state (docs/rules/gladiator-101.md, "Balance by simulation"); the full
1,000-bout table is bench/g101_balance.py, not a test."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.gladiator_101.balance import changes_a_bout, fought
from arena.engine.rulesets.gladiator_101.events import Used
from arena.engine.rulesets.gladiator_101.feats import FEATS

# Fast abilities the tactics must weigh against the focused attack they give up, and passive
# feats that once changed nothing (kick feats, armour where nobody struck, hit points where
# no blow fells). Trained Kick and Patient Hunter were redesigned for it, foils included.
ABILITIES = ["battle-cry", "feint", "guard", "intimidate", "patient-hunter", "patient-hunter-foil"]
PASSIVES = ["hard-kick", "shield-wall", "helmet-drill", "greave-drill", "iron-gut", "brute"]
PASSIVES += ["trained-kick", "trained-kick-foil"]


@pytest.mark.parametrize("slug", ABILITIES + PASSIVES)
def test_a_feat_changes_at_least_one_of_a_hundred_seeded_bouts(slug):
    assert changes_a_bout(slug, bouts=100), f"{slug} changes nothing: the tactics never use it"


@pytest.mark.parametrize("slug", ABILITIES)
def test_the_tactics_use_an_ability_in_the_bouts_it_helps(slug):
    name = FEATS[slug].name
    used = sum(
        any(isinstance(e, Used) and e.name == "With" and e.feat == name for e in events)
        for _, events in (fought(([slug], []), seed) for seed in range(20))
    )
    assert used > 0, f"{slug} is never used in 20 bouts"


def test_the_same_seed_fights_the_same_bout():
    """The comparison is only meaningful because a bout is a function of its seed."""
    assert fought((["battle-cry"], []), 7) == fought((["battle-cry"], []), 7)
    assert not changes_a_bout("keen-eye", bouts=0)
