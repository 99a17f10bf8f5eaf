"""REST endpoints for running a campaign (the GM's): members (list, invite by name, remove),
handing the campaign over, archiving. Each calls one service; the services check that the
caller is the GM and say why not."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.archive import campaign_archive, campaign_unarchive
from campaign.members import campaign_hand_over, member_invite, member_remove
from campaign.shared.api_inputs import Text, list_schema, paginated

from .api import CampaignOut
from .archive_guard import NotArchived
from .models import Membership
from .selectors import campaign_get_visible, campaign_members


class MemberOut(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")

    class Meta:
        model = Membership
        fields = ["username", "role", "joined_at"]


class MemberIn(serializers.Serializer):
    username = Text(max_length=150, label="The user name")


class RemovedOut(serializers.Serializer):
    username = serializers.CharField()
    gladiators_moved = serializers.IntegerField(
        help_text="How many of their gladiators passed to the GM who removed them."
    )


class MemberListApi(APIView):
    """Who plays in the campaign (as its page shows); the GM adds a player by user name."""

    @list_schema(MemberOut, "campaigns_members_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return paginated(request, self, campaign_members(campaign=campaign), MemberOut)

    @extend_schema(request=MemberIn, responses={201: MemberOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = MemberIn(data=request.data)
        data.is_valid(raise_exception=True)
        membership = member_invite(campaign=campaign, by=request.user, **data.validated_data)
        return Response(MemberOut(membership).data, status=201)


class MemberRemoveApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=MemberIn, responses=RemovedOut)
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = MemberIn(data=request.data)
        data.is_valid(raise_exception=True)
        moved = member_remove(campaign=campaign, by=request.user, **data.validated_data)
        return Response({**data.validated_data, "gladiators_moved": moved})


class HandOverApi(APIView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=MemberIn, responses=MemberOut)
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = MemberIn(data=request.data)
        data.is_valid(raise_exception=True)
        membership = campaign_hand_over(campaign=campaign, by=request.user, **data.validated_data)
        return Response(MemberOut(membership).data)


class ArchiveApi(APIView):
    """POST archives the campaign (read-only; undecided bouts are called off); DELETE brings it
    back into play."""

    permission_classes = [IsAuthenticated, NotArchived]  # NotArchived lets this one through

    @extend_schema(request=None, responses=CampaignOut)
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        campaign_archive(campaign=campaign, by=request.user)
        return Response(CampaignOut(campaign, context={"request": request}).data)

    @extend_schema(request=None, responses=CampaignOut)
    def delete(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        campaign_unarchive(campaign=campaign, by=request.user)
        return Response(CampaignOut(campaign, context={"request": request}).data)
