"""Play-by-web pages and API: the orders page, forum posts, and secret orders staying secret."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from arena.models import Bout, TurnOrder
from arena.play.services import bout_enter, bout_open, bout_turn_resolve, order_submit
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db

SECRET = {"move": "C4", "strike": ["B5", "C5"]}
# The order's squares side by side, in any spelling (JSON, forum lines, a list): the board
# itself names every square, so a lone "B5" on a page tells nothing.
LEAK = re.compile(r"B5\W{0,6}C5")


def api(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def pending(running, owner):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order=SECRET)
    return bout, mine, theirs


@pytest.mark.parametrize("persona", ["gm", "rival", "outsider", "anonymous"])
def test_a_pending_order_is_invisible_to_everyone_but_its_owner(
    request, pending, client_as, persona
):
    bout, mine, _ = pending
    user = None if persona == "anonymous" else request.getfixturevalue(persona)
    slug = bout.campaign.slug
    pages = [
        reverse("bout", args=[slug, bout.pk]),
        reverse("bout", args=[slug, bout.pk]) + "?partial=live",
        reverse("bout-orders", args=[slug, bout.pk, mine.pk]),
        reverse("bout-history", args=[slug]),
    ]
    apis = [
        reverse("api-bout", args=[slug, bout.pk]),
        reverse("api-bouts", args=[slug]),
        reverse("api-bout-order", args=[slug, bout.pk, mine.pk]),
    ]
    for url in pages:
        body = client_as(user).get(url, HTTP_HX_REQUEST="true").content.decode()
        assert not LEAK.search(body), url
    for url in apis:
        response = api(user).get(url)
        assert response.status_code in {200, 401, 403, 404}
        assert not LEAK.search(response.content.decode()), url
    assert api(user).get(apis[-1]).status_code in {401, 403, 404}


def test_the_owner_reads_their_own_pending_order(pending, owner, client_as):
    bout, mine, _ = pending
    response = api(owner).get(
        reverse("api-bout-order", args=[bout.campaign.slug, bout.pk, mine.pk])
    )
    assert response.status_code == 200
    assert response.json()["order"] == SECRET
    page = client_as(owner).get(reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk]))
    assert LEAK.search(page.content.decode())


def test_orders_become_public_when_the_turn_resolves(pending, rival, client_as):
    bout, _, theirs = pending
    order_submit(entrant=theirs, by=rival, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    detail = api(rival).get(reverse("api-bout", args=[bout.campaign.slug, bout.pk])).json()
    assert detail["engine_input"]["turns"][0]["Kaunisto"] == SECRET


def test_clicking_the_board_draws_the_order_and_says_what_is_wrong(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    client = client_as(owner)
    page = client.get(url, {"pick": "move", "move": "D5"}).content.decode()
    assert 'id="draft-move">D5<' in page
    assert "A legal order" in page
    far = client.get(url, {"pick": "strike", "move": "D5", "strike": "H1"}).content.decode()
    assert "H1" in far and 'id="order-problems"' in far
    diagonal = client.get(url, {"pick": "move", "move": "E5"}).content.decode()
    assert "diagonal" in diagonal


def test_submitting_from_the_orders_page_stores_the_order(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    response = client_as(owner).post(url, {"move": "D5", "strike": "D6", "turn": 1})
    assert response.status_code == 302
    assert TurnOrder.objects.get(entrant=mine).order == {"move": "D5", "strike": ["D6"]}


def test_the_saved_order_reads_as_words_on_the_orders_page(running, owner, client_as):
    """The confirmation is the forum's words ("Move: D5 / Strike: D6"), not a dict."""
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    client_as(owner).post(url, {"move": "D5", "strike": "D6", "turn": 1})
    page = client_as(owner).get(url).content.decode()
    saved = page[page.index('id="saved-order"') :]
    assert "D5" in saved[:200] and "D6" in saved[:200] and "{" not in saved[:200]


