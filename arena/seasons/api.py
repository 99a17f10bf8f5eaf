"""Seasons by API: list and open (the GM), one season's table and fixtures (anyone who may see
the campaign), and the GM's pause, resume, extend and cancel, and an owner's withdrawal."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.api import CancelIn
from arena.models import Bout
from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import Id, Integer, Text, list_schema, paginated
from campaign.shared.inputs import TITLE_MAX
from characters.selectors import gladiators_of_ids

from .models import Season, SeasonFixture
from .seeding import SEED_BITS
from .selectors import (
    division_of,
    season_entry_of,
    season_get_visible,
    season_view,
    seasons_of_campaign,
)
from .services import (
    DEADLINE_HOURS_MAX,
    ENTRANTS,
    EXTEND_MAX,
    GROUPS_MAX,
    POINTS_MAX,
    ROUND_DAYS,
    ROUND_MINUTES_MAX,
    season_cancel,
    season_extend,
    season_open,
    season_pause,
    season_resume,
    season_withdraw,
)


class SeasonOut(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = [
            "id", "title", "division", "format", "rounds", "groups", "advance", "rounds_played",
            "first_round_at", "round_days", "round_minutes", "next_round_at", "seeding", "seed",
            "points_win", "points_draw", "points_loss", "mode", "deadline_hours",
            "options", "status",
            "created_at", "finished_at",
        ]  # fmt: skip


class RowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    seed = serializers.IntegerField()
    gladiator_id = serializers.IntegerField()
    gladiator = serializers.CharField()
    owner = serializers.CharField()
    withdrawn = serializers.BooleanField()
    group = serializers.IntegerField(allow_null=True, help_text="Groups then knockout: its group")
    knockout_seed = serializers.IntegerField(
        allow_null=True, help_text="Groups then knockout: its seed in the bracket, once through"
    )
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    points = serializers.IntegerField()
    median_buchholz = serializers.IntegerField()
    buchholz = serializers.IntegerField()
    form = serializers.ListField(child=serializers.CharField(), help_text="The last five: W D L B")


class FixtureOut(serializers.Serializer):
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    match = serializers.CharField(
        help_text='A bracket\'s match ("W1.2", "L3.1", "GF", "GF2"); "" in a league'
    )
    first_seed = serializers.IntegerField()
    second_seed = serializers.IntegerField(allow_null=True, help_text="null: a bye")
    outcome = serializers.ChoiceField(choices=SeasonFixture.Outcome.choices)
    forfeit = serializers.CharField(help_text="Why it was not fought, if it was not")
    postponed = serializers.CharField(
        help_text='Why it waits, while it waits: "<player> is on vacation until <date>"'
    )
    postponed_until = serializers.DateTimeField(
        allow_null=True, help_text="When the vacation it waits for ends; null: not postponed"
    )
    bout_id = serializers.IntegerField(allow_null=True)
    bout_status = serializers.CharField(allow_null=True)


class SeasonDetailOut(serializers.Serializer):
    season = SeasonOut()
    table = RowOut(many=True)
    fixtures = FixtureOut(many=True)


def season_detail(season: Season) -> dict:
    """The season, its table as it stands and its fixtures, as SeasonDetailOut reads them."""
    view = season_view(season=season)
    seed_of = {entry.pk: entry.seed for _, entry in view.table}
    table = [
        {
            **{k: getattr(row, k) for k in ("rank", "seed", "played", "won", "drawn", "lost")},
            **{k: getattr(row, k) for k in ("points", "median_buchholz", "buchholz", "form")},
            "gladiator_id": entry.gladiator_id,
            "gladiator": entry.gladiator.name,
            "owner": entry.gladiator.owner.username,
            "withdrawn": entry.withdrawn_at is not None,
            "group": entry.group,
            "knockout_seed": entry.knockout_seed,
        }
        for row, entry in view.table
    ]
    fixtures = [
        {
            "round": f.round,
            "board": f.board,
            "match": f.match,
            "first_seed": seed_of[f.first_id],
            "second_seed": seed_of.get(f.second_id),
            "outcome": f.result_outcome,
            "forfeit": f.forfeit,
            "postponed": f.postponed,
            "postponed_until": f.postponed_until,
            "bout_id": f.bout_id,
            "bout_status": f.bout.status if f.bout else None,
        }
        for f in view.fixtures
    ]
    return SeasonDetailOut({"season": season, "table": table, "fixtures": fixtures}).data


class SeasonIn(serializers.Serializer):
    title = Text(max_length=TITLE_MAX, label="The title")
    division = Id(
        required=False,
        allow_null=True,
        default=None,
        help_text="The id of the campaign's division it is played in (null: none).",
    )
    format = serializers.ChoiceField(choices=Season.Format.choices)
    gladiators = serializers.ListField(
        child=Id(),
        min_length=ENTRANTS[0],
        max_length=ENTRANTS[1],
        help_text=(
            "Their ids, in seed order unless `seeding` says otherwise (the first is seed 1); "
            "a knockout or double elimination "
            "takes as many as the rule set's knockout (GET /api/rulesets/: knockout_entrants)."
        ),
    )
    first_round_at = serializers.DateTimeField(help_text="When round one is fought.")
    round_days = Integer(min_value=ROUND_DAYS[0], max_value=ROUND_DAYS[1], default=7)
    round_minutes = Integer(
        min_value=0,
        max_value=ROUND_MINUTES_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text=(
            "A knockout or double elimination fought as one event: its rounds this many "
            "minutes apart instead of round_days (0: each as soon as the one before is decided)."
        ),
    )
    rounds = Integer(
        min_value=1,
        max_value=ENTRANTS[1] - 1,
        required=False,
        allow_null=True,
        default=None,
        help_text="Swiss only: how many rounds (at most entrants - 1).",
    )
    groups = Integer(
        min_value=2,
        max_value=GROUPS_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="Groups then knockout only: how many groups (two or more entrants each).",
    )
    advance = Integer(
        min_value=1,
        max_value=ENTRANTS[1] // 2,
        required=False,
        allow_null=True,
        default=None,
        help_text="Groups then knockout only: how many of each group go into the bracket.",
    )
    seeding = serializers.ChoiceField(
        choices=Season.Seeding.choices, required=False, default=Season.Seeding.GIVEN
    )
    seed = Integer(
        min_value=0,
        max_value=2**SEED_BITS - 1,
        required=False,
        allow_null=True,
        default=None,
        help_text="The random seeding's seed (drawn when left out).",
    )
    points_win = Integer(min_value=0, max_value=POINTS_MAX, default=3)
    points_draw = Integer(min_value=0, max_value=POINTS_MAX, default=1)
    points_loss = Integer(min_value=0, max_value=POINTS_MAX, default=0)
    mode = serializers.ChoiceField(choices=Bout.Mode.choices, default=Bout.Mode.TACTICS)
    deadline_hours = Integer(
        min_value=1,
        max_value=DEADLINE_HOURS_MAX,
        required=False,
        allow_null=True,
        default=24,
        help_text="By web: the hours each turn waits for orders (null: no deadline).",
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The rule set's bout options for every bout (GET /api/rulesets/ lists them).",
    )


class SeasonListApi(APIView):
    @list_schema(SeasonOut, "campaigns_seasons_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return paginated(request, self, seasons_of_campaign(campaign=campaign), SeasonOut)

    @extend_schema(request=SeasonIn, responses={201: SeasonDetailOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = SeasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data.pop("gladiators")
        gladiators = gladiators_of_ids(campaign=campaign, ids=ids)
        division = division_of(campaign=campaign, pk=data.validated_data.pop("division"))
        season = season_open(
            campaign=campaign,
            by=request.user,
            gladiators=gladiators,
            division=division,
            **data.validated_data,
        )
        return Response(season_detail(season), status=201)


class SeasonDetailApi(APIView):
    @extend_schema(responses=SeasonDetailOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return Response(season_detail(season_get_visible(slug=slug, pk=pk, user=request.user)))


class SeasonPauseApi(APIView):
    """The GM pauses a running season: no round is played until it is resumed."""

    @extend_schema(request=None, responses=SeasonDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        season = season_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(season_detail(season_pause(season=season, by=request.user)))


class SeasonResumeApi(APIView):
    """The GM resumes a paused season; its calendar moves on by the time paused."""

    @extend_schema(request=None, responses=SeasonDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        season = season_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(season_detail(season_resume(season=season, by=request.user)))


class ExtendIn(serializers.Serializer):
    rounds = Integer(min_value=1, max_value=EXTEND_MAX, help_text="How many more rounds.")


class SeasonExtendApi(APIView):
    """The GM gives a Swiss season more rounds."""

    @extend_schema(request=ExtendIn, responses=SeasonDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        data = ExtendIn(data=request.data)
        data.is_valid(raise_exception=True)
        season = season_get_visible(slug=slug, pk=pk, user=request.user)
        extended = season_extend(season=season, by=request.user, **data.validated_data)
        return Response(season_detail(extended))


class SeasonCancelApi(APIView):
    """The GM ends a season: its bouts not yet fought are cancelled, the table stands."""

    @extend_schema(request=CancelIn, responses=SeasonDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        data = CancelIn(data=request.data)
        data.is_valid(raise_exception=True)
        season = season_get_visible(slug=slug, pk=pk, user=request.user)
        season_cancel(season=season, by=request.user, **data.validated_data)
        season.refresh_from_db()
        return Response(season_detail(season))


class WithdrawIn(serializers.Serializer):
    gladiator = Id(help_text="The id of your gladiator to take out of the season.")


class SeasonWithdrawApi(APIView):
    """An owner takes a gladiator out of a season: it forfeits from now on."""

    @extend_schema(request=WithdrawIn, responses=SeasonDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        data = WithdrawIn(data=request.data)
        data.is_valid(raise_exception=True)
        season = season_get_visible(slug=slug, pk=pk, user=request.user)
        entry = season_entry_of(season=season, gladiator_id=data.validated_data["gladiator"])
        season_withdraw(entry=entry, by=request.user)
        return Response(season_detail(season))
