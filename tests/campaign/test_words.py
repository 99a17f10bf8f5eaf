"""Plurals and words (issue 29): a count meets its noun through Django's pluralisation, and each
rule set names its own things. The last test scans the demo's pages for "1 <plural noun>"."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.template import Context, Template
from django.urls import reverse

from arena.bouts.results import _winner
from arena.engine import ruleset
from arena.engine.core.campaign import Outcome
from arena.engine.core.ruleset import StepWord
from arena.engine.core.words import counted
from arena.play.services import bout_open
from campaign.models import Campaign
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db

RULESETS = ["gladiator-arena", "sudden-destruction", "arena-of-the-elders", "gladiatorquest",
            "gladiator-101"]  # fmt: skip


def render(source: str, **context) -> str:
    return Template("{% load words %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("number", "noun", "said"),
    [
        (1, "defeat", "1 defeat"),
        (2, "defeat", "2 defeats"),
        (0, "win", "0 wins"),
        (1, "opponent defeated,opponents defeated", "1 opponent defeated"),
        (3, "opponent defeated,opponents defeated", "3 opponents defeated"),
        (1, StepWord(one="round", many="rounds"), "1 round"),
        (4, StepWord(one="turn", many="turns"), "4 turns"),
    ],
)
def test_a_count_meets_its_noun_in_the_right_number(number, noun, said):
    assert render("{{ n|counted:noun }}", n=number, noun=noun) == said
    if isinstance(noun, str) and "," not in noun:
        assert counted(number, noun) == said  # the engine's own, without Django


def test_a_dead_gladiators_epitaph_counts_in_the_right_number(campaign, owner, client_as):
    tiro = gladiator_create(campaign=campaign, by=owner, name="Tiro", kind="barbarian")
    Gladiator.objects.filter(pk=tiro.pk).update(
        status=Gladiator.Status.DEAD, wins=1, defeats=1, opponents_defeated=1
    )
    for url in (
        reverse("gladiator", args=[campaign.slug, tiro.pk]),
        reverse("graveyard", args=[campaign.slug]),
    ):
        page = client_as(owner).get(url).content.decode()
        assert "1 win" in page and "1 defeat" in page and "1 opponent defeated" in page
        assert not re.search(r"\b1 (wins|defeats|opponents)\b", page)


def test_an_advance_names_its_level_once(gm, owner):
    """ "Unlock Water Lash (level 3) (level 2)": the label said the ability's level and the
    sheet added the gladiator's next one."""
    elders = ruleset("arena-of-the-elders").campaign
    kind = elders.types()[0].slug
    labels = [a.label for a in elders.advances(kind, elders.new_build(kind), 1)]
    assert labels and not any("(level" in label for label in labels)
    g101 = ruleset("gladiator-101").campaign
    build = g101.new_build("gladiator")
    labels = [a.label for a in g101.advances("gladiator", build, 1)]
    assert not any(re.search(r"\b1 (points|marks)\b", label) for label in labels)
    assert not any(label.startswith("Level ") for label in labels)  # the sheet adds "(to level n)"


def test_a_bout_nobody_won_has_no_winner_whatever_the_result_calls_it():
    """Arena of the Elders names a draw "draw", which read "draw won."."""
    drawn = {"Ignis": Outcome(), "Nyx": Outcome()}
    assert _winner({"winner": "draw"}, drawn) == ""
    won = {"Ignis": Outcome(won=True), "Nyx": Outcome(lost=True)}
    assert _winner({"winner": "Red"}, won) == "Red"
    assert _winner({}, won) == "Ignis"


def test_buying_a_booster_pack_says_what_becomes_of_it(gm, owner, client_as):
    """ "bought the booster-pack (equipped)": the slug, and a pack is not equipped."""
    campaign = campaign_with(gm, (owner,), name="Tiro school", ruleset="gladiator-101")
    tiro = gladiator_create(campaign=campaign, by=owner, name="Tiro", kind="gladiator")
    page = client_as(owner).post(
        reverse("gladiator-buy", args=[campaign.slug, tiro.pk]),
        {"item": "booster-pack"},
        follow=True,
    )
    said = html.unescape(page.content.decode())
    assert "Tiro bought the Gladiator 101 booster pack and keeps it for the next draft" in said
    assert "booster-pack" not in said.split('id="flash"')[1].split("</div>")[0]
    assert "(equipped)" not in said


@pytest.mark.parametrize("slug", RULESETS)
def test_each_rule_set_says_what_its_entrants_fight_with(slug):
    note = ruleset(slug).campaign.entry_note
    assert note.endswith(".") and len(note) > 20
    if slug in ("sudden-destruction", "arena-of-the-elders"):
        assert "weapon it carries" not in note  # war machines and champions carry none


def test_the_entry_form_shows_the_rule_sets_own_note(gm, owner, client_as):
    campaign = campaign_with(gm, (owner,), name="Alesia", ruleset="sudden-destruction")
    gladiator_create(campaign=campaign, by=owner, name="Onager", kind="war-machine")
    bout = bout_open(campaign=campaign, by=gm, title="Siege", deadline_hours=24)
    page = client_as(owner).get(reverse("bout", args=[campaign.slug, bout.pk])).content.decode()
    assert 'id="enter-form"' in page
    assert "A war machine fights with its own weapons" in page
    assert "weapon it carries" not in page


# "1 turns", "(1 points)", "1 defeats" ...: a count of one before a plural noun.
ONE_PLURAL = re.compile(
    r"(?<![\d.,+-])\b1 (turns|rounds|points|marks|defeats|wins|bouts|gladiators|kills|lines"
    r"|minutes|seconds|hours|days|opponents|champions|machines|players|orders|picks|votes)\b"
)
# The event log's lines are the engine's, stored with each bout and replayed byte for byte:
# changing their words is a rule set version bump (docs/rulesets.md), not a page's. The bout
# report tells the same lines as sentences.
EVENT_LOG = re.compile(
    r'<ol class="(turns|events)"[^>]*>.*?</ol>|<ol class="report-steps"[^>]*>.*?</ol>', re.S
)


def test_no_page_of_the_demo_says_one_of_a_plural(client_as):
    call_command("demo_load", verbosity=0)
    gm = get_user_model().objects.get(username="gm")
    client = client_as(gm)
    urls = []
    for campaign in Campaign.objects.all():
        slug = campaign.slug
        pages = ("campaign", "standings", "graveyard", "bout-history", "house-rules")
        urls += [reverse(name, args=[slug]) for name in pages]
        urls += [reverse("gladiator", args=[slug, g.pk]) for g in campaign.gladiators.all()]
        urls += [reverse("bout", args=[slug, b.pk]) for b in campaign.bouts.all()]
    assert len(urls) > 40
    found = []
    for url in urls:
        page = client.get(url)
        assert page.status_code == 200, url
        text = EVENT_LOG.sub("", html.unescape(page.content.decode()))
        found += [(url, m.group(0)) for m in ONE_PLURAL.finditer(text)]
    assert found == []