def test_conceding_from_the_orders_page(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    page = client_as(owner).get(url).content.decode()
    assert 'name="concede" value="award_kill"' in page
    client_as(owner).post(url, {"concede": "award_kill", "turn": 1})
    assert TurnOrder.objects.get(entrant=mine).order == {"concede": "award_kill"}


def test_a_forum_order_typed_in_the_text_box(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    client_as(owner).post(url, {"text": "move: c4\nstrike: c5", "turn": 1})
    assert TurnOrder.objects.get(entrant=mine).order == {"move": "C4", "strike": ["C5"]}


def test_the_typed_box_shows_the_format_and_starts_with_the_drawn_order(running, owner, client_as):
    bout, mine, _ = running
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    page = client_as(owner).get(url).content.decode()
    assert 'placeholder="Move: D5\nStrike: E6, E5"' in page
    for line in ("Move: D5", "Strike: E6, E5", "Concede"):
        assert f"<code>{line}</code>" in page
    drawn = client_as(owner).get(url, {"pick": "strike", "move": "D5", "strike": "D6"})
    box = drawn.content.decode().split('id="order-text"', 1)[1].split("</textarea>")[0]
    assert box.endswith(">Move: D5\nStrike: D6")


def test_a_bad_order_through_the_api_says_why_and_stores_nothing(running, owner):
    bout, mine, _ = running
    url = reverse("api-bout-order", args=[bout.campaign.slug, bout.pk, mine.pk])
    response = api(owner).put(url, {"order": {"move": "D8"}, "turn": 1}, format="json")
    assert response.status_code == 400
    assert "D8" in response.json()["order"][0]
    assert not TurnOrder.objects.exists()
    check = api(owner).post(url + "check/", {"text": "Move: D5\nStrike: D6"}, format="json")
    assert check.json() == {"problems": []}


def test_a_forum_order_through_the_api(running, owner):
    bout, mine, _ = running
    url = reverse("api-bout-order", args=[bout.campaign.slug, bout.pk, mine.pk])
    response = api(owner).put(url, {"text": "Move: D5\nStrike: D6", "turn": 1}, format="json")
    assert response.status_code == 200
    assert response.json()["order"] == {"move": "D5", "strike": ["D6"]}


def forum_box(page: str) -> str:
    """The text of the forum page's readonly box, as a player copies it."""
    found = re.search(r'<textarea id="forum-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "no forum text box in the page"
    return html.unescape(found.group(1))


def test_each_resolved_turn_reads_as_a_forum_post(running, owner, rival, client_as):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={"move": "D5", "strike": ["D6"]})
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    url = reverse("bout-forum-post", args=[bout.campaign.slug, bout.pk, 1])
    bbcode = forum_box(client_as(rival).get(url, {"markup": "bbcode"}).content.decode())
    markdown = forum_box(client_as(rival).get(url, {"markup": "markdown"}).content.decode())
    assert bbcode.startswith("[b]Turn 1[/b]") and "[code]" in bbcode
    assert markdown.startswith("**Turn 1**") and "```" in markdown
    assert "Kaunisto" in bbcode and "Justbec" in markdown
    api_post = api(rival).get(
        reverse("api-bout-forum-post", args=[bout.campaign.slug, bout.pk, 1]),
        {"markup": "markdown"},
    )
    assert api_post.json()["text"] == markdown
    assert (
        client_as(rival)
        .get(reverse("bout-forum-post", args=[bout.campaign.slug, bout.pk, 2]))
        .status_code
        == 404
    )


def test_the_gm_opens_a_bout_and_players_enter_through_the_pages(
    arena_campaign, gm, owner, kaunisto, client_as
):
    response = client_as(gm).post(
        reverse("bout-open", args=[arena_campaign.slug]),
        {
            "title": "Pages",
            "option_board_files": 6,
            "option_board_ranks": 6,
            "option_time_limit": "on",
            "deadline_hours": 12,
        },
    )
    bout = Bout.objects.get(title="Pages")
    assert response.status_code == 302 and bout.options["board"] == [6, 6]
    client_as(owner).post(
        reverse("bout-enter", args=[arena_campaign.slug, bout.pk]),
        {"gladiator": kaunisto.pk, "square": "a1"},
    )
    assert bout.entrants.get().start_square == "A1"
    refused = client_as(gm).post(
        reverse("bout-start", args=[arena_campaign.slug, bout.pk]), follow=True
    )
    assert "at least two gladiators" in refused.content.decode()


def test_the_gm_cancels_a_bout_in_progress_from_its_page(running, gm, client_as):
    bout, _, _ = running
    url = reverse("bout", args=[bout.campaign.slug, bout.pk])
    assert "Cancel bout" in client_as(gm).get(url).content.decode()
    client_as(gm).post(reverse("bout-cancel", args=[bout.campaign.slug, bout.pk]))
    bout.refresh_from_db()
    assert bout.status == Bout.Status.CANCELLED


def test_a_player_with_nothing_to_enter_is_told_why(
    arena_campaign, gm, owner, rival, kaunisto, client_as
):
    """Issue 29: a player with no living gladiator saw an empty entry box with no hint."""
    bout = bout_open(campaign=arena_campaign, by=gm, title="Wanted", deadline_hours=24)
    url = reverse("bout", args=[arena_campaign.slug, bout.pk])
    create = reverse("gladiator-new", args=[arena_campaign.slug])

    page = client_as(rival).get(url).content.decode()  # the rival has no gladiator at all
    assert 'id="enter-form"' not in page
    assert "no living gladiator in this campaign" in page and f'href="{create}"' in page

    page = client_as(owner).get(url).content.decode()  # Kaunisto is alive and free
    assert 'id="enter-form"' in page and 'id="no-entry"' not in page
    bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="D4")
    page = client_as(owner).get(url).content.decode()
    assert "all entered in this bout" in page and f'href="{create}"' not in page

    Gladiator.objects.filter(pk=kaunisto.pk).update(status=Gladiator.Status.DEAD)
    bout.entrants.all().delete()
    page = client_as(owner).get(url).content.decode()  # only a dead gladiator left
    assert "no living gladiator in this campaign" in page and f'href="{create}"' in page


def test_the_starting_square_is_offered_on_the_board(
    arena_campaign, gm, owner, rival, kaunisto, justbec, client_as
):
    bout = bout_open(
        campaign=arena_campaign, by=gm, title="Board", deadline_hours=12,
        options={"board": [6, 5], "time_limit": True},
    )  # fmt: skip
    bout_enter(bout=bout, gladiator=justbec, by=rival, square="C3")
    url = reverse("bout", args=[arena_campaign.slug, bout.pk])
    page = client_as(owner).get(url).content.decode()
    board = page.split('id="enter-board"')[1].split("</fieldset>")[0]
    squares = re.findall(r'name="square_on_board" value="([A-Z]\d+)"', board)
    assert len(squares) == 30 and squares[0] == "A5" and squares[-1] == "F1"  # top rank first
    assert """C3<span class="visually-hidden">, Justbec's choice</span>""" in board
    client_as(owner).post(
        reverse("bout-enter", args=[arena_campaign.slug, bout.pk]),
        {"gladiator": kaunisto.pk, "square": "", "square_on_board": "E2"},
    )
    assert bout.entrants.get(gladiator=kaunisto).start_square == "E2"


def test_a_rule_set_without_a_board_option_offers_no_entry_board(elders, gm, owner, client_as):
    gladiator_create(campaign=elders, by=owner, name="Pyrrhus", kind="ignis")
    bout = bout_open(campaign=elders, by=gm, title="Ring")
    page = client_as(owner).get(reverse("bout", args=[elders.slug, bout.pk])).content.decode()
    assert 'id="enter-board"' not in page and 'id="enter-square"' in page
