"""The service worker in Chromium: the settings page registers it over the whole site and
offers the button; a push delivered to it (DevTools' ServiceWorker.deliverPushMessage, the
payload the worker sends) shows a notification with the title and the page's link. No push
service is reached: subscribing would need the browser vendor's, which is not on this
machine (tests/notifications/test_push.py is the push service there)."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_settings_page_registers_the_worker_that_shows_a_push(
    page: Page, live_server, login, owner
):
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    login(owner)
    page.goto(f"{live_server.url}/settings/notifications/")
    expect(page.get_by_role("button", name="Send notifications to this device")).to_be_visible()

    scope, script = page.evaluate(
        "async () => { const r = await navigator.serviceWorker.ready;"
        " return [r.scope, r.active.scriptURL]; }"
    )
    assert (scope, script) == (f"{live_server.url}/", f"{live_server.url}/sw.js")

    devtools = page.context.new_cdp_session(page)
    devtools.send("ServiceWorker.enable")
    registrations: list[dict] = []
    devtools.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(
        e["registrations"]))  # fmt: skip
    deadline = time.monotonic() + 15
    while not (mine := [r for r in registrations if r["scopeURL"] == f"{live_server.url}/"]):
        assert time.monotonic() < deadline, "DevTools never listed the registration"
        page.wait_for_timeout(50)  # lets Playwright deliver the DevTools events
    registration = mine[0]
    message = {"title": "Ludus Magnus: A bout was fought", "url": f"{live_server.url}/inbox/"}
    devtools.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live_server.url, "registrationId": registration["registrationId"],
         "data": json.dumps(message)},
    )  # fmt: skip
    shown = page.wait_for_function(
        "async () => { const r = await navigator.serviceWorker.ready;"
        " const n = await r.getNotifications();"
        " return n.length ? [n[0].title, n[0].data.url] : null; }"
    ).json_value()
    assert shown == [message["title"], message["url"]]
    assert refused == []
