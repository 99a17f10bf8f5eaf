"""Lore in the API: a gladiator's biography, and the campaign's notes as the notes page shows
them (a secret only to the GM until revealed). The same services and selectors as the pages."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.archive_guard import NotArchived
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.shared.inputs import MAX_ID

from .models import NOTE_LIMIT, TITLE_LIMIT, Note
from .selectors import biography_text, note_get, note_view, notes_of
from .services import biography_set, note_create, note_delete, note_reveal, note_update


class BiographyOut(serializers.Serializer):
    gladiator = serializers.IntegerField()
    text = serializers.CharField(help_text="Empty when no story is written.")


class BiographyIn(serializers.Serializer):
    # Cleaned and measured by the service, which says what is wrong in words.
    text = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,
        help_text="At most 4,000 characters; empty removes the story.",
    )


class NoteOut(serializers.Serializer):
    id = serializers.IntegerField(source="note.pk")
    position = serializers.IntegerField(source="note.position")
    title = serializers.CharField(source="note.title")
    text = serializers.CharField(source="note.text")
    secret = serializers.CharField(
        help_text="The GM's secret: empty to anyone else until it is revealed."
    )
    has_secret = serializers.BooleanField(
        source="secret_shown", help_text="The reader sees a secret in `secret`."
    )
    revealed_at = serializers.DateTimeField(source="note.revealed_at", allow_null=True)
    trigger = serializers.SerializerMethodField(
        help_text="What reveals the secret (bout_end, death, campaign_end, gm); the GM's only "
        "until revealed."
    )
    bout = serializers.SerializerMethodField()
    gladiator = serializers.SerializerMethodField()

    def get_trigger(self, view: Any) -> str:
        return view.note.trigger if view.secret_shown else ""

    def get_bout(self, view: Any) -> int | None:
        return view.note.trigger_bout_id if view.secret_shown else None

    def get_gladiator(self, view: Any) -> int | None:
        return view.note.trigger_gladiator_id if view.secret_shown else None


class NoteIn(serializers.Serializer):
    # Cleaned and measured by the service, which says what is wrong in words.
    title = serializers.CharField(max_length=4 * TITLE_LIMIT, trim_whitespace=False)
    text = serializers.CharField(
        max_length=4 * NOTE_LIMIT, allow_blank=True, required=False, trim_whitespace=False
    )
    secret = serializers.CharField(
        max_length=4 * NOTE_LIMIT, allow_blank=True, required=False, trim_whitespace=False
    )
    trigger = serializers.ChoiceField(
        choices=[("", "no secret"), *Note.Trigger.choices], required=False, default=""
    )
    bout = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_ID, help_text="For bout_end."
    )
    gladiator = serializers.IntegerField(required=False, allow_null=True, help_text="For death.")


def _gladiator(request: Request, slug: str, pk: int) -> Any:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    return get_object_or_404(campaign.gladiators.select_related("campaign"), pk=pk)


class BiographyApi(APIView):
    """A gladiator's story: read by whoever reads the campaign, written by its owner or the GM."""

    @extend_schema(responses=BiographyOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = _gladiator(request, slug, pk)
        return Response({"gladiator": gladiator.pk, "text": biography_text(gladiator=gladiator)})

    @extend_schema(request=BiographyIn, responses=BiographyOut)
    def put(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = _gladiator(request, slug, pk)
        data = BiographyIn(data=request.data)
        data.is_valid(raise_exception=True)
        written = biography_set(
            gladiator=gladiator, by=request.user, text=data.validated_data["text"]
        )
        return Response({"gladiator": gladiator.pk, "text": written.text if written else ""})


class NotesApi(APIView):
    """The campaign's notes in the GM's order; the GM writes them."""

    @extend_schema(operation_id="campaigns_lore_list", responses=NoteOut(many=True))
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return Response(NoteOut(notes_of(campaign=campaign, user=request.user), many=True).data)

    @extend_schema(request=NoteIn, responses={201: NoteOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = NoteIn(data=request.data)
        data.is_valid(raise_exception=True)
        note = note_create(campaign=campaign, by=request.user, **data.validated_data)
        return Response(NoteOut(note_view(note, is_gm=True)).data, status=201)


class NoteApi(APIView):
    """One note: read as the notes page shows it, edited or deleted by the GM."""

    @extend_schema(responses=NoteOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        note = note_get(campaign=campaign, pk=pk)
        is_gm = campaign_is_gm(campaign=campaign, user=request.user)
        return Response(NoteOut(note_view(note, is_gm=is_gm)).data)

    @extend_schema(request=NoteIn, responses=NoteOut)
    def put(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        note = note_get(campaign=campaign, pk=pk)
        data = NoteIn(data=request.data)
        data.is_valid(raise_exception=True)
        note = note_update(note=note, by=request.user, **data.validated_data)
        return Response(NoteOut(note_view(note, is_gm=True)).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        note_delete(note=note_get(campaign=campaign, pk=pk), by=request.user)
        return Response(status=204)


class NoteRevealApi(APIView):
    """The GM's word: reveal a note's secret now (announced to every member)."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=None, responses=NoteOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        note = note_reveal(note=note_get(campaign=campaign, pk=pk), by=request.user)
        return Response(NoteOut(note_view(note, is_gm=True)).data)
