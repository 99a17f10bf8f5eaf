"""A knockout season's bracket drawn on its page: byes, pairings, walkovers, the champion;
formats without a single bracket draw none."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import Season
from arena.seasons.drawing import season_drawing
from arena.seasons.results import season_fixtures
from arena.seasons.services import season_winner, season_withdraw

from .conftest import play_round

pytestmark = pytest.mark.django_db


def drawn(season: Season):
    return season_drawing(season, season_fixtures(season), lambda bout: f"/bout/{bout.pk}")


def boxes(drawing) -> dict[tuple[int, int], list[str]]:
    return {(m.round, m.slot): [s.text for s in m.sides] for m in drawing.matches}


def test_a_knockout_season_is_drawn_with_its_byes_before_round_one(stable, open_season):
    season = open_season(stable(5), format=Season.Format.KNOCKOUT, round_days=1)
    drawing = drawn(season)
    assert [r["name"] for r in drawing.rounds] == ["Quarter-final", "Semi-final", "Final"]
    assert boxes(drawing) == {
        (1, 0): ["Aulus", "bye"],
        (1, 1): ["Decimus", "Eros"],
        (1, 2): ["Brutus", "bye"],
        (1, 3): ["Crixus", "bye"],
        (2, 0): ["Aulus", "to be decided"],
        (2, 1): ["Brutus", "Crixus"],
        (3, 0): ["to be decided", "to be decided"],
    }
    byes = [m for m in drawing.matches if m.round == 1 and m.slot != 1]
    assert all(m.decided and m.sides[0].won and not m.bout_url for m in byes)
    assert len(drawing.lines) == 2 * 3 + 1  # two into each later match, one to the champion
    assert drawing.champion["name"] == ""


def test_the_drawing_follows_the_bouts_to_the_champion(stable, open_season, client_as, gm):
    season = open_season(stable(5), format=Season.Format.KNOCKOUT, round_days=1)
    play_round(season)
    (fought,) = [m for m in drawn(season).matches if m.bout is not None]
    assert (fought.round, fought.slot) == (1, 1)
    assert fought.bout_url == f"/bout/{fought.bout.pk}" and fought.decided
    assert fought.winner in ("Decimus", "Eros")
    assert [s.won for s in fought.sides].count(True) == 1
    play_round(season)
    play_round(season)
    assert season.status == Season.Status.FINISHED
    champion = season_winner(season).gladiator.name
    assert drawn(season).champion["name"] == champion
    page = client_as(gm).get(reverse("season", args=[season.campaign.slug, season.pk]))
    html = page.content.decode()
    assert 'id="bracket"' in html and f"Champion: {champion}" in html


def test_a_withdrawn_gladiator_loses_by_walkover_in_the_drawing(stable, open_season, rival):
    gladiators = stable(5)
    season = open_season(gladiators, format=Season.Format.KNOCKOUT, round_days=1)
    decimus = season.entries.get(gladiator=gladiators[3])
    season_withdraw(entry=decimus, by=rival)
    play_round(season)
    match = next(m for m in drawn(season).matches if (m.round, m.slot) == (1, 1))
    assert match.note == "walkover" and match.winner == "Eros"
    assert [(s.text, s.won, s.lost) for s in match.sides] == [
        ("Decimus", False, True),
        ("Eros", True, False),
    ]


def test_a_league_draws_no_bracket(stable, open_season, client_as, gm):
    season = open_season(stable(4), format=Season.Format.ROUND_ROBIN)
    assert drawn(season) is None
    page = client_as(gm).get(reverse("season", args=[season.campaign.slug, season.pk]))
    assert page.status_code == 200 and 'id="bracket"' not in page.content.decode()
