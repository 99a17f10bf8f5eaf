from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_logging_in_and_out(client, gm):
    response = client.post(reverse("login"), {"username": "gm", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("dashboard")).context["user"] == gm
    assert client.get(reverse("logout")).status_code == 405  # logging out changes state: POST
    client.post(reverse("logout"))
    assert not client.get(reverse("dashboard")).context["user"].is_authenticated


def test_a_wrong_password_says_so(client, gm):
    response = client.post(reverse("login"), {"username": "gm", "password": "nope"})
    assert "Please enter a correct username and password" in response.content.decode()


def test_forms_refuse_a_post_without_the_csrf_token(gm):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    response = client.post(
        reverse("campaign-new"), {"name": "X", "ruleset": "gladiatorquest", "visibility": "public"}
    )
    assert response.status_code == 403


def test_staff_use_the_django_admin(client, django_user_model, due_bout):
    staff = django_user_model.objects.create_superuser("root", password=PASSWORD)
    client.force_login(staff)
    pages = [
        "admin:index",
        "admin:arena_bout_changelist",
        "admin:characters_gladiator_changelist",
        "admin:campaign_campaign_changelist",
        "admin:campaign_auditentry_changelist",
    ]
    for name in pages:
        assert client.get(reverse(name)).status_code == 200, name
    assert client.get(reverse("admin:arena_bout_change", args=[due_bout.pk])).status_code == 200


def test_players_are_kept_out_of_the_admin(client, owner):
    client.force_login(owner)
    assert client.get(reverse("admin:index")).status_code == 302
