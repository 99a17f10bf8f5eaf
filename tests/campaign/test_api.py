from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaign.models import Campaign

pytestmark = pytest.mark.django_db

IN_A_MONTH = (timezone.now() + timedelta(days=30)).isoformat()


def test_a_campaign_is_created_through_the_api(api_as, gm):
    response = api_as(gm).post(
        reverse("api-campaigns"), {"name": "Rome", "ruleset": "gladiatorquest"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["role"] == "gm"


def test_bad_api_input_names_the_field(api_as, gm):
    response = api_as(gm).post(
        reverse("api-campaigns"), {"name": "Rome", "ruleset": "chess"}, format="json"
    )
    assert response.status_code == 400
    assert "Unknown rule set" in response.json()["ruleset"][0]
    assert not Campaign.objects.exists()


def test_anonymous_cannot_create_through_the_api(api_as):
    response = api_as(None).post(
        reverse("api-campaigns"), {"name": "Rome", "ruleset": "gladiatorquest"}, format="json"
    )
    assert response.status_code in {401, 403}
    assert not Campaign.objects.exists()


@pytest.mark.parametrize("persona", ["outsider", "anonymous"])
@pytest.mark.parametrize("url_name", ["api-campaign", "api-gladiators", "api-bouts"])
def test_a_private_campaign_is_404_in_the_api(api_as, request, campaign, persona, url_name):
    user = request.getfixturevalue(persona) if persona != "anonymous" else None
    response = api_as(user).get(reverse(url_name, args=[campaign.slug]))
    assert response.status_code == 404
    assert campaign.slug not in [
        c["slug"] for c in api_as(user).get(reverse("api-campaigns")).json()["results"]
    ]


def test_the_private_bout_api_is_404_for_an_outsider(api_as, due_bout, outsider):
    url = reverse("api-bout", args=[due_bout.campaign.slug, due_bout.pk])
    assert api_as(outsider).get(url).status_code == 404


def test_a_public_campaign_is_readable_but_not_changeable_by_outsiders(
    api_as, public_campaign, outsider
):
    client = api_as(outsider)
    assert client.get(reverse("api-campaign", args=[public_campaign.slug])).status_code == 200
    response = client.post(
        reverse("api-gladiators", args=[public_campaign.slug]),
        {"name": "Gate-crasher", "kind": "barbarian"},
        format="json",
    )
    assert response.status_code == 403
    assert not public_campaign.gladiators.exists()


def test_token_authentication(client, gm):
    token = Token.objects.create(user=gm)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post(
        reverse("api-campaigns"), {"name": "Capua", "ruleset": "gladiatorquest"}, format="json"
    )
    assert response.status_code == 201


def test_a_token_is_issued_for_a_username_and_password(client, gm):
    from tests.conftest import PASSWORD

    response = APIClient().post(
        reverse("api-token"), {"username": "gm", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=gm).key


def test_joining_through_the_api(api_as, campaign, outsider):
    url = reverse("api-campaign-join", args=[campaign.slug])
    assert api_as(outsider).post(url, {"code": "wrong"}, format="json").status_code == 404
    response = api_as(outsider).post(url, {"code": campaign.invite_code}, format="json")
    assert response.status_code == 200
    assert response.json()["role"] == "player"


def test_only_the_gm_schedules_bouts_through_the_api(api_as, campaign, owner, gm, brutus, nox):
    url = reverse("api-bouts", args=[campaign.slug])
    body = {"scheduled_at": IN_A_MONTH, "gladiators": [brutus.pk, nox.pk]}
    assert api_as(owner).post(url, body, format="json").status_code == 403
    response = api_as(gm).post(url, body, format="json")
    assert response.status_code == 201
    assert [e["gladiator"] for e in response.json()["entrants"]] == ["Brutus", "Nox"]


def test_scheduling_with_a_foreign_gladiator_is_refused(api_as, campaign, gm, brutus):
    url = reverse("api-bouts", args=[campaign.slug])
    body = {"scheduled_at": IN_A_MONTH, "gladiators": [brutus.pk, 999999]}
    response = api_as(gm).post(url, body, format="json")
    assert response.status_code == 400
    assert "999999" in response.json()["gladiators"][0]


def test_the_openapi_schema_generates_without_warnings():
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


def test_the_openapi_schema_and_docs_are_served(client):
    schema = client.get(reverse("api-schema"))
    assert schema.status_code == 200
    assert b"/api/campaigns/{slug}/bouts/" in schema.content
    docs = client.get(reverse("api-docs"))
    assert docs.status_code == 200
    # Served whole from here, nothing from a CDN: every script, stylesheet and image the page
    # loads is a path on this server. (Not a search for the letters "cdn": a page's random
    # CSRF token holds them about once in five hundred.)
    html = docs.content.decode()
    loaded = re.findall(r"<(?:script|img|link)\b[^>]*\b(?:src|href)=\"([^\"]+)\"", html)
    assert loaded, "the page loads no script or stylesheet at all"
    assert [url for url in loaded if not url.startswith("/") or url.startswith("//")] == []
    assert b"/api/campaigns/{slug}/bouts/" in docs.content


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_browser_is_shown_the_schema_as_json_and_yaml_is_given_on_request(client):
    shown = client.get(reverse("api-schema"), HTTP_ACCEPT=BROWSER_ACCEPT)
    assert shown["Content-Type"].startswith("application/json")
    assert "/api/campaigns/{slug}/bouts/" in shown.json()["paths"]
    asked = client.get(reverse("api-schema"), HTTP_ACCEPT="application/yaml")
    assert asked["Content-Type"].startswith("application/yaml")
    assert asked.content.startswith(b"openapi: ")


def test_every_operation_documents_its_refusals(client):
    schema = client.get(reverse("api-schema"), {"format": "json"}).json()
    error = {"$ref": "#/components/schemas/Error"}
    assert schema["components"]["schemas"]["Error"]["required"] == ["detail"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert responses["403"]["content"]["application/json"]["schema"] == error, path
            if "{" in path:
                assert "404" in responses, (method, path)
            if method != "get":
                assert "FieldErrors" in str(responses["400"]), (method, path)
    token = schema["paths"]["/api/auth/token/"]["post"]["responses"]
    assert token["429"]["content"]["application/json"]["schema"] == error


def test_an_api_url_that_matches_nothing_answers_json(client):
    response = client.get("/api/campaigns/nope/bouts/1.5e-3/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}
    assert b"<title>Not found" in client.get("/no/such/page/").content


def test_the_bout_lists_filters_are_in_the_schema_and_filter(
    client, api_as, campaign, gm, owner, brutus, nox
):
    """The schema lists the bout list's filters from its FilterSet; they filter, and a value
    they refuse is a 400 naming the field."""
    schema = client.get(reverse("api-schema"), {"format": "json"}).json()
    listed = schema["paths"]["/api/campaigns/{slug}/bouts/"]["get"]["parameters"]
    by_name = {p["name"]: p["schema"] for p in listed}
    assert {"gladiator", "player", "ruleset", "outcome", "since", "until"} <= set(by_name)
    assert by_name["gladiator"]["type"] == "integer"
    assert by_name["since"] == {"type": "string", "format": "date"}
    assert "killed" in by_name["outcome"]["enum"]

    url = reverse("api-bouts", args=[campaign.slug])
    body = {"scheduled_at": IN_A_MONTH, "gladiators": [brutus.pk, nox.pk], "title": "Pair"}
    assert api_as(gm).post(url, body, format="json").status_code == 201
    mine = api_as(owner).get(url, {"player": "owner"}).json()
    assert [b["title"] for b in mine["results"]] == ["Pair"]
    assert api_as(owner).get(url, {"outcome": "resolved"}).json()["results"] == []
    refused = api_as(owner).get(url, {"outcome": "sideways", "since": "yesterday"})
    assert refused.status_code == 400
    assert set(refused.json()) >= {"outcome", "since"}
