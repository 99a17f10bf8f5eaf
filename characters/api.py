from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import campaign_get_visible

from .models import Gladiator
from .selectors import gladiators_of_campaign
from .services import gladiator_create


class GladiatorOut(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")

    class Meta:
        model = Gladiator
        fields = ["id", "name", "kind", "status", "owner", "created_at"]


class GladiatorIn(serializers.Serializer):
    name = serializers.CharField(max_length=60)
    kind = serializers.CharField(max_length=40)


class GladiatorListApi(APIView):
    @extend_schema(responses=GladiatorOut(many=True))
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(GladiatorOut(gladiators_of_campaign(campaign=campaign), many=True).data)

    @extend_schema(request=GladiatorIn, responses={201: GladiatorOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = GladiatorIn(data=request.data)
        data.is_valid(raise_exception=True)
        gladiator = gladiator_create(campaign=campaign, by=request.user, **data.validated_data)
        return Response(GladiatorOut(gladiator).data, status=201)
