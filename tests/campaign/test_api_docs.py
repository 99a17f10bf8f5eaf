"""The API documentation page: every operation and object of the OpenAPI schema, as HTML."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator

from campaign.api_docs import METHODS, outline_of

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def test_the_page_lists_every_operation_of_the_schema(client, schema):
    page = client.get(reverse("api-docs")).content.decode()
    for path, operations in schema["paths"].items():
        for method in METHODS:
            if method in operations:
                anchor = f'id="op-{operations[method]["operationId"]}"'
                assert anchor in page, f"{method.upper()} {path} is missing"
    assert f'href="{reverse("api-schema")}"' in page


def test_every_link_to_an_object_lands_on_it(client):
    page = client.get(reverse("api-docs")).content.decode()
    anchors = set(re.findall(r'id="([^"]+)"', page))
    targets = set(re.findall(r'href="#([^"]+)"', page))
    assert targets, "the page links nothing"
    assert targets - anchors == set()


def test_a_body_and_its_fields_are_described(schema):
    outline = outline_of(schema)
    create = next(
        op
        for group in outline.groups
        for op in group.operations
        if op.anchor == "op-campaigns_create"
    )
    assert (create.method, create.path, create.anonymous) == ("POST", "/api/campaigns/", False)
    assert create.body_anchor == "object-CampaignIn"
    campaign_in = next(obj for obj in outline.objects if obj.name == "CampaignIn")
    name = next(field for field in campaign_in.fields if field.name == "name")
    assert name.required and name.type == "string"
    listing = next(
        op
        for group in outline.groups
        for op in group.operations
        if op.anchor == "op-campaigns_list"
    )
    assert listing.anonymous
    assert {p.name for p in listing.parameters} == {"page", "page_size"}


def test_the_page_keeps_to_the_content_security_policy(client):
    """No inline script or style attribute: the policy would refuse them."""
    page = client.get(reverse("api-docs")).content.decode()
    assert " style=" not in page
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)", page)
