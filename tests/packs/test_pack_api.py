"""Draft and sealed events by API: opening one (the GM), reading it as its page shows it, picks
by the owner, moving on (the GM), what stays secret from whom, who may do what, and refusals in
words that change nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.services import campaign_create, campaign_join
from characters.models import PackEvent, PackPick
from characters.pack_events import pack_event_create
from characters.pack_selectors import pack_event_seats
from characters.services import gladiator_create

from .conftest import PACK, equip_with_packs

pytestmark = pytest.mark.django_db


def packs_url(campaign) -> str:
    return reverse("api-packs", args=[campaign.slug])


def event_url(event, name: str = "api-pack") -> str:
    return reverse(name, args=[event.campaign.slug, event.pk])


def seat_of(body: dict, gladiator) -> dict:
    return next(s for s in body["seats"] if s["gladiator_id"] == gladiator.pk)


def slugs(cards) -> list[str]:
    return [c["slug"] for c in cards]


def open_draft(schola, gm, gladiators, seed: int = 5) -> PackEvent:
    return pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=gladiators, seed=seed)


def pick_by_api(api_as, event, gladiator, card: str, pick: int):
    return api_as(gladiator.owner).post(
        event_url(event, "api-pack-pick"),
        {"gladiator": gladiator.pk, "pick": pick, "card": card},
        format="json",
    )


def hand_by_api(api_as, event, gladiator) -> list[str]:
    return slugs(seat_of(api_as(gladiator.owner).get(event_url(event)).json(), gladiator)["hand"])


# --- opening and reading -----------------------------------------------------------------


def test_the_gm_opens_a_draft_and_every_member_lists_it(schola, gm, four, api_as):
    response = api_as(gm).post(
        packs_url(schola),
        {"kind": "draft", "gladiators": [g.pk for g in four], "pick_hours": 24},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    event = PackEvent.objects.get()
    assert body["id"] == event.pk and event.pick_hours == 24
    assert (body["kind"], body["status"], body["pick"], body["seed"]) == (
        "draft",
        "drafting",
        1,
        None,
    )
    assert body["may_move_on"] is True
    assert [(s["seat"], s["gladiator"], s["player"]) for s in body["seats"]] == [
        (n + 1, g.name, g.owner.username) for n, g in enumerate(four)
    ]
    # The GM holds no seat: no hand and no picks to show.
    assert all(s["hand"] is None and s["cards"] is None for s in body["seats"])
    assert [g.holdings.filter(item=PACK).count() for g in four] == [1, 1, 1, 1]

    listed = api_as(four[2].owner).get(packs_url(schola)).json()
    assert listed["count"] == 1
    row = listed["results"][0]
    assert (row["id"], row["kind"], row["seat_count"], row["pick"], row["seed"]) == (
        event.pk, "draft", 4, 1, None,
    )  # fmt: skip


def test_a_sealed_event_by_api_is_over_at_once_and_shows_its_seed(schola, gm, four, api_as):
    response = api_as(gm).post(
        packs_url(schola), {"kind": "sealed", "gladiators": [g.pk for g in four[:2]]}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    event = PackEvent.objects.get()
    assert (body["status"], body["pick"], body["seed"]) == ("finished", None, event.seed)
    assert body["may_move_on"] is False
    for gladiator in four[:2]:
        gladiator.refresh_from_db()
        seat = seat_of(body, gladiator)
        assert slugs(seat["cards"]) == gladiator.build["pool"] and len(seat["cards"]) == 16
        assert seat["hand"] is None and seat["picks_made"] == 0


def test_a_player_sees_their_own_hand_and_picks_it(schola, gm, four, api_as):
    event = open_draft(schola, gm, four)
    mine = seat_of(api_as(four[0].owner).get(event_url(event)).json(), four[0])
    assert mine["mine"] is True and mine["cards"] == [] and len(mine["hand"]) == 8
    card = mine["hand"][3]
    assert set(card) == {"slug", "name", "cost", "text", "tags"}

    response = pick_by_api(api_as, event, four[0], card["slug"], pick=1)
    assert response.status_code == 200, response.content
    after = seat_of(response.json(), four[0])
    assert (after["picks_made"], after["picked_now"], after["hand"]) == (1, True, [])
    assert slugs(after["cards"]) == [card["slug"]]
    assert PackPick.objects.get().card == card["slug"]
    # The others see that it has picked, not what.
    rival = seat_of(api_as(four[1].owner).get(event_url(event)).json(), four[0])
    assert (rival["picked_now"], rival["picks_made"], rival["cards"], rival["hand"]) == (
        True, 1, None, None,
    )  # fmt: skip


def test_the_packs_pass_once_every_seat_has_picked(schola, gm, four, api_as):
    event = open_draft(schola, gm, four)
    first = hand_by_api(api_as, event, four[0])
    for gladiator in four:
        taken = hand_by_api(api_as, event, gladiator)[2]
        assert pick_by_api(api_as, event, gladiator, taken, pick=1).status_code == 200
    body = api_as(four[1].owner).get(event_url(event)).json()
    assert body["pick"] == 2
    # The second seat now holds the first seat's pack, less the first seat's pick.
    assert slugs(seat_of(body, four[1])["hand"]) == [c for n, c in enumerate(first) if n != 2]


def test_the_gm_moves_the_draft_on_by_api(schola, gm, four, api_as):
    event = open_draft(schola, gm, four)
    card = hand_by_api(api_as, event, four[0])[0]
    pick_by_api(api_as, event, four[0], card, pick=1)
    response = api_as(gm).post(event_url(event, "api-pack-move-on"), format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["auto_picks"] == 3 and body["event"]["pick"] == 2
    autos = PackPick.objects.filter(auto=True)
    assert autos.count() == 3 and not autos.filter(seat__gladiator=four[0]).exists()


# --- secrecy -----------------------------------------------------------------------------

# A seed that no other figure of an answer could be mistaken for: it must not appear.
SECRET_SEED = 873_145_928_611


def visible_to(event, user) -> set[str]:
    """The card keys the selectors let `user` see: their own seats' hands and picks."""
    event.refresh_from_db()  # the answers moved the draft on
    return {
        c.slug
        for view in pack_event_seats(event=event, user=user)
        if view.mine
        for c in [*view.hand, *view.cards]
    }


