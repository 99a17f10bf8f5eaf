"""In Chromium: press appears live on another user's open bout page (issue 27). The rival has
the bout page open with a message half typed; the owner posts from their own page; the rival's
press section shows it at its next poll, and the half-typed message is still there. Nothing is
mocked: the owner's post goes through the form by htmx, the rival's page polls the live server.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaign.press.models import Post
from tests.browser.fixtures import DEADLINE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_post_appears_live_on_another_users_open_bout_page(
    browser, live_server, running, owner, rival
):
    from django.conf import settings
    from django.test import Client

    bout, _, _ = running
    url = f"/c/{bout.campaign.slug}/bouts/{bout.pk}/"

    def page_of(user):
        context = browser.new_context(base_url=live_server.url)
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
        page = context.new_page()
        page.set_default_timeout(DEADLINE_MS)
        page.goto(url)
        return page

    theirs, mine = page_of(rival), page_of(owner)
    theirs.evaluate("window.__same_document = true")
    draft = theirs.locator("#id_press-text")
    draft.fill("Half a reply")

    mine.locator("#id_press-text").fill("Ave, Justbec!")
    mine.locator("#press-form button[type=submit]").click()
    expect(mine.locator("#press-posts")).to_contain_text("Ave, Justbec!")
    assert Post.objects.filter(text="Ave, Justbec!", bout=bout).exists()

    # The rival's page shows it at its next poll, without a reload, the draft kept.
    expect(theirs.locator("#press-posts")).to_contain_text("Ave, Justbec!")
    assert theirs.evaluate("window.__same_document") is True
    expect(draft).to_have_value("Half a reply")
    for page in (theirs, mine):
        page.context.close()
