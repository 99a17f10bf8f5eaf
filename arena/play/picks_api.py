"""The pick phase in the API (arena/play/picks.py), as the bout's pick page shows it: anyone who may
see the bout reads where the draft stands; a player of the team whose pick it is (or the GM,
for a team whose players are away) picks a champion still free. Picks are public, like
entries: the secret of kill the king's competitive game is the king, named in the bout's first
turn (the preparation), not the draft (the rule set's doc in docs/rules/)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.selectors import bout_get_visible
from arena.models import Bout
from arena.play.picks import bout_pick, may_pick, pick_phase
from campaign.archive_guard import NotArchived
from campaign.shared.api_inputs import Text


class PickTeamOut(serializers.Serializer):
    team = serializers.CharField()
    members = serializers.ListField(
        child=serializers.CharField(),
        help_text="Its entrants (their champions in brackets), then its picks, in order.",
    )


class PickChoiceOut(serializers.Serializer):
    key = serializers.CharField(help_text="What to send as `champion`.")
    label = serializers.CharField()


class PickStateOut(serializers.Serializer):
    uses_picks = serializers.BooleanField(help_text="False: this bout has no pick phase.")
    open = serializers.BooleanField(help_text="Picks are taken now (the bout is open).")
    next = serializers.CharField(help_text="The team to pick now; empty when both are full.")
    teams = PickTeamOut(many=True)
    free = PickChoiceOut(many=True, help_text="The champions still free (while picks are open).")
    may_pick = serializers.BooleanField(help_text="Whether you may make the next pick.")


class PickIn(serializers.Serializer):
    champion = Text(max_length=60, label="The champion", help_text="A key from `free`.")


def pick_state(bout: Bout, user) -> dict:
    """The draft as `user` may see it (all of it is public but whether they may pick)."""
    phase = pick_phase(bout)
    if phase is None:
        state = {"uses_picks": False, "open": False, "next": "", "teams": [], "free": []}
        return {**state, "may_pick": False}
    taking = bout.status == Bout.Status.OPEN and bool(phase.next)
    return {
        "uses_picks": True,
        "open": taking,
        "next": phase.next,
        "teams": [{"team": team, "members": list(members)} for team, members in phase.teams],
        "free": [{"key": key, "label": label} for key, label in phase.free] if taking else [],
        "may_pick": taking and may_pick(bout, phase, user),
    }


class BoutPicksApi(APIView):
    """GET: the pick phase as the pick page shows it; POST: the next pick."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(responses=PickStateOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(PickStateOut(pick_state(bout, request.user)).data)

    @extend_schema(request=PickIn, responses=PickStateOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = PickIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout_pick(bout=bout, by=request.user, champion=data.validated_data["champion"])
        bout.refresh_from_db()
        return Response(PickStateOut(pick_state(bout, request.user)).data)
