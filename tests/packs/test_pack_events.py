"""Draft and sealed events through the services: packs used up, picks secret, passing, the
auto-pick, the end of the draft filling the pools, and what is refused."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.gladiator_101.packs import auto_pick, event_pack
from campaign.shared.errors import LudusError, NotAllowed
from characters.catalogue import advances_of
from characters.models import Gladiator, PackEvent, PackPick
from characters.pack_events import (
    pack_autopick,
    pack_deadlines_sweep,
    pack_event_create,
    pack_pick,
)
from characters.pack_selectors import pack_event_seats
from characters.services import gladiator_advance

from .conftest import PACK

pytestmark = pytest.mark.django_db


def hand_of(event, gladiator):
    seat = next(s for s in pack_event_seats(event=event, user=gladiator.owner) if s.mine)
    return [c.slug for c in seat.hand]


def test_sealed_opens_two_packs_each_into_the_pools(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="sealed", gladiators=four, seed=9)
    assert event.status == PackEvent.Status.FINISHED
    for seat, gladiator in enumerate(four):
        gladiator.refresh_from_db()
        assert gladiator.build["pool"] == [*event_pack(9, seat, 0), *event_pack(9, seat, 1)]
        assert not gladiator.holdings.filter(item=PACK).exists()  # both packs used up


def test_a_draft_passes_the_packs_and_fills_the_pools_with_the_picks(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    assert [g.holdings.filter(item=PACK).count() for g in four] == [1, 1, 1, 1]
    assert hand_of(event, four[0]) == list(event_pack(5, 0, 0))
    taken = {g.pk: [] for g in four}
    for pick in range(8):
        for gladiator in four:
            in_hand = hand_of(event, gladiator)
            assert len(in_hand) == 8 - pick
            card = in_hand[0]
            pack_pick(event=event, gladiator=gladiator, card=card, pick=pick, by=gladiator.owner)
            taken[gladiator.pk].append(card)
            event.refresh_from_db()
        if pick < 7:
            # The next pick: seat 1 now holds what seat 0 opened, less seat 0's first pick.
            assert event.pick == pick + 1
    assert hand_of(event, four[1]) == []
    event.refresh_from_db()
    assert event.status == PackEvent.Status.FINISHED
    for gladiator in four:
        gladiator.refresh_from_db()
        assert gladiator.build["pool"] == taken[gladiator.pk]


def test_the_second_seat_gets_the_first_seats_pack_less_its_pick(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    first = list(event_pack(5, 0, 0))
    for gladiator in four:
        card = hand_of(event, gladiator)[2]
        pack_pick(event=event, gladiator=gladiator, card=card, pick=0, by=gladiator.owner)
    event.refresh_from_db()
    assert hand_of(event, four[1]) == [c for n, c in enumerate(first) if n != 2]


def test_picks_stay_secret_until_the_draft_is_over(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    card = hand_of(event, four[0])[0]
    pack_pick(event=event, gladiator=four[0], card=card, pick=0, by=four[0].owner)
    for viewer in (gm, four[1].owner):
        seats = pack_event_seats(event=event, user=viewer)
        assert seats[0].picked_now and seats[0].cards == [] and seats[0].hand == []
        assert all(s.hand == [] for s in seats if not s.mine)
    own = pack_event_seats(event=event, user=four[0].owner)[0]
    assert [c.slug for c in own.cards] == [card]
    pack_autopick(event_id=event.pk, by=gm)  # the others are absent ...
    for _ in range(7):
        pack_autopick(event_id=event.pk, by=gm)  # ... for the whole draft
    event.refresh_from_db()
    seats = pack_event_seats(event=event, user=four[1].owner)
    assert seats[0].cards[0].slug == card  # now everyone sees
    assert all(len(s.cards) == 8 for s in seats)


def test_only_the_owner_picks_for_a_gladiator(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    card = hand_of(event, four[0])[0]
    for intruder in (gm, four[1].owner):
        with pytest.raises(NotAllowed):
            pack_pick(event=event, gladiator=four[0], card=card, pick=0, by=intruder)
    assert not PackPick.objects.exists()


@pytest.mark.parametrize(
    ("card", "pick", "message"),
    [
        ("not-a-feat", 0, "That card is not in the pack in hand."),
        (None, 1, "That was for pick 2; the draft is at pick 1."),
    ],
)
def test_a_bad_pick_is_refused_in_words(schola, gm, four, card, pick, message):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    card = card or hand_of(event, four[0])[0]
    with pytest.raises(LudusError, match=message):
        pack_pick(event=event, gladiator=four[0], card=card, pick=pick, by=four[0].owner)
    assert not PackPick.objects.exists()


def test_a_second_pick_of_the_same_turn_is_refused(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    first, second = hand_of(event, four[0])[:2]
    pack_pick(event=event, gladiator=four[0], card=first, pick=0, by=four[0].owner)
    with pytest.raises(LudusError, match="has made pick 1 already"):
        pack_pick(event=event, gladiator=four[0], card=second, pick=0, by=four[0].owner)


def test_the_absent_take_the_auto_pick_when_the_time_is_up(schola, gm, four):
    event = pack_event_create(
        campaign=schola, by=gm, kind="draft", gladiators=four, seed=5, pick_hours=2
    )
    assert event.pick_deadline is not None
    assert pack_deadlines_sweep() == 0  # not yet
    PackEvent.objects.filter(pk=event.pk).update(pick_deadline=event.created_at)
    assert pack_deadlines_sweep() == 1
    picks = PackPick.objects.filter(seat__event=event, pick=0).select_related("seat")
    assert picks.count() == 4 and all(p.auto for p in picks)
    for p in picks:
        assert p.card == auto_pick(event_pack(5, p.seat.seat, 0), [], 10)
    event.refresh_from_db()
    assert event.pick == 1 and event.pick_deadline > event.created_at


def test_only_the_gm_moves_the_draft_on(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four, seed=5)
    with pytest.raises(NotAllowed):
        pack_autopick(event_id=event.pk, by=four[0].owner)
    assert not PackPick.objects.exists()


def test_picked_feats_are_assigned_to_the_build_for_good(schola, gm, four):
    event = pack_event_create(campaign=schola, by=gm, kind="sealed", gladiators=four[:1], seed=9)
    gladiator = Gladiator.objects.get(pk=four[0].pk)
    pool = list(gladiator.build["pool"])
    assignable = [key for key in _advance_keys(gladiator) if key.startswith("assign:")]
    assert assignable
    key = assignable[0]
    gladiator = gladiator_advance(gladiator=gladiator, key=key, by=gladiator.owner)
    feat = key.removeprefix("assign:")
    assert feat in gladiator.build["feats"]
    assert len(gladiator.build["pool"]) == len(pool) - 1
    assert event.status == PackEvent.Status.FINISHED


def _advance_keys(gladiator):
    return [a.key for a in advances_of(gladiator)]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"kind": "cube"}, "kind"),
        ({"kind": "draft", "count": 1}, "gladiators"),
        ({"kind": "draft", "pick_hours": 0}, "pick_hours"),
    ],
)
def test_bad_events_are_refused_and_use_up_nothing(schola, gm, four, kwargs, field):
    count = kwargs.pop("count", 4)
    with pytest.raises(LudusError) as refused:
        pack_event_create(campaign=schola, by=gm, gladiators=four[:count], **kwargs)
    assert refused.value.field == field
    assert not PackEvent.objects.exists()
    assert all(g.holdings.filter(item=PACK).count() == 2 for g in four)


def test_a_gladiator_without_its_packs_cannot_be_seated(schola, gm, four):
    four[2].holdings.filter(item=PACK).delete()
    with pytest.raises(LudusError, match="Celer holds 0 booster packs; a draft opens 1"):
        pack_event_create(campaign=schola, by=gm, kind="draft", gladiators=four)
    assert all(g.holdings.filter(item=PACK).count() == 2 for g in (four[0], four[1], four[3]))


def test_a_rule_set_without_packs_has_no_events(campaign, gm, brutus, nox):
    with pytest.raises(LudusError, match="has no booster packs"):
        pack_event_create(campaign=campaign, by=gm, kind="sealed", gladiators=[brutus, nox])
