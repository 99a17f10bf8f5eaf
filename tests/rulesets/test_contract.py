"""The contract every rule set with a campaign adapter keeps, run over every registered one.

A rule set is covered here the moment it is registered: a gladiator is built from its
catalogue, buys and advances where the rule set allows, fights a bout through the real
services, and every page and API view of it renders; the ledger sums to every balance.
Rule sets played by web also open, enter, start and resolve a turn-by-turn bout.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from arena.bouts.services import bout_resolve, bout_schedule, verification_run
from arena.engine import campaign_rulesets, play, ruleset
from arena.engine.core.campaign import (
    KNOCKOUT_ENTRANTS,
    Entrant,
)
from arena.engine.core.canonical import digest
from arena.engine.core.ruleset import RULESETS as REGISTERED
from arena.models import Bout, TurnOrder
from arena.play.services import (
    bout_enter,
    bout_open,
    bout_start,
    bout_turn_resolve,
    order_submit,
)
from arena.play.turns import ruleset_template, state_loaded
from arena.verification.services import bout_checks
from campaign.house_rules import house_rules_of
from campaign.shared.errors import LudusError
from characters.catalogue import adapter
from characters.models import Gladiator
from characters.services import gladiator_adjust, gladiator_advance, gladiator_create
from characters.shop import item_buy, item_sell
from tests.characters.conftest import assert_ledger_balances
from tests.conftest import campaign_with

RULESETS = [r.slug for r in campaign_rulesets()]
pytestmark = pytest.mark.django_db


def test_every_registered_campaign_rule_set_is_covered():
    """The gladiator rule sets Ludus ships with are all offered for campaigns."""
    assert {"gladiatorquest", "gladiator-arena"} <= set(RULESETS)


@pytest.fixture(params=RULESETS)
def league(request, gm, owner, rival):
    slug = request.param
    c = campaign_with(gm, (owner, rival), name=f"Contract {slug}", ruleset=slug)
    types = list(adapter(slug).types())
    first = gladiator_create(campaign=c, by=owner, name="Primus", kind=types[0].slug)
    second = gladiator_create(campaign=c, by=rival, name="Secundus", kind=types[-1].slug)
    return c, first, second


def test_a_new_gladiator_has_a_valid_build_and_its_starting_kit(league):
    campaign, first, _ = league
    rules = adapter(campaign.ruleset)
    gtype = next(t for t in rules.types() if t.slug == first.kind)
    assert rules.build_problems(first.kind, first.build) == []
    assert sorted(first.holdings.values_list("item", flat=True)) == sorted(gtype.starting_kit)
    kit = list(gtype.starting_kit)
    assert rules.equipment_problems(first.kind, first.build, kit) == []


def test_it_buys_and_sells_what_its_armoury_sells(league, gm, owner):
    campaign, first, _ = league
    rules = adapter(campaign.ruleset)
    usable = [
        item
        for item in rules.armoury().values()
        if item["price"] is not None
        and not rules.equipment_problems(first.kind, first.build, [item["slug"]])
    ]
    assert usable, "a rule set's armoury sells something each type may use"
    item = min(usable, key=lambda i: i["price"])
    # The campaign's default starting purse (docs/campaigns.md) is in every rule set's purse.
    assert first.gold == house_rules_of(campaign.options).starting_purse > 0
    start = first.gold
    gladiator_adjust(gladiator=first, currency="gold", amount=item["price"], reason="purse", by=gm)
    holding = item_buy(gladiator=first, item=item["slug"], by=owner)
    first.refresh_from_db()
    assert first.gold == start
    item_sell(holding=holding, by=owner)
    assert_ledger_balances(first)


def test_every_type_can_fight_with_its_starting_kit(league):
    campaign, *_ = league
    rules = adapter(campaign.ruleset)
    for gtype in rules.types():
        build = rules.new_build(gtype.slug)
        assert rules.fight_problems(gtype.slug, build, list(gtype.starting_kit)) == [], gtype.slug


def test_a_gladiator_stripped_bare_fights_or_is_refused_in_words(league, gm, owner):
    """Everything it holds sold: a rule set whose gladiators fight with fists, a type's own kit
    or built-in weapons fights the bout to its end; one that says (fight_problems) what keeps
    it from fighting refuses it at scheduling, in words, with nothing stored."""
    campaign, first, second = league
    for holding in list(first.holdings.all()):
        item_sell(holding=holding, by=owner)
    rules = adapter(campaign.ruleset)
    problems = rules.fight_problems(first.kind, first.build, [])
    try:
        bout = bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=[first, second],
            scheduled_at=timezone.now() - timedelta(seconds=1),
            seed=11,
        )
    except LudusError as refused:
        assert refused.message == f"Primus cannot enter a bout: it {problems[0]}."
        assert not Bout.objects.filter(campaign=campaign).exists()
        return
    assert problems == []
    resolved = bout_resolve(bout_id=bout.pk)
    assert resolved is not None and resolved.status == Bout.Status.RESOLVED, resolved.failure


def test_it_advances_where_the_rule_set_allows(league, gm, owner):
    campaign, first, _ = league
    rules = adapter(campaign.ruleset)
    offered = rules.advances(first.kind, first.build, first.level)
    if not offered:
        pytest.skip(f"{campaign.ruleset} offers no advances")
    advance = offered[0]
    for currency, amount in (("xp", advance.xp), ("gold", advance.gold)):
        if amount:
            gladiator_adjust(
                gladiator=first, currency=currency, amount=amount, reason="training", by=gm
            )
    before = (first.level, dict(first.build))
    start_gold = house_rules_of(campaign.options).starting_purse
    advanced = gladiator_advance(gladiator=first, key=advance.key, by=owner)
    assert (advanced.level, advanced.build) != before
    assert advanced.level == before[0] + advance.level
    assert rules.build_problems(advanced.kind, advanced.build) == []
    assert (advanced.xp, advanced.gold) == (0, start_gold)
    assert_ledger_balances(advanced)


def test_a_scheduled_bout_is_fought_paid_and_shown(league, gm, owner, client_as, api_as):
    campaign, first, second = league
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[first, second],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=11,
    )
    resolved = bout_resolve(bout_id=bout.pk)
    assert resolved is not None and resolved.status == Bout.Status.RESOLVED, bout.failure
    resolved.refresh_from_db()
    assert play(resolved.engine_input) == resolved.log
    entrants = list(resolved.entrants.all())
    assert all(e.place and e.fate for e in entrants)
    for g in Gladiator.objects.filter(campaign=campaign):
        assert g.bouts_fought == 1
        assert_ledger_balances(g)

    viewer = client_as(owner)
    pages = [
        reverse("gladiator", args=[campaign.slug, first.pk]),
        reverse("shop", args=[campaign.slug, first.pk]),
        reverse("bout", args=[campaign.slug, bout.pk]),
        reverse("bout", args=[campaign.slug, bout.pk]) + "?turn=1",
        reverse("standings", args=[campaign.slug]),
        reverse("bout-history", args=[campaign.slug]),
    ]
    for url in pages:
        response = viewer.get(url)
        assert response.status_code == 200, url
    record = ruleset(campaign.ruleset).campaign.record
    table = viewer.get(reverse("standings", args=[campaign.slug])).content.decode()
    assert record.meaning and record.meaning in table
    assert f">{record.wins}" in table and f">{record.defeated}" in table
    page = viewer.get(reverse("bout", args=[campaign.slug, bout.pk])).content.decode()
    for column in ruleset(campaign.ruleset).columns:
        assert f">{column.label}</th>" in page
    api = api_as(owner)
    for url in (
        reverse("api-gladiator", args=[campaign.slug, first.pk]),
        reverse("api-bout", args=[campaign.slug, bout.pk]),
    ):
        assert api.get(url).status_code == 200, url
    # Verification: the commitment made at scheduling holds, the check passes, the download
    # and the verify button work, whatever the rule set.
    detail = api.get(reverse("api-bout", args=[campaign.slug, bout.pk])).json()
    assert digest(detail["proof"]["terms"]) == detail["proof"]["commitment"] == bout.commitment
    assert all(c["ok"] is not False for c in bout_checks(resolved)), bout_checks(resolved)
    assert viewer.get(reverse("bout-download", args=[campaign.slug, bout.pk])).status_code == 200
    asked = api.post(reverse("api-bout-verify", args=[campaign.slug, bout.pk]))
    assert asked.status_code == 202
    assert verification_run(verification_id=asked.json()["id"]).outcome == "match"


def test_a_rule_set_played_by_web_resolves_a_turn_from_its_stored_state(
    league, gm, owner, rival, client_as
):
    campaign, first, second = league
    rules = ruleset(campaign.ruleset)
    if rules.web is None:
        pytest.skip(f"{campaign.ruleset} is not played by web")
    bout = bout_open(campaign=campaign, by=gm, title="By web", deadline_hours=24)
    a = bout_enter(bout=bout, gladiator=first, by=owner)
    b = bout_enter(bout=bout, gladiator=second, by=rival)
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    # Where the dice stand is kept only under rules that roll them.
    assert ("dice" in bout.state) == rules.rolls_dice, bout.state.keys()
    state = state_loaded(rules, bout.state)
    waiting = rules.pending(state).who  # everyone, or (taking turns) the one whose turn it is
    for entrant, player in ((a, owner), (b, rival)):
        if entrant.gladiator.name in waiting:
            order = rules.order_json(rules.tactics(state, entrant.gladiator.name))
            order_submit(entrant=entrant, by=player, order=order)
        assert (
            client_as(player)
            .get(reverse("bout-orders", args=[campaign.slug, bout.pk, entrant.pk]))
            .status_code
            == 200
        )
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    assert len(bout.log["turns"]) == 1
    assert TurnOrder.objects.filter(bout=bout, turn=1).count() == len(waiting)
    assert play(bout.engine_input) == bout.log
    if not rules.is_over(state_loaded(rules, bout.state)):
        assert ("dice" in bout.state) == rules.rolls_dice, bout.state.keys()
    page = client_as(gm).get(reverse("bout", args=[campaign.slug, bout.pk]))
    assert page.status_code == 200
    # The step is named as the rule set names it ("Round 1"), live or in the replay.
    assert f"{rules.step_word.title} 1: what happened</h3>" in page.content.decode()
    sealed = TurnOrder.objects.filter(bout=bout, turn=1)
    assert all(o.receipt and o.receipt in page.content.decode() for o in sealed)
    checks = {c["check"]: c["ok"] for c in bout_checks(bout)}
    assert checks["orders"] is True and checks["commitment"] is True


@pytest.mark.parametrize("slug", sorted(REGISTERED))
def test_the_step_word_is_one_lowercase_word(slug):
    """`step_word` ("turn" unless a rule set says otherwise) goes into sentences: "Resolve
    round 3 now", "Round 3", "3 rounds"."""
    word = REGISTERED[slug].step_word
    for form in (word.one, word.many):
        assert form.isalpha() and form.islower(), word


def test_a_rule_set_template_replaces_the_generic_one_only_where_it_exists(settings, tmp_path):
    own = tmp_path / "rulesets" / "stone-duel"
    own.mkdir(parents=True)
    (own / "orders.html").write_text("stones")
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], str(tmp_path)]}
    ]
    assert ruleset_template("stone-duel", "orders.html") == "rulesets/stone-duel/orders.html"
    assert ruleset_template("gladiator-arena", "orders.html") == "arena/orders.html"


def test_the_schedule_form_offers_the_rule_sets_options(league, gm, client_as):
    campaign, first, second = league
    schema = adapter(campaign.ruleset).options_schema(by_tactics=True)
    page = client_as(gm).get(reverse("bout-new", args=[campaign.slug])).content.decode()
    for option in schema:
        assert option.label in page
    chosen = {}
    for option in schema:  # every option at its default, as a person would submit the form
        if option.kind == "board":
            chosen[f"option_{option.key}_files"], chosen[f"option_{option.key}_ranks"] = (
                option.default
            )
        elif option.kind != "bool" or option.default:
            chosen[f"option_{option.key}"] = option.default
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {
            "title": "With options",
            "scheduled_at": (timezone.now() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
            "gladiators": [first.pk, second.pk],
            **chosen,
        },
    )
    assert response.status_code == 302
    bout = Bout.objects.get(title="With options")
    assert bout.options == adapter(campaign.ruleset).clean_options(
        {o.key: o.default for o in schema}, by_tactics=True
    )


