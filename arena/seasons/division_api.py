"""Divisions by API: the campaign's divisions (anyone who may see it; the GM adds one), and
the next seasons' proposal (who goes up and down) with the GM's confirmation."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import Integer, Text, list_schema, paginated

from .api import SeasonOut
from .divisions import (
    MOVES_DEFAULT,
    MOVES_MAX,
    NAME_MAX,
    NEXT_TITLE_MAX,
    Proposal,
    division_create,
    division_delete,
    division_edit,
    divisions_advance,
    promotion_proposal,
)
from .models import Division, SeasonEntry
from .selectors import division_get, divisions_of_campaign


class DivisionOut(serializers.ModelSerializer):
    class Meta:
        model = Division
        fields = ["id", "name", "rank", "moves", "created_at"]


class DivisionIn(serializers.Serializer):
    name = Text(max_length=NAME_MAX, label="The name")
    moves = Integer(
        min_value=0,
        max_value=MOVES_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="How many change places with the division below (null: the campaign's "
        "number, given when the next seasons are proposed).",
    )


class DivisionListApi(APIView):
    @list_schema(DivisionOut, "campaigns_divisions_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return paginated(request, self, divisions_of_campaign(campaign=campaign), DivisionOut)

    @extend_schema(request=DivisionIn, responses={201: DivisionOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = DivisionIn(data=request.data)
        data.is_valid(raise_exception=True)
        division = division_create(campaign=campaign, by=request.user, **data.validated_data)
        return Response(DivisionOut(division).data, status=201)


class DivisionApi(APIView):
    """One division: read by anyone who may see the campaign; renamed, given its own number
    of moves, or removed (only before it has a season) by the GM."""

    @extend_schema(responses=DivisionOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(DivisionOut(division_get(campaign=campaign, pk=pk)).data)

    @extend_schema(request=DivisionIn, responses=DivisionOut)
    def put(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        division = division_get(campaign=campaign, pk=pk)
        data = DivisionIn(data=request.data)
        data.is_valid(raise_exception=True)
        division = division_edit(division=division, by=request.user, **data.validated_data)
        return Response(DivisionOut(division).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        division_delete(division=division_get(campaign=campaign, pk=pk), by=request.user)
        return Response(status=204)


class PromotionRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    gladiator_id = serializers.IntegerField()
    gladiator = serializers.CharField()
    points = serializers.IntegerField()
    movement = serializers.ChoiceField(
        choices=SeasonEntry.Movement.choices, help_text='"up", "down", "out", or "" (stays)'
    )


class PromotionEntrantOut(serializers.Serializer):
    gladiator_id = serializers.IntegerField()
    gladiator = serializers.CharField()
    came = serializers.CharField(
        help_text='"up" (promoted into it), "down" (relegated into it), "new", or "" (stays)'
    )


class PromotionDivisionOut(serializers.Serializer):
    division = DivisionOut()
    season_id = serializers.IntegerField(allow_null=True, help_text="Its last season")
    season_title = serializers.CharField(allow_null=True)
    table = PromotionRowOut(many=True, help_text="Its last season's final table, marked")
    opens = serializers.BooleanField(help_text="Whether it has a next season (two or more)")
    entrants = PromotionEntrantOut(many=True, help_text="The next season's, in seed order")


class PromotionProposalOut(serializers.Serializer):
    moves = serializers.IntegerField()
    waiting = serializers.CharField(help_text='Why nothing is proposed yet; "" when it is')
    digest = serializers.CharField(help_text="Send it back to confirm this very proposal")
    left_out = serializers.ListField(
        child=serializers.CharField(), help_text="Newcomers who cannot fight, in words"
    )
    divisions = PromotionDivisionOut(many=True)


def proposal_data(proposal: Proposal) -> dict:
    divisions = [
        {
            "division": plan.division,
            "season_id": plan.season.pk if plan.season else None,
            "season_title": plan.season.title if plan.season else None,
            "table": [
                {
                    "rank": row.rank,
                    "gladiator_id": entry.gladiator_id,
                    "gladiator": entry.gladiator.name,
                    "points": row.points,
                    "movement": mark,
                }
                for row, entry, mark in plan.table
            ],
            "opens": plan.opens,
            "entrants": [
                {"gladiator_id": e.gladiator, "gladiator": e.name, "came": e.came}
                for e in plan.next.entrants
            ],
        }
        for plan in proposal.plans
    ]
    return PromotionProposalOut(
        {
            "moves": proposal.moves,
            "waiting": proposal.waiting,
            "digest": proposal.digest,
            "left_out": proposal.left_out,
            "divisions": divisions,
        }
    ).data


class PromotionMovesIn(serializers.Serializer):
    moves = Integer(min_value=0, max_value=MOVES_MAX, default=MOVES_DEFAULT)


class PromotionConfirmIn(PromotionMovesIn):
    digest = Text(max_length=64, label="The digest", help_text="The proposal's, as shown")
    title = Text(
        max_length=NEXT_TITLE_MAX,
        label="The title",
        help_text='Each new season is named "<title>, <division>".',
    )
    first_round_at = serializers.DateTimeField(help_text="When round one of each is fought.")


class PromotionConfirmOut(serializers.Serializer):
    seasons = SeasonOut(many=True)


MOVES_PARAMETER = OpenApiParameter(
    "moves",
    int,
    description="The campaign's number: how many change places below a division without its "
    f"own (0 to {MOVES_MAX}, {MOVES_DEFAULT} by default).",
)


class PromotionApi(APIView):
    """The next season of every division once their last seasons are over, and the GM's
    confirmation of it."""

    @extend_schema(parameters=[MOVES_PARAMETER], responses=PromotionProposalOut)
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = PromotionMovesIn(data=request.query_params)
        data.is_valid(raise_exception=True)
        return Response(proposal_data(promotion_proposal(campaign=campaign, **data.validated_data)))

    @extend_schema(request=PromotionConfirmIn, responses={201: PromotionConfirmOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = PromotionConfirmIn(data=request.data)
        data.is_valid(raise_exception=True)
        seasons = divisions_advance(campaign=campaign, by=request.user, **data.validated_data)
        return Response(PromotionConfirmOut({"seasons": seasons}).data, status=201)
