"""Lore reads. A note's secret is read by the GM always, by anyone else only once revealed:
every page, API answer and search goes through `note_view` (or `notes_readable`), so that
no reader is handed an unrevealed secret by accident."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from campaign.models import Campaign
from campaign.selectors import campaign_is_gm

from .models import Biography, Note


def biography_text(*, gladiator: Any) -> str:
    """The gladiator's biography, or "" if it has none."""
    return (
        Biography.objects.filter(gladiator_id=gladiator.pk).values_list("text", flat=True).first()
        or ""
    )


@dataclass(frozen=True)
class NoteView:
    """A note as one reader may see it: `secret` is empty unless the reader may read it."""

    note: Note
    secret: str
    secret_shown: bool  # the reader sees the secret (the GM always, others once revealed)
    waiting: bool  # a secret the GM has written that is not revealed yet

    @property
    def pk(self) -> int:
        return self.note.pk


def note_view(note: Note, *, is_gm: bool) -> NoteView:
    shown = bool(note.secret) and (is_gm or note.is_revealed)
    return NoteView(
        note=note,
        secret=note.secret if shown else "",
        secret_shown=shown,
        waiting=bool(note.secret) and not note.is_revealed,
    )


def notes_of(*, campaign: Campaign, user: Any) -> list[NoteView]:
    """The campaign's notes in the GM's order, as `user` may read them."""
    is_gm = campaign_is_gm(campaign=campaign, user=user)
    notes = Note.objects.filter(campaign=campaign).select_related(
        "trigger_bout", "trigger_gladiator"
    )
    return [note_view(note, is_gm=is_gm) for note in notes]


def note_get(*, campaign: Campaign, pk: object) -> Note:
    return get_object_or_404(Note, campaign=campaign, pk=pk)


def notes_public(*, campaign: Campaign) -> QuerySet[Note]:
    """Notes whose every text anyone who reads the campaign may read: for the campaign search,
    which searches the public text of every note and the secrets revealed only."""
    return Note.objects.filter(campaign=campaign).filter(
        Q(secret="") | Q(revealed_at__isnull=False)
    )
