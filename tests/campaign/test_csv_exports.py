"""CSV downloads of the standings and the fight history: the page's rows under its filters,
visible to whoever sees the page, and safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from arena.bouts.services import bout_resolve
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


def _rows(response) -> list[list[str]]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_standings_csv_has_every_row_with_the_pages_filters(
    client_as, campaign, owner, rival, brutus, nox
):
    gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="elf")
    url = reverse("standings-csv", args=[campaign.slug])
    rows = _rows(client_as(rival).get(url, {"sort": "name", "order": "asc"}))
    assert rows[0][:5] == ["place", "gladiator", "kind", "player", "status"]
    assert [(r[0], r[1], r[3]) for r in rows[1:]] == [
        ("1", "Brutus", "owner"),
        ("2", "Crixus", "owner"),
        ("3", "Nox", "rival"),
    ]
    mine = _rows(client_as(rival).get(url, {"sort": "name", "order": "desc", "owner": "owner"}))
    assert [r[1] for r in mine[1:]] == ["Crixus", "Brutus"]


def test_the_standings_page_links_its_csv_with_its_filters(client_as, campaign, owner, brutus):
    page = client_as(owner).get(reverse("standings", args=[campaign.slug]), {"owner": "owner"})
    csv_url = reverse("standings-csv", args=[campaign.slug])
    assert f'href="{csv_url}?sort=wins&amp;order=desc&amp;status=&amp;owner=owner"' in (
        page.content.decode()
    )


def test_the_history_csv_lists_bouts_with_date_title_entrants_and_result(
    client_as, due_bout, owner, rival
):
    bout = bout_resolve(bout_id=due_bout.pk)
    url = reverse("bout-history-csv", args=[bout.campaign.slug])
    rows = _rows(client_as(owner).get(url))
    assert rows[0] == ["when (UTC)", "bout", "entrants", "status", "winner"]
    assert len(rows) == 2
    when, title, entrants, status, winner = rows[1]
    assert when == bout.scheduled_at.strftime("%Y-%m-%d %H:%M")
    assert title == bout.title
    assert sorted(entrants.split("; ")) == ["Brutus", "Nox"]
    assert status == bout.get_status_display()
    assert winner == bout.winner and winner in {"Brutus", "Nox"}


def test_the_history_csv_keeps_the_pages_filters(client_as, due_bout, owner, nox):
    bout_resolve(bout_id=due_bout.pk)
    url = reverse("bout-history-csv", args=[due_bout.campaign.slug])
    history = reverse("bout-history", args=[due_bout.campaign.slug])
    assert f'href="{url}"' in client_as(owner).get(history).content.decode()
    assert len(_rows(client_as(owner).get(url, {"outcome": "cancelled"}))) == 1  # the header
    assert len(_rows(client_as(owner).get(url, {"player": "rival"}))) == 2
    filtered = client_as(owner).get(history, {"player": "rival"}).content.decode()
    assert f'href="{url}?player=rival"' in filtered


def test_a_bad_filter_says_what_is_wrong(client_as, campaign, owner):
    url = reverse("bout-history-csv", args=[campaign.slug])
    response = client_as(owner).get(url, {"since": "not a date"})
    assert response.status_code == 400
    assert "since" in response.content.decode()


@pytest.mark.parametrize("name", ["standings-csv", "bout-history-csv"])
def test_a_private_campaigns_csv_is_not_found_by_outsiders(
    client_as, campaign, outsider, owner, name
):
    url = reverse(name, args=[campaign.slug])
    assert client_as(outsider).get(url).status_code == 404
    assert client_as(None).get(url).status_code == 404
    assert client_as(owner).get(url).status_code == 200


def test_a_public_campaigns_csv_is_open_to_anyone(client_as, public_campaign):
    url = reverse("standings-csv", args=[public_campaign.slug])
    assert client_as(None).get(url).status_code == 200


@pytest.mark.parametrize("first", ["=", "+", "-", "@"])
def test_a_name_that_reads_as_a_formula_is_escaped(client_as, campaign, owner, first):
    """A spreadsheet would run '=HYPERLINK(...)' as a formula: the cell starts with a quote.
    Numbers stay numbers."""
    name = f"{first}SUM(A1)"
    gladiator_create(campaign=campaign, by=owner, name=name, kind="elf")
    url = reverse("standings-csv", args=[campaign.slug])
    rows = _rows(client_as(owner).get(url))
    assert rows[1][1] == f"'{name}"
    assert rows[1][0] == "1"
