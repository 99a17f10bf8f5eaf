"""A gladiator's conditional fallback orders are its owner's secret, like an order (record
0088): no page, press, API sheet, forum post or export shows them to anyone else, the GM
included, before or after the turn they fought."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from arena.play.services import bout_turn_force
from campaign.press.services import post_create
from campaign.reliability.fallback import fallback_plan_set

pytestmark = pytest.mark.django_db

# Marks that only the plan can put in a page: its action's key and the form's words for it.
PLAN = [
    {
        "if": [{"when": "opponent_within", "value": 2}],
        "do": {"action": "keep_away", "target": "weakest"},
    }
]
MARKS = ("keep_away", "Keep away from the weakest", "opponent_within", "Fallback orders")


def pages(bout, justbec):
    slug = bout.campaign.slug
    return [
        reverse("campaign", args=[slug]),
        reverse("gladiator", args=[slug, justbec.pk]),
        reverse("bout", args=[slug, bout.pk]),
        reverse("press", args=[slug]),
        reverse("bout-forum-post", args=[slug, bout.pk, 1]),
        reverse("campaign-export", args=[slug]),
        f"/api/campaigns/{slug}/gladiators/{justbec.pk}/",
        f"/api/campaigns/{slug}/bouts/{bout.pk}/",
    ]


def test_nobody_but_the_owner_sees_the_fallback_orders(running, gm, owner, rival, client_as):
    bout, _, theirs = running
    justbec = theirs.gladiator
    fallback_plan_set(gladiator=justbec, by=rival, plan=PLAN)
    post_create(campaign=bout.campaign, by=rival, text="Ave")
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")  # the plan fought
    bout.refresh_from_db()
    assert bout.engine_input["turns"][0]["Justbec"] == {"move": "D7"}
    for user in (gm, owner):
        client = client_as(user)
        for url in pages(bout, justbec):
            response = client.get(url)
            assert response.status_code in (200, 403), url  # the export and forum post: GM
            text = response.content.decode()
            for mark in MARKS:
                assert mark not in text, f"{mark!r} in {url} for {user}"
        api = client.get(reverse("api-gladiator-fallback", args=[bout.campaign.slug, justbec.pk]))
        assert api.status_code == 403 and "keep_away" not in api.content.decode()
    # Its owner reads them on the sheet and through the API.
    mine = client_as(rival)
    sheet = mine.get(reverse("gladiator", args=[bout.campaign.slug, justbec.pk])).content.decode()
    assert "Fallback orders" in sheet and "Keep away from the weakest" in sheet
    api = mine.get(reverse("api-gladiator-fallback", args=[bout.campaign.slug, justbec.pk]))
    assert json.loads(api.content)["plan"] == PLAN
