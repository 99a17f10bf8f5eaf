from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied, Throttled
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.filters import BoutFilter, CampaignFilterBackend
from arena.bouts.selectors import (
    UNDECIDED,
    bout_engine_input_for,
    bout_get,
    bout_get_visible,
    bout_proof,
    bout_sealed_orders,
    bout_verification_last,
    bouts_of_campaign,
)
from arena.bouts.services import (
    VERIFY_SIGN_IN,
    bout_cancel,
    bout_schedule,
    check_schedule_time,
    verification_request,
    verify_throttled,
)
from arena.bouts.void import bout_void
from arena.models import Bout, BoutEntrant, BoutVerification
from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import Id, Text, list_schema, paginated
from campaign.shared.errors import LudusError
from campaign.shared.inputs import REASON_MAX, TITLE_MAX
from campaign.throttles import VerifyThrottle, wait_in_words
from characters.selectors import gladiators_of_ids


class EntrantOut(serializers.ModelSerializer):
    gladiator = serializers.CharField(source="gladiator.name")
    gladiator_id = serializers.IntegerField(source="gladiator.pk")
    owner = serializers.CharField(source="gladiator.owner.username")

    class Meta:
        model = BoutEntrant
        fields = [
            "id", "gladiator_id", "gladiator", "owner", "team", "start_square", "place", "fate",
            "defeated",
        ]  # fmt: skip


class BoutOut(serializers.ModelSerializer):
    entrants = EntrantOut(many=True)
    voided_by = serializers.CharField(source="voided_by.username", allow_null=True, default=None)
    void = serializers.BooleanField(
        source="is_void",
        read_only=True,
        help_text="The GM voided the bout: no winner, no entrant's place or fate, nothing paid.",
    )

    class Meta:
        model = Bout
        fields = [
            "id", "title", "ruleset", "ruleset_version", "mode", "status", "turn",
            "turn_deadline", "scheduled_at", "resolved_at", "winner", "failure", "entrants",
            "void", "voided_at", "voided_by", "void_reason",
        ]  # fmt: skip


class VerificationOut(serializers.ModelSerializer):
    checks = serializers.ListField(
        child=serializers.DictField(),
        help_text='[{"check": "replay", "ok": true | false | null (not applicable), "detail"}]',
    )

    class Meta:
        model = BoutVerification
        fields = ["id", "outcome", "requested_at", "finished_at", "checks"]


class ProofOut(serializers.Serializer):
    commitment = serializers.CharField(
        allow_null=True,
        help_text="SHA-256 of the canonical terms, public from scheduling (docs/verification.md); "
        "null for a bout scheduled before commitments existed.",
    )
    terms = serializers.DictField(
        allow_null=True, help_text="The committed terms (seed, nonce ...): null until decided."
    )
    input_digest = serializers.CharField(allow_null=True)
    log_digest = serializers.CharField(allow_null=True)


class SealedOrderOut(serializers.Serializer):
    turn = serializers.IntegerField()
    gladiator = serializers.CharField()
    receipt = serializers.CharField()
    revealed = serializers.BooleanField()
    order = serializers.DictField(required=False, help_text="Only once its turn has resolved.")
    standing = serializers.BooleanField(required=False)
    salt = serializers.CharField(required=False)
    secret = serializers.BooleanField(
        required=False,
        help_text="Sealed until the bout is over, though its turn resolved: it holds what the "
        "rules keep secret from the other team (the secret king).",
    )


class BoutDetailOut(BoutOut):
    seed = serializers.IntegerField(
        allow_null=True, read_only=True, help_text="Null until the bout is decided."
    )
    proof = serializers.SerializerMethodField()
    sealed_orders = serializers.SerializerMethodField()
    verification = serializers.SerializerMethodField()

    class Meta(BoutOut.Meta):
        fields = [
            *BoutOut.Meta.fields, "seed", "engine_input", "log", "proof", "sealed_orders",
            "verification",
        ]  # fmt: skip

    @extend_schema_field(ProofOut)
    def get_proof(self, bout: Bout) -> dict:
        return bout_proof(bout=bout)

    @extend_schema_field(SealedOrderOut(many=True))
    def get_sealed_orders(self, bout: Bout) -> list:
        request = self.context.get("request")
        return bout_sealed_orders(bout=bout, user=request.user if request is not None else None)

    @extend_schema_field(VerificationOut(allow_null=True))
    def get_verification(self, bout: Bout) -> dict | None:
        last = bout_verification_last(bout=bout)
        return VerificationOut(last).data if last is not None else None

    def to_representation(self, bout: Bout) -> dict:
        data = super().to_representation(bout)
        request = self.context.get("request")
        user = request.user if request is not None else AnonymousUser()
        data["engine_input"] = bout_engine_input_for(bout=bout, user=user)
        if bout.status in UNDECIDED:
            # The engine is deterministic: whoever knew the seed could fight the bout
            # beforehand and choose the kit that wins. It is shown once the bout is fought.
            data["seed"] = None
        return data