def test_an_unknown_bout_option_is_refused_in_words_and_nothing_is_scheduled(league, gm, api_as):
    campaign, first, second = league
    response = api_as(gm).post(
        reverse("api-bouts", args=[campaign.slug]),
        {
            "scheduled_at": timezone.now().isoformat(),
            "gladiators": [first.pk, second.pk],
            "options": {"lava": True},
        },
        format="json",
    )
    assert response.status_code == 400
    assert "lava" in json.dumps(response.json())
    assert not Bout.objects.filter(campaign=campaign).exists()


def test_the_rule_set_list_describes_options_and_play_by_web(api_as, owner):
    listed = {r["slug"]: r for r in api_as(owner).get("/api/rulesets/").json()["results"]}
    for slug in RULESETS:
        plugin = ruleset(slug)
        assert listed[slug]["campaigns"] is True
        assert listed[slug]["by_web"] is (plugin.web is not None)
        keys = [o["key"] for o in listed[slug]["options"]]
        assert keys == [o.key for o in plugin.campaign.options_schema(by_tactics=True)]


@pytest.mark.parametrize("slug", RULESETS)
def test_a_knockout_takes_limits_within_the_widest_bracket(slug):
    """A rule set's own knockout limits (knockout_entrants) lie within 4 to 64: two rounds at
    least, a bracket the page can draw at most."""
    fewest, most = adapter(slug).knockout_entrants
    widest_fewest, widest_most = KNOCKOUT_ENTRANTS
    assert widest_fewest <= fewest <= most <= widest_most


