"""Lore writes: a gladiator's biography, the GM's campaign notes, and revealing a note's secret
when its trigger comes (a bout's end, a gladiator's death, the campaign's end, or the GM's
word). Every text is cleaned like every other text (campaign/shared/text.py); every change is
in the audit trail; a reveal is announced in the inbox as press (docs/chronicle.md, "Lore").

Lore imports neither the arena app nor characters (pyproject.toml's contract): the arena and
characters tell it through campaign/signals.py, and the rows it points at are read through its
own foreign keys and the campaign's related names."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from campaign.models import Campaign, Membership
from campaign.notifications.models import Event
from campaign.notifications.services import EventNote, events_record
from campaign.selectors import campaign_is_gm
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError, NotAllowed
from campaign.shared.inputs import parse_id
from campaign.shared.text import text_input

from .models import BIOGRAPHY_LIMIT, NOTE_LIMIT, TITLE_LIMIT, Biography, Note


def check_biography_writer(*, gladiator: Any, user: AbstractBaseUser) -> None:
    """Only the gladiator's owner, or the campaign's GM, writes its biography."""
    if not user.is_authenticated or not (
        gladiator.owner_id == user.pk or campaign_is_gm(campaign=gladiator.campaign, user=user)
    ):
        raise NotAllowed(f"Only {gladiator.name}'s owner or the game master writes its story.")


def biography_text_clean(text: object) -> str:
    """A biography's text cleaned and within its limit ("" for none), or LudusError; the
    campaign import reads a file's biographies through it too."""
    return text_input(
        text,
        field="text",
        label="The biography",
        max_length=BIOGRAPHY_LIMIT,
        multiline=True,
        required=False,
    )


@transaction.atomic
def biography_set(*, gladiator: Any, by: AbstractBaseUser, text: object) -> Biography | None:
    """Write (or, with empty text, remove) a gladiator's biography; audited with its text."""
    check_biography_writer(gladiator=gladiator, user=by)
    cleaned = biography_text_clean(text)
    if not cleaned:
        removed, _ = Biography.objects.filter(gladiator=gladiator).delete()
        if removed:
            audit_record(
                campaign=gladiator.campaign,
                actor=by,
                action="lore_biography_removed",
                gladiator=gladiator.pk,
            )
        return None
    biography, _ = Biography.objects.update_or_create(
        gladiator=gladiator, defaults={"text": cleaned, "updated_by": by}
    )
    audit_record(
        campaign=gladiator.campaign,
        actor=by,
        action="lore_biography_set",
        gladiator=gladiator.pk,
        text=cleaned,
    )
    return biography


def note_texts_clean(*, title: object, text: object, secret: object) -> dict[str, str]:
    """A note's title, text and secret cleaned and within their limits, or LudusError; the
    campaign import reads a file's notes through it too."""
    return {
        "title": text_input(title, field="title", label="The title", max_length=TITLE_LIMIT),
        "text": text_input(
            text if text is not None else "",
            label="The note",
            field="text",
            max_length=NOTE_LIMIT,
            multiline=True,
            required=False,
        ),
        "secret": text_input(
            secret if secret is not None else "",
            label="The secret",
            field="secret",
            max_length=NOTE_LIMIT,
            multiline=True,
            required=False,
        ),
    }


def note_trigger_check(
    *, secret: str, trigger: object, names_bout: bool, names_gladiator: bool
) -> str:
    """The trigger of a note with this (cleaned) secret, or LudusError: a secret names one of
    the triggers and no secret names none; only a bout's end names a bout, only a death a
    gladiator."""
    trigger = trigger or ""
    if not secret:
        if trigger:
            raise LudusError(
                "A trigger reveals a secret: write the secret, or drop the trigger.",
                field="trigger",
            )
        return ""
    if trigger not in Note.Trigger.values:
        choices = ", ".join(f'"{value}"' for value in Note.Trigger.values)
        raise LudusError(f"A secret needs its trigger, one of {choices}.", field="trigger")
    if (names_bout and trigger != Note.Trigger.BOUT_END) or (
        names_gladiator and trigger != Note.Trigger.DEATH
    ):
        raise LudusError(
            "Only a bout's end names a bout, and only a death a gladiator.", field="trigger"
        )
    return str(trigger)


