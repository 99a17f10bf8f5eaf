"""The draft and sealed pages: the GM's form, the pack in hand for its owner alone, picks by
form, refusals in words, the page following the draft, and who may do what."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from characters.models import PackEvent, PackPick
from characters.pack_events import pack_autopick, pack_event_create

pytestmark = pytest.mark.django_db


def event_url(event, name="pack-event"):
    return reverse(name, args=[event.campaign.slug, event.pk])


def hand_on_page(body: str, gladiator) -> list[str]:
    section = re.search(
        rf'<section class="card pack-hand" data-gladiator="{gladiator.name}">(.*?)</section>',
        body,
        re.S,
    )
    return re.findall(r'name="card" value="([^"]+)"', section.group(1)) if section else []


def test_the_gm_opens_a_draft_by_the_form(schola, gm, four, client_as):
    client = client_as(gm)
    assert client.get(reverse("pack-event-new", args=[schola.slug])).status_code == 200
    response = client.post(
        reverse("pack-event-new", args=[schola.slug]),
        {"kind": "draft", "gladiators": [g.pk for g in four], "pick_hours": "24"},
    )
    event = PackEvent.objects.get()
    assert response.status_code == 302 and response["Location"] == event_url(event)
    assert event.seats.count() == 4 and event.pick_hours == 24


def test_a_refused_event_says_why(schola, gm, four, client_as):
    four[0].holdings.all().delete()
    response = client_as(gm).post(
        reverse("pack-event-new", args=[schola.slug]),
        {"kind": "sealed", "gladiators": [g.pk for g in four]},
    )
    assert response.status_code == 400
    assert b"Attius holds 0 booster packs; a sealed opens 2." in response.content
    assert not PackEvent.objects.exists()


def test_each_player_sees_their_own_pack_and_picks_it(schola, gm, four, client_as):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    owner, rival = client_as(four[0].owner), client_as(four[1].owner)
    body = owner.get(event_url(event)).content.decode()
    in_hand = hand_on_page(body, four[0])
    assert len(in_hand) == 8
    assert hand_on_page(body, four[1]) == []  # not the rival's pack
    assert hand_on_page(client_as(gm).get(event_url(event)).content.decode(), four[0]) == []

    response = owner.post(
        event_url(event, "pack-pick"), {"gladiator": four[0].pk, "pick": 0, "card": in_hand[3]}
    )
    assert response.status_code == 302
    assert PackPick.objects.get().card == in_hand[3]
    after = owner.get(event_url(event)).content.decode()
    assert hand_on_page(after, four[0]) == []
    assert "Attius has picked" in after
    rival_view = rival.get(event_url(event)).content.decode()
    row = re.search(r'<tr data-gladiator="Attius">(.*?)</tr>', rival_view, re.S).group(1)
    assert "picked" in row and "secret until the end" in row


def test_a_pick_for_anothers_gladiator_is_refused(schola, gm, four, client_as):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    card = hand_on_page(client_as(four[0].owner).get(event_url(event)).content.decode(), four[0])
    for intruder in (gm, four[1].owner):
        response = client_as(intruder).post(
            event_url(event, "pack-pick"), {"gladiator": four[0].pk, "pick": 0, "card": card[0]}
        )
        assert response.status_code == 403
    assert not PackPick.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"pick": 3, "card": "guard"}, b"That was for pick 4; the draft is at pick 1."),
        ({"pick": 0, "card": "nonsense"}, b"That card is not in the pack in hand."),
        ({"pick": "", "card": "guard"}, b"The pick&#x27;s number is missing."),
    ],
)
def test_a_bad_pick_comes_back_with_the_reason(schola, gm, four, client_as, data, message):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    response = client_as(four[0].owner).post(
        event_url(event, "pack-pick"), {"gladiator": four[0].pk, **data}
    )
    assert response.status_code == 400
    assert message in response.content
    assert not PackPick.objects.exists()


def test_the_page_follows_the_draft_and_stops_at_its_end(schola, gm, four, client_as):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    client = client_as(four[0].owner)
    partial = client.get(event_url(event) + "?partial=draft", headers={"HX-Request": "true"})
    text = partial.content.decode()
    assert text.lstrip().startswith('<section id="draft"') and 'hx-trigger="every 3s"' in text
    assert client_as(gm).post(event_url(event, "pack-move-on")).status_code == 302
    event.refresh_from_db()
    assert event.pick == 1
    for _ in range(7):
        pack_autopick(event_id=event.pk, by=gm)
    done = client.get(event_url(event) + "?partial=draft", headers={"HX-Request": "true"})
    text = done.content.decode()
    assert "hx-trigger" not in text and f"seed {event.seed}" in text
    assert text.count("assign to the build") == 1  # for its owner's gladiator only


def test_only_the_gm_moves_on(schola, gm, four, client_as):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    assert client_as(four[0].owner).post(event_url(event, "pack-move-on")).status_code == 403
    assert not PackPick.objects.exists()


def test_outsiders_do_not_see_a_private_campaigns_event(schola, gm, four, client_as, outsider):
    event = pack_event_create(campaign=schola, by=gm, kind="sealed", gladiators=four, seed=5)
    for client in (client_as(outsider), client_as(None)):
        assert client.get(event_url(event)).status_code == 404
        assert client.get(reverse("pack-events", args=[schola.slug])).status_code == 404
    response = client_as(None).post(
        event_url(event, "pack-pick"), {"gladiator": four[0].pk, "pick": 0, "card": "x"}
    )
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_pages_keep_to_the_strict_csp(schola, gm, four, client_as):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    for url in (
        event_url(event),
        reverse("pack-events", args=[schola.slug]),
        reverse("pack-event-new", args=[schola.slug]),
    ):
        body = client_as(gm).get(url).content.decode()
        assert "style=" not in body and "<style" not in body
        for script in re.findall(r"<script[^>]*>", body):
            assert "src=" in script or "nonce=" in script


def test_the_campaign_page_offers_events_only_where_there_are_packs(
    schola, campaign, client_as, gm
):
    client = client_as(gm)
    packs = reverse("pack-events", args=[schola.slug]).encode()
    assert packs in client.get(reverse("campaign", args=[schola.slug])).content
    other = reverse("pack-events", args=[campaign.slug]).encode()
    assert other not in client.get(reverse("campaign", args=[campaign.slug])).content
    refused = client.get(reverse("pack-event-new", args=[campaign.slug]))
    assert refused.status_code == 400 and b"has no booster packs" in refused.content
    response = client.post(reverse("pack-event-new", args=[campaign.slug]), {"kind": "sealed"})
    assert response.status_code == 400