def test_the_rule_set_list_gives_each_knockouts_limits(api_as, owner):
    listed = {r["slug"]: r for r in api_as(owner).get("/api/rulesets/").json()["results"]}
    for slug in RULESETS:
        assert listed[slug]["knockout_entrants"] == list(adapter(slug).knockout_entrants)
    assert listed["gladiator-101"]["knockout_entrants"] == [4, 8]
    assert listed["gladiatorquest"]["knockout_entrants"] == [4, 64]


@pytest.mark.parametrize("slug", RULESETS)
def test_a_rule_set_that_leaves_nothing_to_chance_fights_one_bout_whatever_the_seed(slug):
    # rolls_dice = False lets the odds fight a bout once and call it certain: its bout input
    # must not depend on the seed (nor hold one), and two fights of it end the same way.
    rules = ruleset(slug)
    if rules.rolls_dice:
        pytest.skip(f"{slug} leaves things to chance")
    kinds = [t.slug for t in rules.campaign.types()][:2]
    entrants = [
        Entrant(name, kind, rules.campaign.new_build(kind), 1, tuple(t.starting_kit), {})
        for name, kind, t in zip(("Ann", "Bea"), kinds, rules.campaign.types(), strict=False)
    ]
    inputs = [rules.campaign.bout_input(entrants, {}, seed=s, by_tactics=True) for s in (1, 2)]
    assert inputs[0] == inputs[1] and "seed" not in inputs[0]
    assert play(inputs[0])["result"] == play(inputs[1])["result"]


def test_every_order_page_explains_the_forum_format_with_lines_and_an_example(
    league, gm, owner, rival, client_as
):
    # Each rule set played by web says how its order is typed on the forum, line by line, with
    # an example its own reader takes (Gladiator 101 and the Elders once showed none).
    campaign, first, second = league
    rules = ruleset(campaign.ruleset)
    if rules.web is None:
        pytest.skip(f"{campaign.ruleset} is not played by web")
    bout = bout_open(campaign=campaign, by=gm, title="By web", deadline_hours=24)
    entrants = [
        (bout_enter(bout=bout, gladiator=first, by=owner), owner),
        (bout_enter(bout=bout, gladiator=second, by=rival), rival),
    ]
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    state = state_loaded(rules, bout.state)
    waiting = rules.pending(state).who  # taking turns: the one whose turn it is
    entrant, player = next((e, p) for e, p in entrants if e.gladiator.name in waiting)
    typed = rules.web.text_help(state, entrant.gladiator.name, {})
    assert typed.lines and typed.example, campaign.ruleset
    assert rules.web.parse_text(typed.example) is not None
    url = reverse("bout-orders", args=[campaign.slug, bout.pk, entrant.pk])
    page = client_as(player).get(url).content.decode()
    assert 'class="forum-lines"' in page and "For example:" in page
    first_line = escape(typed.lines[0][0])
    assert f"{first_line}" in page
