"""Press (docs/press.md): posts in the campaign's and a bout's threads, private messages, GM
announcements and hiding, the flood limits, the bout's "press only after the turn", and how
press reaches the inbox."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.play.services import bout_turn_force, bout_turn_resolve, order_submit
from campaign.models import AuditEntry
from campaign.notifications.models import Delivery, Event, Notification
from campaign.notifications.services import DEFAULT_DIGEST, DEFAULT_NOW, webhook_create
from campaign.press.models import Post
from campaign.press.selectors import messages_of, thread_posts
from campaign.press.services import (
    bout_press_after_turn_set,
    message_send,
    post_create,
    post_hide,
)
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db


# --- services --------------------------------------------------------------------------------


def test_a_member_posts_in_the_campaign_thread_and_the_others_hear_of_it(
    campaign, gm, owner, rival
):
    post = post_create(campaign=campaign, by=owner, text="  Ave,\n\n  Caesar!  ")
    assert post.text == "Ave,\n\nCaesar!"  # cleaned like every other text
    event = Event.objects.get(key=f"press:{post.pk}")
    assert event.kind == Event.Kind.PRESS and "Ave," in event.text
    assert set(
        Notification.objects.filter(event=event).values_list("user__username", flat=True)
    ) == {
        "gm",
        "rival",
    }


def test_press_is_in_the_digest_and_a_private_message_comes_at_once_by_default():
    assert Event.Kind.PRESS in DEFAULT_DIGEST and Event.Kind.PRESS not in DEFAULT_NOW
    assert Event.Kind.PRESS_PRIVATE in DEFAULT_NOW


def test_an_outsider_may_not_post(public_campaign, outsider):
    with pytest.raises(NotAllowed):
        post_create(campaign=public_campaign, by=outsider, text="Let me in")
    assert not Post.objects.exists()


def test_announcements_are_the_gms_and_come_first(campaign, gm, owner):
    post_create(campaign=campaign, by=owner, text="First!")
    announcement = post_create(campaign=campaign, by=gm, text="Games at noon.", announcement=True)
    with pytest.raises(NotAllowed):
        post_create(campaign=campaign, by=owner, text="Me too", announcement=True)
    shown = list(thread_posts(campaign=campaign, user=owner))
    assert shown[0] == announcement and shown[1].text == "First!"


@pytest.mark.parametrize(
    ("text", "says"),
    [("x" * 2001, "at most 2,000"), ("   ", "visible"), ("evil\u202etxt", "U+202E")],
)
def test_bad_text_is_refused_in_words_and_nothing_stored(campaign, owner, text, says):
    with pytest.raises(LudusError) as refused:
        post_create(campaign=campaign, by=owner, text=text)
    assert says in refused.value.message
    assert not Post.objects.exists() and not Event.objects.exists()


def test_the_flood_limits_answer_in_words_and_store_nothing(campaign, owner, settings):
    for n in range(10):
        post_create(campaign=campaign, by=owner, text=f"post {n}")
    with pytest.raises(LudusError, match="10 messages in the last minute"):
        post_create(campaign=campaign, by=owner, text="one too many")
    assert Post.objects.count() == 10
    # A minute later the minute's limit is free again, and the day's counts.
    Post.objects.update(created_at=timezone.now() - timedelta(minutes=2))
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "press_posts_per_day": 11}
    post_create(campaign=campaign, by=owner, text="the eleventh")
    with pytest.raises(LudusError, match="11 messages in the last day"):
        post_create(campaign=campaign, by=owner, text="the twelfth")
    assert Post.objects.count() == 11


def test_a_private_message_is_seen_by_its_two_people_only(campaign, gm, owner, rival):
    message = message_send(campaign=campaign, by=owner, to="rival", text="Lose, and I pay you.")
    assert list(messages_of(campaign=campaign, user=rival)) == [message]
    assert list(messages_of(campaign=campaign, user=owner)) == [message]
    assert list(messages_of(campaign=campaign, user=gm)) == []  # not even the GM
    assert not thread_posts(campaign=campaign, user=gm).exists()
    event = Event.objects.get(key=f"press:{message.pk}")
    assert event.kind == Event.Kind.PRESS_PRIVATE
    assert list(event.notifications.values_list("user__username", flat=True)) == ["rival"]
    with pytest.raises(NotAllowed):
        post_hide(post=message, by=gm)


def test_a_private_message_never_goes_to_the_campaigns_webhooks(campaign, gm, owner, rival):
    webhook_create(campaign=campaign, by=gm, url="https://hooks.example.org/ludus")
    message = message_send(campaign=campaign, by=owner, to=rival, text="Between us.")
    public = post_create(campaign=campaign, by=owner, text="For all.")
    from campaign.notifications.services import event_fan_out

    for post in (message, public):
        event_fan_out(event_id=Event.objects.get(key=f"press:{post.pk}").pk)
    hooked = set(
        Delivery.objects.filter(channel=Delivery.Channel.WEBHOOK).values_list(
            "event__data__post", flat=True
        )
    )
    assert hooked == {public.pk}


@pytest.mark.parametrize("to", ["outsider", "nobody", "owner"])
def test_a_message_to_a_non_member_or_oneself_is_refused(campaign, owner, outsider, to):
    with pytest.raises(LudusError) as refused:
        message_send(campaign=campaign, by=owner, to=to, text="Hello")
    assert refused.value.field == "to"
    assert not Post.objects.exists()


def test_the_gm_hides_a_post_recorded_in_the_audit_trail(campaign, gm, owner, rival):
    post = post_create(campaign=campaign, by=owner, text="Rude words")
    with pytest.raises(NotAllowed):
        post_hide(post=post, by=rival)
    post_hide(post=post, by=gm)
    post.refresh_from_db()
    assert post.is_hidden and post.hidden_by == gm
    entry = AuditEntry.objects.get(action="press_post_hidden")
    assert entry.actor == gm and entry.detail["text"] == "Rude words"
    assert "hidden by the GM" in Event.objects.get(key=f"press:{post.pk}").text
    assert "Rude words" not in Event.objects.get(key=f"press:{post.pk}").text


# --- press only after the turn ---------------------------------------------------------------


def test_press_after_the_turn_holds_an_entrants_post_until_the_turn_resolves(
    running, gm, owner, rival
):
    bout, mine, theirs = running
    campaign = bout.campaign
    with pytest.raises(NotAllowed):
        bout_press_after_turn_set(bout=bout, by=owner, on=True)
    bout_press_after_turn_set(bout=bout, by=gm, on=True)
    held = post_create(campaign=campaign, bout=bout, by=owner, text="I go left.")
    said = post_create(campaign=campaign, bout=bout, by=gm, text="Fight well.")  # not an entrant
    assert held.held_turn == 1 and held.published_at is None
    assert said.published_at is not None
    assert list(thread_posts(campaign=campaign, bout=bout, user=rival)) == [said]
    assert list(thread_posts(campaign=campaign, bout=bout, user=owner)) == [held, said]
    assert not Event.objects.filter(key=f"press:{held.pk}").exists()

    order_submit(entrant=mine, by=owner, order={}, turn=1)
    order_submit(entrant=theirs, by=rival, order={}, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()

    held.refresh_from_db()
    assert held.published_at is not None
    assert list(thread_posts(campaign=campaign, bout=bout, user=rival)) == [held, said]
    assert Event.objects.filter(key=f"press:{held.pk}", kind=Event.Kind.PRESS).exists()
    # Posted during turn 2, it waits for turn 2, which the GM forces.
    later = post_create(campaign=campaign, bout=bout, by=rival, text="Now right.")
    assert later.held_turn == 2
    bout_turn_force(bout=bout, by=gm, turn=2, reason="Test: resolve now")
    later.refresh_from_db()
    assert later.published_at is not None


def test_switching_press_after_the_turn_off_publishes_what_it_held(running, gm, owner, rival):
    bout, _, _ = running
    bout_press_after_turn_set(bout=bout, by=gm, on=True)
    held = post_create(campaign=bout.campaign, bout=bout, by=owner, text="Waiting")
    bout_press_after_turn_set(bout=bout, by=gm, on=False)
    held.refresh_from_db()
    assert held.published_at is not None
    assert list(thread_posts(campaign=bout.campaign, bout=bout, user=rival)) == [held]
    assert AuditEntry.objects.filter(action="press_after_turn_set").count() == 2


# --- pages -----------------------------------------------------------------------------------


def test_the_bout_page_shows_its_thread_and_the_htmx_poll_returns_it(running, owner, client_as):
    bout, _, _ = running
    post_create(campaign=bout.campaign, bout=bout, by=owner, text="Ave from the sand")
    client = client_as(owner)
    page = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert 'id="press"' in page and "Ave from the sand" in page
    part = client.get(
        reverse("bout-press", args=[bout.campaign.slug, bout.pk]), HTTP_HX_REQUEST="true"
    )
    html = part.content.decode()
    assert part.status_code == 200
    assert 'id="press-posts"' in html and "Ave from the sand" in html
    assert "<html" not in html  # the section alone


def test_posting_by_htmx_answers_the_section_and_bad_text_is_a_400(running, rival, client_as):
    bout, _, _ = running
    url = reverse("bout-press", args=[bout.campaign.slug, bout.pk])
    client = client_as(rival)
    ok = client.post(url, {"press-text": "Hello, sand"}, HTTP_HX_REQUEST="true")
    assert ok.status_code == 200 and "Hello, sand" in ok.content.decode()
    bad = client.post(url, {"press-text": "x" * 2001}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 400 and re.search(r"2,?000", bad.content.decode())
    assert Post.objects.count() == 1


def test_the_campaign_page_shows_announcements_first_and_hidden_posts_as_hidden(
    campaign, gm, owner, client_as
):
    rude = post_create(campaign=campaign, by=owner, text="Rude words")
    post_create(campaign=campaign, by=gm, text="Games at noon", announcement=True)
    post_hide(post=rude, by=gm)
    page = client_as(owner).get(reverse("campaign", args=[campaign.slug])).content.decode()
    assert page.index("Games at noon") < page.index("Hidden by the GM")
    assert "Rude words" not in page


def test_the_private_messages_page(campaign, owner, rival, gm, client_as):
    url = reverse("press-messages", args=[campaign.slug])
    response = client_as(owner).post(url, {"to": "rival", "text": "Secret deal"})
    assert response.status_code == 302
    assert "Secret deal" in client_as(rival).get(url).content.decode()
    assert "Secret deal" not in client_as(gm).get(url).content.decode()


# --- API -------------------------------------------------------------------------------------


def test_the_api_posts_and_lists_threads_and_messages(running, gm, owner, rival, api_as):
    bout, _, _ = running
    slug = bout.campaign.slug
    made = api_as(owner).post(
        reverse("api-bout-press", args=[slug, bout.pk]), {"text": "By the API"}, format="json"
    )
    assert made.status_code == 201 and made.json()["text"] == "By the API"
    listed = api_as(rival).get(reverse("api-bout-press", args=[slug, bout.pk])).json()
    assert [p["text"] for p in listed["results"]] == ["By the API"]
    refused = api_as(owner).post(
        reverse("api-press", args=[slug]), {"text": "x", "announcement": True}, format="json"
    )
    assert refused.status_code == 403
    sent = api_as(owner).post(
        reverse("api-press-messages", args=[slug]), {"to": "rival", "text": "psst"}, format="json"
    )
    assert sent.status_code == 201 and sent.json()["recipient"] == "rival"
    assert api_as(gm).get(reverse("api-press-messages", args=[slug])).json()["count"] == 0
    hide = api_as(gm).post(reverse("api-press-hide", args=[slug, made.json()["id"]]))
    assert hide.status_code == 200
    assert hide.json()["hidden"] is True and hide.json()["text"] == ""
    # The GM cannot even find a private message to hide it.
    assert (
        api_as(gm).post(reverse("api-press-hide", args=[slug, sent.json()["id"]])).status_code
        == 404
    )


def test_a_bad_api_post_says_what_is_wrong(campaign, owner, api_as):
    response = api_as(owner).post(
        reverse("api-press", args=[campaign.slug]), {"text": "x" * 2001}, format="json"
    )
    assert response.status_code == 400 and re.search(r"2,?000", str(response.json()))
    assert not Post.objects.exists()


# --- forum export ----------------------------------------------------------------------------


def test_the_forum_export_of_a_turn_carries_that_turns_public_press(
    running, gm, owner, rival, client_as
):
    bout, mine, theirs = running
    campaign = bout.campaign
    post_create(campaign=campaign, bout=bout, by=owner, text="Ave [i]all[/i]")
    hidden = post_create(campaign=campaign, bout=bout, by=rival, text="Rude words")
    post_hide(post=hidden, by=gm)
    message_send(campaign=campaign, by=owner, to=rival, text="Just for you")
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    order_submit(entrant=theirs, by=rival, order={}, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    post_create(campaign=campaign, bout=bout, by=rival, text="Turn two talk")
    url = reverse("bout-forum-post", args=[campaign.slug, bout.pk, 1])
    page = client_as(rival).get(url + "?markup=markdown").content.decode()
    assert 'id="forum-press"' in page and "**owner**: Ave [i]all[/i]" in page
    for absent in ("Rude words", "Just for you", "Turn two talk"):
        assert absent not in page
    bbcode = client_as(rival).get(url).content.decode()
    assert "[b]owner[/b]: Ave [i]all[/i]" in bbcode


def test_a_long_thread_shows_its_newest_posts_announcements_first(campaign, gm, owner, settings):
    from campaign.press import selectors

    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "press_posts_per_minute": 1000}
    post_create(campaign=campaign, by=gm, text="Old announcement", announcement=True)
    for n in range(selectors.THREAD_SHOWN + 5):
        post_create(campaign=campaign, by=owner, text=f"post {n}")
    shown = selectors.thread_recent(campaign=campaign, user=owner)
    assert len(shown) == selectors.THREAD_SHOWN + 1
    assert shown[0].text == "Old announcement"
    assert shown[1].text == "post 5" and shown[-1].text == f"post {selectors.THREAD_SHOWN + 4}"
