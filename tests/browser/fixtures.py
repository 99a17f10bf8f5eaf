"""Playwright driving the system's Chromium (never a downloaded browser).

Every page any browser test opens is watched: an error in its console (a script error, a
refused resource, a Content-Security-Policy violation, a failed request that the page logs) or
an uncaught exception fails the test that opened it, with the messages.
"""

from __future__ import annotations

import os
import re
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


# How long a page action or an `expect` waits before the test fails: a bound for a hang, not
# an expected duration. A page served while another test worker and other work share the
# cores takes seconds now and then; Playwright's own default for `expect` (5 s) is too short.
DEADLINE_MS = 30_000


def chromium_path() -> str | None:
    return os.environ.get("LUDUS_CHROMIUM") or shutil.which("chromium")


REFUSAL = re.compile(r"Failed to load resource: the server responded with a status of 40[03] ")
# htmx logs a request the page itself cancelled (a poll in flight when the page moves on, or
# one replaced by a newer request) as an error event; nothing failed, and the person sees
# nothing. Only that exact message is let through.
CANCELLED = "htmx:sendAbort"


class ConsoleWatch:
    """The console errors of every context opened since the current test began."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, context):
        context.on("console", self._console)
        context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))
        return context

    def _console(self, message) -> None:
        # Chromium logs every 4xx answer to a fetch as a console error. A 400 or 403 is how
        # a refusal answers (its reason is in the page or the toast): that is not a fault.
        # Any other status (a missing file's 404, a 500) is.
        if message.type == "error" and not (
            REFUSAL.match(message.text) or message.text.startswith(CANCELLED)
        ):
            where = message.location.get("url", "") if message.location else ""
            self.errors.append(f"{message.text} ({where})" if where else message.text)


CONSOLE = ConsoleWatch()


class WatchedBrowser:
    """The Playwright browser, whose every new context reports its console to CONSOLE."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, *args, **kwargs):
        return CONSOLE.watch(self._browser.new_context(*args, **kwargs))

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def no_console_errors():
    """Fails a test whose pages logged an error; costs nothing to tests without a browser."""
    CONSOLE.errors.clear()
    yield
    errors, CONSOLE.errors[:] = list(CONSOLE.errors), []
    assert not errors, "the browser console logged errors:\n" + "\n".join(errors)


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
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=DEADLINE_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield WatchedBrowser(browser)
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(DEADLINE_MS)
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
