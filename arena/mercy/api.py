"""The mercy vote of a bout in the API: what it waits for, and a thumb."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.selectors import bout_get_visible
from arena.mercy.services import mercy_vote_cast, mercy_vote_current, mercy_vote_view


class MercyVoteOut(serializers.Serializer):
    gladiator = serializers.CharField(help_text="Who appeals for mercy.")
    voters = serializers.CharField(help_text="Who decides: the GM, the players or everyone.")
    up = serializers.IntegerField(help_text="Thumbs up (spare) so far.")
    down = serializers.IntegerField(help_text="Thumbs down (kill) so far.")
    closes_at = serializers.DateTimeField()
    seconds_left = serializers.IntegerField()
    refusal = serializers.CharField(help_text="Why you may not vote; empty if you may.")
    mine = serializers.CharField(
        allow_null=True, help_text='Your thumb: "up" or "down"; null until you vote.'
    )


class MercyVoteIn(serializers.Serializer):
    thumbs = serializers.ChoiceField(
        choices=["up", "down"],
        error_messages={"invalid_choice": "Vote up (spare him) or down (kill him)."},
    )


class MercyVoteApi(APIView):
    """Names of the voters are not shown while the vote is open; they are in the bout's log
    once it closes."""

    def _view(self, request: Request, slug: str, pk: int) -> dict:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        view = mercy_vote_view(bout=bout, user=request.user)
        if view is None:
            raise Http404("This bout is not waiting for a mercy verdict.")
        return MercyVoteOut(view).data

    @extend_schema(responses={200: MercyVoteOut, 404: None})
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return Response(self._view(request, slug, pk))

    @extend_schema(request=MercyVoteIn, responses={200: MercyVoteOut, 404: None})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = MercyVoteIn(data=request.data)
        data.is_valid(raise_exception=True)
        vote = mercy_vote_current(bout=bout)
        if vote is None:
            raise Http404("This bout is not waiting for a mercy verdict.")
        mercy_vote_cast(vote=vote, by=request.user, spare=data.validated_data["thumbs"] == "up")
        return Response(self._view(request, slug, pk))
