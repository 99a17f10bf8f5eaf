"""The house rules in the API: anyone who can see the campaign reads them; its GM changes any
of them with a PATCH (campaign/house_rules.py has the rules, their defaults and bounds)."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .api_inputs import Integer
from .errors import LudusError
from .house_rules import (
    FIELDS,
    MERCY_CHOICES,
    PURSE_MAX,
    RULE_WORDS,
    VOTE_SECONDS,
    house_rules_of,
)
from .selectors import campaign_get_visible
from .services import campaign_house_rules_set


class HouseRulesOut(serializers.Serializer):
    starting_purse = serializers.IntegerField(help_text="Gold every new gladiator starts with.")
    appearance_fee = serializers.IntegerField(help_text="Gold to every entrant of a fought bout.")
    loser_share = serializers.FloatField(
        help_text="Each loser gets this fraction of the winner's purse (0 to 1)."
    )
    mercy = serializers.ChoiceField(
        choices=list(MERCY_CHOICES), help_text="How an appeal for mercy is decided."
    )
    mercy_vote_seconds = serializers.IntegerField(help_text="How long a mercy vote stays open.")
    both_teams = serializers.BooleanField(
        help_text="Whether one player may enter gladiators on both teams of one bout."
    )


def _rule_words(key: str) -> dict[str, str]:
    """Every way a house rule's field can refuse a value, in the rule's documented words."""
    codes = ("invalid", "null", "blank", "invalid_choice", "min_value", "max_value")
    return {**dict.fromkeys(codes, RULE_WORDS[key]), "max_string_length": RULE_WORDS[key]}


class HouseRulesIn(serializers.Serializer):
    starting_purse = Integer(
        min_value=0,
        max_value=PURSE_MAX,
        required=False,
        error_messages=_rule_words("starting_purse"),
    )
    appearance_fee = Integer(
        min_value=0,
        max_value=PURSE_MAX,
        required=False,
        error_messages=_rule_words("appearance_fee"),
    )
    loser_share = serializers.FloatField(
        min_value=0, max_value=1, required=False, error_messages=_rule_words("loser_share")
    )
    mercy = serializers.ChoiceField(
        choices=list(MERCY_CHOICES), required=False, error_messages=_rule_words("mercy")
    )
    mercy_vote_seconds = Integer(
        min_value=VOTE_SECONDS[0],
        max_value=VOTE_SECONDS[1],
        required=False,
        error_messages=_rule_words("mercy_vote_seconds"),
    )
    both_teams = serializers.BooleanField(required=False, error_messages=_rule_words("both_teams"))


def house_rules_data(campaign) -> dict:
    return HouseRulesOut(asdict(house_rules_of(campaign.options))).data


class HouseRulesApi(APIView):
    @extend_schema(responses=HouseRulesOut)
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(house_rules_data(campaign))

    @extend_schema(request=HouseRulesIn, responses=HouseRulesOut)
    def patch(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        unknown = sorted(set(request.data) - set(FIELDS)) if isinstance(request.data, dict) else []
        if unknown:
            raise LudusError(
                f"{unknown[0]} is not a house rule (they are: {', '.join(FIELDS)}).",
                field=unknown[0],
            )
        data = HouseRulesIn(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = campaign_house_rules_set(
            campaign=campaign, by=request.user, rules=dict(data.validated_data)
        )
        return Response(house_rules_data(campaign))
