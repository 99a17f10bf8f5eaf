"""A whole draft of two players by API alone, from buying the packs to the last pick: the hands
the API showed are the ones the seed and the picks before make, and the builds end up holding
exactly the picks the services recorded."""

from __future__ import annotations

import pytest
from django.urls import reverse

from characters.catalogue import adapter
from characters.models import Gladiator, PackPick
from characters.pack_hands import hand

from .conftest import PACK

pytestmark = pytest.mark.django_db


def cheapest(cards: list[dict]) -> str:
    """The players' own rule, unlike the auto-pick's best value: the cheapest card."""
    return min(cards, key=lambda c: (c["cost"], c["slug"]))["slug"]


def test_a_two_player_draft_by_api_alone_fills_the_builds(schola, gm, players, api_as):
    slug = schola.slug
    clients = {user: api_as(user) for user in (gm, *players[:2])}
    ids = []
    for player, name in zip(players[:2], ("Attius", "Bassus"), strict=True):
        made = clients[player].post(
            reverse("api-gladiators", args=[slug]), {"name": name, "kind": "gladiator"}
        )
        assert made.status_code == 201, made.content
        pk = made.json()["id"]
        paid = clients[gm].post(
            reverse("api-gladiator-adjust", args=[slug, pk]),
            {"currency": "gold", "amount": 40, "reason": "a patron"},
        )
        assert paid.status_code == 201, paid.content
        bought = clients[player].post(reverse("api-gladiator-buy", args=[slug, pk]), {"item": PACK})
        assert bought.status_code == 201, bought.content
        ids.append(pk)

    opened = clients[gm].post(
        reverse("api-packs", args=[slug]), {"kind": "draft", "gladiators": ids}
    )
    assert opened.status_code == 201, opened.content
    url = reverse("api-pack", args=[slug, opened.json()["id"]])
    pick_url = reverse("api-pack-pick", args=[slug, opened.json()["id"]])

    shown: dict[tuple[int, int], list[str]] = {}  # (seat, pick) -> the hand the API showed
    taken: dict[tuple[int, int], str] = {}
    while (state := clients[players[0]].get(url).json())["status"] == "drafting":
        for player in players[:2]:
            body = clients[player].get(url).json()
            (mine,) = [s for s in body["seats"] if s["mine"]]
            seat, pick = mine["seat"] - 1, body["pick"] - 1
            shown[seat, pick] = [c["slug"] for c in mine["hand"]]
            taken[seat, pick] = cheapest(mine["hand"])
            answer = clients[player].post(
                pick_url,
                {
                    "gladiator": mine["gladiator_id"],
                    "pick": body["pick"],
                    "card": taken[seat, pick],
                },
            )
            assert answer.status_code == 200, answer.content

    picks = {seat: [taken[seat, p] for p in range(8)] for seat in range(2)}
    assert len(taken) == 16  # eight picks each, every one of them by API
    # Over: everyone sees every pick, and the seed that lets anyone check every hand shown.
    assert state["seed"] is not None and state["pick"] is None
    for seat in state["seats"]:
        assert [c["slug"] for c in seat["cards"]] == picks[seat["seat"] - 1]
    rules = adapter("gladiator-101").packs
    packs = [list(rules.event_pack(state["seed"], seat, 0)) for seat in range(2)]
    for (seat, pick), cards in shown.items():
        assert cards == hand(packs, taken, seat, pick)

    # What the services recorded: the picks, none made by the auto-pick, and the builds' pools.
    for seat, pk in enumerate(ids):
        recorded = PackPick.objects.filter(seat__gladiator_id=pk).order_by("pick")
        assert [p.card for p in recorded] == picks[seat]
        assert not any(p.auto for p in recorded)
        assert Gladiator.objects.get(pk=pk).build["pool"] == picks[seat]
        sheet = clients[players[seat]].get(reverse("api-gladiator", args=[slug, pk])).json()
        assert sheet["build"]["pool"] == picks[seat]
        assert not any(h["item"] == PACK for h in sheet["holdings"])  # the pack was opened
