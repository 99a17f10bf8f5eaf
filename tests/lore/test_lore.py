"""Lore (docs/chronicle.md, "Lore"): a gladiator's biography, the GM's campaign notes, and
their secrets, revealed by a bout's end, a death, the campaign's end or the GM's word; who
reads and writes what on the pages and in the API; bad input refused in words."""

from __future__ import annotations

import pytest

from arena.bouts.services import bout_resolve
from arena.chronicle.services import chronicle_draft
from campaign.archive import campaign_archive
from campaign.lore.models import Biography, Note
from campaign.lore.selectors import notes_of
from campaign.lore.services import biography_set, note_create, note_reveal, note_update
from campaign.models import AuditEntry
from campaign.notifications.models import Event, Notification
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator

pytestmark = pytest.mark.django_db

SECRET = "Brutus is the lost son of the Emperor."


def _secret_note(campaign, gm, **trigger):
    return note_create(
        campaign=campaign, by=gm, title="The stranger", text="A man came.", secret=SECRET,
        **trigger,
    )  # fmt: skip


# --- biography ---------------------------------------------------------------------------


def test_the_owner_writes_a_biography_cleaned_and_audited(brutus, owner, rival, client_as):
    biography_set(gladiator=brutus, by=owner, text="  Born in Thrace.\r\n\r\n\r\n  Sold young. ")
    assert Biography.objects.get(gladiator=brutus).text == "Born in Thrace.\n\nSold young."
    entry = AuditEntry.objects.get(action="lore_biography_set")
    assert entry.actor == owner and entry.detail["gladiator"] == brutus.pk
    page = client_as(rival).get(f"/c/{brutus.campaign.slug}/g/{brutus.pk}/")
    assert "Born in Thrace." in page.content.decode()
    assert "Save the story" not in page.content.decode()  # not the rival's to edit


def test_the_gm_may_write_it_and_another_player_may_not(brutus, gm, rival):
    biography_set(gladiator=brutus, by=gm, text="Told by the GM.")
    with pytest.raises(NotAllowed):
        biography_set(gladiator=brutus, by=rival, text="Brutus is a coward.")
    assert Biography.objects.get(gladiator=brutus).text == "Told by the GM."
    assert AuditEntry.objects.filter(action="lore_biography_set").count() == 1


@pytest.mark.parametrize(
    ("text", "says"), [("x" * 4001, "at most 4,000"), ("evil\u202etxt", "U+202E"), (7, "text")]
)
def test_a_bad_biography_is_refused_in_words_and_changes_nothing(brutus, owner, text, says):
    biography_set(gladiator=brutus, by=owner, text="Before.")
    with pytest.raises(LudusError) as refused:
        biography_set(gladiator=brutus, by=owner, text=text)
    assert says in refused.value.message
    assert Biography.objects.get(gladiator=brutus).text == "Before."


def test_the_sheet_form_saves_and_refuses_in_words(brutus, owner, rival, client_as):
    url = f"/c/{brutus.campaign.slug}/g/{brutus.pk}/biography/"
    assert client_as(owner).post(url, {"text": "From the sheet."}).status_code == 302
    assert Biography.objects.get(gladiator=brutus).text == "From the sheet."
    refused = client_as(owner).post(url, {"text": "y" * 5000}, follow=True)
    assert refused.status_code == 400 and "at most 4,000" in refused.content.decode()
    assert client_as(rival).post(url, {"text": "Mine now."}).status_code == 403
    assert Biography.objects.get(gladiator=brutus).text == "From the sheet."


