"""The campaign's house rules of the economy (campaign/house_rules.py): each has a default,
each is checked (a bad value is refused in words and changes nothing), and each is paid
through the ledger for every rule set, so the ledger still never loses gold."""

from __future__ import annotations

import pytest
from django.db import transaction

from arena.bouts.services import bout_resolve
from arena.models import Bout
from campaign.house_rules import DEFAULTS, PURSE_MAX, house_rules_clean, house_rules_of
from campaign.models import AuditEntry
from campaign.services import campaign_create, campaign_house_rules_set, campaign_join
from campaign.shared.errors import LudusError, NotAllowed
from characters.ledger import MAX_BALANCE, gladiator_lock, ledger_post
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_create
from tests.characters.conftest import assert_ledger_balances

pytestmark = pytest.mark.django_db


def _rules(campaign, gm, **rules):
    return campaign_house_rules_set(campaign=campaign, by=gm, rules=rules)


def test_a_campaign_that_never_set_them_plays_by_the_documented_defaults(gm):
    fresh = campaign_create(by=gm, name="New Games", ruleset="gladiatorquest")
    rules = house_rules_of(fresh.options)
    assert rules == DEFAULTS
    assert (rules.starting_purse, rules.appearance_fee, rules.loser_share, rules.mercy) == (
        150, 10, 0.25, "dice"
    )  # fmt: skip


def test_a_new_gladiator_starts_with_the_default_purse_and_can_shop(gm, owner):
    fresh = campaign_create(by=gm, name="New Games", ruleset="gladiatorquest")
    campaign_join(campaign=fresh, user=owner, code=fresh.invite_code)
    g = gladiator_create(campaign=fresh, by=owner, name="Varro", kind="barbarian")
    g.refresh_from_db()
    assert g.gold == 150
    (line,) = g.ledger.all()
    assert line.cause == LedgerLine.Cause.STARTING_PURSE and line.amount == 150
    assert line.actor == owner
    assert_ledger_balances(g)


def test_the_gms_starting_purse_is_what_new_gladiators_get(campaign, gm, owner):
    _rules(campaign, gm, starting_purse=400)
    g = gladiator_create(campaign=campaign, by=owner, name="Varro", kind="barbarian")
    assert Gladiator.objects.get(pk=g.pk).gold == 400


def test_a_starting_purse_of_zero_writes_no_line(campaign, owner):
    g = gladiator_create(campaign=campaign, by=owner, name="Varro", kind="barbarian")
    assert g.gold == 0 and not g.ledger.exists()


def test_every_entrant_gets_the_fee_and_each_loser_a_share_of_the_winners_purse(
    campaign, gm, brutus, nox, fight
):
    _rules(campaign, gm, appearance_fee=10, loser_share=0.5)
    bout = fight([brutus, nox], seed=7)
    winner, loser = (brutus, nox) if bout.winner == "Brutus" else (nox, brutus)
    # GladiatorQuest's own purse: 100 gold to the winner of a duel.
    assert winner.gold == 100 + 10
    assert loser.gold == 10 + 50
    line = loser.ledger.get(currency="gold")
    assert "appearance fee 10" in line.note and "loser's share 50" in line.note
    for g in (brutus, nox):
        assert_ledger_balances(g)


def test_the_share_is_rounded_down_in_whole_gold(campaign, gm, brutus, nox, fight):
    _rules(campaign, gm, loser_share=0.29)
    bout = fight([brutus, nox], seed=7)
    loser = nox if bout.winner == "Brutus" else brutus
    assert loser.gold == 29  # 0.29 of 100 exactly, not 28


def test_a_bout_without_a_winner_pays_no_share_but_still_the_fee(campaign, gm, brutus, nox, fight):
    _rules(campaign, gm, appearance_fee=7, loser_share=1.0)
    fight([brutus, nox], seed=7, options={"max_turns": 1})  # the Emperor stops it at once
    assert (brutus.gold, nox.gold) == (7, 7)


def test_a_payout_past_the_most_a_gladiator_may_hold_fails_the_bout_and_pays_nobody(
    campaign, gm, due_bout, brutus, nox
):
    _rules(campaign, gm, appearance_fee=PURSE_MAX)
    with transaction.atomic():
        ledger_post(
            gladiator=gladiator_lock(gladiator_id=brutus.pk),
            currency="gold",
            amount=MAX_BALANCE - PURSE_MAX + 1,  # the fee alone would pass the maximum
            cause=LedgerLine.Cause.ADJUSTMENT,
            note="a long career",
        )
    before = {g.pk: (g.gold, g.ledger.count()) for g in Gladiator.objects.all()}
    bout = bout_resolve(bout_id=due_bout.pk)
    assert bout.status == Bout.Status.FAILED
    assert "cannot be paid" in bout.failure and f"{MAX_BALANCE:,}" in bout.failure
    assert {g.pk: (g.gold, g.ledger.count()) for g in Gladiator.objects.all()} == before


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ({"starting_purse": -1}, "starting_purse", "from 0 to 100,000"),
        ({"starting_purse": PURSE_MAX + 1}, "starting_purse", "whole number"),
        ({"starting_purse": 2.5}, "starting_purse", "whole number"),
        ({"starting_purse": "100"}, "starting_purse", "whole number"),
        ({"starting_purse": True}, "starting_purse", "whole number"),
        ({"appearance_fee": 10**12}, "appearance_fee", "The appearance fee"),
        ({"loser_share": 1.5}, "loser_share", "from 0 to 1"),
        ({"loser_share": float("nan")}, "loser_share", "fraction"),
        ({"loser_share": "half"}, "loser_share", "fraction"),
        ({"mercy": "coin"}, "mercy", "one of: dice, spare, kill"),
        ({"mercy_vote_seconds": 5}, "mercy_vote_seconds", "from 10 to 1,800"),
        ({"gold_rain": 1}, "gold_rain", "not a house rule"),
    ],
)
def test_a_bad_value_is_refused_in_words_and_changes_nothing(campaign, gm, rules, field, words):
    before = dict(campaign.options)
    with pytest.raises(LudusError) as refused:
        _rules(campaign, gm, **rules)
    assert refused.value.field == field and words in refused.value.message
    campaign.refresh_from_db()
    assert campaign.options == before


def test_only_the_gm_sets_house_rules(campaign, owner):
    with pytest.raises(NotAllowed):
        _rules(campaign, owner, starting_purse=1_000)
    campaign.refresh_from_db()
    assert house_rules_of(campaign.options).starting_purse == 0


def test_setting_them_is_audited_and_keeps_the_other_options(campaign, gm):
    campaign.options = {**campaign.options, "sell_ratio": 0.8}
    campaign.save()
    _rules(campaign, gm, mercy="vote_players", mercy_vote_seconds=30)
    campaign.refresh_from_db()
    assert campaign.options["sell_ratio"] == 0.8
    rules = house_rules_of(campaign.options)
    assert (rules.mercy, rules.engine_rule, rules.voters) == ("vote_players", "vote", "players")
    entry = AuditEntry.objects.get(action="campaign.house_rules")
    assert entry.detail == {"mercy": "vote_players", "mercy_vote_seconds": 30}


def test_house_rules_clean_takes_any_subset():
    assert house_rules_clean({}) == {}
    assert house_rules_clean({"loser_share": 1}) == {"loser_share": 1.0}
