from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible
from characters.models import Gladiator

from .forms import OUTCOMES, BoutFilterForm
from .models import Bout, BoutEntrant
from .selectors import (
    bout_engine_input_for,
    bout_get,
    bout_get_visible,
    bouts_filter,
    bouts_of_campaign,
)
from .services import bout_cancel, bout_schedule


class EntrantOut(serializers.ModelSerializer):
    gladiator = serializers.CharField(source="gladiator.name")
    gladiator_id = serializers.IntegerField(source="gladiator.pk")
    owner = serializers.CharField(source="gladiator.owner.username")

    class Meta:
        model = BoutEntrant
        fields = [
            "id", "gladiator_id", "gladiator", "owner", "team", "start_square", "place", "fate",
            "defeated",
        ]  # fmt: skip


class BoutOut(serializers.ModelSerializer):
    entrants = EntrantOut(many=True)

    class Meta:
        model = Bout
        fields = [
            "id", "title", "ruleset", "ruleset_version", "mode", "status", "turn",
            "turn_deadline", "scheduled_at", "resolved_at", "winner", "failure", "entrants",
        ]  # fmt: skip


class BoutDetailOut(BoutOut):
    class Meta(BoutOut.Meta):
        fields = [*BoutOut.Meta.fields, "seed", "engine_input", "log"]

    def to_representation(self, bout: Bout) -> dict:
        data = super().to_representation(bout)
        request = self.context.get("request")
        user = request.user if request is not None else AnonymousUser()
        data["engine_input"] = bout_engine_input_for(bout=bout, user=user)
        if bout.status == Bout.Status.SCHEDULED:
            # The engine is deterministic: whoever knew the seed could fight the bout
            # beforehand and choose the kit that wins. It is shown once the bout is fought.
            data["seed"] = None
        return data


class BoutIn(serializers.Serializer):
    title = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    scheduled_at = serializers.DateTimeField()
    gladiators = serializers.ListField(child=serializers.IntegerField(), min_length=2)
    teams = serializers.ListField(child=serializers.CharField(max_length=40), required=False)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The rule set's bout options (GET /api/rulesets/ lists them); checked by it.",
    )


class BoutListApi(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("gladiator", int),
            OpenApiParameter("player", str),
            OpenApiParameter("ruleset", str),
            OpenApiParameter("outcome", str, enum=[v for v, _ in OUTCOMES if v]),
            OpenApiParameter("since", OpenApiTypes.DATE),
            OpenApiParameter("until", OpenApiTypes.DATE),
        ],
        responses=BoutOut(many=True),
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        filters = BoutFilterForm(request.query_params, campaign=campaign)
        if not filters.is_valid():
            raise serializers.ValidationError(filters.errors)
        bouts = bouts_filter(bouts=bouts_of_campaign(campaign=campaign), **filters.cleaned_data)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(bouts, request, self)
        return paginator.get_paginated_response(BoutOut(page, many=True).data)

    @extend_schema(request=BoutIn, responses={201: BoutOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = BoutIn(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data.pop("gladiators")
        found = {g.pk: g for g in Gladiator.objects.filter(campaign=campaign, pk__in=ids)}
        missing = [i for i in ids if i not in found]
        if missing:
            raise LudusError(
                f"No gladiator with id {missing[0]} in this campaign.", field="gladiators"
            )
        bout = bout_schedule(
            campaign=campaign,
            by=request.user,
            gladiators=[found[i] for i in ids],
            **data.validated_data,
        )
        return Response(BoutOut(bout_get(campaign=campaign, pk=bout.pk)).data, status=201)


class BoutDetailApi(APIView):
    @extend_schema(responses=BoutDetailOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(BoutDetailOut(bout, context={"request": request}).data)


class CancelIn(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class BoutCancelApi(APIView):
    @extend_schema(request=CancelIn, responses=BoutOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = CancelIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout_cancel(bout=bout, by=request.user, **data.validated_data)
        return Response(BoutOut(bout_get(campaign=bout.campaign, pk=bout.pk)).data)
