"""In Chromium: the orders board without a mouse, and live updates that keep what the player is
doing (issue 16). An order is given from the keyboard alone in fewer than 25 key presses; focus
is checked after every htmx swap; a half-typed field survives three refresh cycles that really
changed the page around it; news is read out by the page's one live region.

Every refresh here is a real poll of the page (every 3 s on the bout page), answered by the
live server after a service call changed the bout: nothing is mocked.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout, TurnOrder
from arena.play.services import (
    bout_enter,
    bout_finish_by_tactics,
    bout_open,
    bout_start,
    bout_turn_force,
    order_submit,
)
from characters.services import gladiator_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED_ID = "document.activeElement && document.activeElement.id"
IN_GRID = "!!(document.activeElement && document.activeElement.closest('[role=grid]'))"


def focused(page: Page) -> str:
    return page.evaluate(FOCUSED_ID) or ""


def live_says(page: Page, text: str | re.Pattern) -> None:
    expect(page.locator("#live-status")).to_have_text(
        text if isinstance(text, re.Pattern) else re.compile(re.escape(text))
    )


def same_document(page: Page) -> None:
    page.evaluate("window.__same_document = true")  # lost if the page were reloaded


def assert_same_document(page: Page) -> None:
    assert page.evaluate("window.__same_document") is True, "the page reloaded instead of a swap"


def orders_url(bout, entrant) -> str:
    return f"/c/{bout.campaign.slug}/bouts/{bout.pk}/orders/{entrant.pk}/"


def bout_url(bout) -> str:
    return f"/c/{bout.campaign.slug}/bouts/{bout.pk}/"


def test_an_order_is_given_from_the_keyboard_in_fewer_than_25_presses(page, login, running, owner):
    bout, mine, _ = running
    login(owner)
    page.goto(orders_url(bout, mine))
    same_document(page)
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        presses += 1
        page.keyboard.press(key)

    while not page.evaluate(IN_GRID):
        press("Tab")
        assert presses < 20, "the board is not reachable with Tab"
    # One tab stop: the board is entered on the player's own square.
    assert focused(page) == "square-D4"

    press("ArrowUp")
    assert focused(page) == "square-D5"
    press("Enter")
    expect(page.locator("#draft-move")).to_have_text("D5")
    # The swap kept focus on the square pressed (htmx gives it back just after the new parts
    # are in, so the check waits for it), and the board now sets the strike.
    expect(page.locator("#square-D5")).to_be_focused()
    expect(page.locator("#pick-strike")).to_have_attribute("aria-pressed", "true")
    expect(page).to_have_url(re.compile(r"pick=strike&move=D5$"))

    press("ArrowUp")
    press("Enter")
    expect(page.locator("#draft-strike")).to_have_text("D6")
    expect(page.locator("#square-D6")).to_be_focused()
    live_says(page, "A legal order")

    while focused(page) != "order-submit":
        press("Tab")
        assert presses < 25, f"the submit button is not near the board ({focused(page)})"
    press("Enter")
    expect(page.locator("#saved-order")).to_contain_text("D5")
    expect(page.locator("#order-submit")).to_be_focused()  # given back after the swap, as above
    live_says(page, "Order for turn 1 saved")

    print(f"an order from the keyboard: {presses} key presses")  # shown with -s
    assert presses < 25
    assert TurnOrder.objects.get(entrant=mine).order == {"move": "D5", "strike": ["D6"]}
    assert_same_document(page)


def test_a_square_pressed_the_moment_the_board_is_swapped_in_goes_through_htmx(
    page, login, running, owner
):
    # The fastest player there could be: the next square is pressed in the first task after the
    # swap (no key press can come sooner). htmx wires up new content when it settles; were that
    # left to a timer (htmx's default 20 ms), this press would submit the new form natively and
    # reload the page.
    bout, mine, _ = running
    login(owner)
    page.goto(orders_url(bout, mine))
    same_document(page)
    page.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", () => {
            if (window.__pressed) return;
            window.__pressed = true;
            setTimeout(() => document.getElementById("square-D6").click(), 0);
        })"""
    )
    page.locator("#square-D5").click()
    expect(page.locator("#draft-strike")).to_have_text("D6")
    expect(page.locator("#draft-move")).to_have_text("D5")
    assert_same_document(page)


