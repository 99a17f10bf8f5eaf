"""A campaign's life seen in Chromium: shopping, levelling up, fight history and replays, and
a rival who must not act for someone else's gladiator.

Every htmx action is checked not to reload the page: `window.__same_document` is set before the
action and would be gone after a full navigation.
"""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout
from characters.models import Gladiator, Holding, LedgerLine
from characters.services import gladiator_adjust, gladiator_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _mark_document(page: Page) -> None:
    page.evaluate("window.__same_document = true")  # lost if the page were reloaded


def _assert_same_document(page: Page) -> None:
    assert page.evaluate("window.__same_document") is True, "the page reloaded instead of a swap"


def _turn_number(page: Page) -> int:
    text = page.locator("#replay h2").inner_text()
    match = re.search(r"turn (\d+) of (\d+)", text)
    assert match, f"no turn counter in {text!r}"
    return int(match.group(1))


def test_a_player_buys_a_sword_and_sees_the_gold_drop_without_a_reload(
    page, login, campaign, gm, owner, brutus
):
    gladiator_adjust(gladiator=brutus, currency="gold", amount=400, reason="prize money", by=gm)
    login(owner)
    page.goto(f"/c/{campaign.slug}/g/{brutus.pk}/")
    page.get_by_role("link", name="Shop").click()
    expect(page.get_by_role("heading", name="The armoury")).to_be_visible()
    expect(page.locator("#purse")).to_have_text("400")
    inventory = page.locator("#inventory")
    expect(inventory).to_contain_text("Broadsword")
    expect(inventory).not_to_contain_text("Shortsword")

    _mark_document(page)
    page.get_by_role("button", name="Buy Shortsword").click()
    expect(page.locator("#purse")).to_have_text("250")
    expect(page.locator("#flash .message.success")).to_contain_text(
        "Brutus bought the Shortsword and carries it into its next bout; 250 gold left."
    )
    expect(page.locator("#inventory")).to_contain_text("Shortsword")
    _assert_same_document(page)

    # The longsword costs 350: more than the 250 left.
    page.get_by_role("button", name="Buy Longsword").click()
    expect(page.locator("#flash .message.error")).to_have_text(
        "Brutus has 250 gold; this needs 350."
    )
    expect(page.locator("#flash .message.success")).to_have_count(0)
    expect(page.locator("#purse")).to_have_text("250")
    expect(page.locator("#inventory")).not_to_contain_text("Longsword")
    _assert_same_document(page)

    brutus.refresh_from_db()
    assert brutus.gold == 250
    purchases = LedgerLine.objects.filter(gladiator=brutus, cause=LedgerLine.Cause.PURCHASE)
    assert [(p.item, p.amount, p.balance) for p in purchases] == [("shortsword", -150, 250)]
    assert sorted(brutus.holdings.values_list("item", "equipped")) == [
        ("broadsword", True),
        ("shortsword", True),
    ]


def test_a_player_levels_a_gladiator_up_without_a_reload(page, login, campaign, gm, owner, brutus):
    gladiator_adjust(gladiator=brutus, currency="xp", amount=2, reason="first blood", by=gm)
    login(owner)
    page.goto(f"/c/{campaign.slug}/g/{brutus.pk}/")
    sheet = page.locator("#sheet")
    expect(sheet.locator(".meta")).to_contain_text("level 1")
    expect(page.locator("#xp")).to_have_text("2")
    expect(page.locator("#advance")).to_contain_text("+1 body point (to level 2)")

    _mark_document(page)
    page.get_by_label("Improve", exact=True).select_option(label="+1 body point")
    page.get_by_role("button", name="Level up").click()
    expect(page.locator("#flash .message.success")).to_have_text(
        "Brutus reaches level 2: +1 body point."
    )
    expect(page.locator("#sheet .meta")).to_contain_text("level 2")
    expect(page.locator("#xp")).to_have_text("0")
    expect(page.locator("#stats")).to_contain_text("+1")  # the body bonus
    expect(page.locator("#advance")).to_contain_text("+1 body point (to level 3)")
    _assert_same_document(page)

    page.get_by_label("Improve", exact=True).select_option(label="+1 attack die")
    page.get_by_role("button", name="Level up").click()
    expect(page.locator("#flash .message.error")).to_have_text(
        "Level 3 costs 4 experience points; Brutus has 0."
    )
    expect(page.locator("#sheet .meta")).to_contain_text("level 2")
    _assert_same_document(page)

    brutus.refresh_from_db()
    assert (
        brutus.level,
        brutus.xp,
        brutus.build["bonuses"].get("body", 0),
        brutus.build["bonuses"].get("attack", 0),
    ) == (2, 0, 1, 0)


