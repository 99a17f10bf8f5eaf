"""Sudden Destruction by web, four players, end to end: two plan in their own browsers (one
draws on the board, one types a plan with a tech attempt), two through the API; the real worker
resolves the round when the last plan is in, every board moves on by itself, the tech rolls
are on the bout page, and the GM lets tactics fight the rest: a result table with the rule
set's columns, and a replay that reads phase by phase."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from rest_framework.test import APIClient

from arena.engine import ruleset
from arena.engine.rulesets.sudden_destruction.data import INITIAL
from arena.models import Bout
from arena.play.services import bout_enter, bout_open, bout_start
from campaign.services import campaign_create, campaign_join
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.integration.test_play_by_web_live import open_as

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

# Veterans, so that shots land within a few rounds on a 4x4 board.
BUILDS = {
    "Ballista": {"accuracy": 6, "range": 2, "max_fire": 2, "hit_points": 2},
    "Onager": {"accuracy": 4, "range": 2, "hit_points": 3},
    "Scorpio": {"accuracy": 3, "range": 1, "movement": 2},
    "Aries": {"accuracy": 3, "range": 1, "hit_points": 2},
}


@pytest.fixture
def four_corners(gm, owner, rival, make_user):
    """A 4x4 bout by web, started: Ballista (owner) A1, Onager (rival) D4, Scorpio (tertius)
    D1, Aries (quarta) A4, the corners in entry order."""
    players = [owner, rival, make_user("tertius"), make_user("quarta")]
    campaign = campaign_create(by=gm, name="Engines", ruleset="sudden-destruction")
    bout = bout_open(
        campaign=campaign,
        by=gm,
        title="Four corners",
        options={"board": [4, 4], "max_rounds": 60},
        deadline_hours=24,
    )
    entrants = []
    for player, (name, levels) in zip(players, BUILDS.items(), strict=True):
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        machine = gladiator_create(campaign=campaign, by=player, name=name, kind="war-machine")
        Gladiator.objects.filter(pk=machine.pk).update(
            build={"levels": {**INITIAL.to_json(), **levels}}
        )
        machine.refresh_from_db()
        entrants.append(bout_enter(bout=bout, gladiator=machine, by=player))
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    return bout, players, entrants


def api_plan(bout, player, entrant, text: str) -> None:
    client = APIClient()
    client.force_authenticate(player)
    url = reverse("api-bout-order", args=[bout.campaign.slug, bout.pk, entrant.pk])
    turn = Bout.objects.get(pk=bout.pk).turn  # the order names the turn it is for
    response = client.put(url, {"text": text, "turn": turn}, format="json")
    assert response.status_code == 200, response.content


def test_four_machines_by_web_from_the_first_plan_to_the_result_table(
    celery_worker_process, browser, live_server, gm, four_corners
):
    bout, (owner, rival, tertius, quarta), (ballista, onager, scorpio, aries) = four_corners
    url = f"/c/{bout.campaign.slug}/bouts/{bout.pk}/"
    contexts = [open_as(browser, live_server, user) for user in (owner, rival, gm)]
    try:
        watchers = []
        for context in contexts[:2]:
            watcher = context.new_page()
            watcher.goto(url)
            expect(watcher.locator("#bout-live h2")).to_contain_text("Round 1")
            for name in BUILDS:
                expect(watcher.locator(f"g.figure[data-name='{name}']")).to_have_count(1)
            watcher.evaluate("window.__same_document = true")
            watchers.append(watcher)

        # Two players order through the API: close in and fire at whoever comes.
        api_plan(bout, tertius, scorpio, "Actions: close in on Ballista, fire any\nInterrupt: any")
        api_plan(bout, quarta, aries, "Actions: go A3, fire any\nInterrupt: any")
        expect(watchers[0].locator("#order-status")).to_contain_text("Scorpio")
        expect(watchers[0].locator("#order-status li", has_text="Aries")).to_contain_text(
            "order in"
        )

        # Ballista's owner draws "go to B1, fire at D1" on the board.
        orders = contexts[0].new_page()
        orders.goto(f"{url}orders/{ballista.pk}/")
        expect(orders.locator("#typed-note")).to_contain_text("tech attempt")
        orders.locator("#square-B1").click()
        expect(orders.locator("#draft-move")).to_have_text("B1")
        # A move just set hands the board to the shot, so "2. Fire at" is already pressed.
        fire = orders.get_by_role("button", name="2. Fire at")
        expect(fire).to_have_attribute("aria-pressed", "true")
        # Pressing it again asks the server all the same: its answer is waited for, since a
        # square pressed while it is on its way cancels it (hx-sync replace), which htmx logs
        # to the console as an error.
        with orders.expect_response(lambda r: "pick=strike" in r.url):
            fire.click()
        expect(fire).to_have_attribute("aria-pressed", "true")
        orders.locator("#square-D1").click()  # Scorpio, two squares from B1
        expect(orders.locator("#draft-strike")).to_have_text("D1")
        expect(orders.locator("#order-ok")).to_be_visible()
        orders.get_by_role("button", name="Submit the order").click()
        expect(orders.locator("#flash").get_by_text("Order for round 1 saved")).to_be_visible()
        expect(orders.locator("#saved-order")).to_contain_text("Move: B1")
        expect(watchers[1].locator("#order-status li", has_text="Ballista")).to_contain_text(
            "order in"
        )
        assert Bout.objects.get(pk=bout.pk).turn == 1  # Onager's plan is still missing

        # Onager's owner has never seen the forum: the typed box shows the format and an
        # example; drawing "go to D3" fills the box with that plan in full, and the tech
        # attempt is one line changed. It is the last plan: the round resolves.
        orders = contexts[1].new_page()
        orders.goto(f"{url}orders/{onager.pk}/")
        expect(orders.get_by_role("heading", name="Or type it as on the forum")).to_be_visible()
        box = orders.get_by_label("Order lines")
        expect(box).to_have_attribute("placeholder", re.compile(r"^Tech: accuracy 5\n"))
        expect(orders.locator("#order-format")).to_contain_text("Return fire: yes")
        orders.locator("#square-D3").click()
        expect(orders.locator("#draft-move")).to_have_text("D3")
        expect(orders.get_by_role("heading", name="Or type it as on the forum")).to_be_visible()
        expect(box).to_have_value(re.compile(r"^Tech: none\nActions: go D3\n"))
        box.fill(box.input_value().replace("Tech: none", "Tech: accuracy 5"))
        orders.get_by_role("button", name="Submit these lines").click()

        for watcher in watchers:
            expect(watcher.locator("#bout-live h2")).to_contain_text("Round 2")
            events = watcher.locator("#last-turn-events")
            expect(events.locator("h4").first).to_have_text("Round 1: tech phase.")
            expect(events).to_contain_text(
                re.compile(r"Onager tries accuracy 4 -> 5 \(needs 5\+ on every die; rolls \d\)")
            )
            expect(events).to_contain_text("Ballista moves from A1 to B1")
            ballista_on_board = watcher.locator("#bout-live g.figure[data-name='Ballista'] title")
            expect(ballista_on_board).to_have_text(re.compile(r"^Ballista on B1: "))
            assert watcher.evaluate("window.__same_document") is True
        bout.refresh_from_db()
        assert bout.engine_input["turns"][0]["Ballista"] == {"move": "B1", "strike": ["D1"]}
        assert bout.engine_input["turns"][0]["Onager"]["tech"] == {
            "attribute": "accuracy",
            "level": 5,
        }

        # The GM lets tactics fight the rest: every page shows the result by itself.
        master = contexts[2].new_page()
        master.goto(url)
        master.get_by_role("link", name=re.compile("^Let tactics fight the rest")).click()
        master.get_by_role("button", name="Yes, let tactics fight").click()  # are you sure?
        expect(
            master.get_by_text(
                re.compile(r"^Tactics fought the rest of the bout from round \d+\.$")
            )
        ).to_be_visible()
        labels = [c.label for c in ruleset("sudden-destruction").columns]
        for page in (master, *watchers):
            standings = page.locator("#standings")
            expect(standings).to_be_visible()
            expect(standings.locator("thead th")).to_have_text(
                ["Place", "Gladiator", "Fate", *labels]
            )
            expect(standings.locator("tbody tr")).to_have_count(4)
        bout.refresh_from_db()
        assert bout.status == Bout.Status.RESOLVED
        # Whoever the dice made the winner, or none: the page says the stored result.
        said = f"{bout.winner} wins." if bout.winner else "No winner."
        expect(master.locator("#bout-winner")).to_contain_text(said)

        # The replay steps back to round 1 and reads it phase by phase, tick by tick.
        replay = master.locator("#replay")
        replay.get_by_role("link", name="First round").click()
        total = len(bout.log["turns"])
        expect(replay.locator("h2")).to_contain_text(f"round 1 of {total}")
        phases = replay.locator("#turn-events h4")
        expect(phases).to_have_text(
            ["Round 1: tech phase.", "Round 1: actions phase.", "Round 1: repair phase."]
        )
        expect(replay.locator("#turn-events .tick").first).to_have_text("Tick 1")
        replay.get_by_role("link", name="Next round").click()
        expect(replay.locator("h2")).to_contain_text(f"round 2 of {total}")
        expect(phases.first).to_have_text("Round 2: tech phase.")
    finally:
        for context in contexts:
            context.close()