def test_the_biography_api_reads_for_readers_and_writes_for_the_owner(
    brutus, owner, rival, outsider, api_as
):
    url = f"/api/campaigns/{brutus.campaign.slug}/gladiators/{brutus.pk}/biography/"
    written = api_as(owner).put(url, {"text": "By the API."}, format="json")
    assert written.status_code == 200 and written.json()["text"] == "By the API."
    assert api_as(rival).get(url).json()["text"] == "By the API."
    assert api_as(rival).put(url, {"text": "No."}, format="json").status_code == 403
    assert api_as(outsider).get(url).status_code == 404  # a private campaign
    too_long = api_as(owner).put(url, {"text": "z" * 4001}, format="json")
    assert too_long.status_code == 400 and "at most 4,000" in str(too_long.json())
    assert Biography.objects.get(gladiator=brutus).text == "By the API."


# --- notes and their secrets -------------------------------------------------------------


def test_only_the_gm_writes_notes(campaign, gm, owner, api_as):
    with pytest.raises(NotAllowed):
        note_create(campaign=campaign, by=owner, title="Mine")
    url = f"/api/campaigns/{campaign.slug}/lore/"
    assert api_as(owner).post(url, {"title": "Mine"}, format="json").status_code == 403
    made = api_as(gm).post(url, {"title": "First", "text": "Once upon a time."}, format="json")
    assert made.status_code == 201
    second = note_create(campaign=campaign, by=gm, title="Second")
    assert [v.note.title for v in notes_of(campaign=campaign, user=owner)] == ["First", "Second"]
    assert second.position > Note.objects.get(title="First").position


@pytest.mark.parametrize(
    ("fields", "field", "says"),
    [
        ({"title": "   "}, "title", "visible"),
        ({"title": "T", "secret": "S"}, "trigger", "needs its trigger"),
        ({"title": "T", "secret": "S", "trigger": "bout_end"}, "bout", "needs a bout"),
        ({"title": "T", "secret": "S", "trigger": "death", "gladiator": 999999}, "gladiator",
         "no such gladiator"),
        ({"title": "T", "trigger": "gm"}, "trigger", "write the secret"),
        ({"title": "T", "secret": "s" * 8001, "trigger": "gm"}, "secret", "at most 8,000"),
    ],
)  # fmt: skip
def test_a_bad_note_is_refused_in_words_and_nothing_stored(campaign, gm, fields, field, says):
    with pytest.raises(LudusError) as refused:
        note_create(campaign=campaign, by=gm, **fields)
    assert refused.value.field == field and says in refused.value.message
    assert not Note.objects.exists() and not AuditEntry.objects.filter(action__startswith="lore")


def test_a_secret_is_the_gms_alone_until_revealed(
    campaign, gm, owner, outsider, brutus, client_as, api_as
):
    note = _secret_note(campaign, gm, trigger="gm")
    for reader in (owner, None):
        campaign.visibility = "public"
        campaign.save()
        page = client_as(reader).get(f"/c/{campaign.slug}/lore/").content.decode()
        assert "A man came." in page and SECRET not in page
        listed = api_as(reader).get(f"/api/campaigns/{campaign.slug}/lore/").json()
        assert listed[0]["secret"] == "" and listed[0]["trigger"] == ""
        one = api_as(reader).get(f"/api/campaigns/{campaign.slug}/lore/{note.pk}/").json()
        assert SECRET not in str(one)
    assert SECRET in client_as(gm).get(f"/c/{campaign.slug}/lore/").content.decode()
    assert api_as(gm).get(f"/api/campaigns/{campaign.slug}/lore/").json()[0]["secret"] == SECRET
    assert api_as(owner).post(f"/api/campaigns/{campaign.slug}/lore/{note.pk}/reveal/")\
        .status_code == 403  # fmt: skip
    assert Note.objects.get(pk=note.pk).revealed_at is None


