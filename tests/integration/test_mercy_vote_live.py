"""In Chromium, with the real worker: a mercy vote decided by players. The worker pauses the
bout at Nox's appeal; the GM and Nox's own player are told why they may not vote; the two other
players vote thumbs up in their browsers; the vote closes as soon as both have voted, the worker
fights the bout on, and the page shows Nox spared, and the log who voted."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from arena.bouts.services import bout_schedule
from arena.models import Bout
from campaign.services import campaign_house_rules_set, campaign_join
from characters.services import gladiator_tactics_set
from tests.arena.conftest import SEED

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_a_mercy_vote_decided_by_players(
    celery_worker_process, browser, live_server, page, login, make_user,
    campaign, gm, owner, rival, brutus, nox,
):  # fmt: skip
    third = make_user("third")
    campaign_join(campaign=campaign, user=third, code=campaign.invite_code)
    # The vote closes when everyone has voted; its longest window keeps a loaded machine's slow
    # steps between the appeal and the votes from closing it first.
    campaign_house_rules_set(
        campaign=campaign,
        by=gm,
        rules={"mercy": "vote_players", "mercy_vote_seconds": 1800},
    )
    gladiator_tactics_set(gladiator=nox, tactics={"appeal": "always"}, by=rival)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(seconds=2),
        seed=SEED,
    )
    url = f"/c/{campaign.slug}/bouts/{bout.pk}/"
    errors = console_errors(page)

    # The GM watches the worker stop at the appeal; players decide, not he.
    login(gm)
    page.goto(url)
    expect(page.locator("#bout-status")).to_have_text("Awaiting the mercy verdict", timeout=30_000)
    expect(page.locator("#mercy-vote")).to_contain_text("Nox appeals for mercy")
    expect(page.locator("#mercy-refusal")).to_have_text(
        "This campaign leaves mercy to the players."
    )
    # Nox's own player may not vote on his appeal.
    login(rival)
    page.goto(url)
    expect(page.locator("#mercy-refusal")).to_have_text(
        "Nobody votes on his own gladiator's appeal."
    )

    # The first player votes; the bout still waits for the other.
    login(owner)
    page.goto(url)
    with page.expect_response(
        lambda r: "/mercy/" in r.url and r.request.method == "POST"
    ) as answered:
        page.locator("#thumbs-up").click()
    # A refused thumb answers in words with a 4xx, which htmx does not swap in: say it here.
    assert answered.value.status < 400, (answered.value.status, answered.value.text())
    expect(page.locator("#mercy-tally")).to_contain_text("your thumb: up")
    expect(page.locator("#mercy-tally")).to_contain_text("Thumbs up: 1")
    assert Bout.objects.get(pk=bout.pk).status == Bout.Status.VERDICT

    # The second player votes in a browser of her own: everyone has voted, the worker fights on.
    other = browser.new_context(base_url=live_server.url)
    other_page = other.new_page()
    other_errors = console_errors(other_page)
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(third)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    other.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    other_page.goto(url)
    other_page.locator("#thumbs-up").click()

    # Both pages follow without a reload: Nox is spared.
    for watching in (page, other_page):
        expect(watching.locator("#bout-status")).to_have_text("Resolved", timeout=30_000)
        expect(watching.locator("#standings")).to_contain_text("Granted mercy")
    other.close()

    # The vote and who cast it are in the bout's log, shown in the replay of its turn.
    bout.refresh_from_db()
    page.goto(f"{url}?turn=9#replay")
    expect(page.locator("#replay")).to_contain_text(
        "Nox appeals for mercy; the vote: thumbs up from owner, third, thumbs down from nobody: "
        "spared"
    )
    assert errors == [] and other_errors == []
