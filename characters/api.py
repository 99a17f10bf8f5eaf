"""REST endpoints for gladiators: one view per operation, small input/output serializers."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.ratings import rating_history, rating_of, rating_start, ratings_prefetch
from campaign.api_inputs import Id, Integer, Name, Text, list_schema, paginated
from campaign.archive_guard import NotArchived
from campaign.errors import LudusError
from campaign.inputs import NAME_MAX, REASON_MAX
from campaign.selectors import campaign_get_visible
from campaign.services import ruleset_choices

from .catalogue import armoury, gladiator_kinds
from .ledger import MAX_ADJUSTMENT
from .models import Gladiator, Holding, LedgerLine
from .permissions import gladiator_can_act
from .selectors import (
    STANDINGS_ORDER,
    gladiator_get,
    gladiators_of_campaign,
    graveyard,
    holding_of,
    ledger_statement,
    standings,
    standings_by_player,
)
from .services import (
    gladiator_adjust,
    gladiator_advance,
    gladiator_create,
    gladiator_retire,
    gladiator_tactics_set,
)
from .shop import item_buy, item_equip, item_sell, item_unequip


class GladiatorOut(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")

    class Meta:
        model = Gladiator
        fields = [
            "id", "name", "kind", "status", "owner", "level", "gold", "xp",
            "bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted", "created_at",
        ]  # fmt: skip


RATING_HELP = (
    "The gladiator's rating under the campaign's rule set: OpenSkill's estimate less three "
    "times its uncertainty (mu - 3 sigma); 0 before any rated bout."
)


class StandingOut(GladiatorOut):
    rating = serializers.FloatField(help_text=RATING_HELP)

    class Meta(GladiatorOut.Meta):
        fields = [*GladiatorOut.Meta.fields, "rating"]


class RatingOut(serializers.Serializer):
    ruleset = serializers.CharField()
    mu = serializers.FloatField(help_text="OpenSkill's estimate of the skill.")
    sigma = serializers.FloatField(help_text="Its uncertainty (a standard deviation).")
    ordinal = serializers.FloatField(help_text=RATING_HELP)
    bouts = serializers.IntegerField(help_text="The rated bouts behind it.")


class RatingChangeOut(serializers.Serializer):
    bout = serializers.IntegerField(source="bout_id")
    at = serializers.DateTimeField(help_text="When the bout was decided.")
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField(help_text="The rating after the bout (mu - 3 sigma).")


class HoldingOut(serializers.ModelSerializer):
    class Meta:
        model = Holding
        fields = ["id", "item", "equipped", "price_paid", "acquired_at"]


class GladiatorSheetOut(GladiatorOut):
    build = serializers.JSONField(help_text="The rule set's build document.")
    holdings = HoldingOut(many=True)
    died_in = serializers.IntegerField(source="died_in_id", allow_null=True)
    tactics = serializers.SerializerMethodField()
    rating = serializers.SerializerMethodField()

    @extend_schema_field(RatingOut)
    def get_rating(self, gladiator: Gladiator) -> dict:
        """Under the campaign's rule set; a list gives it in its context, and its rows
        prefetched (arena.ratings.ratings_prefetch)."""
        ruleset = self.context.get("ruleset") or gladiator.campaign.ruleset
        rows = getattr(gladiator, "rating_rows", None)
        if rows is None:
            rating = rating_of(gladiator_id=gladiator.pk, ruleset=ruleset)
        else:
            rating = rows[0] if rows else rating_start(gladiator_id=gladiator.pk, ruleset=ruleset)
        return RatingOut(rating).data

    def get_tactics(self, gladiator: Gladiator) -> dict | None:
        """Tactics are a plan of battle: only those who act for the gladiator read them."""
        request = self.context.get("request")
        if request is not None and gladiator_can_act(gladiator=gladiator, user=request.user):
            return gladiator.tactics
        return None

    class Meta(GladiatorOut.Meta):
        fields = [
            *GladiatorOut.Meta.fields, "build", "tactics", "holdings", "died_in",
            "killed_by", "ended_at", "rating",
        ]  # fmt: skip


class LedgerLineOut(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)

    class Meta:
        model = LedgerLine
        fields = [
            "id", "currency", "amount", "balance", "cause", "bout", "item", "note", "actor",
            "created_at",
        ]  # fmt: skip


class TacticsField(serializers.DictField):
    """Named settings of the rule set's tactics: names and values are short words."""

    child = Text(max_length=40, label="A tactic")

    def to_internal_value(self, data):
        tactics = super().to_internal_value(data)
        if len(tactics) > 20 or any(len(str(name)) > 40 for name in tactics):
            raise serializers.ValidationError("Tactics are a few named settings of the rule set.")
        return tactics