def test_the_gms_word_reveals_audits_and_announces(campaign, gm, owner, rival, client_as):
    note = _secret_note(campaign, gm, trigger="gm")
    response = client_as(gm).post(f"/c/{campaign.slug}/lore/{note.pk}/reveal/")
    assert response.status_code == 302
    assert SECRET in client_as(owner).get(f"/c/{campaign.slug}/lore/").content.decode()
    entry = AuditEntry.objects.get(action="lore_secret_revealed")
    assert entry.actor == gm and entry.detail["note"] == note.pk
    event = Event.objects.get(kind=Event.Kind.PRESS, data__note=note.pk)
    assert SECRET not in event.text  # the inbox says that it is revealed, the page says what
    readers = set(Notification.objects.filter(event=event).values_list("user__username", flat=True))
    assert {"owner", "rival"} <= readers


def test_a_bouts_end_reveals_its_secret(campaign, gm, owner, due_bout):
    note = _secret_note(campaign, gm, trigger="bout_end", bout=due_bout.pk)
    other = _secret_note(campaign, gm, trigger="gm")
    bout_resolve(bout_id=due_bout.pk)
    assert Note.objects.get(pk=note.pk).revealed_at is not None
    assert Note.objects.get(pk=other.pk).revealed_at is None
    shown = {v.note.pk: v.secret for v in notes_of(campaign=campaign, user=owner)}
    assert shown == {note.pk: SECRET, other.pk: ""}


def test_a_death_reveals_its_secret(campaign, gm, due_bout, brutus, nox):
    waiting = {
        g.pk: _secret_note(campaign, gm, trigger="death", gladiator=g.pk) for g in (brutus, nox)
    }
    bout_resolve(bout_id=due_bout.pk)  # seed 7 ends in one death (tests/characters)
    dead = Gladiator.objects.get(campaign=campaign, status=Gladiator.Status.DEAD)
    living = next(pk for pk in waiting if pk != dead.pk)
    assert Note.objects.get(pk=waiting[dead.pk].pk).revealed_at is not None
    assert Note.objects.get(pk=waiting[living].pk).revealed_at is None
    entry = AuditEntry.objects.get(action="lore_secret_revealed", detail__trigger="death")
    assert entry.actor is None and dead.name in entry.detail["because"]


def test_a_trigger_already_past_reveals_at_once(campaign, gm, due_bout):
    bout_resolve(bout_id=due_bout.pk)
    note = _secret_note(campaign, gm, trigger="bout_end", bout=due_bout.pk)
    assert note.revealed_at is not None


def test_the_campaigns_end_reveals_its_secrets_and_the_gm_may_still_reveal(
    campaign, gm, owner, api_as
):
    ending = _secret_note(campaign, gm, trigger="campaign_end")
    word = _secret_note(campaign, gm, trigger="gm")
    campaign_archive(campaign=campaign, by=gm)
    assert Note.objects.get(pk=ending.pk).revealed_at is not None
    assert Note.objects.get(pk=word.pk).revealed_at is None
    archive = AuditEntry.objects.get(action="campaign.archive")
    assert archive.detail["bouts_cancelled"] == []  # the reveal is audited on its own
    revealed = api_as(gm).post(f"/api/campaigns/{campaign.slug}/lore/{word.pk}/reveal/")
    assert revealed.status_code == 200 and revealed.json()["secret"] == SECRET
    assert note_reveal  # the service the button calls
    edited = api_as(gm).put(
        f"/api/campaigns/{campaign.slug}/lore/{word.pk}/", {"title": "Late"}, format="json"
    )
    assert edited.status_code == 400  # an archived campaign is read-only


def test_editing_keeps_a_revealed_secret_revealed(campaign, gm):
    note = _secret_note(campaign, gm, trigger="gm")
    note_reveal(note=note, by=gm)
    edited = note_update(note=note, by=gm, title="Renamed", secret=SECRET + " Truly.",
                         trigger="gm")  # fmt: skip
    assert edited.revealed_at is not None and edited.title == "Renamed"
    assert AuditEntry.objects.filter(action="lore_note_updated").count() == 1