def _note_fields(
    *,
    campaign: Campaign,
    title: object,
    text: object,
    secret: object,
    trigger: object,
    bout: object,
    gladiator: object,
) -> dict[str, Any]:
    """The note's fields cleaned and checked, or LudusError saying what is wrong."""
    fields: dict[str, Any] = note_texts_clean(title=title, text=text, secret=secret)
    # The form sends a bout and a gladiator whatever the trigger: the trigger reads its own.
    fields["trigger"] = note_trigger_check(
        secret=fields["secret"],
        trigger=trigger,
        names_bout=bool(bout) and trigger != Note.Trigger.DEATH,
        names_gladiator=bool(gladiator) and trigger != Note.Trigger.BOUT_END,
    )
    fields["trigger_bout"] = fields["trigger_gladiator"] = None
    if fields["trigger"] == Note.Trigger.BOUT_END:
        fields["trigger_bout"] = _one_of(
            campaign.bouts.all(), bout, field="bout", what="a bout of this campaign"
        )
    elif fields["trigger"] == Note.Trigger.DEATH:
        fields["trigger_gladiator"] = _one_of(
            campaign.gladiators.all(),
            gladiator,
            field="gladiator",
            what="a gladiator of this campaign",
        )
    return fields


def _one_of(rows: Any, value: object, *, field: str, what: str) -> Any:
    pk = parse_id(value.pk if hasattr(value, "pk") else value)
    if pk is None:
        raise LudusError(f"This trigger needs {what}.", field=field)
    found = rows.filter(pk=pk).first()
    if found is None:
        raise LudusError(f"There is no such {field} here: the trigger needs {what}.", field=field)
    return found


@transaction.atomic
def note_create(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    title: object,
    text: object = "",
    secret: object = "",
    trigger: object = "",
    bout: object = None,
    gladiator: object = None,
) -> Note:
    """A new campaign note by the GM, placed last."""
    check_campaign_gm(campaign=campaign, user=by)
    fields = _note_fields(
        campaign=campaign,
        title=title,
        text=text,
        secret=secret,
        trigger=trigger,
        bout=bout,
        gladiator=gladiator,
    )
    last = Note.objects.filter(campaign=campaign).aggregate(last=Max("position"))["last"]
    note = Note.objects.create(campaign=campaign, position=(last or 0) + 1, **fields)
    audit_record(
        campaign=campaign, actor=by, action="lore_note_created", note=note.pk, **_audited(note)
    )
    _reveal_if_due(note)
    return note


@transaction.atomic
def note_update(
    *,
    note: Note,
    by: AbstractBaseUser,
    title: object,
    text: object = "",
    secret: object = "",
    trigger: object = "",
    bout: object = None,
    gladiator: object = None,
) -> Note:
    """The GM edits a note. A revealed secret is what people read: it stays revealed."""
    check_campaign_gm(campaign=note.campaign, user=by)
    fields = _note_fields(
        campaign=note.campaign,
        title=title,
        text=text,
        secret=secret,
        trigger=trigger,
        bout=bout,
        gladiator=gladiator,
    )
    note = Note.objects.select_for_update().get(pk=note.pk)
    for name, value in fields.items():
        setattr(note, name, value)
    if not note.secret:
        note.revealed_at = None
    note.save()
    audit_record(
        campaign=note.campaign, actor=by, action="lore_note_updated", note=note.pk, **_audited(note)
    )
    _reveal_if_due(note)
    return note


@transaction.atomic
def note_delete(*, note: Note, by: AbstractBaseUser) -> None:
    check_campaign_gm(campaign=note.campaign, user=by)
    audit_record(
        campaign=note.campaign, actor=by, action="lore_note_deleted", note=note.pk, **_audited(note)
    )
    note.delete()


