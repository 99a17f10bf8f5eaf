"""A rule set names its own step (docs/rulesets.md, `step_word`): Sudden Destruction plays in
rounds, so its play-by-web pages, replay, messages and notifications say "Round 3" where a
Gladiator Arena bout says "Turn 3", word for word as before. URLs, the `?turn=` parameter,
fields and JSON keys say "turn" for both: they are an interface."""

from __future__ import annotations

import html
from dataclasses import dataclass

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from arena.engine import ruleset
from arena.models import Bout, BoutEntrant, TurnOrder
from arena.play.services import bout_enter, bout_open, bout_start, bout_turn_resolve, order_submit
from arena.verification.services import bout_checks
from campaign.notifications.models import Event
from campaign.services import campaign_create, campaign_join
from campaign.shared.errors import LudusError
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@dataclass
class ByWeb:
    """A running two-player bout by web and the word its pages should use."""

    bout: Bout
    mine: BoutEntrant  # owner's
    theirs: BoutEntrant  # rival's
    word: str  # "Turn" or "Round"

    @property
    def lower(self) -> str:
        return self.word.lower()

    def url(self, name: str, *args) -> str:
        return reverse(name, args=[self.bout.campaign.slug, self.bout.pk, *args])

    def resolve(self, owner, rival, turn: int = 1) -> None:
        """Both stand still for step `turn`, and it resolves."""
        order_submit(entrant=self.mine, by=owner, order={}, turn=turn)
        order_submit(entrant=self.theirs, by=rival, order={}, turn=turn)
        assert bout_turn_resolve(bout_id=self.bout.pk, turn=turn) is not None
        self.bout.refresh_from_db()


@pytest.fixture
def engines(gm, owner, rival):
    """A Sudden Destruction bout by web, started: Ballista (owner) and Onager (rival)."""
    campaign = campaign_create(by=gm, name="Engines", ruleset="sudden-destruction")
    bout = bout_open(campaign=campaign, by=gm, title="Two corners", deadline_hours=24)
    entrants = []
    for player, name in ((owner, "Ballista"), (rival, "Onager")):
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        machine = gladiator_create(campaign=campaign, by=player, name=name, kind="war-machine")
        entrants.append(bout_enter(bout=bout, gladiator=machine, by=player))
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    return bout, *entrants


@pytest.fixture(params=["gladiator-arena", "sudden-destruction"])
def by_web(request) -> ByWeb:
    if request.param == "sudden-destruction":
        return ByWeb(*request.getfixturevalue("engines"), word="Round")
    return ByWeb(*request.getfixturevalue("running"), word="Turn")