def test_the_board_is_a_grid_of_buttons_that_say_who_stands_there(page, login, running, owner):
    bout, mine, _ = running
    login(owner)
    page.goto(orders_url(bout, mine))
    grid = page.get_by_role("grid", name=re.compile("The board"))
    expect(grid.get_by_role("button")).to_have_count(64)
    # Justbec may step away and strike back at its own square: the threat overlay says so.
    expect(
        grid.get_by_role("button", name=re.compile(r"^D6, Justbec, \d+ HP, threatened by Justbec$"))
    ).to_have_count(1)
    expect(
        grid.get_by_role(
            "button", name=re.compile(r"^D4, Kaunisto \(you\), \d+ HP, threatened by Justbec$")
        )
    ).to_have_count(1)
    expect(
        grid.get_by_role("button", name="D5, threatened by Justbec, you can move here")
    ).to_have_count(1)
    expect(grid.get_by_role("button", name="A1", exact=True)).to_have_count(1)
    assert page.locator("[role=img] button, [role=img] a").count() == 0
    # Arrow keys move inside; Tab leaves the board at once (a single tab stop).
    grid.get_by_role("button", name="A1", exact=True).focus()
    page.keyboard.press("ArrowRight")
    assert focused(page) == "square-B1"
    page.keyboard.press("End")
    assert focused(page) == "square-H1"
    page.keyboard.press("Control+Home")
    assert focused(page) == "square-A8"
    page.keyboard.press("Tab")
    assert not page.evaluate(IN_GRID)
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "square-A8"
    # The skip link jumps past the board; the typed box is there, open, not folded away.
    page.get_by_role("link", name="Skip the board").focus()
    page.keyboard.press("Enter")
    assert focused(page) == "your-order"
    expect(page.get_by_label("Order lines")).to_be_visible()


def test_a_typed_order_and_a_ticked_box_survive_pressing_squares(page, login, running, owner):
    bout, mine, _ = running
    login(owner)
    page.goto(orders_url(bout, mine))
    same_document(page)
    box = page.get_by_label("Order lines")
    box.fill("Move: C4\nStrike: C")  # half typed
    page.get_by_label(re.compile("Standing order")).check()
    for square, draft in (("D5", "move=D5"), ("D3", "strike=D3"), ("C5", "strike=D3%2CC5")):
        page.locator(f"#square-{square}").click()
        expect(page).to_have_url(re.compile(rf"{draft}$"))
        assert focused(page) == f"square-{square}"
        expect(box).to_have_value("Move: C4\nStrike: C")
        expect(page.get_by_label(re.compile("Standing order"))).to_be_checked()
    expect(page.locator("#draft-strike")).to_have_text("D3, C5")
    box.press("End")
    box.type("5")
    page.get_by_role("button", name="Submit these lines").click()
    expect(page.locator("#saved-order")).to_contain_text("C4")
    assert TurnOrder.objects.get(entrant=mine).order == {"move": "C4", "strike": ["C5"]}
    assert_same_document(page)


@pytest.fixture
def open_bout(arena_campaign, gm, rival, kaunisto, justbec):
    """An open bout nobody has entered, and two more gladiators of the rival's to enter it."""
    bout = bout_open(campaign=arena_campaign, by=gm, title="Entries", deadline_hours=24)
    others = [
        gladiator_create(campaign=arena_campaign, by=rival, name=name, kind="human")
        for name in ("Celer", "Durus")
    ]
    return bout, [justbec, *others]


def test_a_half_typed_starting_square_survives_three_refresh_cycles(
    page, login, open_bout, owner, rival
):
    bout, newcomers = open_bout
    login(owner)
    page.goto(bout_url(bout))
    same_document(page)
    square = page.get_by_label("Starting square")
    square.click()
    page.keyboard.type("D4")
    for n, (gladiator, where) in enumerate(zip(newcomers, ("D6", "A1", "H8"), strict=True)):
        bout_enter(bout=bout, gladiator=gladiator, by=rival, square=where)
        # The entries table was refreshed around the field ...
        expect(page.locator("#entries tbody tr")).to_have_count(n + 1)
        expect(page.locator("#entries")).to_contain_text(gladiator.name)
        live_says(page, gladiator.name)
        # ... and the field kept what was typed, and the focus.
        expect(square).to_have_value("D4")
        assert focused(page) == "enter-square"
    page.keyboard.press("Enter")
    expect(page.locator("#entries")).to_contain_text("Kaunisto")
    expect(page.locator("#entries")).to_contain_text("D4")


