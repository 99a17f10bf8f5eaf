"""The GM's deadline control as API: extend, pause, resume ("resolve now" is arena/play's
force). Each names the turn it was drawn for and gives a reason; only the campaign's GM. And a
gladiator's conditional fallback orders, its owner's alone."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.api import BoutDetailOut
from arena.bouts.selectors import bout_get_visible
from arena.play.api import TurnReasonIn, gm_bout_api
from campaign.archive_guard import NotArchived
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.api_inputs import Id, Integer, Text
from campaign.shared.errors import LudusError
from characters.api import GladiatorOut
from characters.models import Gladiator
from characters.selectors import gladiator_get

from .deadlines import EXTENSION_HOURS, bout_deadline_extend, bout_pause, bout_resume
from .fallback import fallback_plan_of, fallback_plan_set, fallback_schema_of
from .seats import seat_hand_over


class DeadlineExtendIn(TurnReasonIn):
    hours = Integer(min_value=EXTENSION_HOURS[0], max_value=EXTENSION_HOURS[1])


class BoutExtendApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=DeadlineExtendIn, responses=BoutDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = DeadlineExtendIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout_deadline_extend(bout=bout, by=request.user, **data.validated_data)
        bout.refresh_from_db()
        return Response(BoutDetailOut(bout, context={"request": request}).data)


class SeatIn(serializers.Serializer):
    gladiator = Id(required=False, help_text="The gladiator handed over; or name `player`.")
    player = Text(
        max_length=150, label="The player", required=False, help_text="Their whole stable."
    )
    to = Text(max_length=150, label="The new player")


class SeatHandOverApi(APIView):
    """The GM hands a seat (one gladiator, or a member's stable) to another member."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=SeatIn, responses=GladiatorOut(many=True))
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        check_campaign_gm(campaign=campaign, user=request.user)
        data = SeatIn(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        gladiator = None
        if "gladiator" in given:
            gladiator = Gladiator.objects.filter(campaign=campaign, pk=given["gladiator"]).first()
            if gladiator is None:
                raise LudusError("No such gladiator in this campaign.", field="gladiator")
        seat = seat_hand_over(
            campaign=campaign,
            by=request.user,
            to=given["to"],
            gladiator=gladiator,
            player=given.get("player") or None,
        )
        return Response(GladiatorOut(seat, many=True, context={"request": request}).data)


BoutPauseApi = gm_bout_api(bout_pause, gives_reason=True)
BoutResumeApi = gm_bout_api(bout_resume, gives_reason=True)


class FallbackOrdersIn(serializers.Serializer):
    plan = serializers.JSONField(
        help_text="The rules in order: [{'if': [{'when', 'value'}], 'do': an action of the "
        "schema}]; [] removes them."
    )


class FallbackOrdersOut(serializers.Serializer):
    plan = serializers.JSONField()
    schema = serializers.JSONField(help_text="The conditions and actions the rule set offers.")


class FallbackOrdersApi(APIView):
    """A gladiator's conditional fallback orders: its owner's alone (not the GM's)."""

    permission_classes = [IsAuthenticated, NotArchived]

    def _gladiator(self, request: Request, slug: str, pk: int) -> Gladiator:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return gladiator_get(campaign=campaign, pk=pk)

    def _out(self, gladiator: Gladiator, request: Request) -> Response:
        plan = fallback_plan_of(gladiator=gladiator, user=request.user)
        return Response(
            FallbackOrdersOut({"plan": plan, "schema": fallback_schema_of(gladiator)}).data
        )

    @extend_schema(responses=FallbackOrdersOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return self._out(self._gladiator(request, slug, pk), request)

    @extend_schema(request=FallbackOrdersIn, responses=FallbackOrdersOut)
    def put(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self._gladiator(request, slug, pk)
        data = FallbackOrdersIn(data=request.data)
        data.is_valid(raise_exception=True)
        fallback_plan_set(gladiator=gladiator, by=request.user, plan=data.validated_data["plan"])
        return self._out(gladiator, request)
