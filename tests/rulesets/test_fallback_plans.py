"""Conditional fallback orders through the plug-in, for every registered rule set (the five
Ludus ships and Stone Duel): the schema each states, plans checked in words, and the order
of a turn from the first rule that holds and is legal (arena/engine/core/fallback.py)."""

from __future__ import annotations

import pytest

from arena.engine.core.fallback import fallback_schema, plan_problems
from arena.engine.core.ruleset import RULESETS

ALL = sorted(RULESETS)
AWAY = {"action": "keep_away", "target": "nearest"}
ATTACK = {"action": "attack", "target": "nearest"}


def started(slug, squares=("", "")):
    rules = RULESETS[slug]()
    builds = rules.campaign.lab_builds()
    entrants = [builds[0].entrant("Ann", squares[0]), builds[1].entrant("Bo", squares[1])]
    bout = rules.campaign.bout_input(entrants, {}, seed=1, by_tactics=rules.web is None)
    return rules, rules.setup(bout)


@pytest.mark.parametrize("slug", ALL)
def test_every_action_of_the_schema_is_a_plan_its_rule_set_takes(slug):
    rules = RULESETS[slug]()
    schema = fallback_schema(rules)
    plan = [{"if": [], "do": a["do"]} for a in schema["actions"]][: schema["max_rules"]]
    assert plan_problems(rules, plan) == []
    for condition in schema["conditions"]:
        rule = {"if": [{"when": condition["when"], "value": condition["max"]}], "do": plan[0]["do"]}
        assert plan_problems(rules, [rule]) == []
        low = {"when": condition["when"], "value": condition["min"] - 1}
        assert plan_problems(rules, [{"if": [low], "do": plan[0]["do"]}])


@pytest.mark.parametrize("slug", [s for s in ALL if RULESETS[s].web is None])
def test_a_rule_set_fought_by_tactics_takes_no_plan_and_says_why(slug):
    rules = RULESETS[slug]()
    assert fallback_schema(rules)["actions"] == []
    assert plan_problems(rules, []) == []
    (problem,) = plan_problems(rules, [{"if": [], "do": {"action": "tactics"}}])
    assert problem.startswith(f"{rules.title} is fought by tactics only")


@pytest.mark.parametrize("slug", [s for s in ALL if RULESETS[s].web is not None])
def test_each_action_gives_a_legal_order_or_none(slug):
    rules, state = started(slug)
    start = rules.snapshot(state)
    for who in rules.pending(state).who:
        for action in fallback_schema(rules)["actions"]:
            order = rules.fallback_order(state, who, [{"if": [], "do": action["do"]}],
                                         start=start, turn=1)  # fmt: skip
            assert order is None or rules.validate(state, who, order) == []
        tactics = rules.fallback_order(
            state, who, [{"if": [], "do": {"action": "tactics"}}], start=start, turn=1
        )
        assert tactics == rules.order_json(rules.tactics(state, who))


def test_gladiator_arena_attack_keep_away_and_concede():
    rules, state = started("gladiator-arena", ("D4", "D6"))
    start = rules.snapshot(state)

    def order(*plan, turn=1, begun=start):
        return rules.fallback_order(state, "Bo", list(plan), start=begun, turn=turn)

    # A sword reaches two squares: Ann on D4 is struck from D6 without a step.
    assert order({"if": [], "do": ATTACK}) == {"strike": ["D4"]}
    assert order({"if": [], "do": AWAY}) == {"move": "D7"}
    concede = {"action": "choose", "field": "concede", "value": "award_kill"}
    # Health against the start: as strong as it began, then as if it began twice as strong.
    low = {"if": [{"when": "health_below", "value": 51}], "do": concede}
    assert order(low, {"if": [], "do": AWAY}) == {"move": "D7"}
    doubled = {name: {**line, "hp": line["hp"] * 2} for name, line in start.items()}
    assert order(low, {"if": [], "do": AWAY}, begun=doubled) == {"concede": "award_kill"}
    # Distance and turn.
    near = {"if": [{"when": "opponent_within", "value": 1}], "do": ATTACK}
    assert order(near, {"if": [], "do": AWAY}) == {"move": "D7"}
    far = {"if": [{"when": "opponent_beyond", "value": 1}], "do": ATTACK}
    assert order(far) == {"strike": ["D4"]}
    late = {"if": [{"when": "turn_at_least", "value": 3}], "do": ATTACK}
    assert order(late, {"if": [], "do": AWAY}, turn=2) == {"move": "D7"}
    assert order(late, {"if": [], "do": AWAY}, turn=3) == {"strike": ["D4"]}
    # No rule holds: none, and the caller falls back further.
    assert order({"if": [{"when": "turn_below", "value": 1}], "do": ATTACK}) is None


def test_a_rule_whose_order_is_illegal_passes_to_the_next():
    rules, state = started("gladiator-arena", ("D4", "D6"))
    start = rules.snapshot(state)
    refusing = type(
        "Refusing",
        (type(rules),),
        {"validate": lambda self, s, who, order: ["no"] if "concede" in order else []},
    )()
    concede = {"action": "choose", "field": "concede", "value": "award_kill"}
    plan = [{"if": [], "do": concede}, {"if": [], "do": AWAY}]
    assert rules.fallback_order(state, "Bo", plan, start=start, turn=1) == {"concede": "award_kill"}
    assert refusing.fallback_order(state, "Bo", plan, start=start, turn=1) == {"move": "D7"}


@pytest.mark.parametrize(
    ("plan", "words"),
    [
        ("attack", "The fallback orders must be a list of rules."),
        ([{"do": ATTACK, "else": ATTACK}], "Rule 1: a rule is"),
        ([{"if": {"when": "turn_below"}, "do": ATTACK}], "Rule 1: 'if' must be a list"),
        ([{"if": [{"when": "turn_below"}], "do": ATTACK}], "Rule 1: a condition is"),
        ([{"if": [{"when": "turn_below", "value": True}], "do": ATTACK}], "from 1 to 999"),
        ([{"if": [{"when": "x" * 99, "value": 1}], "do": ATTACK}], "unknown condition"),
        ([{"if": [{"when": {"a": 1}, "value": 1}], "do": ATTACK}], "unknown condition"),
    ],
)
def test_plans_are_checked_in_words(plan, words):
    problems = plan_problems(RULESETS["gladiator-arena"](), plan)
    assert problems and words in problems[0]
    assert all(len(p) < 300 for p in problems)