# Every rule set's gladiator types and wares, for the schema; the service checks the campaign's.
ALL_KINDS = sorted({k for r, _ in ruleset_choices() for k, _ in gladiator_kinds(r)})
ALL_ITEMS = sorted({i for r, _ in ruleset_choices() for i in armoury(r)})


class GladiatorIn(serializers.Serializer):
    name = Name(max_length=NAME_MAX, label="A gladiator's name")
    # Text, not a fixed choice: a campaign's GM may add types of its own (GM content); the
    # service checks the kind against the campaign's rule set and says which exist.
    kind = serializers.CharField(
        max_length=40,
        help_text="A gladiator type of the campaign's rule set (or of its GM content), e.g. "
        + ", ".join(ALL_KINDS[:6])
        + ".",
    )
    tactics = TacticsField(required=False)


def _sheet(gladiator: Gladiator, request: Request) -> dict:
    gladiator.refresh_from_db()
    return GladiatorSheetOut(gladiator, context={"request": request}).data


class GladiatorListApi(APIView):
    @list_schema(GladiatorOut, "campaigns_gladiators_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        rows = gladiators_of_campaign(campaign=campaign).order_by("name", "pk")
        return paginated(request, self, rows, GladiatorOut)

    @extend_schema(request=GladiatorIn, responses={201: GladiatorSheetOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = GladiatorIn(data=request.data)
        data.is_valid(raise_exception=True)
        gladiator = gladiator_create(campaign=campaign, by=request.user, **data.validated_data)
        return Response(_sheet(gladiator, request), status=201)


class GladiatorApiView(APIView):
    """Base for the per-gladiator endpoints: resolves campaign and gladiator (404 if hidden)."""

    def gladiator(self, request: Request, slug: str, pk: int) -> Gladiator:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return gladiator_get(campaign=campaign, pk=pk)


class GladiatorDetailApi(GladiatorApiView):
    @extend_schema(responses=GladiatorSheetOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return Response(_sheet(self.gladiator(request, slug, pk), request))


class LedgerApi(GladiatorApiView):
    @list_schema(LedgerLineOut, "campaigns_gladiators_ledger_list")
    def get(self, request: Request, slug: str, pk: int) -> Response:
        lines = ledger_statement(gladiator=self.gladiator(request, slug, pk))
        return paginated(request, self, lines, LedgerLineOut)


class RatingHistoryApi(GladiatorApiView):
    """The gladiator's rating after each rated bout under the campaign's rule set, the first
    first (a voided bout's change is gone, the later ones rated again)."""

    @list_schema(RatingChangeOut, "campaigns_gladiators_ratings_list")
    def get(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        changes = rating_history(gladiator_id=gladiator.pk, ruleset=gladiator.campaign.ruleset)
        return paginated(request, self, changes, RatingChangeOut)


class BuyIn(serializers.Serializer):
    item = serializers.ChoiceField(choices=ALL_ITEMS)


class BuyApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=BuyIn, responses={201: GladiatorSheetOut})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        data = BuyIn(data=request.data)
        data.is_valid(raise_exception=True)
        item_buy(gladiator=gladiator, item=data.validated_data["item"], by=request.user)
        return Response(_sheet(gladiator, request), status=201)


class HoldingIn(serializers.Serializer):
    holding = Id()


class SellApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=HoldingIn, responses=GladiatorSheetOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        data = HoldingIn(data=request.data)
        data.is_valid(raise_exception=True)
        item_sell(
            holding=holding_of(gladiator=gladiator, holding_id=data.validated_data["holding"]),
            by=request.user,
        )
        return Response(_sheet(gladiator, request))


class EquipIn(HoldingIn):
    equipped = serializers.BooleanField()


class EquipApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=EquipIn, responses=GladiatorSheetOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        data = EquipIn(data=request.data)
        data.is_valid(raise_exception=True)
        holding = holding_of(gladiator=gladiator, holding_id=data.validated_data["holding"])
        if data.validated_data["equipped"]:
            item_equip(holding=holding, by=request.user)
        else:
            item_unequip(holding=holding, by=request.user)
        return Response(_sheet(gladiator, request))


class AdvanceIn(serializers.Serializer):
    advance = serializers.CharField(
        max_length=40, help_text="The key of one of the rule set's advances (a stat to raise ...)."
    )


class AdvanceApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=AdvanceIn, responses=GladiatorSheetOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        data = AdvanceIn(data=request.data)
        data.is_valid(raise_exception=True)
        gladiator = gladiator_advance(
            gladiator=gladiator, key=data.validated_data["advance"], by=request.user
        )
        return Response(_sheet(gladiator, request))


class TacticsIn(serializers.Serializer):
    tactics = TacticsField()


class TacticsApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=TacticsIn, responses=GladiatorSheetOut)
    def put(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        data = TacticsIn(data=request.data)
        data.is_valid(raise_exception=True)
        gladiator_tactics_set(
            gladiator=gladiator, tactics=data.validated_data["tactics"], by=request.user
        )
        return Response(_sheet(gladiator, request))


class RetireApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=None, responses=GladiatorSheetOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        gladiator_retire(gladiator=gladiator, by=request.user)
        return Response(_sheet(gladiator, request))


class AdjustIn(serializers.Serializer):
    currency = serializers.ChoiceField(choices=LedgerLine.Currency.values)
    amount = Integer(min_value=-MAX_ADJUSTMENT, max_value=MAX_ADJUSTMENT)
    reason = Text(max_length=REASON_MAX, label="The reason")


class AdjustApi(GladiatorApiView):
    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=AdjustIn, responses={201: LedgerLineOut})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        gladiator = self.gladiator(request, slug, pk)
        data = AdjustIn(data=request.data)
        data.is_valid(raise_exception=True)
        line = gladiator_adjust(gladiator=gladiator, by=request.user, **data.validated_data)
        return Response(LedgerLineOut(line).data, status=201)


class StandingsApi(APIView):
    @list_schema(
        StandingOut,
        "campaigns_standings_list",
        parameters=[
            OpenApiParameter("sort", enum=list(STANDINGS_ORDER)),
            OpenApiParameter(
                "order",
                enum=["asc", "desc"],
                description="Most first (desc) unless given; names A to Z (asc).",
            ),
            OpenApiParameter("status", enum=list(Gladiator.Status.values)),
            OpenApiParameter("owner", str),
        ],
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        sort = request.query_params.get("sort", "wins")
        if sort not in STANDINGS_ORDER:
            raise LudusError(f"Sort by one of: {', '.join(STANDINGS_ORDER)}.", field="sort")
        order = request.query_params.get("order", "")
        if order not in {"", "asc", "desc"}:
            raise LudusError("Order is asc or desc.", field="order")
        rows = standings(
            campaign=campaign,
            sort=sort,
            order=order,
            status=request.query_params.get("status", ""),
            owner=request.query_params.get("owner", ""),
        )
        return paginated(request, self, rows, StandingOut)


class PlayerStandingOut(serializers.Serializer):
    player = serializers.CharField(source="owner__username")
    gladiators = serializers.IntegerField(help_text="Gladiators in the stable, fallen included.")
    wins = serializers.IntegerField()
    defeated = serializers.IntegerField(help_text="Opponents defeated, summed.")
    bouts = serializers.IntegerField(help_text="Bouts fought, summed.")
    gold = serializers.IntegerField(help_text="Gold held, summed.")


class PlayerStandingsApi(APIView):
    """Each player's stable as one line, as the standings page's "By player" table: the most
    wins first, then opponents defeated, then the player's name."""

    @list_schema(PlayerStandingOut, "campaigns_standings_players_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        rows = standings_by_player(campaign=campaign)
        return paginated(request, self, rows, PlayerStandingOut)


class GraveyardApi(APIView):
    @list_schema(
        GladiatorSheetOut,
        "campaigns_graveyard_list",
        parameters=[
            OpenApiParameter("owner", str, description="Only this player's dead."),
            OpenApiParameter("kind", str, description="Only this gladiator type's dead."),
        ],
    )
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        dead = graveyard(
            campaign=campaign,
            owner=request.query_params.get("owner", ""),
            kind=request.query_params.get("kind", ""),
        ).prefetch_related("holdings", ratings_prefetch(campaign.ruleset))
        context = {"request": request, "ruleset": campaign.ruleset}
        return paginated(request, self, dead, GladiatorSheetOut, context=context)


class ArmouryItemOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField()
    price = serializers.IntegerField()


class ArmouryApi(APIView):
    @list_schema(ArmouryItemOut, "campaigns_armoury_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        items = [i for i in armoury(campaign.ruleset).values() if i["price"] is not None]
        return paginated(request, self, items, ArmouryItemOut)
