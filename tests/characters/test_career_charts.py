"""The sheet's career charts: gold, level, experience and record, each with a table beside it.
The series are plain functions of scripted ledger lines and seats; the page reads them from
stored bouts (written as decided, with the places under test) and ledger lines."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from arena.careers.records import Seat as ArenaSeat
from arena.careers.records import outcome, won_bout
from arena.models import Bout
from characters.career import Seat, bout_result, ledger_series, record_series

from .conftest import decided

T0 = datetime(2026, 3, 1, tzinfo=UTC)


def day(n: int) -> datetime:
    return T0 + timedelta(days=n)


def test_the_ledger_gives_gold_experience_and_level_each_from_its_start():
    lines = [
        (day(1), "gold", 100, "start_purse"),
        (day(2), "xp", 30, "bout"),
        (day(2), "gold", 140, "bout"),
        (day(3), "xp", 10, "level_up"),
        (day(4), "xp", 25, "bout"),
    ]
    series = ledger_series(T0, lines)
    assert series["gold"] == [(T0, 0), (day(1), 100), (day(2), 140)]
    assert series["xp"] == [(T0, 0), (day(2), 30), (day(3), 10), (day(4), 25)]
    assert series["level"] == [(T0, 1), (day(3), 2)]


def test_a_win_then_a_defeat_then_a_draw_counts_up_the_record():
    me, foe, mate = 1, 2, 3
    rows = [
        (10, day(1), "Opening day", me, "", 1),
        (10, day(1), "Opening day", foe, "", 2),
        (11, day(2), "", me, "", 2),
        (11, day(2), "", foe, "", 1),
        (12, day(3), "Stalemate", me, "", 1),
        (12, day(3), "Stalemate", foe, "", 1),
    ]
    points = record_series(me, rows)
    assert [(p.bout_id, p.bout, p.result, p.wins, p.defeats) for p in points] == [
        (10, "Opening day", "won", 1, 0),
        (11, "Bout 11", "lost", 1, 1),
        (12, "Stalemate", "drawn", 1, 1),
    ]
    assert [p.at for p in points] == [day(1), day(2), day(3)]
    # A team-mate placed better is no opponent: first of its side with the team, no defeat.
    teamed = [(13, day(4), "", me, "red", 2), (13, day(4), "", mate, "red", 1),
              (13, day(4), "", foe, "blue", 3)]  # fmt: skip
    assert record_series(me, teamed)[0].result == "drawn"


PLACES = (None, 1, 2, 3)


@pytest.mark.parametrize("teams", [("", "", ""), ("a", "a", "b"), ("a", "b", "b")])
def test_the_record_counts_a_bout_as_the_arena_careers_do(teams):
    """The rule said again on the characters side agrees with arena/careers/records.py on
    every placing of three entrants: a win there is a win here, and a defeat here is a bout
    in which some opponent beat the gladiator there."""
    for places in itertools.product(PLACES, repeat=3):
        arena = [ArenaSeat(7, n, t, p) for n, (t, p) in enumerate(zip(teams, places, strict=True))]
        ours = [Seat(n, t, p) for n, (t, p) in enumerate(zip(teams, places, strict=True))]
        for mine, me in zip(arena, ours, strict=True):
            result = bout_result(me, ours)
            assert (result == "won") == won_bout(mine, arena), (teams, places)
            beaten = any(
                outcome(mine, them) == "lost"
                for them in arena
                if them.gladiator_id != mine.gladiator_id
                and (not mine.team or mine.team != them.team)
            )
            assert (result == "lost") == (beaten and not won_bout(mine, arena)), (teams, places)


@pytest.mark.django_db
def test_the_sheet_draws_experience_and_record_with_a_table_beside_each(
    campaign, gm, brutus, nox, owner, give, client_as
):
    give(brutus, 40, "xp")
    decided(campaign, gm, {brutus: 1, nox: 2}, days_ago=3, title="First blood")
    decided(campaign, gm, {brutus: 2, nox: 1}, days_ago=2, title="Revenge")
    decided(campaign, gm, {brutus: 1, nox: 1}, days_ago=1, title="Stalemate")
    decided(campaign, gm, {brutus: 1, nox: 2}, status=Bout.Status.VOIDED, title="Void")

    html = client_as(owner).get(reverse("gladiator", args=[campaign.slug, brutus.pk])).text

    gold = html[html.index('id="gold-chart"') : html.index('id="xp-chart"')]
    assert "Gold as a table" in gold
    assert f'<td class="num" data-label="Gold">{brutus.gold}</td>' in gold
    xp = html[html.index('id="xp-chart"') : html.index('id="record-chart"')]
    assert 'aria-label="Brutus&#x27;s experience over time: now 40"' in xp
    assert "Experience as a table" in xp and '<td class="num" data-label="Experience">40</td>' in xp

    record = html[html.index('id="record-chart"') : html.index('id="rating-history"')]
    assert "Record over time (1 win, 1 defeat in 3 bouts)" in record
    assert "1 won and 1 lost in 3 bouts" in record  # the chart's own title
    assert record.count("<polyline") == 2  # wins and defeats
    assert "Record as a table" in record
    rows = [r.split("</tr>")[0] for r in record.split('<tr><td data-label="When">')[1:]]
    results = [
        (r.split('data-label="Result">')[1].split("<")[0], r.split('data-label="Wins">')[1][0],
         r.split('data-label="Defeats">')[1][0])
        for r in rows
    ]  # fmt: skip
    assert results == [("drawn", "1", "1"), ("lost", "1", "1"), ("won", "1", "0")]
    assert "Void" not in record  # a voided bout counts in no record


@pytest.mark.django_db
def test_a_new_gladiator_has_no_record_chart_yet(campaign, brutus, owner, client_as):
    html = client_as(owner).get(reverse("gladiator", args=[campaign.slug, brutus.pk])).text
    record = html[html.index('id="record-chart"') : html.index('id="rating-history"')]
    assert "No resolved bouts yet." in record and "<svg" not in record
