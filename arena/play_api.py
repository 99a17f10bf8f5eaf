"""REST endpoints of play-by-web bouts. A pending order is readable by its owner only."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible
from characters.models import Gladiator

from .api import BoutDetailOut
from .models import Bout, BoutEntrant, TurnOrder
from .play_by_web import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
    order_check,
    order_submit,
)
from .selectors import bout_get_visible
from .turns import turn_rules


def _detail(bout: Bout, request: Request) -> dict:
    bout.refresh_from_db()
    return BoutDetailOut(bout, context={"request": request}).data


class OpenIn(serializers.Serializer):
    title = serializers.CharField(max_length=120)
    options = serializers.DictField(required=False, default=dict)
    deadline_hours = serializers.IntegerField(required=False, allow_null=True, default=24)


class BoutOpenApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=OpenIn, responses={201: BoutDetailOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = OpenIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout = bout_open(campaign=campaign, by=request.user, **data.validated_data)
        return Response(_detail(bout, request), status=201)


class EnterIn(serializers.Serializer):
    gladiator = serializers.IntegerField()
    square = serializers.CharField(max_length=4, required=False, allow_blank=True, default="")


class BoutEnterApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=EnterIn, responses={201: BoutDetailOut})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = EnterIn(data=request.data)
        data.is_valid(raise_exception=True)
        gladiator = Gladiator.objects.filter(
            campaign=bout.campaign, pk=data.validated_data["gladiator"]
        ).first()
        if gladiator is None:
            raise LudusError("No such gladiator in this campaign.", field="gladiator")
        bout_enter(
            bout=bout, gladiator=gladiator, by=request.user, square=data.validated_data["square"]
        )
        return Response(_detail(bout, request), status=201)


def _gm_api(service):
    class GmActionApi(APIView):
        permission_classes = [IsAuthenticated]

        @extend_schema(request=None, responses=BoutDetailOut)
        def post(self, request: Request, slug: str, pk: int) -> Response:
            bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
            service(bout=bout, by=request.user)
            return Response(_detail(bout, request))

    GmActionApi.__name__ = f"{service.__name__.title().replace('_', '')}Api"
    return GmActionApi


BoutStartApi = _gm_api(bout_start)
BoutForceApi = _gm_api(bout_turn_force)
BoutFinishApi = _gm_api(bout_finish_by_tactics)


class OrderIn(serializers.Serializer):
    order = serializers.DictField(required=False)
    text = serializers.CharField(required=False, allow_blank=True, default="")
    standing = serializers.BooleanField(required=False, default=False)


class OrderOut(serializers.ModelSerializer):
    class Meta:
        model = TurnOrder
        fields = ["turn", "order", "standing", "submitted_at"]


class CheckOut(serializers.Serializer):
    problems = serializers.ListField(child=serializers.CharField())


def _own_entrant(request: Request, slug: str, pk: int, entrant_pk: int) -> BoutEntrant:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    entrant = (
        BoutEntrant.objects.select_related("gladiator", "bout")
        .filter(bout=bout, pk=entrant_pk)
        .first()
    )
    if entrant is None or entrant.gladiator.owner_id != request.user.pk:
        raise Http404("You give no orders for this gladiator.")
    return entrant


class OrderApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=OrderOut)
    def get(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        entrant = _own_entrant(request, slug, pk, entrant_pk)
        order = TurnOrder.objects.filter(entrant=entrant, turn=entrant.bout.turn).first()
        if order is None:
            raise Http404("No order for this turn yet.")
        return Response(OrderOut(order).data)

    @extend_schema(request=OrderIn, responses=OrderOut)
    def put(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        entrant = _own_entrant(request, slug, pk, entrant_pk)
        data = OrderIn(data=request.data)
        data.is_valid(raise_exception=True)
        order = order_submit(entrant=entrant, by=request.user, **data.validated_data)
        return Response(OrderOut(order).data)


class OrderCheckApi(APIView):
    """Validate a draft order without saving it (for clients drawing orders square by square)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=OrderIn, responses=CheckOut)
    def post(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        entrant = _own_entrant(request, slug, pk, entrant_pk)
        data = OrderIn(data=request.data)
        data.is_valid(raise_exception=True)
        problems = order_check(
            entrant=entrant,
            order=data.validated_data.get("order") or {},
            text=data.validated_data["text"],
        )
        return Response({"problems": problems})


class ForumPostOut(serializers.Serializer):
    turn = serializers.IntegerField()
    markup = serializers.CharField()
    text = serializers.CharField()


class ForumPostApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("markup", enum=["bbcode", "markdown"])],
        responses=ForumPostOut,
    )
    def get(self, request: Request, slug: str, pk: int, turn: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        turns = (bout.engine_input or {}).get("turns") or []
        if bout.mode != Bout.Mode.ORDERS or not 1 <= turn <= len(turns):
            raise Http404("That turn has not been resolved.")
        markup = request.query_params.get("markup", "bbcode")
        if markup not in {"bbcode", "markdown"}:
            raise LudusError("Markup is 'bbcode' or 'markdown'.", field="markup")
        text = turn_rules(bout.ruleset).forum_post(bout.engine_input, turn, markup)
        return Response({"turn": turn, "markup": markup, "text": text})
