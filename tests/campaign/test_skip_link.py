"""The skip link (issue 29): every page's first focusable element jumps to its main content."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

FOCUSABLE = re.compile(r"<(a|button|input|select|textarea)\b[^>]*>", re.S)


@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "member"])
def test_the_first_focusable_element_skips_to_the_main_content(
    signed_in, campaign, owner, client_as, client
):
    who = client_as(owner) if signed_in else client
    url = reverse("campaign", args=[campaign.slug]) if signed_in else reverse("login")
    page = who.get(url).content.decode()
    body = page.split("<body", 1)[1]
    first = FOCUSABLE.search(body).group(0)
    assert 'href="#main"' in first and 'class="skip-link"' in first
    assert re.search(r'<main [^>]*id="main"', page)
    assert "Skip to the main content" in page