def test_a_player_browses_fight_history_and_steps_through_a_replay(
    page, login, campaign, gm, owner, rival, brutus, nox, due_bout
):
    newcomers = [
        gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        for player, name, kind in [
            (owner, "Spiculus", "dwarf"),
            (rival, "Flamma", "elf"),
            (owner, "Priscus", "barbarian"),
            (rival, "Verus", "dwarf"),
        ]
    ]
    spiculus, flamma, priscus, verus = newcomers
    # Scheduled before any bout is fought: a gladiator killed in one could not enter another.
    upcoming = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[spiculus, verus],
        scheduled_at=timezone.now() + timedelta(days=1),
        title="Spiculus vs Verus, the rematch",
    )
    past = timezone.now() - timedelta(seconds=1)
    others = [
        bout_schedule(campaign=campaign, by=gm, gladiators=pair, scheduled_at=past, seed=seed)
        for pair, seed in [((spiculus, flamma), 11), ((priscus, verus), 12)]
    ]
    for bout in [due_bout, *others]:
        resolved = bout_resolve(bout_id=bout.pk)
        assert resolved is not None
        assert resolved.status != Bout.Status.FAILED, resolved.failure

    login(owner)
    page.goto(f"/c/{campaign.slug}/bouts/")
    history = page.locator("#history")
    expect(history.locator("tbody tr")).to_have_count(4)

    _mark_document(page)
    page.get_by_label("Outcome").select_option(label="still to come")
    expect(page).to_have_url(re.compile(r"outcome=scheduled"))
    expect(history.locator("tbody tr")).to_have_count(1)
    expect(history).to_contain_text(upcoming.title)
    _assert_same_document(page)

    page.get_by_label("Outcome").select_option(label="fought")
    expect(page).to_have_url(re.compile(r"outcome=resolved"))
    expect(history.locator("tbody tr")).to_have_count(3)
    # The labels wrap their selects, so "Rule set any gladiatorquest" also matches "Gladiator".
    page.get_by_role("combobox", name=re.compile(r"^Gladiator")).select_option(label="Brutus")
    expect(page).to_have_url(re.compile(rf"gladiator={brutus.pk}"))
    expect(history.locator("tbody tr")).to_have_count(1)
    expect(history).to_contain_text("Brutus vs Nox")
    _assert_same_document(page)

    history.get_by_role("link", name="Brutus vs Nox").click()
    expect(page.get_by_role("heading", name="Brutus vs Nox", exact=True)).to_be_visible()
    expect(page.locator("#bout-status")).to_have_text("Resolved")
    due_bout.refresh_from_db()
    expect(page.locator("#bout-winner")).to_contain_text(f"{due_bout.winner} wins.")
    total = len(due_bout.log["turns"])
    assert total >= 4, f"the replay needs a few turns to step through, it has {total}"

    replay = page.locator("#replay")
    _mark_document(page)
    replay.get_by_role("link", name="First turn").click()
    expect(replay.locator("h2")).to_contain_text(f"turn 1 of {total}")
    board = replay.locator("svg[aria-label^='The board']")
    expect(board).to_have_attribute("aria-label", "The board after turn 1")
    for name in ("Brutus", "Nox"):
        expect(board.locator(f"g.figure[data-name='{name}']")).to_have_count(1)
    events = replay.locator("#turn-events li")
    expect(events).to_have_text(_turn_events(due_bout, 1))

    replay.get_by_role("link", name="Next turn").click()
    expect(replay.locator("h2")).to_contain_text(f"turn 2 of {total}")
    expect(board).to_have_attribute("aria-label", "The board after turn 2")
    expect(events).to_have_text(_turn_events(due_bout, 2))
    assert _turn_events(due_bout, 1) != _turn_events(due_bout, 2)

    replay.get_by_role("link", name="Previous turn").click()
    expect(replay.locator("h2")).to_contain_text(f"turn 1 of {total}")
    expect(events).to_have_text(_turn_events(due_bout, 1))
    _assert_same_document(page)

    replay.get_by_role("link", name="Play").click()
    expect(replay.get_by_role("link", name="Pause")).to_be_visible()
    # Nobody clicks now: the replay moves on by itself.
    expect(replay.locator("h2")).to_contain_text(re.compile(r"turn ([3-9]|\d\d+) of"))
    # Pause right after a step has been shown: a Pause clicked while the next step's request is
    # in flight is lost (reported), and this test is about what Pause does, not that race.
    page.evaluate(
        "new Promise(done => document.body.addEventListener('htmx:afterSettle', done, "
        "{once: true}))"
    )
    replay.get_by_role("link", name="Pause").click()
    expect(replay.get_by_role("link", name="Play")).to_be_visible()
    # A playing replay asks for its next step from an element with a delayed trigger; a paused
    # one holds none, so nothing is left to ask (checked at once, never by waiting a while).
    expect(replay.locator("[hx-trigger^='load delay']")).to_have_count(0)
    paused_at = _turn_number(page)
    expect(replay.locator("h2")).to_contain_text(f"turn {paused_at} of")
    _assert_same_document(page)