def all_secret_cards(event, owners) -> set[str]:
    """Every hand and every pick of the running draft, as their owners see them."""
    return set().union(*(visible_to(event, owner) for owner in owners))


def assert_no_secret_in(texts: list[str], event, viewer, secret_cards: set[str]) -> None:
    secret = secret_cards - visible_to(event, viewer)
    assert secret, "the check must have something to look for"
    for text in texts:
        leaked = sorted(slug for slug in secret if f'"{slug}"' in text)
        assert not leaked, f"{viewer} was shown {leaked}"
        assert str(SECRET_SEED) not in text


def test_no_answer_shows_another_players_hand_or_picks(schola, gm, four, api_as):
    event = open_draft(schola, gm, four, seed=SECRET_SEED)
    owners = [g.owner for g in four]
    for pick in (1, 2, 3):
        for gladiator in four[:3]:  # the fourth player is absent: the GM moves on
            card = hand_by_api(api_as, event, gladiator)[-1]
            made = pick_by_api(api_as, event, gladiator, card, pick=pick)
            assert made.status_code == 200
            secret = all_secret_cards(event, owners)
            assert_no_secret_in([made.content.decode()], event, gladiator.owner, secret)
            for viewer in (*owners, gm):
                texts = [api_as(viewer).get(url).content.decode()
                         for url in (event_url(event), packs_url(schola))]  # fmt: skip
                assert_no_secret_in(texts, event, viewer, secret)
        moved = api_as(gm).post(event_url(event, "api-pack-move-on"), format="json")
        assert moved.status_code == 200 and moved.json()["auto_picks"] == 1
        assert_no_secret_in([moved.content.decode()], event, gm, all_secret_cards(event, owners))


