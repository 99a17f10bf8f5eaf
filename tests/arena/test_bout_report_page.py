"""The bout page's report ("The fight, blow by blow"): told for a decided bout, every step
with its sentences and dice; not for a play-by-web bout still being fought."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from arena.engine import ruleset
from arena.play_by_web import bout_turn_resolve, order_submit
from arena.report import bout_report
from arena.services import bout_resolve

pytestmark = pytest.mark.django_db


def _section(page: str) -> str:
    found = re.search(r'<section id="report".*?</section>', page, re.S)
    assert found, "no report section in the page"
    return html.unescape(found.group(0))


def test_a_decided_bout_is_told_blow_by_blow_with_its_dice(client_as, due_bout, rival):
    """A player of the campaign reads it; every step of the log has its
    heading and every sentence its dice."""
    bout = bout_resolve(bout_id=due_bout.pk)
    url = reverse("bout", args=[bout.campaign.slug, bout.pk])
    report = _section(client_as(rival).get(url).content.decode())
    steps = bout_report(bout.log, ruleset(bout.ruleset))
    assert "The fight, blow by blow" in report
    assert len(steps) == len(bout.log["turns"]) > 0
    for step in steps:
        assert f"<h3>{step.heading} " in report
    lines = [s for step in steps for p in step.passages for _, ss in p.ticks for s in ss]
    rolled = [s for s in lines if s.dice]
    assert rolled, "a GladiatorQuest bout rolls for movement"
    for said in lines:
        assert said.text in report
    for said in rolled:
        assert f"<summary>dice</summary><p>{said.dice_words}</p>" in report


def test_a_play_by_web_bout_in_progress_has_no_report(running, owner, rival, client_as):
    """Its resolved turns are in the replay, but the report waits for the bout's end."""
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={"move": "D5", "strike": ["D6"]})
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    page = client_as(owner).get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
    assert page.status_code == 200
    assert 'id="report"' not in page.content.decode()
