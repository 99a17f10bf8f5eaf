from __future__ import annotations

from django.conf import settings
from django.db import models


class Bout(models.Model):
    """A fight between gladiators, resolved by the engine at its due time."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        RESOLVED = "resolved", "Resolved"
        CANCELLED = "cancelled", "Cancelled"
        FAILED = "failed", "Failed"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="bouts"
    )
    title = models.CharField(max_length=120, blank=True)
    ruleset = models.CharField(max_length=40)
    ruleset_version = models.CharField(max_length=20, blank=True)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    scheduled_at = models.DateTimeField(db_index=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    # When a resolve message was sent for it (None: the sweeper will send one when it comes due).
    enqueued_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    # The engine's input and output, kept whole so the bout can be replayed and verified.
    engine_input = models.JSONField(null=True, blank=True)
    log = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=120, blank=True)
    failure = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-scheduled_at", "-id"]
        indexes = [models.Index(fields=["campaign", "-scheduled_at"], name="bout_history")]

    def __str__(self) -> str:
        return self.title or f"Bout {self.pk}"

    @property
    def is_pending(self) -> bool:
        return self.status == self.Status.SCHEDULED


class BoutEntrant(models.Model):
    """A gladiator in a bout and, once resolved, how it fared."""

    class Fate(models.TextChoices):
        PENDING = "", "Not fought yet"
        SURVIVED = "survived", "Survived"
        KILLED = "killed", "Killed"
        MERCY = "mercy", "Granted mercy"

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="entrants")
    gladiator = models.ForeignKey(
        "characters.Gladiator", on_delete=models.PROTECT, related_name="entries"
    )
    team = models.CharField(max_length=40, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    fate = models.CharField(max_length=10, choices=Fate.choices, blank=True, default="")
    defeated = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bout", "gladiator"], name="gladiator_once_per_bout")
        ]
        ordering = ["place", "id"]

    def __str__(self) -> str:
        return f"{self.gladiator} in {self.bout}"