def test_the_public_reads_a_public_draft_but_no_hand(gm, players, api_as, make_user):
    arena = campaign_create(by=gm, name="Open Schola", ruleset="gladiator-101", visibility="public")
    for player in players[:2]:
        campaign_join(campaign=arena, user=player, code=arena.invite_code)
    pair = [
        equip_with_packs(gladiator_create(campaign=arena, by=p, name=n, kind="gladiator"), gm=gm)
        for p, n in zip(players[:2], ("Attius", "Bassus"), strict=True)
    ]
    event = open_draft(arena, gm, pair, seed=SECRET_SEED)
    secret = all_secret_cards(event, players[:2])
    for viewer in (None, make_user("passer-by")):
        response = api_as(viewer).get(event_url(event))
        assert response.status_code == 200
        assert all(s["hand"] is None and s["cards"] is None for s in response.json()["seats"])
        text = response.content.decode()
        assert_no_secret_in([text], event, viewer or AnonymousUser(), secret)


# --- refusals, in words, changing nothing -----------------------------------------------


def nothing_changed(event, picks: int = 0, pick: int = 0) -> bool:
    event.refresh_from_db()
    return PackPick.objects.count() == picks and event.pick == pick


@pytest.mark.parametrize(
    ("who", "payload", "status", "words"),
    [
        ("owner", {"card": "not-a-feat"}, 400, "That card is not in the pack in hand."),
        ("owner", {"pick": 2}, 400, "the draft is at pick 1"),
        ("rival", {}, 403, "Only Attius's owner picks for it."),
        ("gm", {}, 403, "Only Attius's owner picks for it."),
        ("owner", {"gladiator": "unseated"}, 400, "Choose a gladiator seated at this draft."),
        ("owner", {"pick": 0}, 400, "greater than or equal to 1"),
        ("owner", {"card": ""}, 400, "may not be blank"),
    ],
)
def test_a_bad_pick_is_refused_in_words(schola, gm, four, api_as, who, payload, status, words):
    event = open_draft(schola, gm, four[:3])
    unseated = four[3]
    body = {"gladiator": four[0].pk, "pick": 1, "card": hand_by_api(api_as, event, four[0])[0]}
    body.update(payload)
    if body["gladiator"] == "unseated":
        body["gladiator"] = unseated.pk
    user = {"owner": four[0].owner, "rival": four[1].owner, "gm": gm}[who]
    response = api_as(user).post(event_url(event, "api-pack-pick"), body, format="json")
    assert response.status_code == status
    assert words in response.content.decode()
    assert nothing_changed(event)


def test_a_second_pick_of_the_same_turn_is_refused(schola, gm, four, api_as):
    event = open_draft(schola, gm, four)
    first, second = hand_by_api(api_as, event, four[0])[:2]
    assert pick_by_api(api_as, event, four[0], first, pick=1).status_code == 200
    response = pick_by_api(api_as, event, four[0], second, pick=1)
    assert response.status_code == 400
    assert response.json() == {"card": ["Attius has made pick 1 already."]}
    assert nothing_changed(event, picks=1)


def test_a_sealed_event_takes_no_pick(schola, gm, four, api_as):
    event = pack_event_create(campaign=schola, by=gm, kind="sealed", gladiators=four[:1], seed=5)
    response = pick_by_api(api_as, event, four[0], "guard", pick=1)
    assert response.status_code == 400 and "The draft is over." in response.content.decode()
    moved = api_as(gm).post(event_url(event, "api-pack-move-on"), format="json")
    assert moved.status_code == 400 and "The draft is over." in moved.content.decode()
    assert not PackPick.objects.exists()


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ({"kind": "cube"}, "kind", "is not a valid choice"),
        ({"gladiators": "first"}, "gladiators", "A draft seats 2 to 8 gladiators; 1 were given."),
        ({"gladiators": "twice"}, "gladiators", "A gladiator takes one seat only."),
        ({"gladiators": "without packs"}, "gladiators", "Celer holds 0 booster packs"),
        ({"gladiators": "foreign"}, "gladiators", "in this campaign."),
        ({"pick_hours": 0}, "pick_hours", "greater than or equal to 1"),
        ({"pick_hours": 10_000}, "pick_hours", "less than or equal to 168"),
    ],
)
def test_a_bad_event_is_refused_in_words_and_uses_up_nothing(
    schola, gm, four, api_as, brutus, payload, field, words
):
    four[2].holdings.filter(item=PACK).delete()
    chosen = {
        "first": [four[0].pk],
        "twice": [four[0].pk, four[0].pk],
        "without packs": [g.pk for g in four],
        "foreign": [four[0].pk, brutus.pk],  # a gladiator of another campaign
        "a pair": [four[0].pk, four[1].pk],
    }
    body = {"kind": "draft", "gladiators": "a pair", **payload}
    body["gladiators"] = chosen[body["gladiators"]]
    response = api_as(gm).post(packs_url(schola), body, format="json")
    assert response.status_code == 400
    assert words in " ".join(response.json()[field])
    assert not PackEvent.objects.exists()
    assert [g.holdings.filter(item=PACK).count() for g in four] == [2, 2, 0, 2]


