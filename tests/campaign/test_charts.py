"""The SVG charts: round ticks on both axes, lines inside the plot, a legend for several."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from campaign.charts import nice_step, time_chart, turns_chart
from characters.services import gladiator_create


@pytest.mark.parametrize(
    ("span", "most", "step"), [(0, 4, 1), (3, 4, 1), (7, 4, 2), (18, 4, 5), (180, 4, 50)]
)
def test_steps_are_round_and_cut_the_span_in_few_parts(span, most, step):
    assert nice_step(span, most) == step


def points(line) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in line.points.split()]


def test_a_time_chart_has_round_value_ticks_from_zero_and_dated_ends():
    start = datetime(2026, 1, 1, tzinfo=UTC)
    series = [(start, 0), (start + timedelta(days=5), 130), (start + timedelta(days=10), 45)]
    chart = time_chart(series, title="Gold", y_label="gold", css_class="gold")
    assert [t.label for t in chart.y_ticks] == ["0", "50", "100", "150"]
    assert [t.label for t in chart.x_ticks] == ["2026-01-01", "2026-01-06", "2026-01-11"]
    for x, y in points(chart.lines[0]):
        assert chart.left <= x <= chart.right and chart.top <= y <= chart.bottom
    zero, top = chart.y_ticks[0].at, chart.y_ticks[-1].at
    assert (zero, top) == (chart.bottom, chart.top)
    assert not chart.legend


def test_a_turns_chart_names_each_line_in_a_legend_with_its_last_value():
    chart = turns_chart(
        {"Brutus": [12, 9, 4], "Nox": [8, 8, 0]},
        {"Brutus": "#aa0000", "Nox": "#0000aa"},
        title="Health",
        y_label="health",
    )
    assert chart.legend
    assert [(line.label, line.last, line.colour) for line in chart.lines] == [
        ("Brutus", 4, "#aa0000"),
        ("Nox", 0, "#0000aa"),
    ]
    assert [t.label for t in chart.x_ticks] == ["1", "2", "3"]
    html = render_to_string("_chart.html", {"chart": chart})
    assert 'aria-label="Health"' in html
    assert "Brutus: 4" in html and "Nox: 0" in html
    assert "across: turn" in html and "up: health" in html
    assert "style=" not in html  # the Content-Security-Policy refuses inline styles


def test_nothing_to_draw_is_no_chart():
    assert time_chart([], title="x", y_label="x", css_class="x") is None
    assert turns_chart({"A": []}, {"A": "#000"}, title="x", y_label="x") is None


def test_a_new_sheets_chart_shows_its_one_date_once_inside_the_chart():
    """Issue 29: a sheet whose points are all on one day drew two labels on one spot, the
    second hanging off the left edge ("6-11-262026-11-26")."""
    start = datetime(2026, 11, 26, 9, tzinfo=UTC)
    series = [(start, 0), (start + timedelta(minutes=3), 150)]
    chart = time_chart(series, title="Gold", y_label="gold", css_class="gold")
    assert [(t.label, t.at, t.anchor) for t in chart.x_ticks] == [
        ("2026-11-26", chart.left, "start")
    ]
    alone = time_chart([(start, 1)], title="Level", y_label="level", css_class="level")
    assert [(t.label, t.anchor) for t in alone.x_ticks] == [("2026-11-26", "start")]


@pytest.mark.django_db
def test_a_new_gladiators_sheet_draws_each_date_label_once(campaign, owner, client_as):
    tiro = gladiator_create(campaign=campaign, by=owner, name="Tiro", kind="barbarian")
    page = client_as(owner).get(reverse("gladiator", args=[campaign.slug, tiro.pk]))
    body = page.content.decode()
    for chart in body.split('class="tick-labels x"')[1:]:
        labels = re.findall(r"<text [^>]*>([^<]+)</text>", chart.split("</g>")[0])
        assert len(labels) == len(set(labels)) == 1
        assert 'text-anchor="start"' in chart.split("</g>")[0]
