"""A gladiator's build: ability scores bought one point at a time, and feats assigned within a
point limit (docs/rules/gladiator-101.md, "Building a gladiator").

    {"scores": {"accuracy": 10, "reflex": 8, "strength": 12}, "marks": 30,
     "feat_points": 10, "feats": ["keen-eye", "flurry-foil"], "pool": ["guard"]}

"Each point is purchased for a number of marks, as determined by the number of points already
in that score. The cost-scale is determined before each game." The n-th point of a score costs
the scale's n-th entry; a score cannot go past the scale. `feats` are assigned ("any number of
feats whose total point-cost does not exceed a defined limit"), `pool` holds the feats owned
but not assigned: wasted ("Feats cannot be reassigned between battles, so those unused go to
waste").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.core.words import counted
from arena.engine.rulesets.gladiator_101.data import (
    DEFAULT_COST_SCALE,
    DEFAULT_FEAT_POINTS,
    DEFAULT_MARKS,
    SCORES,
)
from arena.engine.rulesets.gladiator_101.feats import FEATS

KEYS = ("scores", "marks", "feat_points", "feats", "pool")


def score_cost(points: int, scale: Sequence[int] = DEFAULT_COST_SCALE) -> int:
    """Marks for a score of `points`: the sum of the scale's first `points` entries."""
    return sum(scale[:points])


def marks_spent(scores: Mapping[str, int], scale: Sequence[int] = DEFAULT_COST_SCALE) -> int:
    return sum(score_cost(scores.get(s, 0), scale) for s in SCORES)


def feat_cost(feats: Sequence[str]) -> int:
    return sum(FEATS[s].cost for s in feats)


def even_scores(marks: int, scale: Sequence[int] = DEFAULT_COST_SCALE) -> dict[str, int]:
    """Marks spent a point at a time round the three scores (a new gladiator's build)."""
    scores = dict.fromkeys(SCORES, 0)
    left = marks
    while True:
        bought = False
        for s in SCORES:
            n = scores[s]
            if n < len(scale) and scale[n] <= left:
                scores[s], left, bought = n + 1, left - scale[n], True
        if not bought:
            return scores


def new_build(marks: int = DEFAULT_MARKS, feat_points: int = DEFAULT_FEAT_POINTS) -> dict[str, Any]:
    return {"scores": even_scores(marks), "marks": marks, "feat_points": feat_points,
            "feats": [], "pool": []}  # fmt: skip


def build_problems(
    build: Mapping[str, Any],
    *,
    scale: Sequence[int] = DEFAULT_COST_SCALE,
    owned: Sequence[str] | None = None,
) -> list[str]:
    """What is wrong with a build, in words. `owned`: the feats the player acquired (a draft
    pick or a sealed pool), when the assigned feats must come from it."""
    problems = [f"{k}: not part of a build" for k in sorted(set(build) - set(KEYS))]
    scores = build.get("scores")
    if not isinstance(scores, Mapping) or set(scores) != set(SCORES):
        return [*problems, f"scores: {', '.join(SCORES)}"]
    for s in SCORES:
        v = scores[s]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= len(scale):
            problems.append(f"{s}: a whole number from 0 to {len(scale)} (the cost scale's end)")
    marks, points = build.get("marks"), build.get("feat_points")
    for key, value in (("marks", marks), ("feat_points", points)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(f"{key}: a whole number, 0 or more")
    feats, pool = build.get("feats", []), build.get("pool", [])
    for key, value in (("feats", feats), ("pool", pool)):
        if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
            problems.append(f"{key}: a list of feats")
        else:
            problems += [
                f"{key}: {s!r} is not a feat of Gladiator 101" for s in value if s not in FEATS
            ]
    if problems:
        return problems
    spent = marks_spent(scores, scale)
    if spent > marks:
        problems.append(f"the scores cost {spent} marks, {spent - marks} more than the {marks}")
    cost = feat_cost(feats)
    if cost > points:
        problems.append(f"the feats cost {counted(cost, 'point')}, more than the limit of {points}")
    bases = Counter(FEATS[s].base for s in feats)
    problems += [
        f"{b}: assigned twice (a feat or its foil counts once)" for b, n in bases.items() if n > 1
    ]
    if owned is not None:
        missing = Counter(feats) + Counter(pool) - Counter(owned)
        problems += [f"{s}: not among the feats acquired" for s in sorted(missing)]
    return problems
