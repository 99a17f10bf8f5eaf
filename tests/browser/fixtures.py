"""Playwright driving the system's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    return os.environ.get("LUDUS_CHROMIUM") or shutil.which("chromium")


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed; .ci/run installs Debian's chromium package.")
        pytest.skip("Chromium is not installed (apt-get install chromium) - browser tests skipped")
    # Playwright's sync API runs an event loop in this thread; the ORM calls in our fixtures
    # are still plain synchronous code, so Django's async-safety check does not apply.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def login(page, live_server):
    """Sign the browser in as a user without going through the login form."""
    from django.conf import settings
    from django.test import Client

    def sign_in(user) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": live_server.url}]
        )

    return sign_in