def page(client, url: str, **params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


# --- the plug-in member ---------------------------------------------------------------------


def test_the_step_word_is_the_rule_sets_own_or_turn():
    assert ruleset("sudden-destruction").step_word.one == "round"
    for slug in ("gladiatorquest", "gladiator-arena", "gladiator-101", "arena-of-the-elders"):
        word = ruleset(slug).step_word
        assert (word.one, word.many, word.title) == ("turn", "turns", "Turn"), slug
    assert str(ruleset("sudden-destruction").step_word) == "round"


# --- the bout page ----------------------------------------------------------------------------


def test_the_live_bout_names_its_step(by_web, gm, client_as):
    body = page(client_as(gm), by_web.url("bout"))
    w, lw = by_web.word, by_web.lower
    assert f'<h2 id="live-title" tabindex="-1">{w} 1 <span' in body
    assert f"{w} 1 is taking orders." in body  # the live region
    assert f"This {lw} resolves when every order is in, or at" in body
    assert f">Resolve {lw} 1 now</a>" in body
    assert f">Let tactics fight the rest, from {lw} 1</a>" in body
    assert "?turn=1" in body  # the query parameter stays


def test_the_bout_page_after_resolved_steps(by_web, owner, rival, gm, client_as):
    by_web.resolve(owner, rival, 1)
    by_web.resolve(owner, rival, 2)
    body = page(client_as(gm), by_web.url("bout"))
    w, lw = by_web.word, by_web.lower
    assert f"{w} 2 has resolved. {w} 3 is taking orders." in body
    assert f"<h3>{w} 2: what happened</h3>" in body
    # The replay at its last step, its buttons and chart, the report and the receipts.
    assert f'id="turn-counter">{lw} 2 of 2' in body
    assert f'aria-label="First {lw}"' in body and f'aria-label="Previous {lw}"' in body
    assert f'aria-label="The board after {lw} 2"' in body
    assert f"of each gladiator after every {lw}" in body and f"across: {lw}" in body
    assert f"<figcaption>Health over {lw}s</figcaption>" in body
    assert f'The fight, blow by blow <span class="muted">2 {lw}s</span>' in body
    assert f"<h3>{w} 1 " in body and f'aria-label="{w} 1 in the replay"' in body
    assert f"<th>{w}</th><th>Gladiator</th>" in body
    assert f'<td data-label="{w}">1</td>' in body
    assert f"Forum post of {lw} 2:" in body
    # Stepping the replay back (htmx) reads the step out, with the buttons onward.
    stepped = client_as(gm).get(
        by_web.url("bout"), {"turn": 1, "partial": "replay"}, HTTP_HX_REQUEST="true"
    )
    stepped_body = stepped.content.decode()
    assert f'data-announce="{w} 1 of 2' in stepped_body
    assert f'aria-label="Next {lw}"' in stepped_body and f'aria-label="Last {lw}"' in stepped_body


def test_the_gm_confirms_and_is_told_in_the_steps_word(by_web, gm, client_as):
    w, lw = by_web.word, by_web.lower
    client = client_as(gm)
    asked = page(client, by_web.url("bout-force"), turn=1)
    assert f"Resolve {lw} 1 of {by_web.bout.title} now?" in asked
    assert f"Yes, resolve {lw} 1" in asked
    why = {"turn": 1, "reason": "Every order is in"}
    done = client.post(by_web.url("bout-force"), why, follow=True).content.decode()
    assert f"{w} 1 is resolved; missing orders fell to tactics." in done
    stale = client.post(by_web.url("bout-force"), why, follow=True).content.decode()
    assert f"{w} 1 has resolved; here is {lw} 2. Nothing more was resolved." in stale
    asked = page(client, by_web.url("bout-finish"), turn=2)
    assert f"from {lw} 2? Nobody gives orders again." in asked
    done = client.post(by_web.url("bout-finish"), {"turn": 2}, follow=True).content.decode()
    assert f"Tactics fought the rest of the bout from {lw} 2." in done


def test_the_gm_starts_a_bout_and_hears_which_step_takes_orders(
    engines, gm, owner, rival, client_as
):
    bout, *_ = engines
    fresh = bout_open(campaign=bout.campaign, by=gm, title="Fresh", deadline_hours=None)
    for player, name in ((owner, "Aries"), (rival, "Scorpio")):
        machine = gladiator_create(campaign=bout.campaign, by=player, name=name, kind="war-machine")
        bout_enter(bout=fresh, gladiator=machine, by=player)
    url = reverse("bout-start", args=[bout.campaign.slug, fresh.pk])
    done = client_as(gm).post(url, follow=True).content.decode()
    assert "The bout has begun: round 1 takes orders." in done


@pytest.mark.parametrize(("fixture", "word"), [("arena_campaign", "turn"), ("engines", "round")])
def test_the_open_form_asks_hours_per_step(request, fixture, word, gm, client_as):
    found = request.getfixturevalue(fixture)
    campaign = found if fixture == "arena_campaign" else found[0].campaign
    body = page(client_as(gm), reverse("bout-open", args=[campaign.slug]))
    assert f"Hours per {word}" in body
    assert f"A {word} resolves when every order is in, or after this long." in body
    assert f"each {word} every owner gives a secret order, and the {word} resolves" in body


@pytest.mark.parametrize(("fixture", "word"), [("arena_campaign", "turn"), ("engines", "round")])
def test_a_deadline_out_of_range_is_refused_in_the_steps_word(request, fixture, word, gm):
    found = request.getfixturevalue(fixture)
    campaign = found if fixture == "arena_campaign" else found[0].campaign
    with pytest.raises(LudusError, match=f"^A {word} deadline is 1 to 336 hours, or none\\.$"):
        bout_open(campaign=campaign, by=gm, title="Too long", deadline_hours=400)
    assert not Bout.objects.filter(title="Too long").exists()


# --- the orders page --------------------------------------------------------------------------


def test_the_orders_page_names_the_step(by_web, owner, client_as):
    w, lw = by_web.word, by_web.lower
    url = by_web.url("bout-orders", by_web.mine.pk)
    body = page(client_as(owner), url)
    assert f'<p class="lead">{w} 1.' in body
    assert f"repeat it in later {lw}s while it stays legal" in body
    assert f"not the game master — until the {lw} resolves." in body
    saved = client_as(owner).post(url, {"turn": 1}, follow=True).content.decode()
    assert f"Order for {lw} 1 saved, receipt" in saved
    assert f"You may change it until the {lw} resolves." in saved
    assert f"change it until the {lw} resolves." in saved


def test_a_stale_order_is_refused_in_the_steps_word(by_web, owner, rival, client_as):
    by_web.resolve(owner, rival)
    w, lw = by_web.word, by_web.lower
    url = by_web.url("bout-orders", by_web.mine.pk)
    refused = client_as(owner).post(url, {"turn": 1})
    assert refused.status_code == 400
    assert f"{w} 1 has resolved; here is {lw} 2." in html.unescape(refused.content.decode())


def test_the_order_api_says_there_is_no_order_for_this_step(by_web, owner):
    client = APIClient()
    client.force_authenticate(owner)
    response = client.get(
        reverse(
            "api-bout-order",
            args=[by_web.bout.campaign.slug, by_web.bout.pk, by_web.mine.pk],
        )
    )
    assert response.status_code == 404
    assert f"No order for this {by_web.lower} yet." in response.json()["detail"]


def test_the_order_preview_of_a_gladiator_arena_bout_still_says_turn(running, owner, client_as):
    bout, mine, _ = running
    orders = page(
        client_as(owner), reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk])
    )
    assert "an opponent can strike there next turn, after any move of theirs" in orders
    url = reverse("bout-order-preview", args=[bout.campaign.slug, bout.pk, mine.pk])
    body = page(client_as(owner), url, move="D5")
    assert "What if: turn 1" in body and "<h3>The turn, as it would go</h3>" in body
    assert 'aria-label="The board after the previewed turn"' in body
    assert "theirs stay secret until the turn resolves." in body


