"""REST endpoints of play-by-web bouts. A pending order is readable by its owner only."""

from __future__ import annotations

from django.db import transaction
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.api import BoutDetailOut
from arena.bouts.selectors import (
    FORUM_MARKUPS,
    ORDER_PUT_READS,
    bout_forum_post,
    bout_get_visible,
    entrant_of_owner,
)
from arena.models import Bout, TurnOrder
from arena.play.previews import order_threats, order_what_if
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
    order_check,
    order_submit,
)
from campaign.archive_guard import NotArchived
from campaign.reliability.text import REASON_LENGTH
from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import Id, Integer, Text
from campaign.shared.errors import LudusError
from campaign.shared.inputs import ORDER_TEXT_MAX, TITLE_MAX
from characters.models import Gladiator


def _detail(bout: Bout, request: Request) -> dict:
    bout.refresh_from_db()
    return BoutDetailOut(bout, context={"request": request}).data


class OpenIn(serializers.Serializer):
    title = Text(max_length=TITLE_MAX, label="The title")
    options = serializers.DictField(required=False, default=dict)
    deadline_hours = Integer(
        min_value=1, max_value=24 * 14, required=False, allow_null=True, default=24
    )


class BoutOpenApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=OpenIn, responses={201: BoutDetailOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = OpenIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout = bout_open(campaign=campaign, by=request.user, **data.validated_data)
        return Response(_detail(bout, request), status=201)


class EnterIn(serializers.Serializer):
    gladiator = Id()
    square = Text(max_length=4, label="The square", required=False, allow_blank=True, default="")
    team = Text(
        max_length=40,
        label="The team",
        required=False,
        allow_blank=True,
        default="",
        help_text="Where the rule set has teams (Arena of the Elders: Red or Blue); empty: the "
        "arena's choice.",
    )


class BoutEnterApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]

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
            bout=bout,
            gladiator=gladiator,
            by=request.user,
            square=data.validated_data["square"],
            team=data.validated_data["team"],
        )
        return Response(_detail(bout, request), status=201)


class TurnIn(serializers.Serializer):
    turn = Integer(
        min_value=1,
        help_text="The turn this acts on (the bout's `turn` as the client last read it): a "
        "request for a turn that has resolved is refused, never applied to the next one.",
    )


class TurnReasonIn(TurnIn):
    reason = Text(max_length=REASON_LENGTH, label="The reason")


def gm_bout_api(service, *, names_turn: bool = True, gives_reason: bool = False):
    """An API view for a GM's act on a bout: POST the turn it is for (and the reason), get the
    bout back."""
    given = TurnReasonIn if gives_reason else TurnIn if names_turn else None

    class GmActionApi(APIView):
        permission_classes = [IsAuthenticated, NotArchived]

        @extend_schema(request=given, responses=BoutDetailOut)
        def post(self, request: Request, slug: str, pk: int) -> Response:
            bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
            arguments = {}
            if given is not None:
                data = given(data=request.data)
                data.is_valid(raise_exception=True)
                arguments = data.validated_data
            service(bout=bout, by=request.user, **arguments)
            return Response(_detail(bout, request))

    GmActionApi.__name__ = f"{service.__name__.title().replace('_', '')}Api"
    return GmActionApi


BoutStartApi = gm_bout_api(bout_start, names_turn=False)
BoutForceApi = gm_bout_api(bout_turn_force, gives_reason=True)
BoutFinishApi = gm_bout_api(bout_finish_by_tactics)


class PreviewIn(serializers.Serializer):
    """An order drawn (`order`) or typed (`text`), as the order check and the preview take it."""

    order = serializers.DictField(required=False)
    text = Text(
        max_length=ORDER_TEXT_MAX,
        label="The order",
        multiline=True,
        required=False,
        allow_blank=True,
        default="",
    )


class OrderCheckIn(PreviewIn):
    standing = serializers.BooleanField(required=False, default=False)


class OrderIn(OrderCheckIn, TurnIn):
    pass


# Declared fields, not a ModelSerializer: a model serializer works its fields out from the
# model again for every reply, most of an order PUT's serializing (bench/serializer_bench.py).
class OrderOut(serializers.Serializer):
    """A stored order, as its owner reads it."""

    turn = serializers.IntegerField(min_value=0, max_value=2_147_483_647)
    order = serializers.JSONField(help_text=TurnOrder._meta.get_field("order").help_text)
    standing = serializers.BooleanField(
        required=False, help_text=TurnOrder._meta.get_field("standing").help_text
    )
    submitted_at = serializers.DateTimeField(read_only=True)
    receipt = serializers.CharField(max_length=64, required=False)
    salt = serializers.CharField(max_length=32, required=False)


