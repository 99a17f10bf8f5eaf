"""axe-core on every page, at a desktop's and a phone's size, and reflow at 320 px.

WCAG 2.2 AA: axe's rules with `target-size` (24 x 24 px, off by default) turned on; any serious
or critical violation fails, named by page, rule and element, and so does a control under 24 px
outside running text. The reflow sweep (1.4.10) loads
every page 320 px wide and fails where the page scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import get_resolver

from tests.browser.fixtures import CONSOLE, DEADLINE_MS
from tests.browser.page_sweep import NOT_PAGES, SweptPage, demo_world, every_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 640}  # 1280 px at 400% zoom: WCAG 1.4.10's reflow width
FAILING_IMPACTS = {"serious", "critical"}
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}

# The elements wider than the window, for the reflow message: what to fix, not only where.
TOO_WIDE_JS = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter(
    (el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length);
  const tops = wide.filter((el) => !wide.includes(el.parentElement));
  return tops.slice(0, 5).map((el) => el.tagName.toLowerCase()
    + (el.id ? '#' + el.id : '') + (el.className && el.className.baseVal === undefined
    ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '')
    + ' ends at ' + Math.round(el.getBoundingClientRect().right) + ' px');
}"""

# WCAG 2.2's 24 x 24 px for every control axe lets through as "inline": axe exempts a link whose
# line is text, but a link alone in a list, a table cell or a nav is a target of its own. Links
# inside running text (a sentence in a paragraph, help or a definition) keep the exemption.
SMALL_TARGETS_JS = """(excluded) => [...document.querySelectorAll(
    'a[href], button, summary, select, textarea, input:not([type=hidden])')]
  .filter((el) => el.getClientRects().length && !el.closest('p, dd, .help, small')
    && !excluded.some((selector) => el.closest(selector)))
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.width < 24 || box.height < 24)
  .map(([el, box]) => el.outerHTML.slice(0, 80) + ' is ' + Math.round(box.width) + ' x '
    + Math.round(box.height) + ' px')"""

# axe passes an aria-describedby that names one id present and another missing; every id named
# must be on the page.
MISSING_IDS_JS = """() => [...document.querySelectorAll('[aria-describedby], [aria-labelledby]')]
  .flatMap((el) => ['aria-describedby', 'aria-labelledby'].flatMap((attr) =>
    (el.getAttribute(attr) || '').split(/\\s+/).filter((id) => id && !document.getElementById(id))
      .map((id) => el.outerHTML.slice(0, 80) + ' names a missing #' + id)))"""

# WCAG 1.4.11: what shows a field's edge contrasts 3:1 with the surface around it (axe checks
# text only).
FAINT_BORDERS_JS = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const surface = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const bg = rgb(getComputedStyle(up).backgroundColor);
      if (bg.length === 3 || bg[3] > 0) return bg.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const fields = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio])';
  return [...document.querySelectorAll(fields + ', select, textarea')]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el, ratio(rgb(getComputedStyle(el).borderTopColor).slice(0, 3), surface(el))])
    .filter(([el, r]) => r < 3)
    .map(([el, r]) => el.outerHTML.slice(0, 80) + ' border at ' + r.toFixed(2) + ':1');
}"""


@contextmanager
def _signed_in(browser, live_server, user_name: str | None, viewport: dict) -> Iterator:
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    if user_name is not None:
        client = Client()
        client.force_login(get_user_model().objects.get(username=user_name))
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(DEADLINE_MS)
    try:
        yield page
    finally:
        context.close()


def _by_user(pages: list[SweptPage]) -> dict[str | None, list[SweptPage]]:
    grouped: dict[str | None, list[SweptPage]] = {}
    for swept in pages:
        grouped.setdefault(swept.user, []).append(swept)
    return grouped


def _visit(page, swept: SweptPage) -> None:
    response = page.goto(swept.url)
    page.wait_for_load_state("load")
    assert response.status == swept.status, f"{swept.label} ({swept.url}): {response.status}"
    if swept.status != 200:
        # The console logs the expected status of the page itself: that is not a fault.
        expected = f"status of {swept.status} "
        CONSOLE.errors[:] = [e for e in CONSOLE.errors if expected not in e]


def _axe_findings(page, swept: SweptPage) -> list[str]:
    context = {"exclude": [[selector] for selector in swept.exclude]} if swept.exclude else None
    results = Axe().run(page, context=context, options=AXE_OPTIONS).response
    return [
        f"{swept.label} ({swept.url}): {violation['id']} [{violation['impact']}] "
        f"{' '.join(map(str, node['target']))}: {node['failureSummary'].splitlines()[-1].strip()}"
        for violation in results["violations"]
        if violation["impact"] in FAILING_IMPACTS
        for node in violation["nodes"]
    ]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_page_has_a_serious_accessibility_violation(browser, live_server, viewport):
    demo_world()
    findings = []
    for user_name, pages in _by_user(every_page()).items():
        with _signed_in(browser, live_server, user_name, viewport) as page:
            for swept in pages:
                _visit(page, swept)
                findings += _axe_findings(page, swept)
                small = page.evaluate(SMALL_TARGETS_JS, list(swept.exclude))
                findings += [f"{swept.label} ({swept.url}): target under 24 px: {t}" for t in small]
                if "{#" in page.inner_text("body"):  # a template comment over two lines shows
                    findings.append(f"{swept.label} ({swept.url}): template comment shown")
                for check, script in (("missing id", MISSING_IDS_JS), ("border", FAINT_BORDERS_JS)):
                    found = page.evaluate(script)
                    findings += [f"{swept.label} ({swept.url}): {check}: {f}" for f in found]
    assert not findings, f"{len(findings)} findings:\n" + "\n".join(findings)


def test_no_page_scrolls_sideways_at_320_px(browser, live_server):
    demo_world()
    overflowing = []
    for user_name, pages in _by_user(every_page()).items():
        with _signed_in(browser, live_server, user_name, NARROW) as page:
            for swept in pages:
                _visit(page, swept)
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > NARROW["width"]:
                    culprits = ", ".join(page.evaluate(TOO_WIDE_JS))
                    overflowing.append(f"{swept.label} ({swept.url}): {width} px wide: {culprits}")
    assert not overflowing, "pages wider than 320 px:\n" + "\n".join(overflowing)


def test_every_page_of_the_urlconf_is_swept():
    """A page added to the URLconf is swept too, or named here as not a page."""
    demo_world()
    swept = {page.url_name for page in every_page()}
    pages = {
        name
        for name in get_resolver().reverse_dict
        if isinstance(name, str) and not name.startswith("api-")
    }
    assert pages - NOT_PAGES - swept == set()
    assert "api-docs" in swept