def test_a_rule_set_without_packs_takes_no_event(campaign, gm, brutus, nox, api_as):
    response = api_as(gm).post(
        packs_url(campaign), {"kind": "sealed", "gladiators": [brutus.pk, nox.pk]}, format="json"
    )
    assert response.status_code == 400 and "has no booster packs" in response.content.decode()
    assert api_as(gm).get(packs_url(campaign)).json()["count"] == 0


# --- who may do what ---------------------------------------------------------------------


def test_outsiders_find_no_event_of_a_private_campaign(schola, gm, four, api_as, outsider):
    event = open_draft(schola, gm, four)
    client = api_as(outsider)
    assert client.get(packs_url(schola)).status_code == 404
    assert client.get(event_url(event)).status_code == 404
    body = {"kind": "sealed", "gladiators": [four[0].pk]}
    assert client.post(packs_url(schola), body, format="json").status_code == 404
    pick = {"gladiator": four[0].pk, "pick": 1, "card": "guard"}
    assert client.post(event_url(event, "api-pack-pick"), pick, format="json").status_code == 404
    assert client.post(event_url(event, "api-pack-move-on"), format="json").status_code == 404
    anonymous = api_as(None)
    assert anonymous.get(event_url(event)).status_code == 404
    assert anonymous.get(packs_url(schola)).status_code == 404
    refused = anonymous.post(event_url(event, "api-pack-move-on"), format="json")
    assert refused.status_code in (401, 403)
    assert nothing_changed(event) and PackEvent.objects.count() == 1


def test_only_the_gm_opens_an_event(schola, four, api_as):
    body = {"kind": "sealed", "gladiators": [four[0].pk]}
    response = api_as(four[0].owner).post(packs_url(schola), body, format="json")
    assert response.status_code == 403
    assert not PackEvent.objects.exists()
    assert four[0].holdings.filter(item=PACK).count() == 2


def test_only_the_gm_moves_the_draft_on(schola, gm, four, api_as):
    event = open_draft(schola, gm, four)
    for player in (four[0].owner, four[1].owner):
        response = api_as(player).post(event_url(event, "api-pack-move-on"), format="json")
        assert response.status_code == 403
        assert seat_of(api_as(player).get(event_url(event)).json(), four[0])["picks_made"] == 0
    assert nothing_changed(event)
    assert api_as(four[0].owner).get(event_url(event)).json()["may_move_on"] is False


def test_an_event_of_another_campaign_is_not_found(schola, gm, four, api_as, campaign):
    event = open_draft(schola, gm, four)
    url = reverse("api-pack", args=[campaign.slug, event.pk])
    assert api_as(gm).get(url).status_code == 404
    move_on = reverse("api-pack-move-on", args=[campaign.slug, event.pk])
    assert api_as(gm).post(move_on, format="json").status_code == 404
    assert nothing_changed(event)


def test_an_events_answer_costs_the_same_queries_for_two_seats_or_four(schola, gm, four, api_as):
    events = [open_draft(schola, gm, four[:2]), open_draft(schola, gm, four)]
    api_as(four[0].owner).get(event_url(events[0]))  # what a first request caches, once
    counts = []
    for event in events:
        with CaptureQueriesContext(connection) as queries:
            assert api_as(four[0].owner).get(event_url(event)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
