from __future__ import annotations

from django.conf import settings
from django.db import models


class Gladiator(models.Model):
    """A persistent fighter in one campaign's stable, owned by one player.

    `gold` and `xp` are caches of the ledger's sums, written in the same transaction as the
    ledger line that changes them; the record counters are written with a bout's payout.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        DEAD = "dead", "Dead"
        RETIRED = "retired", "Retired"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="gladiators"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="gladiators"
    )
    name = models.CharField(max_length=60)
    kind = models.CharField(
        max_length=40, help_text="The rule set's type slug: a hero, a monster or a race."
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.ACTIVE, db_index=True
    )
    level = models.PositiveSmallIntegerField(default=1)
    gold = models.IntegerField(default=0)
    xp = models.IntegerField(default=0)
    build = models.JSONField(
        default=dict, blank=True, help_text="The rule set's build document (it validates it)."
    )
    tactics = models.JSONField(default=dict, blank=True)
    bouts_fought = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    defeats = models.PositiveIntegerField(default=0)
    opponents_defeated = models.PositiveIntegerField(default=0)
    mercy_granted = models.PositiveIntegerField(default=0)
    died_in = models.ForeignKey(
        "arena.Bout", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    killed_by = models.CharField(max_length=120, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "name"], name="gladiator_name_unique_in_campaign"
            ),
            models.CheckConstraint(condition=models.Q(gold__gte=0), name="gold_never_negative"),
            models.CheckConstraint(condition=models.Q(xp__gte=0), name="xp_never_negative"),
        ]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class Holding(models.Model):
    """One item a gladiator owns (one row per piece: two daggers are two rows)."""

    gladiator = models.ForeignKey(Gladiator, on_delete=models.CASCADE, related_name="holdings")
    item = models.CharField(max_length=40, help_text="The rule set's item slug.")
    equipped = models.BooleanField(default=False)
    price_paid = models.PositiveIntegerField(default=0)
    acquired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-equipped", "item", "id"]

    def __str__(self) -> str:
        return f"{self.item} of {self.gladiator}"


class LedgerLine(models.Model):
    """An append-only change of gold or experience, naming its cause. Never updated."""

    class Currency(models.TextChoices):
        GOLD = "gold", "Gold"
        XP = "xp", "Experience"

    class Cause(models.TextChoices):
        BOUT = "bout", "Bout reward"
        PURCHASE = "purchase", "Purchase"
        SALE = "sale", "Sale"
        LEVEL_UP = "level_up", "Level-up"
        ADVANCE = "advance", "Advance"
        ADJUSTMENT = "adjustment", "GM adjustment"
        # A bout's reward taken back (or a cost given back) when the GM voids the bout.
        VOID = "void", "Bout voided"

    gladiator = models.ForeignKey(Gladiator, on_delete=models.CASCADE, related_name="ledger")
    currency = models.CharField(max_length=4, choices=Currency.choices)
    amount = models.IntegerField()
    balance = models.IntegerField(help_text="The balance after this line.")
    cause = models.CharField(max_length=12, choices=Cause.choices)
    bout = models.ForeignKey(
        "arena.Bout", null=True, blank=True, on_delete=models.PROTECT, related_name="ledger"
    )
    item = models.CharField(max_length=40, blank=True)
    note = models.CharField(max_length=200, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["gladiator", "currency", "id"], name="ledger_statement")]
        constraints = [
            # A bout pays each gladiator once per currency, whatever delivers the task twice.
            models.UniqueConstraint(
                fields=["gladiator", "currency", "bout"],
                condition=models.Q(cause="bout"),
                name="one_bout_reward_per_currency",
            )
        ]

    def __str__(self) -> str:
        return f"{self.gladiator}: {self.amount:+d} {self.currency} ({self.cause})"


class PackEvent(models.Model):
    """A GM's draft or sealed event in a rule set with booster packs (docs/packs.md): each
    seated gladiator's packs are opened, and the feats picked (draft) or the packs whole
    (sealed) join its build's pool."""

    class Kind(models.TextChoices):
        DRAFT = "draft", "Draft: pick one, pass the rest"
        SEALED = "sealed", "Sealed: keep your packs whole"

    class Status(models.TextChoices):
        DRAFTING = "drafting", "Drafting"
        FINISHED = "finished", "Finished"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="pack_events"
    )
    kind = models.CharField(max_length=6, choices=Kind.choices)
    # Decides every pack: secret until the event is over (whoever knew it would know every
    # hand), shown afterwards so anyone can check the packs.
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFTING)
    pick = models.PositiveSmallIntegerField(default=0)  # the pick being made, from 0
    pick_hours = models.PositiveIntegerField(
        null=True, blank=True, help_text="Hours each pick waits; empty: until the GM moves on."
    )
    pick_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display().split(':')[0]} {self.pk}"


class PackSeat(models.Model):
    """A gladiator at an event; the draft passes packs from each seat to the next."""

    event = models.ForeignKey(PackEvent, on_delete=models.CASCADE, related_name="seats")
    gladiator = models.ForeignKey(Gladiator, on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["event", "seat"], name="one_gladiator_a_seat"),
            models.UniqueConstraint(fields=["event", "gladiator"], name="one_seat_a_gladiator"),
        ]

    def __str__(self) -> str:
        return f"{self.gladiator} at seat {self.seat + 1}"


class PackPick(models.Model):
    """One pick of a draft: secret from everyone but the gladiator's owner until the event is
    over."""

    seat = models.ForeignKey(PackSeat, on_delete=models.CASCADE, related_name="picks")
    pick = models.PositiveSmallIntegerField()
    card = models.CharField(max_length=40)
    auto = models.BooleanField(default=False, help_text="Made by the rule set's auto-pick.")
    picked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pick"]
        constraints = [models.UniqueConstraint(fields=["seat", "pick"], name="one_card_a_pick")]

    def __str__(self) -> str:
        return f"pick {self.pick + 1} of {self.seat}: {self.card}"
