"""What if (docs/chronicle.md): a finished bout fought again with one change by an entrant's
owner or the GM. The diverging step is known (Gladiator Arena rolls no dice; GladiatorQuest's
seed 7), nothing of the bout is written, and every bad change is refused in words with nothing
stored."""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict

from arena.models import Bout, BoutEntrant, BoutWhatIf, Rating, TurnOrder
from arena.whatif.services import what_if_ask, what_if_run, what_ifs_sweep
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator, LedgerLine
from tests.conftest import KAUNISTO_TURN_1

pytestmark = pytest.mark.django_db

ORDER = BoutWhatIf.Kind.ORDER


def stored(bout: Bout) -> list:
    """Every row a what-if might touch, as plain data: the bout, its entrants and orders, the
    gladiators, their ledgers and ratings."""
    campaign = bout.campaign
    return [
        model_to_dict(Bout.objects.get(pk=bout.pk)),
        [model_to_dict(e) for e in BoutEntrant.objects.filter(bout=bout).order_by("pk")],
        [model_to_dict(o) for o in TurnOrder.objects.filter(bout=bout).order_by("pk")],
        [model_to_dict(g) for g in Gladiator.objects.filter(campaign=campaign).order_by("pk")],
        list(LedgerLine.objects.filter(gladiator__campaign=campaign).order_by("pk").values()),
        list(Rating.objects.filter(gladiator__campaign=campaign).order_by("pk").values()),
    ]


def test_an_order_changed_on_turn_two_diverges_on_turn_two(finished, owner):
    bout, mine, _ = finished
    before = stored(bout)
    row = what_if_ask(
        entrant=mine, by=owner, kind=ORDER, change={"turn": 2, "words": "Move: C5\nStrike: C6"}
    )
    assert row.status == BoutWhatIf.Status.PENDING
    assert row.change == {"turn": 2, "order": {"move": "C5", "strike": ["C6"]},
                          "words": "Move: C5\nStrike: C6"}  # fmt: skip
    done = what_if_run(what_if_id=row.pk)
    assert done.status == BoutWhatIf.Status.DONE, done.message
    assert done.diverged_at == 2
    assert done.log["turns"][0] == bout.log["turns"][0]
    assert done.log["turns"][1] != bout.log["turns"][1]
    assert "Kaunisto moves from D5 to C5." in [e["text"] for e in done.log["turns"][1]["events"]]
    assert stored(bout) == before  # the bout, its orders, ledgers, ratings: as they were


def test_an_order_changed_on_turn_one_diverges_there(finished, gm):
    _, mine, _ = finished
    row = what_if_ask(
        entrant=mine, by=gm, kind=ORDER, change={"turn": 1, "order": {"move": "C4", "strike": []}}
    )
    assert what_if_run(what_if_id=row.pk).diverged_at == 1


def test_the_same_question_is_one_row_and_one_fight(finished, owner):
    _, mine, _ = finished
    change = {"turn": 2, "words": "Move: C5\nStrike: C6"}
    first = what_if_ask(entrant=mine, by=owner, kind=ORDER, change=change)
    assert what_if_ask(entrant=mine, by=owner, kind=ORDER, change=change).pk == first.pk
    what_if_run(what_if_id=first.pk)
    assert what_if_run(what_if_id=first.pk) is None  # done: a repeated message is a no-op


def test_a_weapon_swapped_is_fought_with_everything_else_as_it_was(finished, owner):
    bout, mine, _ = finished
    before = stored(bout)
    row = what_if_ask(
        entrant=mine, by=owner, kind=BoutWhatIf.Kind.EQUIPMENT,
        change={"add": "spear", "remove": "sword"},
    )  # fmt: skip
    weapons = {g["name"]: g["weapon"] for g in row.engine_input["gladiators"]}
    assert weapons == {"Kaunisto": "spear", "Justbec": "sword"}
    assert row.engine_input["turns"] == bout.engine_input["turns"]
    done = what_if_run(what_if_id=row.pk)
    assert done.status == BoutWhatIf.Status.DONE, done.message
    # Turn 1 as fought (its strikes hit an empty D6 with either weapon); the tactics of turn 2
    # strike Justbec with a spear's damage.
    assert done.diverged_at == 2
    assert done.log["turns"][0] == bout.log["turns"][0]
    assert stored(bout) == before


def test_tactics_changed_in_a_bout_fought_by_tactics(fought, owner):
    brutus = fought.entrants.get(gladiator__name="Brutus")
    before = stored(fought)
    row = what_if_ask(
        entrant=brutus, by=owner, kind=BoutWhatIf.Kind.TACTICS,
        change={"tactics": {"approach": "keep_distance", "attack": "jab"}},
    )  # fmt: skip
    assert row.changed_step == 0
    done = what_if_run(what_if_id=row.pk)
    assert done.status == BoutWhatIf.Status.DONE, done.message
    assert done.diverged_at is not None
    turns = fought.log["turns"]
    assert done.log["turns"][: done.diverged_at - 1] == turns[: done.diverged_at - 1]
    assert done.log["turns"][done.diverged_at - 1] != turns[done.diverged_at - 1]
    assert stored(fought) == before


