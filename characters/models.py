from __future__ import annotations

from django.conf import settings
from django.db import models


class Gladiator(models.Model):
    """A persistent fighter in one campaign's stable, owned by one player."""

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
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "name"], name="gladiator_name_unique_in_campaign"
            )
        ]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE
