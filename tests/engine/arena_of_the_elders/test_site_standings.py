"""Standings per player and per team in the demo's Elders campaign: the standings page adds up
each player's champions in the rule set's record words (team wins, knock-outs), and each
fought bout's page gives its result by team."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db.models import Sum
from django.urls import reverse

from arena.models import Bout
from campaign.models import Campaign
from characters.models import Gladiator

pytestmark = pytest.mark.django_db


@pytest.fixture
def pompeii():
    call_command("demo_load", stdout=StringIO())
    return Campaign.objects.get(slug="the-elders-of-pompeii")


def by_player_rows(html: str) -> dict[str, list[int]]:
    section = html[html.index('id="standings-by-player"') :]
    section = section[: section.index("</section>")]
    rows = re.findall(r'<td data-label="Player">(\w+)</td>((?:<td class="num"[^>]*>\d+</td>)+)',
                      section)  # fmt: skip
    return {name: [int(n) for n in re.findall(r">(\d+)<", cells)] for name, cells in rows}


def test_the_demo_elders_standings_add_up_each_players_champions(pompeii, client_as):
    marcus = get_user_model().objects.get(username="marcus")
    page = client_as(marcus).get(reverse("standings", args=[pompeii.slug])).content.decode()
    assert "By player" in page and "Team wins" in page and "Knock-outs" in page
    rows = by_player_rows(page)
    assert set(rows) == {"marcus", "livia", "quintus"}
    for name, (gladiators, wins, defeated, bouts, gold) in rows.items():
        stable = Gladiator.objects.filter(campaign=pompeii, owner__username=name)
        totals = stable.aggregate(
            w=Sum("wins"), d=Sum("opponents_defeated"), b=Sum("bouts_fought"), g=Sum("gold")
        )
        assert [gladiators, wins, defeated, bouts, gold] == [
            stable.count(), totals["w"], totals["d"], totals["b"], totals["g"]
        ], name  # fmt: skip
    assert sum(wins for _, wins, *_ in rows.values()) > 0  # the demo's history has winners
    # Sorted by team wins, the most first.
    order = [rows[name][1] for name in rows]
    assert order == sorted(order, reverse=True)


def test_a_fought_elders_bout_gives_its_result_by_team(pompeii, client_as):
    bout = Bout.objects.filter(campaign=pompeii, status=Bout.Status.RESOLVED).first()
    marcus = get_user_model().objects.get(username="marcus")
    page = client_as(marcus).get(reverse("bout", args=[pompeii.slug, bout.pk])).content.decode()
    assert ">Team<" in page
    teams = {g["team"] for g in bout.engine_input["gladiators"]}
    assert teams == {"Red", "Blue"}
    assert all(team in page for team in teams)
