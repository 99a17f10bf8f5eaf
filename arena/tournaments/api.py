"""Knockouts by API: list and draw (the GM), and one knockout's bracket (anyone who may see the
campaign)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.api import CancelIn
from arena.gateway import KNOCKOUT_ENTRANTS
from arena.models import Tournament, TournamentEntry, TournamentMatch
from arena.seasons import bracket
from arena.tournaments.selectors import (
    tournament_get,
    tournament_get_visible,
    tournament_matches,
    tournaments_of_campaign,
)
from arena.tournaments.services import ROUND_MINUTES_MAX, tournament_cancel, tournament_create
from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import Id, Integer, Text, list_schema, paginated
from campaign.shared.inputs import TITLE_MAX
from characters.selectors import gladiators_of_ids


class TournamentOut(serializers.ModelSerializer):
    champion = serializers.CharField(source="champion.name", allow_null=True, default=None)
    champion_id = serializers.IntegerField(allow_null=True)

    class Meta:
        model = Tournament
        fields = [
            "id", "title", "ruleset", "seeding", "seed", "options", "starts_at", "round_minutes",
            "status", "champion_id", "champion", "created_at", "finished_at",
        ]  # fmt: skip


class EntryOut(serializers.ModelSerializer):
    gladiator = serializers.CharField(source="gladiator.name")
    owner = serializers.CharField(source="gladiator.owner.username")

    class Meta:
        model = TournamentEntry
        fields = ["seed", "gladiator_id", "gladiator", "owner"]


class MatchOut(serializers.ModelSerializer):
    first_seed = serializers.IntegerField(source="first.seed", allow_null=True, default=None)
    second_seed = serializers.IntegerField(source="second.seed", allow_null=True, default=None)
    winner_seed = serializers.IntegerField(source="winner.seed", allow_null=True, default=None)
    bout_id = serializers.IntegerField(allow_null=True)
    bout_status = serializers.CharField(source="bout.status", allow_null=True, default=None)

    class Meta:
        model = TournamentMatch
        fields = [
            "round", "slot", "first_seed", "second_seed", "winner_seed", "decided_by", "bout_id",
            "bout_status",
        ]  # fmt: skip


class TournamentDetailOut(TournamentOut):
    entries = serializers.SerializerMethodField()
    matches = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()

    class Meta(TournamentOut.Meta):
        fields = [*TournamentOut.Meta.fields, "rounds", "entries", "matches"]

    def get_rounds(self, tournament: Tournament) -> int:
        return bracket.rounds_of(tournament.entries.count())

    @extend_schema_field(EntryOut(many=True))
    def get_entries(self, tournament: Tournament) -> list:
        rows = tournament.entries.select_related("gladiator__owner")
        return EntryOut(rows, many=True).data

    @extend_schema_field(MatchOut(many=True))
    def get_matches(self, tournament: Tournament) -> list:
        return MatchOut(tournament_matches(tournament=tournament), many=True).data


class TournamentIn(serializers.Serializer):
    title = Text(
        max_length=TITLE_MAX, label="The title", required=False, allow_blank=True, default=""
    )
    starts_at = serializers.DateTimeField(help_text="When round one is fought.")
    gladiators = serializers.ListField(
        child=Id(),
        min_length=KNOCKOUT_ENTRANTS[0],
        max_length=KNOCKOUT_ENTRANTS[1],
        help_text=(
            "Their ids, as many as the rule set's knockout takes (GET /api/rulesets/ gives "
            "knockout_entrants); the top seeds get byes when the count is not a power of two."
        ),
    )
    seeding = serializers.ChoiceField(
        choices=Tournament.Seeding.choices, required=False, default="random"
    )
    seed = Integer(
        min_value=0,
        max_value=2**48 - 1,
        required=False,
        help_text="The random seeding's seed (drawn when left out).",
    )
    round_minutes = Integer(min_value=0, max_value=ROUND_MINUTES_MAX, required=False, default=0)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The rule set's bout options for every bout (GET /api/rulesets/ lists them).",
    )


class TournamentListApi(APIView):
    @list_schema(TournamentOut, "campaigns_tournaments_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return paginated(request, self, tournaments_of_campaign(campaign=campaign), TournamentOut)

    @extend_schema(request=TournamentIn, responses={201: TournamentDetailOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = TournamentIn(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data.pop("gladiators")
        gladiators = gladiators_of_ids(campaign=campaign, ids=ids)
        tournament = tournament_create(
            campaign=campaign,
            by=request.user,
            gladiators=gladiators,
            **data.validated_data,
        )
        fresh = tournament_get(campaign=campaign, pk=tournament.pk)
        return Response(TournamentDetailOut(fresh).data, status=201)


class TournamentDetailApi(APIView):
    @extend_schema(responses=TournamentDetailOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        tournament = tournament_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(TournamentDetailOut(tournament).data)


class TournamentCancelApi(APIView):
    """The GM calls off a running knockout: its bouts not yet fought are cancelled."""

    @extend_schema(request=CancelIn, responses=TournamentDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        # The body is checked before the knockout is looked up: a bad one gets the same 400
        # whether the knockout exists or not.
        data = CancelIn(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = tournament_get_visible(slug=slug, pk=pk, user=request.user)
        tournament_cancel(tournament=tournament, by=request.user, **data.validated_data)
        fresh = tournament_get(campaign=tournament.campaign, pk=tournament.pk)
        return Response(TournamentDetailOut(fresh).data)
