"""The bout page's report ("The fight, blow by blow"): every resolved step with its sentences
and dice; a play-by-web bout still being fought is told up to its last resolved turn."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from arena.bouts.report import bout_report
from arena.bouts.services import bout_resolve
from arena.engine import ruleset
from arena.play.services import bout_turn_resolve, order_submit

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


def test_a_play_by_web_bout_in_progress_is_told_up_to_its_last_resolved_turn(
    running, owner, rival, client_as
):
    """Its resolved turns are public (the replay shows them); the next turn's sealed order
    is in no report, not even its owner's."""
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={"move": "D5", "strike": ["D6"]})
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    order_submit(entrant=mine, by=owner, order={"move": "C5", "strike": ["C6"]})
    url = reverse("bout", args=[bout.campaign.slug, bout.pk])
    for who in (owner, rival):
        report = _section(client_as(who).get(url).content.decode())
        assert re.findall(r"<h3>Turn (\d+) ", report) == ["1"]
        assert "Kaunisto moves from D4 to D5." in report
        assert "C5" not in report and "C6" not in report
