"""The GM's content endpoints fed any JSON at all (hypothesis): the API, and the content page
as pasted text and as a file. Each answer is a success or a 400 in words, never a server error;
a refused document stores nothing."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.models import CampaignContent
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE
from tests.security.test_bad_input import reason_in_words

pytestmark = pytest.mark.django_db

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
ANY_JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
CHAMPION = EXAMPLE["champions"][0]
# A champion whose fields (its key first) are any JSON, among documents of any shape.
CHAMPIONS = st.dictionaries(st.sampled_from(sorted(CHAMPION)), ANY_JSON, max_size=3).map(
    lambda changed: {"champions": [{**CHAMPION, **changed}]}
)
DOCUMENTS = (
    CHAMPIONS | ANY_JSON | st.dictionaries(st.sampled_from(["champions", "arenas"]), ANY_JSON)
)


def words(response) -> str:
    return response.content.decode(errors="replace")


SLOW_AND_SHARED = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=SLOW_AND_SHARED)
@given(document=DOCUMENTS)
def test_any_json_is_taken_or_refused_in_words(document, elders, gm, api_as, client_as):
    text = json.dumps(document)  # NaN and Infinity written as such: JSON some clients send
    api, page = api_as(gm), client_as(gm)
    url = reverse("campaign-content", args=[elders.slug])
    sends = [
        lambda: api.post(
            reverse("api-content", args=[elders.slug]),
            '{"document": ' + text + "}", content_type="application/json",
        ),
        lambda: page.post(url, {"text": text}),
        lambda: page.post(url, {"document": SimpleUploadedFile("c.json", text.encode())}),
    ]  # fmt: skip
    for send in sends:
        before = CampaignContent.objects.count()
        response = send()
        assert response.status_code in (201, 302, 400), words(response)[:300]
        if response.status_code == 400:
            assert len(re.findall(r"[A-Za-z]{2,}", reason_in_words(response))) >= 3
            assert CampaignContent.objects.count() == before
