"""A what-if (docs/chronicle.md, "What if") is its asker's alone: the change it holds may be an
order or tactics its owner keeps to themselves. Nobody else finds it (not the rival, not the
GM, not the campaign's pages, search or chronicle), and a bout whose orders are still sealed
cannot be asked about at all."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.chronicle.services import chronicle_draft
from arena.models import BoutWhatIf, TurnOrder
from arena.play.services import order_submit
from arena.whatif.services import what_if_ask, what_if_run

pytestmark = pytest.mark.django_db

# Words of the owner's what-if that appear nowhere in the bout as fought.
SECRET_ORDER = "Move: C5\nStrike: C6"


@pytest.fixture
def asked(finished, owner):
    _, mine, _ = finished
    row = what_if_ask(
        entrant=mine,
        by=owner,
        kind=BoutWhatIf.Kind.ORDER,
        change={"turn": 2, "words": SECRET_ORDER},
    )
    return what_if_run(what_if_id=row.pk)


@pytest.mark.parametrize("persona", ["rival", "gm", "outsider"])
def test_secrecy_nobody_else_reads_a_what_if(request, asked, client_as, api_as, persona):
    user = request.getfixturevalue(persona)
    bout = asked.bout
    slug = bout.campaign.slug
    pages = [
        reverse("bout", args=[slug, bout.pk]),
        reverse("bout-what-if-result", args=[slug, bout.pk, asked.pk]),
        reverse("campaign-search", args=[slug]) + "?q=C5",
    ]
    for url in pages:
        body = client_as(user).get(url).content.decode()
        assert "Move: C5" not in body and "order on Turn 2" not in body, url
    api = api_as(user)
    detail = api.get(reverse("api-bout-what-if", args=[slug, bout.pk, asked.pk]))
    assert detail.status_code == 404
    listed = api.get(reverse("api-bout-what-ifs", args=[slug, bout.pk]))
    assert listed.status_code == 404 or listed.json()["results"] == []


def test_secrecy_a_chronicle_tells_no_what_if(asked, gm):
    draft = chronicle_draft(campaign=asked.bout.campaign, by=gm)
    assert "C5" not in draft.body and "what if" not in draft.body.lower()


def test_secrecy_a_bout_with_sealed_orders_is_never_re_run(running, owner, rival, api_as):
    """Mid-turn, the rival's order is sealed: a what-if would fight against it. Refused in
    words, nothing stored, and the sealed order is nowhere in the answer."""
    bout, mine, theirs = running
    order_submit(entrant=theirs, by=rival, order={"move": "E6", "strike": ["E5"]})
    response = api_as(owner).post(
        reverse("api-bout-what-ifs", args=[bout.campaign.slug, bout.pk]),
        {"entrant": mine.pk, "kind": "order", "turn": 1, "words": "Move: C4"},
        format="json",
    )
    assert response.status_code == 400
    assert "only once it is over" in str(response.json())
    assert "E6" not in response.content.decode()
    assert not BoutWhatIf.objects.exists()
    assert TurnOrder.objects.get(entrant=theirs).order == {"move": "E6", "strike": ["E5"]}


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        (100_001, "less than or equal to 100000"),
        (10**20, "beyond 2^63"),
        (-1, "greater than or equal to 0"),
        (True, "in digits 0-9"),
        ("٣", "in digits 0-9"),
    ],
)
def test_bounds_a_what_ifs_turn_in_the_api(finished, owner, api_as, turn, words):
    bout, mine, _ = finished
    response = api_as(owner).post(
        reverse("api-bout-what-ifs", args=[bout.campaign.slug, bout.pk]),
        {"entrant": mine.pk, "kind": "order", "turn": turn, "words": "Move: E4"},
        format="json",
    )
    assert response.status_code == 400
    assert words in str(response.json())
    assert not BoutWhatIf.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("turn", "٣", "Say which turn to change, as a number."),
        ("turn", "99999999999999999999", "Say which turn to change, as a number."),
        ("entrant", "²", "Choose one of your gladiators in this bout."),
        ("entrant", "99999999999999999999", "Choose one of your gladiators in this bout."),
    ],
)
def test_bounds_a_what_ifs_form_reads_numbers_in_ascii_digits_only(
    finished,
    owner,
    client_as,
    field,
    value,
    words,
):
    bout, mine, _ = finished
    form = {"kind": "order", "entrant": str(mine.pk), "turn": "1", "words": "Move: C4"}
    response = client_as(owner).post(
        reverse("bout-what-if", args=[bout.campaign.slug, bout.pk]), {**form, field: value}
    )
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not BoutWhatIf.objects.exists()
