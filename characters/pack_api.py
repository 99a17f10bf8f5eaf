"""Draft and sealed events by API (docs/packs.md), as their pages show them: the campaign's
events for anyone who may see it; the GM opens one and moves a draft on; a gladiator's owner
picks. What each user sees of a seat (the pack in hand, the picks) is the selectors' answer
(`pack_event_seats`): this module only renders it.

Picks are counted from 1 here, as the pages' words and the refusals count them."""

from __future__ import annotations

from django.db.models import Count
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.gateway import Card
from campaign.archive_guard import NotArchived
from campaign.selectors import campaign_get_visible, campaign_is_gm
from campaign.services import check_campaign_gm
from campaign.shared.api_inputs import Id, Integer, Text, list_schema, paginated

from .models import PackEvent
from .pack_events import (
    MAX_SEATS,
    PICK_HOURS_MAX,
    pack_autopick,
    pack_event_create,
    pack_pick,
    pack_rules,
)
from .pack_selectors import (
    SeatView,
    pack_event_get_visible,
    pack_event_seats,
    pack_event_seed,
    pack_events_of_campaign,
    pack_seat_gladiator,
)
from .selectors import gladiators_of_ids


class PackEventOut(serializers.ModelSerializer):
    pick = serializers.SerializerMethodField(
        help_text="The pick being made, from 1, while a draft runs; null once it is over."
    )
    seed = serializers.SerializerMethodField(
        help_text="The seed that made the packs: null until the event is over."
    )
    seat_count = serializers.IntegerField(help_text="Gladiators seated.")

    class Meta:
        model = PackEvent
        fields = [
            "id", "kind", "status", "pick", "pick_hours", "pick_deadline", "seat_count", "seed",
            "created_at", "finished_at",
        ]  # fmt: skip

    def get_pick(self, event: PackEvent) -> int | None:
        return _pick_number(event)

    def get_seed(self, event: PackEvent) -> int | None:
        return pack_event_seed(event=event)


def _pick_number(event: PackEvent) -> int | None:
    return event.pick + 1 if event.status == PackEvent.Status.DRAFTING else None


class PackCardOut(serializers.Serializer):
    slug = serializers.CharField(help_text="What to send as `card` to pick it.")
    name = serializers.CharField()
    cost = serializers.IntegerField()
    text = serializers.CharField()
    tags = serializers.ListField(child=serializers.CharField())


class PackSeatOut(serializers.Serializer):
    seat = serializers.IntegerField(help_text="From 1: packs pass to the next seat.")
    gladiator_id = serializers.IntegerField()
    gladiator = serializers.CharField()
    player = serializers.CharField()
    mine = serializers.BooleanField(help_text="The gladiator is yours: you pick for it.")
    picks_made = serializers.IntegerField(help_text="How many cards it has picked so far.")
    picked_now = serializers.BooleanField(help_text="It has made the current pick.")
    cards = PackCardOut(
        many=True,
        allow_null=True,
        help_text="Its picks (a draft) or its two packs (sealed): null while they are secret, "
        "that is another's gladiator's while the draft runs.",
    )
    hand = PackCardOut(
        many=True,
        allow_null=True,
        help_text="The pack in hand, for your own gladiator while the draft runs (empty once "
        "it has made the current pick); null for the others'.",
    )


def _cards(cards: list[Card]) -> list[dict]:
    return [
        {"slug": c.slug, "name": c.name, "cost": c.cost, "text": c.text, "tags": list(c.tags)}
        for c in cards
    ]


def _seat(view: SeatView, running: bool) -> dict:
    return {
        "seat": view.seat.seat + 1,
        "gladiator_id": view.gladiator.pk,
        "gladiator": view.gladiator.name,
        "player": view.gladiator.owner.username,
        "mine": view.mine,
        "picks_made": view.picks_made,
        "picked_now": view.picked_now,
        "cards": _cards(view.cards) if view.cards_shown else None,
        "hand": _cards(view.hand) if view.mine and running else None,
    }


class PackEventDetailOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PackEvent.Kind.choices)
    status = serializers.ChoiceField(choices=PackEvent.Status.choices)
    pick = serializers.IntegerField(
        allow_null=True, help_text="The pick being made, from 1, while a draft runs."
    )
    pick_hours = serializers.IntegerField(
        allow_null=True, help_text="Hours a pick waits; null: until the GM moves on."
    )
    pick_deadline = serializers.DateTimeField(
        allow_null=True, help_text="When the absent take the auto-pick."
    )
    seed = serializers.IntegerField(
        allow_null=True, help_text="The seed that made the packs: null until the event is over."
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    may_move_on = serializers.BooleanField(
        help_text="You are the GM and the draft runs: POST move-on/ gives the absent the auto-pick."
    )
    seats = PackSeatOut(many=True)


def pack_event_as_seen(event: PackEvent, user) -> dict:
    """The event as its page shows it to `user`: seats and cards as the selectors allow."""
    running = event.status == PackEvent.Status.DRAFTING
    views = pack_event_seats(event=event, user=user)
    return {
        "id": event.pk,
        "kind": event.kind,
        "status": event.status,
        "pick": _pick_number(event),
        "pick_hours": event.pick_hours,
        "pick_deadline": event.pick_deadline,
        "seed": pack_event_seed(event=event),
        "created_at": event.created_at,
        "finished_at": event.finished_at,
        "may_move_on": running and campaign_is_gm(campaign=event.campaign, user=user),
        "seats": [_seat(view, running) for view in views],
    }


class PackEventIn(serializers.Serializer):
    kind = serializers.ChoiceField(choices=PackEvent.Kind.choices)
    gladiators = serializers.ListField(
        child=Id(),
        min_length=1,
        max_length=MAX_SEATS,
        help_text="Their ids, in seat order; each must hold its booster packs (a draft opens "
        "one, sealed two). A draft seats 2 or more.",
    )
    pick_hours = Integer(
        min_value=1,
        max_value=PICK_HOURS_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="Hours a pick waits, then the absent take the auto-pick; null or left out: "
        "until the GM moves on.",
    )


class PackEventListApi(APIView):
    @list_schema(PackEventOut, "campaigns_packs_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        rows = pack_events_of_campaign(campaign=campaign).annotate(seat_count=Count("seats"))
        return paginated(request, self, rows, PackEventOut)

    @extend_schema(request=PackEventIn, responses={201: PackEventDetailOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        # As the page's form: the GM's alone, and only where the rule set has packs.
        check_campaign_gm(campaign=campaign, user=request.user)
        pack_rules(campaign)
        data = PackEventIn(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data["gladiators"]
        event = pack_event_create(
            campaign=campaign,
            by=request.user,
            kind=data.validated_data["kind"],
            gladiators=gladiators_of_ids(campaign=campaign, ids=ids),
            pick_hours=data.validated_data["pick_hours"],
        )
        return Response(PackEventDetailOut(pack_event_as_seen(event, request.user)).data, 201)


class PackEventDetailApi(APIView):
    @extend_schema(responses=PackEventDetailOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        event = pack_event_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(PackEventDetailOut(pack_event_as_seen(event, request.user)).data)


class PackPickIn(serializers.Serializer):
    gladiator = Id(help_text="Your gladiator seated at this draft.")
    pick = Integer(
        min_value=1,
        help_text="The pick you are making, from 1 (`pick` of the event): a pick made for a "
        "pick that has passed is refused.",
    )
    card = Text(max_length=40, label="The card", help_text="A `slug` from your `hand`.")


class PackPickApi(APIView):
    """The owner's pick for a seated gladiator; the answer is the event as they now see it."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=PackPickIn, responses=PackEventDetailOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        event = pack_event_get_visible(slug=slug, pk=pk, user=request.user)
        data = PackPickIn(data=request.data)
        data.is_valid(raise_exception=True)
        pack_pick(
            event=event,
            gladiator=pack_seat_gladiator(
                event=event, gladiator_id=data.validated_data["gladiator"]
            ),
            card=data.validated_data["card"],
            pick=data.validated_data["pick"] - 1,
            by=request.user,
        )
        event.refresh_from_db()  # the pick may have passed the packs on, or ended the draft
        return Response(PackEventDetailOut(pack_event_as_seen(event, request.user)).data)


class PackMoveOnOut(serializers.Serializer):
    auto_picks = serializers.IntegerField(help_text="Picks made for the absent.")
    event = PackEventDetailOut()


class PackMoveOnApi(APIView):
    """The GM's "move on now": the seats that have not made the current pick take the rule
    set's auto-pick, and the packs pass (or the draft ends)."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=None, responses=PackMoveOnOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        event = pack_event_get_visible(slug=slug, pk=pk, user=request.user)
        made = pack_autopick(event_id=event.pk, by=request.user)
        event.refresh_from_db()
        answer = {"auto_picks": made, "event": pack_event_as_seen(event, request.user)}
        return Response(PackMoveOnOut(answer).data)