@pytest.mark.parametrize(
    ("kind", "change", "words"),
    [
        (ORDER, {"turn": 0, "words": "Move: C4"}, "This bout has no turn 0: it lasted 3 turns"),
        (ORDER, {"turn": 4, "words": "Move: C4"}, "This bout has no turn 4"),
        (ORDER, {"turn": "two", "words": "Move: C4"}, "Say which turn to change, as a number."),
        (ORDER, {"turn": 1, "words": "Walk to C4"}, "That order cannot be read"),
        (ORDER, {"turn": 1, "words": "Move: H8"}, "That order cannot be given"),
        (ORDER, {"turn": 1, "order": KAUNISTO_TURN_1}, "That is the order Kaunisto gave on turn 1"),
        (ORDER, {"turn": 1}, "Give the order for turn 1."),
        (BoutWhatIf.Kind.EQUIPMENT, {"add": "longsword"}, "'longsword' is not an item in the shop"),
        (BoutWhatIf.Kind.EQUIPMENT, {"remove": "axe"}, "Kaunisto carries no 'axe'"),
        (BoutWhatIf.Kind.EQUIPMENT, {"add": "sword"}, "Kaunisto carries Sword already"),
        (BoutWhatIf.Kind.EQUIPMENT, {}, "Say which item to put on, or which to take off."),
        (BoutWhatIf.Kind.TACTICS, {"tactics": {"charge": "yes"}}, "Unknown tactic 'charge'"),
        ("mood", {}, "Change an order, the tactics or one item of equipment."),
    ],
)
def test_a_bad_change_is_refused_in_words_and_nothing_is_stored(
    finished, owner, kind, change, words
):
    bout, mine, _ = finished
    before = stored(bout)
    with pytest.raises(LudusError) as refused:
        what_if_ask(entrant=mine, by=owner, kind=kind, change=change)
    assert words in refused.value.message
    assert not BoutWhatIf.objects.exists()
    assert stored(bout) == before


def test_unchanged_tactics_are_refused(fought, owner):
    brutus = fought.entrants.get(gladiator__name="Brutus")
    tactics = dict(brutus.gladiator.tactics)
    with pytest.raises(LudusError, match="Those are Brutus's tactics already"):
        what_if_ask(entrant=brutus, by=owner, kind="tactics", change={"tactics": tactics})


@pytest.mark.parametrize("persona", ["rival", "outsider"])
def test_only_the_owner_or_the_gm_asks(request, finished, persona):
    _, mine, _ = finished
    with pytest.raises(NotAllowed):
        what_if_ask(
            entrant=mine, by=request.getfixturevalue(persona), kind=ORDER,
            change={"turn": 1, "words": "Move: C4"},
        )  # fmt: skip
    assert not BoutWhatIf.objects.exists()


def test_a_bout_by_web_still_running_is_not_asked_about(running, owner):
    _, mine, _ = running
    with pytest.raises(LudusError, match="only once it is over"):
        what_if_ask(entrant=mine, by=owner, kind=ORDER, change={"turn": 1, "words": "Move: C4"})


def test_what_ifs_waiting_are_limited_per_person_in_words(finished, owner, settings):
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "what_ifs_queued": 2}
    _, mine, _ = finished
    for square in ("C4", "E4"):
        what_if_ask(
            entrant=mine, by=owner, kind=ORDER, change={"turn": 1, "words": f"Move: {square}"}
        )
    with pytest.raises(LudusError, match="You have 2 what-ifs waiting for the worker"):
        what_if_ask(entrant=mine, by=owner, kind=ORDER, change={"turn": 1, "words": "Move: D3"})
    assert BoutWhatIf.objects.count() == 2


def test_new_what_ifs_count_against_the_simulations_a_minute(finished, owner, settings):
    settings.LUDUS_LIMITS = {**settings.LUDUS_LIMITS, "odds_previews_per_minute": 1}
    _, mine, _ = finished
    first = what_if_ask(entrant=mine, by=owner, kind=ORDER, change={"turn": 1, "words": "Move: C4"})
    what_if_run(what_if_id=first.pk)
    with pytest.raises(LudusError, match="new simulations in the last minute"):
        what_if_ask(entrant=mine, by=owner, kind=ORDER, change={"turn": 1, "words": "Move: E4"})


def test_the_sweeper_sends_a_lost_what_if_again(
    finished, owner, django_capture_on_commit_callbacks
):
    _, mine, _ = finished
    row = what_if_ask(entrant=mine, by=owner, kind=ORDER, change={"turn": 1, "words": "Move: C4"})
    BoutWhatIf.objects.filter(pk=row.pk).update(sent_at=None)
    with django_capture_on_commit_callbacks() as sent:
        assert what_ifs_sweep() == 1
    assert len(sent) == 1
    assert what_ifs_sweep() == 0  # just sent: not lost yet
