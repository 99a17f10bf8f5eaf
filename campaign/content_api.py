"""The GM's own content in the API (campaign/content.py): the campaign's items, an upload of
one JSON document checked by the rule set (all of it or, refused in words, none), and taking
one item out (arena/content/services.py). GM only, like the content page; an archived
campaign's content is read-only like the rest of it."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.content.services import content_delete
from campaign.shared.api_inputs import list_schema, paginated
from campaign.shared.errors import LudusError

from .archive_guard import NotArchived
from .content import content_kinds, content_upload
from .models import CampaignContent
from .selectors import campaign_get_visible
from .services import check_campaign_gm


class ContentItemOut(serializers.ModelSerializer):
    name = serializers.SerializerMethodField(help_text="The item's name, else its key.")
    data = serializers.JSONField(help_text="The item as it was uploaded.")

    class Meta:
        model = CampaignContent
        fields = ["id", "kind", "key", "name", "data", "added_at"]

    def get_name(self, item: CampaignContent) -> str:
        name = item.data.get("name") if isinstance(item.data, dict) else None
        return name if isinstance(name, str) else item.key


class ContentIn(serializers.Serializer):
    document = serializers.JSONField(
        help_text='{"<kind>": [item, ...]} with the kinds the rule set takes (Arena of the '
        'Elders: "champions" and "arenas", in the shape of its champions.json and '
        "arenas.json); each item has a key unique within its kind. Every problem is named."
    )


class ContentAddedOut(serializers.Serializer):
    added = ContentItemOut(many=True)


class ContentListApi(APIView):
    """The campaign's GM content (GM only); the GM adds a document's items."""

    permission_classes = [IsAuthenticated, NotArchived]

    @list_schema(ContentItemOut, "campaigns_content_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        check_campaign_gm(campaign=campaign, user=request.user)
        items = CampaignContent.objects.filter(campaign=campaign).order_by("kind", "id")
        return paginated(request, self, items, ContentItemOut)

    @extend_schema(request=ContentIn, responses={201: ContentAddedOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        check_campaign_gm(campaign=campaign, user=request.user)
        data = ContentIn(data=request.data)  # the body first: its bounds hold everywhere
        data.is_valid(raise_exception=True)
        if not content_kinds(campaign):
            raise LudusError(
                f"The rule set {campaign.ruleset} takes no GM content.", field="document"
            )
        added = content_upload(
            campaign=campaign, by=request.user, document=data.validated_data["document"]
        )
        return Response({"added": ContentItemOut(added, many=True).data}, status=201)


class ContentDeleteApi(APIView):
    """One item out of the campaign, refused in words while a gladiator is of it or a bout
    not fought yet uses it."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        check_campaign_gm(campaign=campaign, user=request.user)  # before saying what exists
        if not CampaignContent.objects.filter(campaign=campaign, pk=pk).exists():
            raise Http404("No such item of content in this campaign.")
        content_delete(campaign=campaign, by=request.user, item_id=pk)
        return Response(status=204)
