"""Odds before the fight in the API (arena/odds.py), as the schedule form and the bout page
show them: the GM asks for the odds of a line-up (a new one counts against their previews a
minute: 429 with the wait in words), and anyone who may see a bout not fought yet reads its
odds. While the worker simulates, the answer says how far it is (202); ask again to follow."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api_inputs import Id
from campaign.archive_guard import NotArchived
from campaign.selectors import campaign_get_visible
from characters.selectors import gladiators_of_ids

from .engine.lab.odds import Odds
from .engine_io import bout_options_clean
from .models import Bout, BoutOdds
from .odds import TooManyPreviews, odds_certain, odds_preview, odds_request, odds_unanimous
from .selectors import bout_get_visible


class EntrantOddsOut(serializers.Serializer):
    name = serializers.CharField()
    bouts = serializers.IntegerField(help_text="Simulated bouts so far.")
    wins = serializers.IntegerField()
    deaths = serializers.IntegerField()
    win = serializers.FloatField(help_text="The chance to win, 0..1.")
    win_low = serializers.FloatField(help_text="The 95% (Wilson) interval of the chance to win.")
    win_high = serializers.FloatField()
    death = serializers.FloatField(help_text="The chance to die, 0..1.")


class OddsOut(serializers.Serializer):
    status = serializers.ChoiceField(choices=BoutOdds.Status.choices)
    simulated = serializers.IntegerField(help_text="How many bouts the figures rest on.")
    cap = serializers.IntegerField(help_text="The most bouts simulated for one question.")
    unanimous = serializers.BooleanField(
        help_text="Done, and every simulated bout ended the same way (who won, who died)."
    )
    certain = serializers.BooleanField(
        help_text="Done, for a rule set that leaves nothing to chance (Gladiator Arena): the one "
        "bout fought is what will happen, and each interval is the figure itself."
    )
    message = serializers.CharField(help_text="Why it could not be simulated, or was stopped.")
    entrants = EntrantOddsOut(many=True)


def odds_out(row: BoutOdds) -> Response:
    """The row as the API shows it: 200 when done or failed, 202 while simulated."""
    entrants = []
    certain = odds_certain(row)
    for data in row.odds:
        o = Odds.from_dict(data)
        low, high = (o.win, o.win) if certain else o.win_interval
        entrants.append(
            {**o.to_dict(), "win": o.win, "win_low": low, "win_high": high, "death": o.death}
        )
    body = {
        "status": row.status,
        "simulated": row.simulated,
        "cap": row.terms["bouts"],
        "unanimous": odds_unanimous(row),
        "certain": certain,
        "message": row.message,
        "entrants": entrants,
    }
    waiting = row.status in BoutOdds.IN_FLIGHT
    return Response(OddsOut(body).data, status=202 if waiting else 200)


class OddsPreviewIn(serializers.Serializer):
    gladiators = serializers.ListField(child=Id(), min_length=2, max_length=Bout.MAX_ENTRANTS)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The rule set's bout options (GET /api/rulesets/ lists them); checked by it.",
    )


class OddsPreviewApi(APIView):
    """The odds of a bout the GM is about to schedule: these gladiators with these options."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(
        request=OddsPreviewIn,
        responses={
            200: OddsOut,
            202: OddsOut,
            429: OpenApiResponse(
                description="Too many new line-ups asked this minute: the detail says when to "
                "ask again (and Retry-After, in seconds)."
            ),
        },
    )
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = OddsPreviewIn(data=request.data)
        data.is_valid(raise_exception=True)
        gladiators = gladiators_of_ids(campaign=campaign, ids=data.validated_data["gladiators"])
        try:
            row = odds_preview(
                campaign=campaign,
                by=request.user,
                gladiators=gladiators,
                options=bout_options_clean(
                    campaign=campaign, options=data.validated_data["options"], by_tactics=True
                ),
            )
        except TooManyPreviews as limit:
            raise Throttled(wait=limit.wait, detail=limit.message) from None
        assert row is not None  # two gladiators at least, by the input's own check
        return odds_out(row)


class BoutOddsApi(APIView):
    """The odds of a bout not fought yet, as its page shows them, for whoever sees the bout."""

    @extend_schema(responses={200: OddsOut, 202: OddsOut, 404: None})
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        row = odds_request(bout=bout)
        if row is None:
            raise Http404("This bout has no odds: it is under way or decided, or has one entrant.")
        return odds_out(row)
