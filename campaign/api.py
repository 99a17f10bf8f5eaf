"""REST endpoints for campaigns: one view per operation, small input/output serializers."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.engine import ruleset, rulesets_available

from .models import AuditEntry, Campaign
from .selectors import campaign_get_visible, campaign_role, campaigns_visible
from .services import (
    campaign_create,
    campaign_join,
    check_campaign_gm,
    invite_code_matches,
)


class CampaignOut(serializers.ModelSerializer):
    role = serializers.SerializerMethodField()

    class Meta:
        model = Campaign
        fields = ["slug", "name", "description", "ruleset", "visibility", "created_at", "role"]

    def get_role(self, campaign: Campaign) -> str | None:
        return campaign_role(campaign=campaign, user=self.context["request"].user)


class CampaignIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    ruleset = serializers.CharField(max_length=40)
    visibility = serializers.ChoiceField(
        choices=Campaign.Visibility.values, default=Campaign.Visibility.PRIVATE
    )


class CampaignListApi(APIView):
    @extend_schema(responses=CampaignOut(many=True))
    def get(self, request: Request) -> Response:
        campaigns = campaigns_visible(user=request.user).order_by("name")
        return Response(CampaignOut(campaigns, many=True, context={"request": request}).data)

    @extend_schema(request=CampaignIn, responses={201: CampaignOut})
    def post(self, request: Request) -> Response:
        data = CampaignIn(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = campaign_create(by=request.user, **data.validated_data)
        return Response(CampaignOut(campaign, context={"request": request}).data, status=201)


class CampaignDetailApi(APIView):
    @extend_schema(responses=CampaignOut)
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(CampaignOut(campaign, context={"request": request}).data)


class JoinIn(serializers.Serializer):
    code = serializers.CharField(max_length=32)


class CampaignJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=JoinIn, responses=CampaignOut)
    def post(self, request: Request, slug: str) -> Response:
        # Private campaigns are joined by code alone: their slug is not visible before joining.
        data = JoinIn(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = Campaign.objects.filter(slug=slug).first()
        code = data.validated_data["code"]
        if campaign is None or (
            not campaign.is_public and not invite_code_matches(campaign=campaign, code=code)
        ):
            campaign_get_visible(slug=slug, user=request.user)  # 404 for what they cannot see
        campaign_join(campaign=campaign, user=request.user, code=code)
        return Response(CampaignOut(campaign, context={"request": request}).data)


class OptionOut(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.ChoiceField(choices=["int", "bool", "choice", "board"])
    default = serializers.JSONField()
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    choices = serializers.ListField(child=serializers.CharField())
    help = serializers.CharField()


class RulesetOut(serializers.Serializer):
    slug = serializers.CharField()
    version = serializers.CharField()
    title = serializers.CharField()
    campaigns = serializers.BooleanField(help_text="Campaigns can be run under it.")
    by_web = serializers.BooleanField(help_text="Its bouts can be played turn by turn.")
    options = OptionOut(many=True, help_text="Options of a bout fought by tactics.")
    options_by_web = OptionOut(many=True, help_text="Options of a turn-by-turn bout.")


def _described(plugin) -> dict:
    adapter = plugin.campaign
    by_web = adapter is not None and plugin.web is not None
    return {
        "slug": plugin.slug,
        "version": plugin.version,
        "title": plugin.title,
        "campaigns": adapter is not None,
        "by_web": by_web,
        "options": [asdict(o) for o in adapter.options_schema(by_tactics=True)] if adapter else [],
        "options_by_web": (
            [asdict(o) for o in adapter.options_schema(by_tactics=False)] if by_web else []
        ),
    }


class RulesetListApi(APIView):
    @extend_schema(responses=RulesetOut(many=True))
    def get(self, request: Request) -> Response:
        plugins = [ruleset(r["slug"]) for r in rulesets_available()]
        return Response(RulesetOut([_described(p) for p in plugins], many=True).data)


class AuditEntryOut(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)

    class Meta:
        model = AuditEntry
        fields = ["id", "created_at", "actor", "action", "detail"]


class AuditApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=AuditEntryOut(many=True))
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        check_campaign_gm(campaign=campaign, user=request.user)
        paginator = PageNumberPagination()
        entries = campaign.audit.select_related("actor")
        page = paginator.paginate_queryset(entries, request, self)
        return paginator.get_paginated_response(AuditEntryOut(page, many=True).data)
