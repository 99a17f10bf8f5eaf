from __future__ import annotations

from django.conf import settings
from django.db import models

TITLE_MAX = 120
BODY_MAX = 20_000  # characters: a week's chronicle of a large campaign, with room to edit


class Chronicle(models.Model):
    """One chronicle of a campaign, covering [period_start, period_end). A draft is the GM's
    alone; once published, everyone who may read the campaign reads it."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="chronicles"
    )
    period_start = models.DateTimeField()
    period_end = models.DateTimeField()
    title = models.CharField(max_length=TITLE_MAX)
    body = models.TextField(max_length=BODY_MAX)
    written_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-period_end", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "period_end"], name="chronicle_once_per_period"
            )
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def is_published(self) -> bool:
        return self.published_at is not None
