"""The order page's finishing touches (issue 13): a resolved turn's forum post shown in a page
to copy, the strikes the draft has and has left, and a square taken back said in words."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from arena.engine.core.board import Square
from arena.engine.core.campaign import WebPlay
from arena.engine.rulesets.gladiator_arena.orders import strikes_allowed
from arena.play.services import bout_enter, bout_open, bout_start, bout_turn_resolve, order_submit
from arena.play.turns import state_loaded, turn_rules
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def resolved(arena_campaign, gm, owner, rival):
    """A running bout with turn 1 resolved, one gladiator's name full of markup."""
    mine = gladiator_create(campaign=arena_campaign, by=owner, name="Max <b>&amp;", kind="human")
    theirs = gladiator_create(campaign=arena_campaign, by=rival, name="Justbec", kind="dwarf")
    bout = bout_open(campaign=arena_campaign, by=gm, title="Copy me", deadline_hours=24)
    a = bout_enter(bout=bout, gladiator=mine, by=owner, square="D4")
    b = bout_enter(bout=bout, gladiator=theirs, by=rival, square="D6")
    bout_start(bout=bout, by=gm)
    order_submit(entrant=a, by=owner, order={"move": "D5", "strike": ["D6"]})
    order_submit(entrant=b, by=rival, order={"strike": ["D5"]})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    return bout


def forum_url(bout, turn: int = 1) -> str:
    return reverse("bout-forum-post", args=[bout.campaign.slug, bout.pk, turn])


def api_text(bout, user, markup: str) -> str:
    client = APIClient()
    client.force_authenticate(user)
    url = reverse("api-bout-forum-post", args=[bout.campaign.slug, bout.pk, 1])
    return client.get(url, {"markup": markup}).json()["text"]


@pytest.mark.parametrize("markup", ["bbcode", "markdown"])
def test_the_forum_post_is_a_page_with_the_text_in_a_box_to_copy(
    resolved, rival, client_as, markup
):
    response = client_as(rival).get(forum_url(resolved), {"markup": markup})
    page = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    text = api_text(resolved, rival, markup)
    assert "<b>" in text or "\\<b\\>" in text  # the name's markup, as the forum reads it
    # In the box, escaped: the name's markup is text, never HTML.
    assert f'readonly rows="16">{html.escape(text, quote=False)}</textarea>' in page.replace(
        "&#x27;", "'"
    ).replace("&quot;", '"')
    assert "<b>&amp;" not in page
    assert '<label for="forum-text">' in page
    assert '<button type="button" id="forum-copy" data-copy="forum-text">Copy</button>' in page
    # Both markups are a link away; the crumbs lead back to the bout.
    assert "?markup=bbcode" in page and "?markup=markdown" in page
    assert reverse("bout", args=[resolved.campaign.slug, resolved.pk]) in page


def test_an_unknown_markup_is_refused_in_words(resolved, rival, client_as):
    response = client_as(rival).get(forum_url(resolved), {"markup": "html"})
    assert response.status_code == 400
    assert "Markup is &#x27;bbcode&#x27; or &#x27;markdown&#x27;." in response.content.decode()


def test_the_forum_page_is_seen_only_by_who_sees_the_bout(resolved, outsider, client_as):
    assert client_as(outsider).get(forum_url(resolved)).status_code == 404
    assert client_as(None).get(forum_url(resolved)).status_code in {302, 404}
    assert client_as(outsider).get(forum_url(resolved, 2)).status_code == 404


def test_a_turn_not_resolved_yet_is_not_found(resolved, rival, client_as):
    assert client_as(rival).get(forum_url(resolved, 2)).status_code == 404


def test_the_rule_sets_limit_is_the_strikes_allowed_after_the_drafted_move(running):
    bout = running[0]
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    me = state.get("Kaunisto")
    got = rules.web.limits(state, "Kaunisto", {"move": "D5"})
    assert got == {"strike": strikes_allowed(me, Square.parse("D5"))}
    assert rules.web.limits(state, "Kaunisto", {}) == {"strike": strikes_allowed(me, None)}
    assert rules.web.limits(state, "Nobody", {}) == {}


def test_a_rule_set_without_limits_gives_no_count():
    class Bare(WebPlay):
        pass

    assert Bare().limits(None, "Kaunisto", {}) == {}


def test_the_order_page_counts_the_strikes_and_says_what_was_taken_back(running, owner, client_as):
    bout, mine, _ = running
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    allowed = strikes_allowed(state.get("Kaunisto"), Square.parse("D5"))
    url = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    page = client_as(owner).get(url, {"pick": "strike", "move": "D5", "strike": "D6"})
    page = page.content.decode()
    assert f'id="count-strike">(1 of {allowed}, {allowed - 1} left)' in page
    assert 'id="order-said" data-announce="" hidden' in page
    # Pressing D6 again takes it back, says so, and the count follows.
    pressed = (
        client_as(owner)
        .get(
            url,
            {"pick": "strike", "move": "D5", "strike": "D6", "square": "D6"},
            HTTP_HX_REQUEST="true",
        )
        .content.decode()
    )
    assert 'data-announce="D6: strike taken back."' in pressed
    assert ">D6: strike taken back.</p>" in pressed
    assert f'id="count-strike">(0 of {allowed}, {allowed} left)' in pressed


def test_the_replay_of_a_finished_bout_links_each_ordered_turns_forum_post(
    resolved, gm, rival, client_as
):
    """Once the bout is over the live section goes; the replay keeps the forum post of every
    turn resolved from orders, and none for the turns tactics fought to the end."""
    from arena.play.services import bout_finish_by_tactics

    bout = bout_finish_by_tactics(bout=resolved, by=gm, turn=2)
    bout.refresh_from_db()
    assert bout.status not in {"running", "open"}
    page = reverse("bout", args=[bout.campaign.slug, bout.pk])
    first = client_as(rival).get(page, {"turn": 1}).content.decode()
    assert f'href="{forum_url(bout, 1)}?markup=bbcode" id="replay-forum-bbcode"' in first
    assert f'href="{forum_url(bout, 1)}?markup=markdown" id="replay-forum-markdown"' in first
    turns = len(bout.log["turns"])
    assert turns > 1  # tactics fought on
    last = client_as(rival).get(page, {"turn": turns}).content.decode()
    assert "replay-forum-bbcode" not in last