# --- the forum post, the orders-needed list, notifications -------------------------------------


def test_the_forum_post_page_names_the_step(by_web, owner, rival, client_as):
    by_web.resolve(owner, rival)
    body = page(client_as(rival), by_web.url("bout-forum-post", 1))
    assert f"<h1>{by_web.word} 1 as a forum post</h1>" in body
    assert f"<title>{by_web.word} 1 as a forum post" in body
    missing = client_as(rival).get(by_web.url("bout-forum-post", 2))
    assert missing.status_code == 404


def test_the_orders_needed_list_names_the_step(by_web, owner, client_as):
    body = page(client_as(owner), reverse("orders-needed"))
    assert f"{by_web.bout.title}</a>" in body
    assert f"\n      {by_web.lower} 1 by " in body and "data-countdown>" in body


def test_notifications_name_the_step(by_web, owner, rival):
    by_web.resolve(owner, rival)
    title, w, lw = by_web.bout.title, by_web.word, by_web.lower
    needed = Event.objects.filter(kind=Event.Kind.ORDERS_NEEDED, text__contains=title)
    assert needed.filter(text__contains=f"in {title}, {lw} 2 by ").exists()
    resolved = Event.objects.get(kind=Event.Kind.TURN_RESOLVED, text__contains=title)
    assert resolved.text == f"{w} 1 of {title} resolved."
    assert resolved.data["turn"] == 1 and resolved.link.endswith("?turn=1#replay")


def test_the_receipt_check_names_the_step_of_a_tampered_order(by_web, owner, rival):
    by_web.resolve(owner, rival)
    TurnOrder.objects.filter(entrant=by_web.mine, turn=1).update(order={"concede": True})
    checks = {c["check"]: c for c in bout_checks(by_web.bout)}
    name = by_web.mine.gladiator.name
    assert checks["orders"]["ok"] is False
    assert f"{by_web.lower} 1, {name}: the order does not hash" in checks["orders"]["detail"]
