"""Knockouts by the tournaments' API paths: list and draw (the GM), one knockout's bracket
(anyone who may see the campaign), and the GM's cancel. Each knockout is a knockout season
(docs/decisions/0098), shown in the tournaments' JSON shape."""

from __future__ import annotations

from django.db import models
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.api import CancelIn
from arena.gateway import KNOCKOUT_ENTRANTS
from arena.seasons import bracket
from arena.seasons.models import SeasonEntry
from arena.tournaments.models import Tournament
from arena.tournaments.selectors import (
    tournament_champion,
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


class Decided(models.TextChoices):
    """How a match of the bracket was decided, in the tournaments' words."""

    PENDING = "", "Not decided"
    BOUT = "bout", "Won the bout"
    BYE = "bye", "A bye"
    NO_WINNER = "no_winner", "The bout had no winner: the higher seed still fit goes on"
    WALKOVER = "walkover", "The opponent could not fight"


# A knockout season in the tournaments' shape: its number as `id`, round one's time as
# `starts_at`, the minutes between rounds (a season spaced by days gives them in minutes), and
# its champion once it is finished.
class TournamentOut(serializers.ModelSerializer):
    id = serializers.IntegerField(source="number", read_only=True)
    ruleset = serializers.CharField(source="campaign.ruleset", max_length=40)
    starts_at = serializers.DateTimeField(source="first_round_at")
    round_minutes = serializers.IntegerField(
        source="minutes_apart", min_value=0, max_value=2147483647, required=False
    )
    # Filled in by to_representation: the champion is read from the bracket.
    champion = serializers.CharField(allow_null=True, default=None)
    champion_id = serializers.IntegerField(allow_null=True)

    class Meta:
        model = Tournament
        fields = [
            "id", "title", "ruleset", "seeding", "seed", "options", "starts_at", "round_minutes",
            "status", "champion_id", "champion", "created_at", "finished_at",
        ]  # fmt: skip

    def to_representation(self, tournament: Tournament) -> dict:
        out = super().to_representation(tournament)
        champion = tournament_champion(tournament)
        out["champion_id"] = champion.pk if champion else None
        out["champion"] = champion.name if champion else None
        return out


class EntryOut(serializers.ModelSerializer):
    gladiator = serializers.CharField(source="gladiator.name")
    owner = serializers.CharField(source="gladiator.owner.username")

    class Meta:
        model = SeasonEntry
        fields = ["seed", "gladiator_id", "gladiator", "owner"]


class MatchOut(serializers.Serializer):
    round = serializers.IntegerField(min_value=0, max_value=32767)
    slot = serializers.IntegerField(min_value=0, max_value=32767)
    first_seed = serializers.IntegerField(allow_null=True, default=None)
    second_seed = serializers.IntegerField(allow_null=True, default=None)
    winner_seed = serializers.IntegerField(allow_null=True, default=None)
    decided_by = serializers.ChoiceField(choices=Decided.choices, required=False)
    bout_id = serializers.IntegerField(allow_null=True)
    bout_status = serializers.CharField(allow_null=True, default=None)


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
        fresh = tournament_get(campaign=campaign, pk=tournament.number)
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
        fresh = tournament_get(campaign=tournament.campaign, pk=tournament.number)
        return Response(TournamentDetailOut(fresh).data)
