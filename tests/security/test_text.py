"""Nonsense is refused in words: invisible names, look-alike names, bidi tricks, empty reasons,
bouts in year 9999. One cleaning (campaign/shared/text.py) serves every form, serializer and
service: each class of text is tried on every way in (service, page, API)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_schedule
from arena.models import Bout
from campaign.models import Campaign
from campaign.services import campaign_create
from campaign.shared.errors import LudusError
from campaign.shared.text import TextRefused, name_clean, name_skeleton, text_clean
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_adjust, gladiator_create

pytestmark = pytest.mark.django_db

INVISIBLE = {
    "zero-width space": "\u200b",
    "BOM": "\ufeff",
    "word joiner": "\u2060",
    "zero-width joiners": "\u200d\u200c",
    "soft hyphen": "\u00ad",
    "Hangul filler": "\u3164",
    "Braille blank": "\u2800",
    "combining mark alone": "\u0301",
    "spaces of all kinds": "\u00a0\u2003\u3000 \t",
    "tag characters": "\U000e0041\U000e0042",
}
BIDI = {
    "right-to-left override": "Var\u202ero",
    "left-to-right override": "\u202dVarro",
    "right-to-left isolate": "Varro\u2067x",
    "right-to-left mark": "\u200fVarro",
    "Arabic letter mark": "Varro\u061c",
}
# Names that look like "Varro" once case, width, accents, invisible characters and look-alike
# letters are set aside.
LOOK_ALIKES = {
    "lower case": "varro",
    "upper case": "VARRO",
    "full width": "Ｖａｒｒｏ",
    "with a zero-width space": "Var\u200bro",
    "with an accent": "Varró",
    "digit zero for o": "Varr0",
    "all Cyrillic": "Ѵагго",
    "all Cyrillic, lower case": "ѵагго",
    "spaced": "V a r r o",
}
MIXED = {"Cyrillic а": "Vаrro", "Greek ο": "Varrο", "Cyrillic р in a later word": "Gaius Vаrrо"}


@pytest.mark.parametrize("value", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_invisible_text_is_no_name_and_no_reason(value, campaign, owner, gm, brutus):
    with pytest.raises(LudusError, match="visible character"):
        gladiator_create(campaign=campaign, by=owner, name=value * 3, kind="elf")
    with pytest.raises(LudusError, match="visible character"):
        campaign_create(by=gm, name=value, ruleset="gladiatorquest")
    with pytest.raises(LudusError, match="visible character"):
        gladiator_adjust(gladiator=brutus, currency="gold", amount=5, reason=value, by=gm)
    assert not LedgerLine.objects.filter(gladiator=brutus).exists()


@pytest.mark.parametrize("value", BIDI.values(), ids=BIDI.keys())
def test_bidi_controls_are_refused_everywhere(value, campaign, owner, gm, client_as, api_as):
    with pytest.raises(LudusError, match="right-to-left"):
        gladiator_create(campaign=campaign, by=owner, name=value, kind="elf")
    page = client_as(owner).post(
        reverse("gladiator-new", args=[campaign.slug]), {"name": value, "kind": "elf"}
    )
    api = api_as(gm).post(
        reverse("api-campaigns"), {"name": value, "ruleset": "gladiatorquest"}, format="json"
    )
    assert page.status_code == api.status_code == 400
    assert b"right-to-left" in page.content and "right-to-left" in api.json()["name"][0]
    assert not Gladiator.objects.filter(campaign=campaign).exists()
    assert Campaign.objects.count() == 1


@pytest.mark.parametrize("name", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_a_look_alike_name_is_taken(name, campaign, owner, rival, client_as, api_as):
    varro = gladiator_create(campaign=campaign, by=owner, name="Varro", kind="elf")
    with pytest.raises(LudusError, match="already has a gladiator called 'Varro'"):
        gladiator_create(campaign=campaign, by=rival, name=name, kind="dwarf")
    page = client_as(rival).post(
        reverse("gladiator-new", args=[campaign.slug]), {"name": name, "kind": "dwarf"}
    )
    api = api_as(rival).post(
        reverse("api-gladiators", args=[campaign.slug]), {"name": name, "kind": "dwarf"}
    )
    assert page.status_code == api.status_code == 400, (page.status_code, api.content)
    assert list(Gladiator.objects.filter(campaign=campaign)) == [varro]


@pytest.mark.parametrize("name", MIXED.values(), ids=MIXED.keys())
def test_a_name_mixing_alphabets_in_a_word_is_refused(name, campaign, owner):
    with pytest.raises(LudusError, match="mixes"):
        gladiator_create(campaign=campaign, by=owner, name=name, kind="elf")


def test_names_in_one_alphabet_are_welcome(campaign, owner, rival):
    for n, name in enumerate(
        ["Спартак", "Σπάρτακος", "スパルタクス", "Crixus the Gaul", "O'Brien"]
    ):
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind="elf")
    assert Gladiator.objects.filter(campaign=campaign).count() == 5


def test_the_look_alike_check_holds_in_another_campaign_only_there(campaign, public_campaign, gm):
    gladiator_create(campaign=campaign, by=gm, name="Varro", kind="elf")
    gladiator_create(campaign=public_campaign, by=gm, name="varro", kind="elf")  # elsewhere: fine


def test_text_is_normalised_and_kept_readable():
    assert name_clean("  Ｍａｒｃｕｓ\u200b  Aurelius ", max_length=60) == "Marcus Aurelius"
    assert text_clean("a\r\nb\u2028c", max_length=10, multiline=True) == "a\nb\nc"
    assert text_clean("👩\u200d👩\u200d👧", max_length=10) == "👩\u200d👩\u200d👧"  # joiners kept
    assert name_skeleton("Vаrro") == name_skeleton("varro") == name_skeleton("VARR0")
    with pytest.raises(TextRefused, match="at most 5"):
        text_clean("abcdef", max_length=5)


@pytest.mark.parametrize(
    ("when", "api_says"),
    [
        (datetime(9999, 12, 31, 23, 59, tzinfo=UTC), "at most a year ahead"),
        (datetime(1, 1, 1, tzinfo=UTC), "has passed"),
        ("in 367 days", "at most a year ahead"),
        ("367 days ago", "has passed"),
    ],
    ids=["year 9999", "year 1", "a year and two days ahead", "a year and two days back"],
)
def test_a_bout_is_scheduled_within_a_year_either_way(
    when, api_says, campaign, gm, brutus, nox, api_as
):
    """The service takes a past time within a year (the demo records history); the API and
    the form refuse any past time (tests/gm_tools/test_scheduling_and_confirm.py)."""
    if when == "in 367 days":
        when = timezone.now() + timedelta(days=367)
    elif when == "367 days ago":
        when = timezone.now() - timedelta(days=367)
    with pytest.raises(LudusError, match="at most 366 days"):
        bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=when)
    api = api_as(gm).post(
        reverse("api-bouts", args=[campaign.slug]),
        {"scheduled_at": when.isoformat(), "gladiators": [brutus.pk, nox.pk]},
        format="json",
    )
    assert api.status_code == 400 and api_says in api.json()["scheduled_at"][0]
    assert not Bout.objects.exists()


def test_the_schedule_page_refuses_year_9999_in_words(campaign, gm, brutus, nox, client_as):
    response = client_as(gm).post(
        reverse("bout-new", args=[campaign.slug]),
        {"scheduled_at": "9999-12-31T23:59", "gladiators": [brutus.pk, nox.pk]},
    )
    assert response.status_code == 400
    assert b"at most a year ahead" in response.content
    assert not Bout.objects.exists()
