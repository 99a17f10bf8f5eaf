"""The dashboard, the campaign page and the page title say "your orders are needed": per bout and
gladiator, every bout of the player in one list, with the deadline."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.bouts.selectors import orders_needed
from arena.play.services import bout_enter, bout_open, bout_start, order_submit
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


def test_a_running_turn_without_my_order_is_needed_until_i_give_it(running, owner, rival):
    bout, mine, _ = running
    (needed,) = orders_needed(user=owner)
    assert (needed.entrant, needed.turn, needed.deadline) == (mine, 1, bout.turn_deadline)
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    assert orders_needed(user=owner) == []
    assert [n.entrant.gladiator.name for n in orders_needed(user=rival)] == ["Justbec"]


def test_a_player_with_several_bouts_sees_them_all_in_one_list(
    running, arena_campaign, gm, owner, rival, client_as
):
    second = bout_open(campaign=arena_campaign, by=gm, title="Second blood", deadline_hours=2)
    spare = gladiator_create(campaign=arena_campaign, by=owner, name="Spare", kind="elf")
    foe = gladiator_create(campaign=arena_campaign, by=rival, name="Foe", kind="dwarf")
    bout_enter(bout=second, gladiator=spare, by=owner, square="A1")
    bout_enter(bout=second, gladiator=foe, by=rival, square="H8")
    bout_start(bout=second, by=gm)

    names = [n.entrant.gladiator.name for n in orders_needed(user=owner)]
    assert names == ["Spare", "Kaunisto"]  # the nearest deadline first
    page = client_as(owner).get(reverse("dashboard")).content.decode()
    listed = page[page.index('id="orders-needed"') :]
    assert "Spare" in listed and "Second blood" in listed
    assert "Kaunisto" in listed and "First blood" in listed
    assert "<title>Your orders are needed (2) · Campaigns · Ludus</title>" in page
    assert listed.count("data-countdown") == 2


def test_the_campaign_page_lists_its_own_and_refreshes_it(running, owner, gm, client_as):
    bout, mine, _ = running
    url = reverse("campaign", args=[bout.campaign.slug])
    page = client_as(owner).get(url).content.decode()
    assert "Your orders are needed (1) · Forum Arena" in page
    assert reverse("bout-orders", args=[bout.campaign.slug, bout.pk, mine.pk]) in page
    assert "Your orders are needed" not in client_as(gm).get(url).content.decode()
    part = client_as(owner).get(reverse("orders-needed"), {"campaign": bout.campaign.slug})
    assert part.status_code == 200 and 'data-count="1"' in part.content.decode()


def test_the_list_of_another_campaign_is_not_shown_to_outsiders(running, outsider, client_as):
    bout, _, _ = running
    response = client_as(outsider).get(reverse("orders-needed"), {"campaign": bout.campaign.slug})
    assert response.status_code == 404