def test_no_search_nor_chronicle_nor_inbox_shows_an_unrevealed_secret(
    campaign, gm, owner, due_bout, client_as, api_as
):
    """The secret's words are searched for and looked for wherever a reader sees the campaign
    told: the search page and API (as the owner), a chronicle drafted after a bout (as the GM
    writes it), the inbox."""
    keyword = "Zanzibarian"
    note = note_create(campaign=campaign, by=gm, title="Omens", secret=f"A {keyword} spy.",
                       trigger="gm")  # fmt: skip
    bout_resolve(bout_id=due_bout.pk)
    secret = f"{keyword} spy"  # the query echoes the keyword; the secret's words never
    page = client_as(owner).get(f"/c/{campaign.slug}/search/", {"q": keyword})
    assert page.status_code == 200 and secret not in page.content.decode()
    found = api_as(owner).get(f"/api/campaigns/{campaign.slug}/search/", {"q": keyword})
    assert found.status_code == 200 and secret not in found.content.decode()
    chronicle = chronicle_draft(campaign=campaign, by=gm)
    assert keyword not in chronicle.title + chronicle.body and chronicle.body
    assert not Event.objects.filter(text__contains=keyword).exists()
    assert Note.objects.get(pk=note.pk).revealed_at is None


def test_the_search_finds_stories_notes_and_a_secret_once_revealed(
    campaign, gm, owner, brutus, api_as
):
    biography_set(gladiator=brutus, by=owner, text="He fought lions in Carthage.")
    note = note_create(campaign=campaign, by=gm, title="Omens", text="Ravens over Carthage.",
                       secret="A Zanzibarian spy.", trigger="gm")  # fmt: skip
    url = f"/api/campaigns/{campaign.slug}/search/"

    def hits(q: str) -> list[tuple[str, int]]:
        return [(h["kind"], h["id"]) for h in api_as(owner).get(url, {"q": q}).json()["lore"]]

    assert hits("lion") == [("story", brutus.pk)]  # "english": lions is lion
    assert sorted(hits("Carthage")) == [("note", note.pk), ("story", brutus.pk)]
    assert hits("Zanzibarian") == []
    assert [(h["kind"]) for h in api_as(gm).get(url, {"q": "Zanzibarian"}).json()["lore"]] == []
    note_reveal(note=note, by=gm)
    found = api_as(owner).get(url, {"q": "Zanzibarian"}).json()["lore"]
    assert [(h["kind"], h["id"]) for h in found] == [("note", note.pk)]
    assert "<mark>Zanzibarian</mark>" in found[0]["excerpt"]


def test_the_gm_edits_and_deletes_on_the_page_and_in_the_api(
    campaign, gm, owner, client_as, api_as
):
    note = note_create(campaign=campaign, by=gm, title="Omens", text="Ravens.")
    edit = f"/c/{campaign.slug}/lore/{note.pk}/"
    prefix = f"note-{note.pk}"
    refused = client_as(gm).post(
        edit, {f"{prefix}-title": "Omens", f"{prefix}-secret": "Hidden."}, follow=True
    )
    assert refused.status_code == 400 and "needs its trigger" in refused.content.decode()
    assert client_as(owner).post(edit, {f"{prefix}-title": "Mine"}).status_code == 403
    saved = client_as(gm).post(edit, {f"{prefix}-title": "Portents", f"{prefix}-text": "Crows."})
    assert saved.status_code == 302
    assert Note.objects.get(pk=note.pk).title == "Portents"
    one = f"/api/campaigns/{campaign.slug}/lore/{note.pk}/"
    assert api_as(owner).delete(one).status_code == 403
    put = api_as(gm).put(one, {"title": "x" * 121}, format="json")
    assert put.status_code == 400 and "at most 120" in str(put.json())
    assert Note.objects.get(pk=note.pk).title == "Portents"
    assert api_as(gm).delete(one).status_code == 204
    assert not Note.objects.exists()
    assert AuditEntry.objects.filter(action="lore_note_deleted").count() == 1
