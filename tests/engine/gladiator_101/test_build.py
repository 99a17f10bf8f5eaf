"""Building a gladiator: 'Each player purchases their 3 ability scores (Accuracy, Reflex, and
Strength) 1 point at a time. Each point is purchased for a number of marks, as determined by
the number of points already in that score. The cost-scale is determined before each game.'
'each player assigns themselves any number of feats whose total point-cost does not exceed a
defined limit.'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.build import build_problems, new_build, score_cost


def test_the_nth_point_costs_the_scales_nth_entry():
    scale = (1, 1, 2, 3, 5)
    assert [score_cost(n, scale) for n in range(6)] == [0, 1, 2, 4, 7, 12]


def test_a_score_past_the_scale_or_beyond_the_marks_is_refused():
    build = {**new_build(), "scores": {"accuracy": 5, "reflex": 0, "strength": 0}, "marks": 6}
    assert build_problems(build, scale=(1, 1, 2, 3, 5)) == [
        "the scores cost 12 marks, 6 more than the 6"
    ]
    assert build_problems(build, scale=(1, 1, 1)) == [
        "accuracy: a whole number from 0 to 3 (the cost scale's end)"
    ]


def test_feats_stay_within_the_point_limit_and_count_once():
    build = {**new_build(), "feats": ["flurry", "twin-focus", "iron-skin", "lucky"]}
    assert build_problems(build) == ["the feats cost 11 points, more than the limit of 10"]
    twice = {**new_build(), "feats": ["keen-eye", "keen-eye-foil"]}
    assert build_problems(twice) == ["keen-eye: assigned twice (a feat or its foil counts once)"]
