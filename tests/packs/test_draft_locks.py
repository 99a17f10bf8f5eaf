"""A draft pick locks its event and the seats' gladiators, never the campaign row: every
statement of a whole round of picks that takes FOR UPDATE over a join names its rows (`OF`),
and while a pick's transaction is open another transaction can still lock the campaign."""

from __future__ import annotations

import re

import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from characters.pack_events import pack_event_create, pack_pick

from .test_pack_events import hand_of

pytestmark = pytest.mark.django_db

LOCK = re.compile(r"\bFOR (NO KEY )?UPDATE\b")


def test_a_round_of_picks_locks_no_joined_row(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    with CaptureQueriesContext(connection) as queries:
        for gladiator in four:  # the last pick passes the packs on, under the same locks
            card = hand_of(event, gladiator)[0]
            pack_pick(event=event, gladiator=gladiator, card=card, pick=0, by=gladiator.owner)
    locks = [q["sql"] for q in queries if LOCK.search(q["sql"])]
    assert locks, "a pick takes row locks"
    through_joins = [sql for sql in locks if " JOIN " in sql]
    assert through_joins, "the event is read with its campaign"
    assert [sql for sql in through_joins if not re.search(r"UPDATE OF ", sql)] == []


@pytest.mark.django_db(transaction=True)
def test_a_pick_leaves_the_campaign_row_free(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    card = hand_of(event, four[0])[0]
    with transaction.atomic():
        pack_pick(event=event, gladiator=four[0], card=card, pick=0, by=four[0].owner)
        # A second connection asks for the campaign row without waiting: it would fail with
        # "could not obtain lock" if the pick held it.
        other = connections.create_connection("default")
        try:
            with other.cursor() as cursor:
                cursor.execute("BEGIN")
                cursor.execute(
                    "SELECT id FROM campaign_campaign WHERE id = %s FOR UPDATE NOWAIT", [schola.pk]
                )
                assert cursor.fetchone() == (schola.pk,)
                cursor.execute("ROLLBACK")
        finally:
            other.close()
