"""What if in the API (arena/whatif/services.py): an entrant's owner or the GM asks for a
finished bout to be fought again with one change (202 while the worker fights it; 429 with the
wait in words past the asker's allowance), lists their own what-ifs of the bout, and reads one.
Another person's what-if is not found: it may hold a secret order or hidden tactics."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.selectors import bout_get_visible
from arena.models import BoutWhatIf
from arena.odds.services import TooManyPreviews
from arena.whatif.selectors import (
    side_by_side,
    what_if_change_words,
    what_if_get,
    what_if_page,
    what_ifs_mine,
)
from arena.whatif.services import what_if_ask
from campaign.archive_guard import NotArchived
from campaign.shared.api_inputs import Id, Integer, Pagination, list_schema


class BoutWhatIfIn(serializers.Serializer):
    entrant = Id(help_text="The bout entrant's id (one of your gladiators, or any for the GM).")
    kind = serializers.ChoiceField(choices=BoutWhatIf.Kind.choices)
    turn = Integer(
        required=False, min_value=0, max_value=100_000, help_text="kind order: the step, 1-based."
    )
    words = serializers.CharField(
        required=False, allow_blank=True, max_length=2000,
        help_text="kind order: the order as the forum writes it (rule sets played by web).",
    )  # fmt: skip
    order = serializers.DictField(
        required=False, help_text="kind order: the order as the engine reads it, instead of words."
    )
    tactics = serializers.DictField(
        required=False, help_text="kind tactics: the settings to fight with (unset: defaults)."
    )
    add = serializers.CharField(
        required=False, allow_blank=True, max_length=60, help_text="kind equipment: put on."
    )
    remove = serializers.CharField(
        required=False, allow_blank=True, max_length=60, help_text="kind equipment: take off."
    )


class BoutWhatIfEndOut(serializers.Serializer):
    name = serializers.CharField()
    fought = serializers.CharField(help_text="Place and fate in the bout as fought.")
    again = serializers.CharField(help_text="Place and fate in the what-if.")
    changed = serializers.BooleanField()


class BoutWhatIfOut(serializers.Serializer):
    id = serializers.IntegerField()
    what_if = serializers.BooleanField(help_text="Always true: this is not what happened.")
    entrant = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=BoutWhatIf.Kind.choices)
    change = serializers.DictField(help_text="The change as checked.")
    words = serializers.CharField(help_text="The change in a sentence.")
    status = serializers.ChoiceField(choices=BoutWhatIf.Status.choices)
    message = serializers.CharField(help_text="Why it could not be fought.")
    diverged_at = serializers.IntegerField(
        allow_null=True, help_text="The first step (1-based) that went otherwise; null: none."
    )
    diverged = serializers.CharField(help_text='That step as the report heads it ("Turn 2").')
    notes = serializers.ListField(
        child=serializers.CharField(), help_text="Given orders that no longer fit, and why."
    )
    ends = BoutWhatIfEndOut(many=True)
    log = serializers.JSONField(allow_null=True, help_text="The what-if's log (as a bout's).")


def what_if_out(row: BoutWhatIf, *, whole: bool = True) -> dict:
    page = what_if_page(row) if whole else None
    return {
        "id": row.pk,
        "what_if": True,
        "entrant": row.entrant_id,
        "kind": row.kind,
        "change": row.change,
        "words": page.change if page else what_if_change_words(row),
        "status": row.status,
        "message": row.message,
        "diverged_at": row.diverged_at,
        "diverged": page.diverged if page else "",
        "notes": row.notes,
        "ends": side_by_side(row.bout.log, row.log) if whole and row.log else [],
        "log": row.log if whole else None,
    }


def _answer(row: BoutWhatIf) -> Response:
    waiting = row.status in BoutWhatIf.IN_FLIGHT
    return Response(BoutWhatIfOut(what_if_out(row)).data, status=202 if waiting else 200)


class BoutWhatIfListApi(APIView):
    """Your what-ifs of a finished bout (newest first), and a new one."""

    permission_classes = [IsAuthenticated, NotArchived]

    @list_schema(BoutWhatIfOut, "campaigns_bouts_what_ifs_list")
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        paginator = Pagination()
        rows = paginator.paginate_queryset(
            what_ifs_mine(bout=bout, user=request.user), request, self
        )
        body = [what_if_out(r, whole=False) for r in rows]
        return paginator.get_paginated_response(BoutWhatIfOut(body, many=True).data)

    @extend_schema(
        request=BoutWhatIfIn,
        responses={
            200: BoutWhatIfOut,
            202: BoutWhatIfOut,
            429: OpenApiResponse(
                description="Too many what-ifs waiting, or new simulations this minute: the "
                "detail says when to ask again (and Retry-After, in seconds)."
            ),
        },
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = BoutWhatIfIn(data=request.data)
        data.is_valid(raise_exception=True)
        given = dict(data.validated_data)
        entrant = bout.entrants.select_related("gladiator").filter(pk=given.pop("entrant")).first()
        if entrant is None:
            raise Http404("No such entrant in this bout.")
        kind = given.pop("kind")
        try:
            row = what_if_ask(entrant=entrant, by=request.user, kind=kind, change=given)
        except TooManyPreviews as limit:
            raise Throttled(wait=limit.wait, detail=limit.message) from None
        return _answer(row)


class BoutWhatIfApi(APIView):
    """One of your what-ifs: 202 while the worker fights it, then its result beside the
    bout's, the step where they parted, and its log."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: BoutWhatIfOut, 202: BoutWhatIfOut, 404: None})
    def get(self, request: Request, slug: str, pk: int, wid: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        return _answer(what_if_get(bout=bout, pk=wid, user=request.user))
