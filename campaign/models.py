from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def new_invite_code() -> str:
    return secrets.token_urlsafe(9)


class Campaign(models.Model):
    """A long-running game: one rule set, one GM (or more), players with stables."""

    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public: anyone may read it"
        PRIVATE = "private", "Private: members only"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    description = models.CharField(max_length=2000, blank=True)
    ruleset = models.CharField(max_length=40)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    # Rule set and house-rule options, e.g. {"sell_ratio": 0.5}; see docs/campaigns.md.
    options = models.JSONField(default=dict, blank=True)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Archived: read-only and still browsable (docs/decisions/0028-gm-tools.md). None: in play.
    archived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_public(self) -> bool:
        return self.visibility == self.Visibility.PUBLIC

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None


class Membership(models.Model):
    class Role(models.TextChoices):
        GM = "gm", "Game master"
        PLAYER = "player", "Player"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")
        ]
        ordering = ["joined_at"]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.campaign}"


class AuditEntry(models.Model):
    """What a GM (or the system) did, by whom and when: an append-only trail."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=60)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor}: {self.action}"


class CampaignContent(models.Model):
    """One item of a GM's own content (a champion, a map ...), as data its rule set checked:
    the rule set's campaign adapter declares the kinds (arena/engine/core/campaign.py,
    ContentKind) and sees them in this campaign's bouts."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="content")
    kind = models.CharField(max_length=40)
    key = models.CharField(max_length=60)
    data = models.JSONField()
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "kind", "key"], name="one_content_item_per_key"
            )
        ]
        ordering = ["kind", "id"]

    def __str__(self) -> str:
        return f"{self.kind}: {self.key} ({self.campaign})"