def _turn_events(bout: Bout, number: int) -> list[str]:
    """What #turn-events should list for a turn, read from the stored log."""
    events = bout.log["turns"][number - 1]["events"]
    return [e.get("text") or e["type"] for e in events] or ["Nothing happened."]


def test_a_rival_cannot_act_for_another_players_gladiator(page, login, campaign, gm, rival, brutus):
    gladiator_adjust(gladiator=brutus, currency="gold", amount=400, reason="prize money", by=gm)
    gladiator_adjust(gladiator=brutus, currency="xp", amount=2, reason="first blood", by=gm)
    login(rival)
    page.goto(f"/c/{campaign.slug}/g/{brutus.pk}/")
    expect(page.get_by_role("heading", name=re.compile("Brutus"))).to_be_visible()
    expect(page.locator("#gold")).to_have_text("400")
    for name in ("Level up", "Save tactics", "Equip", "Unequip", "Retire Brutus"):
        expect(page.get_by_role("button", name=name)).to_have_count(0)
    expect(page.get_by_role("link", name="Retire Brutus")).to_have_count(0)
    expect(page.get_by_role("link", name="Shop")).to_have_count(0)
    expect(page.locator("#advance")).to_have_count(0)

    # The armoury may be looked at, but without Buy or Sell buttons.
    page.goto(f"/c/{campaign.slug}/g/{brutus.pk}/shop/")
    expect(page.locator("#purse")).to_have_text("400")
    expect(page.get_by_role("button", name=re.compile(r"^(Buy|Sell) "))).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile(r"^Sell "))).to_have_count(0)

    token = page.locator("input[name=csrfmiddlewaretoken]").first.get_attribute("value")
    forged = page.request.post(
        f"/c/{campaign.slug}/g/{brutus.pk}/buy/",
        form={"csrfmiddlewaretoken": token, "item": "shortsword", "back": "shop"},
        max_redirects=0,
    )
    assert forged.status == 403
    assert "Only Brutus's owner or the game master may do this." in unescape(forged.text())
    forged = page.request.post(
        f"/c/{campaign.slug}/g/{brutus.pk}/advance/",
        form={"csrfmiddlewaretoken": token, "advance": "body"},
        max_redirects=0,
    )
    assert forged.status == 403

    brutus.refresh_from_db()
    assert (brutus.gold, brutus.xp, brutus.level) == (400, 2, 1)
    assert list(Holding.objects.filter(gladiator=brutus).values_list("item", flat=True)) == [
        "broadsword"
    ]
    assert not LedgerLine.objects.filter(
        gladiator=brutus, cause__in=[LedgerLine.Cause.PURCHASE, LedgerLine.Cause.LEVEL_UP]
    ).exists()
    assert Gladiator.objects.get(pk=brutus.pk).owner.username == "owner"