class CheckOut(serializers.Serializer):
    problems = serializers.ListField(child=serializers.CharField())


# The order views check an archived campaign themselves (entrant_of_owner's refuse_archived),
# on the campaign row they read with the entrant: NotArchived would read it a second time.
ORDER_PERMISSIONS = [IsAuthenticated]


class OrderApi(APIView):
    permission_classes = ORDER_PERMISSIONS

    @extend_schema(responses=OrderOut)
    def get(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        entrant = entrant_of_owner(slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user)
        order = TurnOrder.objects.filter(entrant=entrant, turn=entrant.bout.turn).first()
        if order is None:
            raise Http404(f"No order for this {entrant.bout.step} yet.")
        return Response(OrderOut(order).data)

    @extend_schema(request=OrderIn, responses=OrderOut)
    def put(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        # One read for the checks of who may order and of the order itself: the entrant is
        # read with its bout locked, in the transaction that stores the order.
        with transaction.atomic():
            entrant = entrant_of_owner(
                slug=slug,
                pk=pk,
                entrant_pk=entrant_pk,
                user=request.user,
                refuse_archived=True,
                only=ORDER_PUT_READS,
                lock_bout=True,
            )
            data = OrderIn(data=request.data)
            data.is_valid(raise_exception=True)
            order = order_submit(
                entrant=entrant, by=request.user, bout_locked=True, **data.validated_data
            )
        return Response(OrderOut(order).data)


class OrderCheckApi(APIView):
    """Validate a draft order without saving it (for clients drawing orders square by square)."""

    permission_classes = ORDER_PERMISSIONS

    @extend_schema(request=OrderCheckIn, responses=CheckOut)
    def post(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        entrant = entrant_of_owner(
            slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user, refuse_archived=True
        )
        data = OrderCheckIn(data=request.data)
        data.is_valid(raise_exception=True)
        problems = order_check(
            entrant=entrant,
            order=data.validated_data.get("order") or {},
            text=data.validated_data["text"],
        )
        return Response({"problems": problems})


class WhatIfRowOut(serializers.Serializer):
    name = serializers.CharField()
    start = serializers.CharField(help_text="its square before the turn")
    end = serializers.CharField(help_text="its square after the turn")
    hp_before = serializers.IntegerField(allow_null=True)
    hp_after = serializers.IntegerField(allow_null=True)
    hurt = serializers.BooleanField()
    fell = serializers.BooleanField(help_text="removed from the bout by this turn")


class PreviewOut(serializers.Serializer):
    turn = serializers.IntegerField()
    rows = WhatIfRowOut(many=True)
    lines = serializers.ListField(child=serializers.CharField(), help_text="the turn in words")
    over = serializers.BooleanField(help_text="the bout would end with this turn")
    threats = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="square -> the opponents that can hurt the gladiator there next turn",
    )


class OrderPreviewApi(APIView):
    """The order played against everyone else's default tactics, never their real orders
    (the rule set's doc in docs/rules/), with the squares opponents threaten; nothing is saved.
    A rule set without previews answers 400."""

    permission_classes = ORDER_PERMISSIONS

    @extend_schema(request=PreviewIn, responses=PreviewOut)
    def post(self, request: Request, slug: str, pk: int, entrant_pk: int) -> Response:
        entrant = entrant_of_owner(
            slug=slug, pk=pk, entrant_pk=entrant_pk, user=request.user, refuse_archived=True
        )
        data = PreviewIn(data=request.data)
        data.is_valid(raise_exception=True)
        what_if = order_what_if(
            entrant=entrant,
            by=request.user,
            draft=data.validated_data.get("order") or {},
            text=data.validated_data["text"],
        )
        out = {
            "turn": entrant.bout.turn,
            "rows": what_if.rows,
            "lines": what_if.lines,
            "over": what_if.over,
            "threats": order_threats(entrant=entrant),
        }
        return Response(PreviewOut(out).data)


class ForumPostOut(serializers.Serializer):
    turn = serializers.IntegerField()
    markup = serializers.CharField()
    text = serializers.CharField()


class ForumPostApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("markup", enum=list(FORUM_MARKUPS))],
        responses=ForumPostOut,
    )
    def get(self, request: Request, slug: str, pk: int, turn: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        markup = request.query_params.get("markup", "bbcode")
        text = bout_forum_post(bout=bout, turn=turn, markup=markup)
        return Response({"turn": turn, "markup": markup, "text": text})