def test_a_form_kept_while_entries_close_is_refused_in_words(
    page, login, open_bout, owner, rival, gm
):
    bout, newcomers = open_bout
    bout_enter(bout=bout, gladiator=newcomers[0], by=rival, square="D6")
    bout_enter(bout=bout, gladiator=newcomers[1], by=rival, square="A1")
    login(owner)
    page.goto(bout_url(bout))
    same_document(page)
    square = page.get_by_label("Starting square")
    square.fill("D4")
    bout_start(bout=bout, by=gm)
    # The bout began: the panel turned to turn 1 by itself, the half-typed form stayed.
    expect(page.locator("#live-head h2")).to_contain_text("Turn 1")
    live_says(page, "Turn 1 is taking orders.")
    expect(square).to_have_value("D4")
    assert focused(page) == "enter-square"
    assert_same_document(page)
    page.keyboard.press("Enter")
    expect(page.locator("#flash")).to_contain_text("This bout is not open for entries.")
    assert not bout.entrants.filter(gladiator__owner=owner).exists()


def test_focus_on_give_orders_survives_the_running_panel_refreshing(
    page, login, running, owner, rival, gm
):
    bout, mine, theirs = running
    login(owner)
    page.goto(bout_url(bout))
    same_document(page)
    give = page.get_by_role("link", name="Give orders for Kaunisto")
    give.focus()
    order_submit(entrant=theirs, by=rival, order={"strike": ["D5"]}, turn=1)
    expect(page.locator("#order-status")).to_contain_text(re.compile(r"Justbec.*order in", re.S))
    live_says(page, "Justbec: order in.")
    assert focused(page) == f"give-orders-{mine.pk}"

    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    expect(page.locator("#live-head h2")).to_contain_text("Turn 2")
    live_says(page, "Turn 1 has resolved. Turn 2 is taking orders.")
    assert focused(page) == f"give-orders-{mine.pk}"
    assert_same_document(page)

    # The bout ends while the page is open: the page is rebuilt in place, and focus moves to
    # the result on purpose, which the live region reads out.
    bout_finish_by_tactics(bout=bout, by=gm, turn=2)
    expect(page.locator("#bout-status")).to_have_text("Resolved")
    assert focused(page) == "result-title"
    live_says(page, "The bout is over")
    assert_same_document(page)


def test_the_result_is_read_out_when_the_bout_is_fought(page, login, campaign, gm, brutus, nox):
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(seconds=1),
        seed=7,
    )
    login(gm)
    page.goto(bout_url(bout))
    same_document(page)
    expect(page.locator("#bout-status")).to_have_text("Scheduled")
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now() - timedelta(seconds=1))
    assert bout_resolve(bout_id=bout.pk) is not None
    bout.refresh_from_db()
    expect(page.locator("#bout-status")).to_have_text("Resolved")
    live_says(page, f"The bout is over: {bout.winner} wins.")
    assert_same_document(page)


def test_stepping_the_replay_keeps_focus_and_reads_the_turn(page, login, due_bout, owner):
    bout = bout_resolve(bout_id=due_bout.pk)
    total = len(bout.log["turns"])
    login(owner)
    page.goto(f"{bout_url(bout)}?turn=1")
    same_document(page)
    page.locator("#replay-next").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#turn-counter")).to_contain_text(f"turn 2 of {total}")
    expect(page.locator("#replay-next")).to_be_focused()
    live_says(page, f"Turn 2 of {total}")
    page.locator("#replay-last").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#turn-counter")).to_contain_text(f"turn {total} of {total}")
    # "Last" is disabled at the last turn: focus goes to "Previous turn", not to the page
    # (live.js gives it just after the swap, so the check waits for it).
    expect(page.locator("#replay-prev")).to_be_focused()
    assert_same_document(page)
