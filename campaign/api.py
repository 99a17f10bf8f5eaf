"""REST endpoints for campaigns: one view per operation, small input/output serializers."""

from __future__ import annotations

from dataclasses import asdict

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from arena.gateway import ruleset, rulesets_available
from campaign.shared.api_inputs import Name, Text, list_schema, paginated
from campaign.shared.inputs import CODE_MAX, DESCRIPTION_MAX, TITLE_MAX

from .archive_guard import NotArchived
from .house_rules_api import HouseRulesOut, house_rules_data
from .models import AuditEntry, Campaign
from .selectors import (
    campaign_get_joinable,
    campaign_get_visible,
    campaign_role,
    campaigns_visible,
)
from .services import (
    campaign_create,
    campaign_join,
    campaign_update,
    check_campaign_gm,
)
from .sign_in import locked_out, lockout_message, lockout_seconds_left


class CampaignOut(serializers.ModelSerializer):
    role = serializers.SerializerMethodField()
    house_rules = serializers.SerializerMethodField()

    class Meta:
        model = Campaign
        fields = [
            "slug", "name", "description", "ruleset", "visibility", "created_at", "archived_at",
            "role", "house_rules",
        ]  # fmt: skip

    def get_role(self, campaign: Campaign) -> str | None:
        return campaign_role(campaign=campaign, user=self.context["request"].user)

    @extend_schema_field(HouseRulesOut)
    def get_house_rules(self, campaign: Campaign) -> dict:
        return house_rules_data(campaign)


class CampaignIn(serializers.Serializer):
    name = Name(max_length=TITLE_MAX, label="A campaign's name")
    description = Text(
        max_length=DESCRIPTION_MAX,
        label="The description",
        multiline=True,
        required=False,
        allow_blank=True,
        default="",
    )
    ruleset = serializers.ChoiceField(
        choices=[r["slug"] for r in rulesets_available()],
        error_messages={
            "invalid_choice": "Unknown rule set {input!r}; choose one of: "
            + ", ".join(r["slug"] for r in rulesets_available())
            + "."
        },
    )
    visibility = serializers.ChoiceField(
        choices=Campaign.Visibility.values, default=Campaign.Visibility.PRIVATE
    )


class CampaignListApi(APIView):
    @list_schema(CampaignOut, "campaigns_list")
    def get(self, request: Request) -> Response:
        campaigns = campaigns_visible(user=request.user).order_by("name", "pk")
        return paginated(request, self, campaigns, CampaignOut, context={"request": request})

    @extend_schema(request=CampaignIn, responses={201: CampaignOut})
    def post(self, request: Request) -> Response:
        data = CampaignIn(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = campaign_create(by=request.user, **data.validated_data)
        return Response(CampaignOut(campaign, context={"request": request}).data, status=201)


class CampaignEditIn(serializers.Serializer):
    name = Name(max_length=TITLE_MAX, label="A campaign's name", required=False)
    description = Text(
        max_length=DESCRIPTION_MAX,
        label="The description",
        multiline=True,
        required=False,
        allow_blank=True,
    )


class CampaignDetailApi(APIView):
    @extend_schema(responses=CampaignOut)
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(CampaignOut(campaign, context={"request": request}).data)

    @extend_schema(request=CampaignEditIn, responses=CampaignOut)
    def patch(self, request: Request, slug: str) -> Response:
        """The GM renames the campaign or rewrites its description (the address stays)."""
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = CampaignEditIn(data=request.data)
        data.is_valid(raise_exception=True)
        changes = {"name": campaign.name, "description": campaign.description}
        campaign_update(campaign=campaign, by=request.user, **{**changes, **data.validated_data})
        return Response(CampaignOut(campaign, context={"request": request}).data)


class JoinIn(serializers.Serializer):
    code = Text(max_length=CODE_MAX, label="The invite code")


class CampaignJoinApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "join"

    @extend_schema(request=JoinIn, responses=CampaignOut)
    def post(self, request: Request, slug: str) -> Response:
        # The body is checked before the campaign is looked up: a bad one gets the same 400
        # whether the campaign exists or not.
        data = JoinIn(data=request.data)
        data.is_valid(raise_exception=True)
        code = data.validated_data["code"]
        campaign = campaign_get_joinable(slug=slug, user=request.user, code=code)
        campaign_join(campaign=campaign, user=request.user, code=code)
        return Response(CampaignOut(campaign, context={"request": request}).data)


class OptionOut(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.ChoiceField(choices=["int", "bool", "choice", "board", "squares"])
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
    knockout_entrants = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="The fewest and the most gladiators of a knockout (null: no campaigns).",
    )


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
        "knockout_entrants": list(adapter.knockout_entrants) if adapter else None,
    }


class RulesetListApi(APIView):
    @list_schema(RulesetOut, "rulesets_list")
    def get(self, request: Request) -> Response:
        plugins = [ruleset(r["slug"]) for r in rulesets_available()]
        return paginated(request, self, [_described(p) for p in plugins], RulesetOut)


class AuditEntryOut(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)

    class Meta:
        model = AuditEntry
        fields = ["id", "created_at", "actor", "action", "detail"]


class AuditApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]

    @list_schema(AuditEntryOut, "campaigns_audit_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        check_campaign_gm(campaign=campaign, user=request.user)
        return paginated(request, self, campaign.audit.select_related("actor"), AuditEntryOut)


USERNAME_MAX = get_user_model()._meta.get_field("username").max_length


class TokenOut(serializers.Serializer):
    token = serializers.CharField()


class TokenIn(AuthTokenSerializer):
    """DRF's name and password, the name no longer than any account's."""

    username = serializers.CharField(label="Username", write_only=True, max_length=USERNAME_MAX)


class TokenApi(ObtainAuthToken):
    """A token for a user name and password: throttled per address, and behind the lockout of
    every sign-in (campaign/sign_in.py)."""

    parser_classes = APIView.parser_classes
    renderer_classes = APIView.renderer_classes
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"
    serializer_class = TokenIn

    @extend_schema(request=TokenIn, responses=TokenOut)
    def post(self, request: Request, *args, **kwargs) -> Response:
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            if locked_out(request):
                username = request.data.get("username") if isinstance(request.data, dict) else ""
                left = lockout_seconds_left(request, username if isinstance(username, str) else "")
                raise Throttled(wait=left, detail=lockout_message(left))
            raise serializers.ValidationError(serializer.errors)
        user = serializer.validated_data["user"]
        # A token is a sign-in: the lockout's count for this name and address starts afresh
        # (axes listens), and the last sign-in is kept as for the page.
        user_logged_in.send(sender=type(user), request=request, user=user)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
