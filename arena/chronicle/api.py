"""The chronicles as the archive page lists them: published ones, and drafts for the GM."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import list_schema, paginated

from .models import Chronicle
from .selectors import chronicle_get, chronicles_readable


class ChronicleOut(serializers.ModelSerializer):
    class Meta:
        model = Chronicle
        fields = ["id", "title", "body", "period_start", "period_end", "written_at",
                  "edited_at", "published_at"]  # fmt: skip


class ChronicleListApi(APIView):
    @list_schema(ChronicleOut, "campaigns_chronicles_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        rows = chronicles_readable(campaign=campaign, user=request.user)
        return paginated(request, self, rows, ChronicleOut)


class ChronicleDetailApi(APIView):
    serializer_class = ChronicleOut

    def get(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(
            ChronicleOut(chronicle_get(campaign=campaign, user=request.user, pk=pk)).data
        )
