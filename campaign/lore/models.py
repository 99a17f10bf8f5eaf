"""Lore: what people write about a campaign's story (docs/chronicle.md, "Lore"). A gladiator's
biography, written by its owner or the GM; and the GM's campaign notes, each with an optional
secret that only the GM reads until its trigger reveals it (record 0085)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

BIOGRAPHY_LIMIT = 4000
TITLE_LIMIT = 120
NOTE_LIMIT = 8000


class Biography(models.Model):
    """A gladiator's story, shown on its sheet to whoever may read the campaign."""

    gladiator = models.OneToOneField(
        "characters.Gladiator", on_delete=models.CASCADE, related_name="biography"
    )
    text = models.TextField(max_length=BIOGRAPHY_LIMIT)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"biography of gladiator {self.gladiator_id}"


class Note(models.Model):
    """One of the GM's campaign notes: a title and a public text, and an optional secret that
    names its trigger. Until `revealed_at` is set, the secret is the GM's alone."""

    class Trigger(models.TextChoices):
        BOUT_END = "bout_end", "when a bout ends"
        DEATH = "death", "when a gladiator dies"
        CAMPAIGN_END = "campaign_end", "when the campaign ends"
        GM = "gm", "when I say"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="lore_notes"
    )
    position = models.PositiveIntegerField(default=0)
    title = models.CharField(max_length=TITLE_LIMIT)
    text = models.TextField(max_length=NOTE_LIMIT, blank=True)
    secret = models.TextField(max_length=NOTE_LIMIT, blank=True)
    trigger = models.CharField(max_length=16, choices=Trigger.choices, blank=True)
    trigger_bout = models.ForeignKey(
        "arena.Bout", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    trigger_gladiator = models.ForeignKey(
        "characters.Gladiator", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revealed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            # A secret names its trigger; no secret, no trigger.
            models.CheckConstraint(
                condition=(Q(secret="") & Q(trigger="")) | (~Q(secret="") & ~Q(trigger="")),
                name="lore_secret_has_trigger",
            ),
        ]
        indexes = [
            models.Index(fields=["campaign", "position"], name="lore_note_order"),
            models.Index(
                fields=["trigger_bout"],
                name="lore_unrevealed_bout",
                condition=Q(revealed_at__isnull=True),
            ),
            models.Index(
                fields=["trigger_gladiator"],
                name="lore_unrevealed_death",
                condition=Q(revealed_at__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"note {self.pk}: {self.title}"

    @property
    def has_secret(self) -> bool:
        return bool(self.secret)

    @property
    def is_revealed(self) -> bool:
        return self.revealed_at is not None
