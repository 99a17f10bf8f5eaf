"""The standings by player by API: the same lines as the standings page's "By player" table,
for whoever may see the campaign and nobody else."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.bouts.services import bout_resolve
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


def test_each_player_is_one_line_summing_the_stable(
    campaign, owner, rival, brutus, due_bout, api_as
):
    gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")
    bout_resolve(bout_id=due_bout.pk)
    url = reverse("api-standings-players", args=[campaign.slug])
    body = api_as(rival).get(url).json()
    lines = {line["player"]: line for line in body["results"]}
    assert body["count"] == 2 and set(lines) == {"owner", "rival"}
    for name, line in lines.items():
        stable = Gladiator.objects.filter(campaign=campaign, owner__username=name)
        assert line["gladiators"] == stable.count()
        assert line["wins"] == sum(g.wins for g in stable)
        assert line["defeated"] == sum(g.opponents_defeated for g in stable)
        assert line["bouts"] == sum(g.bouts_fought for g in stable) == 1
        assert line["gold"] == sum(g.gold for g in stable)
    assert lines["owner"]["gladiators"] == 2
    # The most wins first.
    assert [line["wins"] for line in body["results"]] == sorted(
        (line["wins"] for line in body["results"]), reverse=True
    )


def test_a_private_campaigns_players_are_not_for_outsiders(campaign, brutus, outsider, api_as):
    url = reverse("api-standings-players", args=[campaign.slug])
    assert api_as(outsider).get(url).status_code == 404
    assert api_as(None).get(url).status_code in {401, 403, 404}
