"""Arena of the Elders by web, two against two, end to end: four players, two to a team (the
entrants go to Red and Blue in turn), two of them in their own browsers on the generic order
page and two through the API. The preparation waits for all four; after it each step is one
team's turn and waits only for that team's two players; the real worker resolves it when the
second order is in, every board moves on by itself, and the GM lets tactics fight the rest: a
result table with the rule set's columns."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from rest_framework.test import APIClient

from arena.engine import ruleset
from arena.engine.rulesets.arena_of_the_elders.arena import ARENAS
from arena.models import Bout
from arena.play.services import bout_enter, bout_open, bout_start
from arena.play.turns import state_loaded, turn_rules
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create
from tests.integration.test_play_by_web_live import open_as

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SLUG = "arena-of-the-elders"
# In entry order: Red, Blue, Red, Blue (docs/rules/arena-of-the-elders.md, "In a campaign").
CHAMPIONS = [("Pyrrhus", "ignis"), ("Ferox", "vorn"), ("Nereis", "mira"), ("Cassandra", "ossa")]


@pytest.fixture
def two_against_two(gm, owner, rival, make_user):
    """A bout by web on the Elders' Ring, started: owner's Pyrrhus and tertius's Nereis for Red,
    rival's Ferox and quarta's Cassandra for Blue, each team filled with two house champions."""
    players = [owner, rival, make_user("tertius"), make_user("quarta")]
    campaign = campaign_create(by=gm, name="Elders", ruleset=SLUG)
    bout = bout_open(
        campaign=campaign,
        by=gm,
        title="Two against two",
        options={"mode": "deathmatch", "arena": "elders-ring"},
        deadline_hours=24,
    )
    entrants = []
    for player, (name, kind) in zip(players, CHAMPIONS, strict=True):
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        champion = gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        entrants.append(bout_enter(bout=bout, gladiator=champion, by=player))
    bout_start(bout=bout, by=gm)
    bout.refresh_from_db()
    return bout, players, entrants


def api_order(bout, player, entrant, text: str) -> None:
    client = APIClient()
    client.force_authenticate(player)
    url = reverse("api-bout-order", args=[bout.campaign.slug, bout.pk, entrant.pk])
    turn = Bout.objects.get(pk=bout.pk).turn  # the order names the turn it is for
    response = client.put(url, {"text": text, "turn": turn}, format="json")
    assert response.status_code == 200, response.content


def board_now(bout_id: int):
    """The stored state of the bout: who is waited for, and where everyone stands."""
    bout = Bout.objects.get(pk=bout_id)
    rules = turn_rules(bout.ruleset)
    state = state_loaded(rules, bout.state)
    return bout, rules, state


def test_two_against_two_by_web_team_turn_by_team_turn_to_the_result_table(
    celery_worker_process, browser, live_server, gm, two_against_two
):
    bout, (owner, rival, tertius, quarta), (pyrrhus, ferox, nereis, cassandra) = two_against_two
    teams = {g["name"]: g["team"] for g in bout.engine_input["gladiators"]}
    assert [teams[name] for name, _ in CHAMPIONS] == ["Red", "Blue", "Red", "Blue"]
    assert sum(1 for g in bout.engine_input["gladiators"] if g.get("house")) == 4
    url = f"/c/{bout.campaign.slug}/bouts/{bout.pk}/"
    contexts = [open_as(browser, live_server, user) for user in (owner, rival, gm)]
    try:
        watchers = []
        for context in contexts[:2]:
            watcher = context.new_page()
            watcher.goto(url)
            expect(watcher.locator("#bout-live h2")).to_contain_text("Turn 1")
            for name, _ in CHAMPIONS:
                expect(watcher.locator(f"g.figure[data-name='{name}']")).to_have_count(1)
            # The arena as the maps show it: its walls as thick lines, its ledges shaded.
            walls = len(ARENAS["elders-ring"].walls)
            expect(watcher.locator("#bout-live line.line-wall")).to_have_count(walls)
            expect(watcher.locator("#bout-live rect.ledge-shade").first).to_be_attached()
            watcher.evaluate("window.__same_document = true")
            watchers.append(watcher)

        # Turn 1, the preparation: every player's sheet, all four at once. Two type theirs in
        # the browser, two send theirs through the API.
        for context, entrant, sheet in (
            (contexts[0], pyrrhus, "Learn: Flame Lash"),
            (contexts[1], ferox, "Learn: Lunge"),
        ):
            orders = context.new_page()
            orders.goto(f"{url}orders/{entrant.pk}/")
            expect(orders.get_by_role("heading", name="Or type it as on the forum")).to_be_visible()
            orders.get_by_label("Order lines").fill(sheet)
            orders.get_by_role("button", name="Submit these lines").click()
            expect(orders.locator("#flash").get_by_text("Order for turn 1 saved")).to_be_visible()
            expect(orders.locator("#saved-order")).to_contain_text(sheet)
            orders.close()
        api_order(bout, tertius, nereis, "Learn: Renewal")
        assert Bout.objects.get(pk=bout.pk).turn == 1  # Cassandra's sheet is still missing
        api_order(bout, quarta, cassandra, "Learn: Stone Sight")
        for watcher in watchers:
            expect(watcher.locator("#bout-live h2")).to_contain_text("Turn 2")
            expect(watcher.locator("#last-turn-events")).to_contain_text(
                re.compile(r"(Red|Blue) goes first")
            )
            assert watcher.evaluate("window.__same_document") is True
        bout, rules, state = board_now(bout.pk)
        assert bout.engine_input["turns"][0]["Pyrrhus"] == {"choice": "Flame Lash"}
        chosen = {f.name: f.hero.ability(f.choice).name for f in state.fighters}
        assert chosen["Ferox"] == "Lunge" and chosen["Cassandra"] == "Stone Sight"

        # Each later step is one team's turn and waits only for that team's two players: the
        # browser player of the acting team orders on the board, their teammate through the
        # API, and the second order in lets the worker resolve the turn.
        browser_of = {"Red": (contexts[0], owner, pyrrhus), "Blue": (contexts[1], rival, ferox)}
        api_of = {"Red": (tertius, nereis), "Blue": (quarta, cassandra)}
        for turn in (2, 3):
            bout, rules, state = board_now(bout.pk)
            acting = rules.pending(state).phase
            waiting = set(rules.pending(state).who)
            context, _, entrant = browser_of[acting]
            player, mate = api_of[acting]
            assert waiting == {entrant.gladiator.name, mate.gladiator.name}
            other = "Blue" if acting == "Red" else "Red"
            assert not waiting & {
                browser_of[other][2].gladiator.name,
                api_of[other][1].gladiator.name,
            }
            name = entrant.gladiator.name
            taken = {str(f.square) for f in state.fighters if f.alive}  # never end on an ally
            orders = context.new_page()
            orders.goto(f"{url}orders/{entrant.pk}/")
            if turn == 2:
                # Drawn: two steps clicked on the board, each offered from where the path ends.
                path = []
                for _ in range(2):
                    offered = rules.web.choices(state, name, {"path": path})["path"]
                    step = next(s for s in offered if s not in taken and s not in path)
                    orders.locator(f"#square-{step}").click()
                    path.append(step)
                    expect(orders.locator("#draft-path")).to_have_text(", ".join(path))
                expect(orders.locator("#order-ok")).to_be_visible()
                # The ability is drawn too, by its link (and taken back: nobody is in range).
                ready = rules.web.choices(state, name, {"path": path})["ability"][0]
                link = orders.locator(f'#option-ability a[data-value="{ready}"]')
                link.click()
                expect(orders.locator("#draft-ability")).to_have_text(ready)
                expect(orders.locator("#draft-path")).to_have_text(", ".join(path))
                orders.locator(f'#option-ability a[data-value="{ready}"]').click()
                expect(orders.locator("#draft-ability")).to_have_text("none")
                expect(orders.locator("#order-ok")).to_be_visible()
                orders.get_by_role("button", name="Submit the order").click()
                expect(orders.locator("#saved-order")).to_contain_text(f"Move: {', '.join(path)}")
            else:
                # Typed: one step drawn fills the box, which then takes the turn's level.
                offered = rules.web.choices(state, name, {})["path"]
                step = next(s for s in offered if s not in taken)
                path = [step]
                orders.locator(f"#square-{step}").click()
                expect(orders.locator("#draft-path")).to_have_text(step)
                expect(
                    orders.get_by_role("heading", name="Or type it as on the forum")
                ).to_be_visible()
                box = orders.get_by_label("Order lines")
                expect(box).to_have_value(re.compile(rf"^Move: {step}"))
                box.fill(f"Move: {step}\nLevel: yes\nOrder: 1")
                orders.get_by_role("button", name="Submit these lines").click()
                expect(orders.locator("#saved-order")).to_contain_text("Level: yes")
            expect(
                orders.locator("#flash").get_by_text(f"Order for turn {turn} saved")
            ).to_be_visible()
            for watcher in watchers:
                expect(watcher.locator("#order-status li", has_text=name)).to_contain_text(
                    "order in"
                )
            assert Bout.objects.get(pk=bout.pk).turn == turn  # the teammate's order is missing
            api_order(bout, player, mate, "Auto: yes")
            for watcher in watchers:
                expect(watcher.locator("#bout-live h2")).to_contain_text(f"Turn {turn + 1}")
                figure = watcher.locator(f"#bout-live g.figure[data-name='{name}'] title")
                expect(figure).to_have_text(re.compile(rf"^{name} on {path[-1]}: "))
                assert watcher.evaluate("window.__same_document") is True
            orders.close()
            bout.refresh_from_db()
            given = bout.engine_input["turns"][turn - 1]
            assert given[name]["path"] == path and given[mate.gladiator.name] == {"auto": True}
            assert set(given) == waiting  # only the acting team's players were asked
        assert bout.engine_input["turns"][2][browser_of[acting][2].gladiator.name]["level_up"]

        # The GM lets tactics fight the rest: every page shows the result by itself.
        master = contexts[2].new_page()
        master.goto(url)
        master.get_by_role("link", name=re.compile("^Let tactics fight the rest")).click()
        master.get_by_role("button", name="Yes, let tactics fight").click()  # are you sure?
        expect(
            master.get_by_text(re.compile(r"^Tactics fought the rest of the bout from turn \d+\.$"))
        ).to_be_visible()
        labels = [c.label for c in ruleset(SLUG).columns]
        for page in (master, *watchers):
            standings = page.locator("#standings")
            expect(standings).to_be_visible()
            expect(standings.locator("thead th")).to_have_text(
                ["Place", "Gladiator", "Fate", *labels]
            )
            for name, _ in CHAMPIONS:
                expect(standings.locator("tbody tr", has_text=name)).to_have_count(1)
        bout.refresh_from_db()
        assert bout.status == Bout.Status.RESOLVED
        winner = bout.log["result"]["winner"]
        won = {e.gladiator.name for e in (pyrrhus, ferox, nereis, cassandra)
               if teams[e.gladiator.name] == winner}  # fmt: skip
        # A side that won has its two champions; a draw (or no winner) has nobody on it.
        assert len(won) == {"Red": 2, "Blue": 2}.get(winner, 0), winner
    finally:
        for context in contexts:
            context.close()