class BoutIn(serializers.Serializer):
    title = Text(
        max_length=TITLE_MAX, label="The title", required=False, allow_blank=True, default=""
    )
    scheduled_at = serializers.DateTimeField(
        required=False,
        help_text="From now to a year ahead (a past time is refused); leave it out with fight_now.",
    )
    fight_now = serializers.BooleanField(
        required=False, default=False, help_text="Fight the bout at once instead of at a time."
    )
    gladiators = serializers.ListField(child=Id(), min_length=2, max_length=Bout.MAX_ENTRANTS)
    teams = serializers.ListField(
        child=Text(max_length=40, label="A team"), required=False, max_length=Bout.MAX_ENTRANTS
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The rule set's bout options (GET /api/rulesets/ lists them); checked by it.",
    )

    def validate(self, data: dict) -> dict:
        if data.pop("fight_now", False):
            if "scheduled_at" in data:
                raise serializers.ValidationError(
                    {"scheduled_at": "Give a time or fight_now, not both."}
                )
            data["scheduled_at"] = timezone.now()
        elif "scheduled_at" not in data:
            raise serializers.ValidationError(
                {"scheduled_at": "Give the bout a time, or send fight_now: true."}
            )
        else:
            try:
                check_schedule_time(data["scheduled_at"])
            except LudusError as error:
                raise serializers.ValidationError({"scheduled_at": error.message}) from None
        return data


class BoutListApi(APIView):
    # The list's query parameters are the FilterSet's filters (also in the OpenAPI schema);
    # a value it refuses is a 400 naming the field.
    filter_backends = [CampaignFilterBackend]
    filterset_class = BoutFilter
    queryset = Bout.objects.none()  # the model the schema reads the filters against

    @list_schema(BoutOut, "campaigns_bouts_list", filters=True)
    def get(self, request: Request, slug: str) -> Response:
        self.campaign = campaign_get_visible(slug=slug, user=request.user)
        bouts = CampaignFilterBackend().filter_queryset(
            request, bouts_of_campaign(campaign=self.campaign), self
        )
        return paginated(request, self, bouts, BoutOut)

    @extend_schema(request=BoutIn, responses={201: BoutOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = BoutIn(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data.pop("gladiators")
        gladiators = gladiators_of_ids(campaign=campaign, ids=ids)
        bout = bout_schedule(
            campaign=campaign,
            by=request.user,
            gladiators=gladiators,
            **data.validated_data,
        )
        return Response(BoutOut(bout_get(campaign=campaign, pk=bout.pk)).data, status=201)


class BoutDetailApi(APIView):
    @extend_schema(responses=BoutDetailOut)
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        return Response(BoutDetailOut(bout, context={"request": request}).data)


class CancelIn(serializers.Serializer):
    reason = Text(
        max_length=REASON_MAX, label="The reason", required=False, allow_blank=True, default=""
    )


class BoutCancelApi(APIView):
    @extend_schema(request=CancelIn, responses=BoutOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = CancelIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout_cancel(bout=bout, by=request.user, **data.validated_data)
        return Response(BoutOut(bout_get(campaign=bout.campaign, pk=bout.pk)).data)


class SignedInToVerify(BasePermission):
    message = VERIFY_SIGN_IN

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or bool(request.user.is_authenticated)


class BoutVerifyApi(APIView):
    """Anyone who can see a decided bout may read its last check (a public campaign's bouts are
    for everyone to check); anyone signed in may ask the worker to fight it again and compare,
    a few times an hour (campaign/throttles.py, shared with the page). A check pending or just
    finished is answered instead of starting another, so asking twice costs nothing."""

    permission_classes = [SignedInToVerify]

    def get_throttles(self):
        return [VerifyThrottle()] if self.request.method == "POST" else []

    def permission_denied(self, request, message=None, code=None):
        raise PermissionDenied(VERIFY_SIGN_IN)  # the one refusal: not signed in, in its words

    def throttled(self, request, wait):
        raise Throttled(wait, detail=verify_throttled(wait_in_words(wait)))

    @extend_schema(responses={200: VerificationOut, 404: None})
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        last = bout_verification_last(bout=bout)
        if last is None:
            raise Http404("Nobody has asked to verify this bout yet.")
        return Response(VerificationOut(last).data)

    @extend_schema(request=None, responses={202: VerificationOut})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        check = verification_request(bout=bout, by=request.user)
        return Response(VerificationOut(check).data, status=202)


class VoidIn(serializers.Serializer):
    reason = Text(max_length=REASON_MAX, label="The reason")


class BoutVoidApi(APIView):
    """The GM declares a fought bout void: its payouts are reversed by compensating ledger
    lines, the gladiators it killed live again, its log stays. Voiding it again is answered
    with the voided bout and changes nothing."""

    @extend_schema(request=VoidIn, responses=BoutOut)
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = VoidIn(data=request.data)
        data.is_valid(raise_exception=True)
        bout_void(bout=bout, by=request.user, **data.validated_data)
        return Response(BoutOut(bout_get(campaign=bout.campaign, pk=bout.pk)).data)
