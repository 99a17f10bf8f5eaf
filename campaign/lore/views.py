"""The campaign's lore page: the GM's notes in order, each secret shown to the GM (with its
trigger and a "Reveal now" button) and to everyone else once revealed; the GM's forms to write,
edit and delete notes. A biography is written on the gladiator's sheet (characters/views.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, refused

from .models import NOTE_LIMIT, TITLE_LIMIT, Note
from .selectors import note_get, notes_of
from .services import note_create, note_delete, note_reveal, note_update


class NoteForm(forms.Form):
    """The GM's note. The service cleans and checks every field; the form only carries them."""

    title = forms.CharField(label="Title", max_length=4 * TITLE_LIMIT, strip=False)
    text = forms.CharField(
        label="The note (everyone who reads the campaign reads it)",
        required=False,
        strip=False,
        max_length=4 * NOTE_LIMIT,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    secret = forms.CharField(
        label="Secret (yours alone until its trigger reveals it)",
        required=False,
        strip=False,
        max_length=4 * NOTE_LIMIT,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    trigger = forms.ChoiceField(
        label="Revealed", required=False, choices=[("", "no secret"), *Note.Trigger.choices]
    )
    bout = forms.TypedChoiceField(
        label="The bout (for a bout's end)", required=False, coerce=int, empty_value=None
    )
    gladiator = forms.TypedChoiceField(
        label="The gladiator (for a death)", required=False, coerce=int, empty_value=None
    )

    def __init__(self, *args: Any, campaign: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        bouts = campaign.bouts.order_by("-scheduled_at", "-pk").only("pk", "title")[:200]
        self.fields["bout"].choices = [("", "—"), *((b.pk, str(b)) for b in bouts)]
        living = campaign.gladiators.order_by("name").only("pk", "name")
        self.fields["gladiator"].choices = [("", "—"), *((g.pk, g.name) for g in living)]

    @classmethod
    def of(cls, note: Note, *, campaign: Any) -> NoteForm:
        return cls(
            campaign=campaign,
            prefix=f"note-{note.pk}",
            initial={
                "title": note.title,
                "text": note.text,
                "secret": note.secret,
                "trigger": note.trigger,
                "bout": note.trigger_bout_id,
                "gladiator": note.trigger_gladiator_id,
            },
        )


def _page(
    request: HttpRequest, campaign: Any, *, new_form: NoteForm | None = None, status: int = 200
) -> HttpResponse:
    is_gm = campaign_is_gm(campaign=campaign, user=request.user)
    notes = notes_of(campaign=campaign, user=request.user)
    context = {
        "campaign": campaign,
        # Each note as the reader may read it, with the GM's edit form (None for others).
        "notes": [(v, NoteForm.of(v.note, campaign=campaign) if is_gm else None) for v in notes],
        "is_gm": is_gm,
        "new_form": (new_form or NoteForm(campaign=campaign, prefix="new")) if is_gm else None,
    }
    return render(request, "lore/lore.html", context, status=status)


@require_http_methods(["GET", "POST"])
def lore(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the notes as the reader may read them; POST: the GM writes a new note."""
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    campaign = campaign_get_visible(slug=slug, user=request.user)
    if request.method == "GET":
        return _page(request, campaign)
    check_campaign_gm(campaign=campaign, user=request.user)
    form = NoteForm(request.POST, campaign=campaign, prefix="new")
    if form.is_valid():
        try:
            note = note_create(campaign=campaign, by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"Note “{note.title}” written.")
            return redirect(f"/c/{slug}/lore/#note-{note.pk}")
    return _page(request, campaign, new_form=form, status=400)


def _note_action(request: HttpRequest, slug: str, pk: int, action) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    note = note_get(campaign=campaign, pk=pk)
    try:
        messages.success(request, action(note))
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: _page(request, campaign))
    return redirect(f"/c/{slug}/lore/")


@login_required
@require_POST
def note_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(note: Note) -> str:
        check_campaign_gm(campaign=note.campaign, user=request.user)
        form = NoteForm(request.POST, campaign=note.campaign, prefix=f"note-{note.pk}")
        if not form.is_valid():
            raise LudusError(" ".join(e for errors in form.errors.values() for e in errors))
        note = note_update(note=note, by=request.user, **form.cleaned_data)
        return f"Note “{note.title}” saved."

    return _note_action(request, slug, pk, action)


@login_required
@require_POST
def note_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(note: Note) -> str:
        note_delete(note=note, by=request.user)
        return f"Note “{note.title}” deleted."

    return _note_action(request, slug, pk, action)


@login_required
@require_POST
def note_reveal_now(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    def action(note: Note) -> str:
        note = note_reveal(note=note, by=request.user)
        return f"The secret of “{note.title}” is revealed to everyone."

    return _note_action(request, slug, pk, action)
