"""Conditional fallback orders: kept and read by the gladiator's owner alone, refused in words,
and used, before the standing order and the tactics, for a turn its owner misses."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import TurnOrder
from arena.play.services import bout_enter, bout_open, bout_start, bout_turn_force, order_submit
from arena.play.turns import state_loaded, turn_rules
from campaign.reliability.fallback import fallback_plan_of, fallback_plan_set, fallback_schema_of
from campaign.reliability.models import FallbackOrders, TurnAttendance
from campaign.reliability.seats import seat_hand_over
from campaign.reliability.services import missed_turn_policy_set
from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import adapter
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db

ATTACK = {"action": "attack", "target": "nearest"}
AWAY = {"action": "keep_away", "target": "nearest"}
CONCEDE = {"action": "choose", "field": "concede", "value": "award_kill"}
NEVER = {"when": "turn_below", "value": 1}


def resolve(bout, gm, turn):
    bout_turn_force(bout=bout, by=gm, turn=turn, reason="Test: resolve now")
    bout.refresh_from_db()


def test_a_missed_turn_fights_by_the_first_rule_that_holds(running, gm, rival):
    bout, _, theirs = running
    justbec = theirs.gladiator
    fallback_plan_set(
        gladiator=justbec,
        by=rival,
        plan=[
            {"if": [{"when": "health_below", "value": 34}], "do": CONCEDE},  # at full health
            {"if": [{"when": "opponent_within", "value": 1}], "do": ATTACK},  # two squares off
            {"if": [{"when": "opponent_within", "value": 2}], "do": AWAY},
            {"if": [], "do": ATTACK},
        ],
    )
    resolve(bout, gm, 1)
    # Kaunisto on D4, Justbec on D6: the third rule holds first: away from D4, to D7.
    assert bout.engine_input["turns"][0]["Justbec"] == {"move": "D7"}
    attendance = TurnAttendance.objects.get(bout=bout, gladiator="Justbec", turn=1)
    assert attendance.outcome != "ordered"  # a fallback is a miss, excused or not


def test_fallback_orders_come_before_the_standing_order(running, gm, rival):
    bout, _, theirs = running
    missed_turn_policy_set(campaign=bout.campaign, by=gm, excused_allowed=0, disorder_after=0)
    order_submit(entrant=theirs, by=rival, order={"move": "E6"}, standing=True, turn=1)
    resolve(bout, gm, 1)
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=[{"if": [], "do": AWAY}])
    resolve(bout, gm, 2)
    turns = bout.engine_input["turns"]
    assert turns[0]["Justbec"] == {"move": "E6"}
    assert turns[1]["Justbec"] == {"move": "E7"}  # away from D4, not the standing E6 again
    outcomes = dict(
        TurnAttendance.objects.filter(bout=bout, gladiator="Justbec").values_list("turn", "outcome")
    )
    assert outcomes == {1: "ordered", 2: "missed"}


def test_no_rule_that_holds_leaves_the_standing_order_then_the_tactics(running, gm, rival):
    bout, _, theirs = running
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    tactics = rules.order_json(rules.tactics(state, "Justbec"))
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=[{"if": [NEVER], "do": AWAY}])
    resolve(bout, gm, 1)
    assert bout.engine_input["turns"][0]["Justbec"] == tactics


def test_civil_disorder_sets_the_fallback_orders_aside(running, gm, owner, rival):
    bout, mine, theirs = running
    missed_turn_policy_set(campaign=bout.campaign, by=gm, excused_allowed=0, disorder_after=1)
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=[{"if": [], "do": AWAY}])
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    resolve(bout, gm, 1)
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    tactics = rules.order_json(rules.tactics(state, "Justbec"))
    order_submit(entrant=mine, by=owner, order={}, turn=2)
    resolve(bout, gm, 2)
    turns = bout.engine_input["turns"]
    assert turns[0]["Justbec"] == {"move": "D7"}
    assert turns[1]["Justbec"] == tactics != {"move": "D8"}


@pytest.mark.parametrize(
    ("plan", "words"),
    [
        ({"if": []}, "The fallback orders must be a list of rules."),
        (
            [{"if": [{"when": "moon_is_full", "value": 1}], "do": ATTACK}],
            "Rule 1: unknown condition 'moon_is_full'",
        ),
        (
            [{"if": [{"when": "health_below", "value": 101}], "do": ATTACK}],
            "Rule 1: health_below takes a whole number from 1 to 100, not 101.",
        ),
        (
            [{"if": [], "do": ATTACK}, {"if": [], "do": {"action": "fly"}}],
            "Rule 2: unknown action {'action': 'fly'}",
        ),
        (
            [{"if": [], "do": {"action": "choose", "field": "concede", "value": "weep"}}],
            "Rule 1: this rule set does not allow the action",
        ),
        ([{"if": [], "do": ATTACK}] * 11, "At most 10 rules, not 11."),
        (
            [{"if": [NEVER] * 4, "do": ATTACK}],
            "Rule 1: at most 3 conditions, not 4.",
        ),
    ],
)
def test_a_bad_plan_is_refused_in_words_and_changes_nothing(running, rival, plan, words):
    _, _, theirs = running
    kept = [{"if": [], "do": AWAY}]
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=kept)
    with pytest.raises(LudusError) as refused:
        fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=plan)
    assert words in refused.value.message
    assert fallback_plan_of(gladiator=theirs.gladiator, user=rival) == kept


def test_only_the_owner_reads_or_writes_them_not_the_gm(running, gm, owner, rival):
    _, _, theirs = running
    plan = [{"if": [], "do": AWAY}]
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=plan)
    for someone in (gm, owner):
        with pytest.raises(NotAllowed):
            fallback_plan_of(gladiator=theirs.gladiator, user=someone)
        with pytest.raises(NotAllowed):
            fallback_plan_set(gladiator=theirs.gladiator, by=someone, plan=[])
    assert fallback_plan_of(gladiator=theirs.gladiator, user=rival) == plan
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=[])
    assert not FallbackOrders.objects.filter(gladiator=theirs.gladiator).exists()


def test_a_hand_over_drops_the_old_owners_plan(running, gm, owner, rival):
    bout, _, theirs = running
    fallback_plan_set(gladiator=theirs.gladiator, by=rival, plan=[{"if": [], "do": AWAY}])
    seat_hand_over(campaign=bout.campaign, by=gm, to=owner.username, gladiator=theirs.gladiator)
    theirs.gladiator.refresh_from_db()
    assert fallback_plan_of(gladiator=theirs.gladiator, user=owner) == []


WEB_RULESETS = ["gladiator-arena", "sudden-destruction", "gladiator-101", "arena-of-the-elders"]


@pytest.mark.parametrize("slug", WEB_RULESETS)
def test_every_rule_set_played_by_web_fights_by_the_plan(gm, owner, rival, slug):
    """Through the plug-in alone: the schema's every action saves, and a missed turn's order
    is the plan's, legal, and not the tactics'."""
    campaign = campaign_with(gm, (owner, rival), name=f"Plans {slug}", ruleset=slug)
    kinds = [t.slug for t in adapter(slug).types()]
    first, second = kinds[0], kinds[-1]  # two types where there are (the Elders: no mirror)
    mine = gladiator_create(campaign=campaign, by=owner, name="Ann", kind=first)
    theirs = gladiator_create(campaign=campaign, by=rival, name="Bo", kind=second)
    schema = fallback_schema_of(mine)
    every = [{"if": [], "do": a["do"]} for a in schema["actions"]][: schema["max_rules"]]
    fallback_plan_set(gladiator=mine, by=owner, plan=every)  # every action the schema offers
    bout = bout_open(campaign=campaign, by=gm, title="Plans", deadline_hours=24)
    bout_enter(bout=bout, gladiator=mine, by=owner)
    entrant = bout_enter(bout=bout, gladiator=theirs, by=rival)
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    rules = turn_rules(slug)
    state = state_loaded(rules, bout.state)
    if "Bo" in rules.pending(state).who:  # the other gives its order, if it is its step too
        order_submit(
            entrant=entrant, by=rival, order=rules.order_json(rules.tactics(state, "Bo")), turn=1
        )
    # Ann keeps away when an opponent is near, else attacks: both from the schema.
    plan = [{"if": [{"when": "opponent_within", "value": 1}], "do": AWAY}, {"if": [], "do": ATTACK}]
    fallback_plan_set(gladiator=mine, by=owner, plan=plan)
    start = rules.snapshot(state)
    expected = rules.fallback_order(state, "Ann", plan, start=start, turn=1)
    pending = "Ann" in rules.pending(state).who
    resolve(bout, gm, 1)
    if not pending:  # Gladiator 101: one combatant acts a turn; Ann acts next
        state = state_loaded(rules, bout.state)
        expected = rules.fallback_order(state, "Ann", plan, start=start, turn=2)
        resolve(bout, gm, 2)
    used = [t["Ann"] for t in bout.engine_input["turns"] if "Ann" in t]
    assert expected is not None
    assert used == [expected]
    assert expected != rules.order_json(rules.tactics(state, "Ann"))
    assert not TurnOrder.objects.filter(bout=bout, entrant__gladiator=mine).exists()


def test_the_sheets_form_saves_a_plan_and_refuses_in_words(running, rival, client_as):
    bout, _, theirs = running
    url = reverse("gladiator-fallback", args=[bout.campaign.slug, theirs.gladiator.pk])
    schema = fallback_schema_of(theirs.gladiator)
    away = next(n for n, a in enumerate(schema["actions"]) if a["do"] == AWAY)
    client = client_as(rival)
    saved = client.post(url, {"when-0": "opponent_within", "value-0": "2", "do-0": str(away)})
    assert saved.status_code == 302
    plan = [{"if": [{"when": "opponent_within", "value": 2}], "do": AWAY}]
    assert fallback_plan_of(gladiator=theirs.gladiator, user=rival) == plan
    for bad, words in (
        ({"when-1": "opponent_within", "value-1": "x", "do-1": "0"}, "needs a whole number"),
        ({"when-1": "opponent_within", "value-1": "99", "do-1": "0"}, "from 0 to 30"),
        ({"do-2": "999"}, "Rule 3: choose one of the actions offered."),
        ({"when-0": "tides", "do-0": "0"}, "Rule 1: choose one of the conditions offered."),
    ):
        refused = client.post(url, bad)
        assert refused.status_code == 400
        assert words in refused.content.decode()
        assert fallback_plan_of(gladiator=theirs.gladiator, user=rival) == plan


def test_the_api_puts_and_reads_a_plan_with_its_schema(running, rival, api_as):
    bout, _, theirs = running
    url = reverse("api-gladiator-fallback", args=[bout.campaign.slug, theirs.gladiator.pk])
    api = api_as(rival)
    plan = [{"if": [], "do": AWAY}]
    put = api.put(url, {"plan": plan}, format="json")
    assert put.status_code == 200
    assert put.json()["plan"] == plan
    assert {"when": "health_below", "label": "its health is under N% of its start", "min": 1,
            "max": 100, "unit": "%"} in put.json()["schema"]["conditions"]  # fmt: skip
    bad = api.put(url, {"plan": [{"if": [], "do": {"action": "fly"}}]}, format="json")
    assert bad.status_code == 400
    assert "unknown action" in bad.content.decode()
    assert api.get(url).json()["plan"] == plan
