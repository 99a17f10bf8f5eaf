"""The "What if" pages and API: an owner asks for another order, sees it waiting (htmx polls),
then the diverging turn, both results and the re-run told blow by blow, marked as a what-if;
nobody else finds it. Bad input is a 400 in words with nothing stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import BoutWhatIf
from arena.whatif.services import what_if_run
from campaign.services import campaign_join

pytestmark = pytest.mark.django_db

ORDER = {"kind": "order", "turn": "2", "words": "Move: C5\nStrike: C6"}


def page(bout) -> str:
    return reverse("bout-what-if", args=[bout.campaign.slug, bout.pk])


def result(row) -> str:
    return reverse("bout-what-if-result", args=[row.bout.campaign.slug, row.bout_id, row.pk])


def api_list(bout) -> str:
    return reverse("api-bout-what-ifs", args=[bout.campaign.slug, bout.pk])


def test_the_owner_asks_and_sees_the_diverging_turn(finished, owner, client_as):
    bout, mine, _ = finished
    client = client_as(owner)
    bout_page = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert 'id="bout-what-if-link"' in bout_page
    form = client.get(page(bout))
    assert form.status_code == 200 and "For <strong>Kaunisto</strong>" in form.content.decode()
    response = client.post(page(bout), {**ORDER, "entrant": mine.pk})
    row = BoutWhatIf.objects.get()
    assert response.status_code == 302 and response["Location"] == result(row)
    waiting = client.get(result(row), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 2s"' in waiting and "Waiting for the worker" in waiting
    assert "<html" not in waiting  # htmx gets the part alone
    what_if_run(what_if_id=row.pk)
    body = client.get(result(row)).content.decode()
    assert 'id="what-if-mark"' in body and "not what happened" in body
    assert "What if: Kaunisto&#x27;s order on Turn 2: Move: C5" in body
    assert "The fight first went otherwise at <strong>" in body and ">Turn 2</a>" in body
    assert "Kaunisto moves from D5 to C5." in body  # the re-run's report
    assert 'hx-trigger="every 2s"' not in body  # done: no more polling
    assert "What if: the fight, blow by blow" in body


def test_bad_input_on_the_page_is_a_400_in_words(finished, owner, client_as):
    bout, mine, _ = finished
    response = client_as(owner).post(page(bout), {**ORDER, "turn": "9", "entrant": mine.pk})
    assert response.status_code == 400
    assert "This bout has no turn 9: it lasted 3 turns" in response.content.decode()
    assert not BoutWhatIf.objects.exists()


def test_another_players_entrant_cannot_be_chosen(finished, owner, client_as):
    bout, _, theirs = finished
    response = client_as(owner).post(page(bout), {**ORDER, "entrant": theirs.pk})
    assert response.status_code == 403
    assert "Only Justbec&#x27;s owner or the game master may do this." in response.content.decode()
    assert not BoutWhatIf.objects.exists()


@pytest.mark.parametrize("persona", ["rival", "gm", "outsider"])
def test_nobody_else_sees_a_what_if(request, finished, owner, client_as, api_as, persona):
    bout, mine, _ = finished
    client_as(owner).post(page(bout), {**ORDER, "entrant": mine.pk})
    row = BoutWhatIf.objects.get()
    what_if_run(what_if_id=row.pk)
    other = request.getfixturevalue(persona)
    assert client_as(other).get(result(row)).status_code == 404
    assert api_as(other).get(reverse("api-bout-what-if", args=[
        bout.campaign.slug, bout.pk, row.pk])).status_code == 404  # fmt: skip
    listed = api_as(other).get(api_list(bout))
    assert listed.status_code == 404 or listed.json()["results"] == []
    form = client_as(other).get(page(bout)).content.decode()
    assert "Move: C5" not in form and "order on Turn 2" not in form


def test_a_member_without_an_entrant_gets_no_form(finished, client_as, make_user):
    bout, _, _ = finished
    stranger = make_user("stranger")
    campaign_join(campaign=bout.campaign, user=stranger, code=bout.campaign.invite_code)
    assert client_as(stranger).get(page(bout)).status_code == 403


def test_the_api_asks_follows_and_reads(finished, owner, api_as):
    bout, mine, _ = finished
    api = api_as(owner)
    asked = api.post(
        api_list(bout),
        {"entrant": mine.pk, "kind": "order", "turn": 2, "words": "Move: C5\nStrike: C6"},
        format="json",
    )
    assert asked.status_code == 202, asked.content
    assert asked.json()["what_if"] is True and asked.json()["status"] == "pending"
    what_if_run(what_if_id=asked.json()["id"])
    url = reverse("api-bout-what-if", args=[bout.campaign.slug, bout.pk, asked.json()["id"]])
    done = api.get(url)
    assert done.status_code == 200
    body = done.json()
    assert body["diverged_at"] == 2 and body["diverged"] == "Turn 2"
    assert {e["name"] for e in body["ends"]} == {"Kaunisto", "Justbec"}
    assert body["log"]["turns"][0] == bout.log["turns"][0]
    assert [r["id"] for r in api.get(api_list(bout)).json()["results"]] == [body["id"]]


def test_the_api_refuses_bad_input_in_words(finished, owner, api_as):
    bout, mine, _ = finished
    refused = api_as(owner).post(
        api_list(bout), {"entrant": mine.pk, "kind": "equipment", "add": "longsword"},
        format="json",
    )  # fmt: skip
    assert refused.status_code == 400
    assert "'longsword' is not an item in the shop" in str(refused.json())
    missing = api_as(owner).post(
        api_list(bout), {"entrant": 10**6, "kind": "tactics"}, format="json"
    )
    assert missing.status_code == 404
    assert not BoutWhatIf.objects.exists()


def test_the_api_says_when_to_ask_again(finished, owner, api_as, settings):
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "what_ifs_queued": 1}
    bout, mine, _ = finished
    api = api_as(owner)
    body = {"entrant": mine.pk, "kind": "order", "turn": 1, "words": "Move: C4"}
    assert api.post(api_list(bout), body, format="json").status_code == 202
    refused = api.post(api_list(bout), {**body, "words": "Move: E4"}, format="json")
    assert refused.status_code == 429
    assert "what-ifs waiting for the worker" in refused.json()["detail"]
