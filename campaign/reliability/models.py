"""Missed turns: a campaign's policy for them, and each player's record of turns ordered,
missed and excused (docs/reliability.md)."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models

POLICY_LIMIT = 20  # the most excused misses, or misses before civil disorder, a GM may set
VACATION_LIMIT = 90  # the most vacation days a GM may allow each player in a campaign


class MissedTurnPolicy(models.Model):
    """What a missed turn costs in one campaign. A campaign without a row has the defaults."""

    campaign = models.OneToOneField(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="missed_turn_policy"
    )
    excused_allowed = models.PositiveSmallIntegerField(
        default=1,
        validators=[MaxValueValidator(POLICY_LIMIT)],
        help_text="Misses each player may have excused in the campaign.",
    )
    disorder_after = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(POLICY_LIMIT)],
        help_text="Unexcused misses in a row, in one bout, after which the gladiator's own "
        "fallback orders are set aside and its tactics fight (civil disorder). 0: never.",
    )
    vacation_days = models.PositiveSmallIntegerField(
        default=14,
        validators=[MaxValueValidator(VACATION_LIMIT)],
        help_text="Days of vacation each player may take in the campaign, all vacations together.",
    )
    vacation_waits = models.BooleanField(
        default=True,
        help_text="A bout waits for a player on vacation (its deadline moves to a full turn "
        "after the vacation); else the turn resolves at its deadline with the fallback orders.",
    )

    def __str__(self) -> str:
        return (
            f"{self.campaign}: {self.excused_allowed} excused, disorder after {self.disorder_after}"
        )


class TurnAttendance(models.Model):
    """Whether a gladiator's owner ordered a turn of a play-by-web bout: one row per living
    gladiator per resolved turn. The row is the person's, not the seat's: it stays with the
    player who owned the gladiator when the turn resolved."""

    class Outcome(models.TextChoices):
        ORDERED = "ordered", "Ordered"
        EXCUSED = "excused", "Missed, excused"
        MISSED = "missed", "Missed"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="turn_attendances"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turn_attendances"
    )
    bout = models.ForeignKey("arena.Bout", on_delete=models.CASCADE, related_name="+")
    gladiator = models.CharField(max_length=120)
    turn = models.PositiveIntegerField()
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["bout", "gladiator", "turn"], name="one_attendance_per_gladiator_turn"
            )
        ]
        indexes = [models.Index(fields=["campaign", "user"])]

    def __str__(self) -> str:
        return f"{self.gladiator}, turn {self.turn}: {self.get_outcome_display()}"


class ExcusedMisses(models.Model):
    """How many of the policy's excused misses a player has spent in a campaign: the count of
    their excused TurnAttendance rows, kept as one row so that spending one is a single
    conditional UPDATE (two bouts resolving at once spend them one after the other)."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    used = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "user"], name="one_excused_count_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}: {self.used} excused"


class DeadlineExtension(models.Model):
    """The GM gave a turn of a bout more time, and said why: the bout page shows it."""

    bout = models.ForeignKey("arena.Bout", on_delete=models.CASCADE, related_name="+")
    turn = models.PositiveIntegerField()
    hours = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The GM who gave it; none when the bout waited for a player on vacation.",
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at"]

    def __str__(self) -> str:
        return f"{self.bout_id} turn {self.turn}: +{self.hours} h ({self.reason})"


class Vacation(models.Model):
    """A player away from `starts` to `ends` (whole days in their time zone, both included):
    their bouts wait for them, or fall back to their orders, as the campaign's policy says."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="vacations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts = models.DateField()
    ends = models.DateField()
    # The same days as instants: from the start of `starts` to the end of `ends` in the
    # player's zone, so that a deadline is compared with one query.
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts"]
        indexes = [models.Index(fields=["campaign", "user", "ends_at"])]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts} to {self.ends}"

    @property
    def days(self) -> int:
        return (self.ends - self.starts).days + 1


class BoutPause(models.Model):
    """The GM paused a bout: no deadline runs and no turn resolves until it is resumed. The
    time the turn had left is kept and given back on resume."""

    bout = models.OneToOneField("arena.Bout", on_delete=models.CASCADE, related_name="+")
    turn = models.PositiveIntegerField()
    remaining = models.DurationField(null=True, blank=True)  # none: the bout has no deadline
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.bout_id} paused at turn {self.turn} ({self.reason})"


class FallbackOrders(models.Model):
    """A gladiator's conditional fallback orders (arena/engine/core/fallback.py): its owner's
    rules, as JSON, for a turn they miss. Secret like an order: its owner's alone."""

    gladiator = models.OneToOneField(
        "characters.Gladiator", on_delete=models.CASCADE, related_name="fallback_orders"
    )
    plan = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"fallback orders of {self.gladiator_id} ({len(self.plan)} rules)"
