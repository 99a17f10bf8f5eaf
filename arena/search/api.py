"""The campaign's search, as the page finds it."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import campaign_get_visible

from .selectors import QUERY_MAX, campaign_search, search_text


class FoundGladiatorOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    status = serializers.CharField()


class FoundBoutOut(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField(source="__str__")
    status = serializers.CharField()
    winner = serializers.CharField()
    scheduled_at = serializers.DateTimeField()


class FoundPostOut(serializers.Serializer):
    id = serializers.IntegerField(source="post.pk")
    thread = serializers.SerializerMethodField(help_text="campaign, bout or message.")
    bout_id = serializers.IntegerField(source="post.bout_id", allow_null=True)
    author = serializers.CharField(source="post.author.username")
    created_at = serializers.DateTimeField(source="post.created_at")
    excerpt = serializers.CharField(
        source="html", help_text="The matching words in <mark>; the rest escaped HTML."
    )

    def get_thread(self, found) -> str:
        post = found.post
        if post.recipient_id is not None:
            return "message"
        return "bout" if post.bout_id is not None else "campaign"


class FoundLoreOut(serializers.Serializer):
    kind = serializers.CharField(help_text="story (a gladiator's) or note (the GM's).")
    id = serializers.IntegerField(source="pk", help_text="The gladiator's, or the note's.")
    title = serializers.CharField(help_text="The gladiator's name, or the note's title.")
    excerpt = serializers.CharField(
        source="html", help_text="The matching words in <mark>; the rest escaped HTML."
    )


class SearchOut(serializers.Serializer):
    q = serializers.CharField(source="text")
    gladiators = FoundGladiatorOut(many=True)
    bouts = FoundBoutOut(many=True)
    posts = FoundPostOut(many=True)
    lore = FoundLoreOut(many=True)


class SearchApi(APIView):
    """Gladiators (by name, type, player), bouts (by title, winner, entrant), the press the
    caller may read (by its words) and lore (stories, notes and revealed secrets), at most 20
    of each, the best match first."""

    @extend_schema(
        operation_id="campaigns_search_retrieve",
        parameters=[
            OpenApiParameter(
                "q", str, description=f'Words, "a phrase", -not; at most {QUERY_MAX} characters.'
            )
        ],
        responses=SearchOut,
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        text = search_text(request.query_params.get("q"))
        found = campaign_search(campaign=campaign, user=request.user, text=text)
        return Response(SearchOut(found).data)
