"""The campaign's search (arena/search/): what it finds, and what it never shows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.search.selectors import QUERY_MAX, campaign_search
from campaign.press.models import Post
from campaign.press.services import message_send, post_create, post_hide

pytestmark = pytest.mark.django_db


def found(campaign, user, text):
    return campaign_search(campaign=campaign, user=user, text=text)


def test_a_gladiator_is_found_by_part_of_its_name_and_by_its_player(campaign, owner, brutus, nox):
    assert found(campaign, owner, "brut").gladiators == [brutus]
    assert found(campaign, owner, "rival").gladiators == [nox]
    assert found(campaign, owner, "wizard").gladiators == [nox]


def test_a_bout_is_found_by_its_title_and_by_an_entrant(campaign, owner, due_bout, brutus):
    due_bout.title = "The Ides of March"
    due_bout.save(update_fields=["title"])
    assert found(campaign, owner, "ides").bouts == [due_bout]
    assert found(campaign, owner, "Brutus").bouts == [due_bout]
    assert found(campaign, owner, "nobody-at-all").bouts == []


def test_press_is_found_by_its_words_stemmed(campaign, owner, rival):
    post = post_create(campaign=campaign, by=rival, text="My swords are sharpened for Brutus.")
    hits = found(campaign, owner, "sword").posts
    assert [h.post for h in hits] == [post]
    assert "<mark>swords</mark>" in hits[0].html


def test_others_private_messages_and_hidden_posts_are_never_found(
    campaign, gm, owner, rival, make_user
):
    message = message_send(campaign=campaign, by=rival, to=gm, text="A secret trident plan")
    hidden = post_create(campaign=campaign, by=rival, text="A rude trident joke")
    post_hide(post=hidden, by=gm)
    assert found(campaign, owner, "trident").posts == []
    # The two people of a message find it; the GM hid the post, so nobody finds it.
    assert [h.post for h in found(campaign, gm, "trident").posts] == [message]
    assert [h.post for h in found(campaign, rival, "trident").posts] == [message]
    assert Post.objects.filter(pk=hidden.pk, hidden_at__isnull=False).exists()


def test_an_excerpt_cannot_carry_markup(campaign, owner, rival):
    post_create(campaign=campaign, by=rival, text="<b>net</b> & trident <script>x</script>")
    (hit,) = found(campaign, owner, "trident").posts
    assert "<b>" not in hit.html and "<script>" not in hit.html
    # PostgreSQL's headline drops the tags; what is left is escaped, and only our marks are tags.
    assert "&amp;" in hit.html and "<mark>trident</mark>" in hit.html


def test_the_page_and_the_api_answer_a_search(campaign, owner, brutus, client_as, api_as):
    page = client_as(owner).get(reverse("campaign-search", args=[campaign.slug]), {"q": "brut"})
    assert page.status_code == 200 and "Brutus" in page.content.decode()
    api = api_as(owner).get(reverse("api-campaign-search", args=[campaign.slug]), {"q": "brut"})
    assert api.status_code == 200
    assert [g["name"] for g in api.json()["gladiators"]] == ["Brutus"]


def test_a_search_too_long_is_refused_in_words(campaign, owner, client_as, api_as):
    long = "x" * (QUERY_MAX + 1)
    api = api_as(owner).get(reverse("api-campaign-search", args=[campaign.slug]), {"q": long})
    assert api.status_code == 400
    assert f"at most {QUERY_MAX} characters" in str(api.json())
    page = client_as(owner).get(reverse("campaign-search", args=[campaign.slug]), {"q": long})
    assert page.status_code == 400
    assert f"at most {QUERY_MAX} characters" in page.content.decode()


def test_an_empty_search_finds_nothing_and_says_what_to_type(campaign, owner, brutus, client_as):
    assert found(campaign, owner, "").count == 0
    page = client_as(owner).get(reverse("campaign-search", args=[campaign.slug]))
    assert "Type a name" in page.content.decode()


@pytest.mark.parametrize("name", ["campaign-search", "api-campaign-search"])
def test_a_private_campaigns_search_is_not_found_for_outsiders(
    campaign, outsider, brutus, client_as, name
):
    response = client_as(outsider).get(reverse(name, args=[campaign.slug]), {"q": "brut"})
    assert response.status_code == 404
