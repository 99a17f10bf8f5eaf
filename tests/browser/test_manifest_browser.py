"""The web app manifest as Chromium reads it: linked from every page, parsed without error by
the browser itself (DevTools' Page.getAppManifest), its icons loading at their stated sizes,
and nothing standing in the way of installing it but what a test browser cannot give. Nothing
is installed."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_page_links_a_manifest_chromium_parses_with_its_icons(page: Page, live_server):
    page.goto(f"{live_server.url}/login/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == "/manifest.webmanifest"

    answer = page.request.get(f"{live_server.url}{href}")
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/manifest+json"

    devtools = page.context.new_cdp_session(page)
    parsed = devtools.send("Page.getAppManifest")
    assert parsed["url"] == f"{live_server.url}{href}"
    assert parsed["errors"] == []
    manifest = json.loads(parsed["data"])
    assert manifest["name"] == "Ludus" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"

    sizes = {}
    for icon in manifest["icons"]:
        got = page.request.get(f"{live_server.url}{icon['src']}")
        assert got.status == 200, icon["src"]
        assert got.headers["content-type"] == icon["type"], icon["src"]
        width, height = page.evaluate(
            "async src => { const i = new Image(); i.src = src; await i.decode();"
            " return [i.naturalWidth, i.naturalHeight]; }",
            icon["src"],
        )
        sizes[(icon["sizes"], icon["purpose"])] = (width, height)
    # Installable needs a 192 and a 512 pixel icon; Android crops a maskable one to a circle.
    assert sizes[("192x192", "any")] == (192, 192)
    assert sizes[("512x512", "any")] == (512, 512)
    assert sizes[("512x512", "maskable")] == (512, 512)

    # Chromium's own list of what keeps the page from being installed: only that a test
    # browser's context is a private one (Playwright's always are).
    errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors] == ["in-incognito"]