def _audited(note: Note) -> dict[str, Any]:
    return {
        "title": note.title,
        "text": note.text,
        "secret": note.secret,
        "trigger": note.trigger,
        "bout": note.trigger_bout_id,
        "gladiator": note.trigger_gladiator_id,
    }


def _reveal_if_due(note: Note) -> None:
    """A secret whose trigger has already come (a bout already decided, a gladiator already
    dead, an archived campaign) is revealed as it is written."""
    if not note.secret or note.is_revealed:
        return
    due = (
        (note.trigger == Note.Trigger.BOUT_END and note.trigger_bout.resolved_at is not None)
        or (note.trigger == Note.Trigger.DEATH and note.trigger_gladiator.died_in_id is not None)
        or (note.trigger == Note.Trigger.CAMPAIGN_END and note.campaign.archived_at is not None)
    )
    if due:
        notes_reveal([note], by=None, because=note.get_trigger_display())


@transaction.atomic
def note_reveal(*, note: Note, by: AbstractBaseUser) -> Note:
    """The GM's word: reveal a note's secret now, whatever its trigger."""
    check_campaign_gm(campaign=note.campaign, user=by)
    note = Note.objects.select_for_update().get(pk=note.pk)
    if not note.secret:
        raise LudusError(f"“{note.title}” has no secret to reveal.", field="note")
    notes_reveal([note], by=by, because="by the game master's word")
    return note


def notes_reveal(notes: Iterable[Note], *, by: AbstractBaseUser | None, because: str) -> int:
    """Reveal the secrets of `notes` not yet revealed: audited one by one, and announced to
    every member in the inbox as press. Runs in the caller's transaction. Returns how many."""
    now = timezone.now()
    revealed = [note for note in notes if note.secret and not note.is_revealed]
    for note in revealed:
        note.revealed_at = now
    Note.objects.bulk_update(revealed, ["revealed_at"])
    by_campaign: dict[int, list[Note]] = {}
    for note in revealed:
        audit_record(
            campaign=note.campaign,
            actor=by,
            action="lore_secret_revealed",
            note=note.pk,
            title=note.title,
            trigger=note.trigger,
            because=because,
        )
        by_campaign.setdefault(note.campaign_id, []).append(note)
    for campaign_notes in by_campaign.values():
        campaign = campaign_notes[0].campaign
        members = list(
            Membership.objects.filter(campaign=campaign).values_list("user_id", flat=True)
        )
        events_record(
            campaign=campaign,
            notes=[
                EventNote(
                    kind=Event.Kind.PRESS,
                    key=f"lore:{note.pk}:{now.isoformat()}",
                    text=f"A secret of {campaign.name} is revealed: “{note.title}”.",
                    users=members,
                    link=f"/c/{campaign.slug}/lore/#note-{note.pk}",
                    data={"note": note.pk},
                )
                for note in campaign_notes
            ],
        )
    return len(revealed)


def _waiting() -> Any:
    return (
        Note.objects.filter(revealed_at__isnull=True).exclude(secret="").select_related("campaign")
    )


def reveal_on_bout_end(*, bout: Any) -> int:
    """A bout is decided: its "bout's end" secrets are revealed."""
    notes = _waiting().filter(trigger=Note.Trigger.BOUT_END, trigger_bout_id=bout.pk)
    return notes_reveal(
        list(notes.select_for_update(of=("self",))), by=None, because=f"{bout} ended"
    )


def reveal_on_death(*, gladiator: Any) -> int:
    """A gladiator died: the secrets waiting on its death are revealed."""
    notes = _waiting().filter(trigger=Note.Trigger.DEATH, trigger_gladiator_id=gladiator.pk)
    return notes_reveal(
        list(notes.select_for_update(of=("self",))), by=None, because=f"{gladiator.name} died"
    )


def reveal_on_campaign_end(*, campaign: Campaign) -> int:
    """A campaign is archived: its "campaign's end" secrets are revealed."""
    notes = _waiting().filter(trigger=Note.Trigger.CAMPAIGN_END, campaign=campaign)
    return notes_reveal(
        list(notes.select_for_update(of=("self",))), by=None, because="the campaign ended"
    )
