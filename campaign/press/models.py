"""Press: what people write to each other in a campaign. A post is in one of three threads: the
campaign's public thread (bout and recipient empty; a GM's post there may be an announcement,
shown first), a bout's public thread (bout set), or a private message (recipient set), which
only its author and its recipient ever see (docs/press.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

TEXT_LIMIT = 2000


class Post(models.Model):
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="press"
    )
    bout = models.ForeignKey(
        "arena.Bout", null=True, blank=True, on_delete=models.CASCADE, related_name="press"
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="press_received",
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="press_written"
    )
    text = models.TextField(max_length=TEXT_LIMIT)
    is_announcement = models.BooleanField(default=False)
    # A bout's post: the bout's turn when it was written (its forum export lists them by turn).
    turn = models.PositiveIntegerField(null=True, blank=True)
    # A post held by the bout's "press only after the turn": the turn it waits on. It is
    # published (published_at set) when that turn resolves; until then only its author sees it.
    held_turn = models.PositiveIntegerField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Hidden by the GM: kept (the audit trail names it), shown as "hidden by the GM".
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(bout__isnull=True) | Q(recipient__isnull=True),
                name="press_one_thread",
            ),
            models.CheckConstraint(
                condition=Q(is_announcement=False)
                | (Q(bout__isnull=True) & Q(recipient__isnull=True)),
                name="press_announcement_in_campaign_thread",
            ),
        ]
        indexes = [
            models.Index(fields=["campaign", "bout", "-id"], name="press_thread"),
            models.Index(fields=["author", "-created_at"], name="press_flood"),
        ]

    def __str__(self) -> str:
        return f"post {self.pk} by {self.author_id}"

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None

    @property
    def is_held(self) -> bool:
        return self.published_at is None


class BoutPress(models.Model):
    """A bout's press option, set by the GM. No row: press is published at once."""

    bout = models.OneToOneField("arena.Bout", on_delete=models.CASCADE, related_name="press_option")
    # Posts by the owners of the bout's entrants during a running turn are held until it resolves.
    after_turn = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"press option of bout {self.bout_id}"
