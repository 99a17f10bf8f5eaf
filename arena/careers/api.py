"""The hall of fame and the head-to-head table, as the pages show them."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import list_schema, paginated
from characters.catalogue import adapter
from characters.selectors import gladiator_get

from .selectors import hall_of_fame, rivalries_of


class FameOut(serializers.Serializer):
    gladiator_id = serializers.IntegerField(source="gladiator.pk")
    name = serializers.CharField(source="gladiator.name")
    owner = serializers.CharField(source="gladiator.owner.username")
    status = serializers.CharField(source="gladiator.status")
    figure = serializers.IntegerField(help_text="What the board counts, for this gladiator.")
    note = serializers.CharField(help_text="A word about the figure; may be empty.")


class BoardOut(serializers.Serializer):
    slug = serializers.CharField(help_text="wins, streak, richest, kills or longest.")
    title = serializers.CharField()
    counts = serializers.CharField(help_text="What the figure is.")
    lines = FameOut(many=True, help_text="The board's gladiators, the best first.")


class HallOfFameOut(serializers.Serializer):
    boards = BoardOut(many=True)


class HallOfFameApi(APIView):
    """Most wins, longest winning streak, richest, most kills and the longest career, five
    gladiators each; the dead and the retired keep their places."""

    @extend_schema(operation_id="campaigns_hall_of_fame_retrieve", responses=HallOfFameOut)
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        record = adapter(campaign.ruleset).record
        boards = hall_of_fame(campaign=campaign, now=timezone.now(), wins_word=record.wins)
        return Response(HallOfFameOut({"boards": boards}).data)


class RivalryOut(serializers.Serializer):
    opponent_id = serializers.IntegerField(source="opponent.pk")
    opponent = serializers.CharField(source="opponent.name")
    met = serializers.IntegerField(source="meeting.met", help_text="Resolved bouts together.")
    won = serializers.IntegerField(source="meeting.won", help_text="Placed better than them.")
    drawn = serializers.IntegerField(source="meeting.drawn", help_text="Placed the same.")
    lost = serializers.IntegerField(source="meeting.lost", help_text="Placed worse.")
    last_bout_id = serializers.IntegerField(source="last_bout.pk")
    last_met = serializers.DateTimeField(source="last_bout.resolved_at")


class HeadToHeadApi(APIView):
    """The gladiator's record against every opponent it has met, the most met first."""

    @list_schema(RivalryOut, "campaigns_gladiators_head_to_head_list")
    def get(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        gladiator = gladiator_get(campaign=campaign, pk=pk)
        return paginated(request, self, rivalries_of(gladiator=gladiator), RivalryOut)
